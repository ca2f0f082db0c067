/**
 * The time now, renewed every minute while the page is open, for the "how long ago" texts
 * (lib/relative-time.ts): a list left open keeps saying how old its rows are instead of "just now"
 * forever. A minute is the helper's smallest unit, so a finer tick would change nothing shown.
 */
import { useEffect, useState } from 'react';

const MINUTE = 60_000;

export function useNow(every = MINUTE): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}
