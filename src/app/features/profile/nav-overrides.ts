/**
 * Navigation settings saved on the profile page during this session, applied by the shell over the
 * routes /info returned at login (so the tags view and keep-alive follow at once; after a reload /info
 * itself carries them). The session chart has no "reload info" event, so this is kept beside it.
 */
import { useSyncExternalStore } from 'react';

type Overrides = ReadonlyMap<string, { noCache?: boolean; affix?: boolean }>;

let overrides: Overrides = new Map();
const listeners = new Set<() => void>();

export function setNavOverride(name: string, change: { noCache?: boolean; affix?: boolean }): void {
  const next = new Map(overrides);
  next.set(name, { ...next.get(name), ...change });
  overrides = next;
  for (const listener of listeners) listener();
}

export function useNavOverrides(): Overrides {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => overrides,
    () => overrides,
  );
}

/** Forgets the overrides (the session ended: the next admin's /info is the truth). */
export function clearNavOverrides(): void {
  if (overrides.size === 0) return;
  overrides = new Map();
  for (const listener of listeners) listener();
}
