/**
 * A dialog's form goes back to the record it edits each time the dialog opens, and when that record
 * changes while it is open. The reset runs while rendering (React's "adjusting state when a prop
 * changes"), not in an effect: the first frame of an opened dialog already shows the fresh form, and no
 * effect sets state only to render again (ESLint's react-hooks/set-state-in-effect).
 */
import { useState } from 'react';

export function useResetOnOpen(open: boolean, record: unknown, reset: () => void): void {
  const [seen, setSeen] = useState<{ open: boolean; record: unknown }>({ open: false, record: undefined });
  if (open !== seen.open || (open && record !== seen.record)) {
    setSeen({ open, record });
    if (open) reset();
  }
}
