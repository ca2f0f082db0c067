/**
 * Promise-based alert and confirm boxes for code that lives outside React (the API client):
 * `dialogs.alert(...)` resolves when acknowledged, `dialogs.confirm(...)` resolves true or false.
 * `<DialogHost/>` (rendered once by the providers) shows them one at a time, oldest first
 * (./dialog-view.tsx).
 * A dialog with a `key` that is already open or waiting is not queued twice: the caller gets the
 * pending answer (ten requests failing on the network make one alert, not ten).
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';

// The dialog itself (Zag's dialog machine, focus trap, scroll lock: about 10 KB gzipped) loads with the
// first alert or confirm, so a page that shows none never fetches it.
const DialogView = lazy(async () => ({ default: (await import('./dialog-view')).DialogView }));

export interface DialogRequest {
  id: number;
  key?: string;
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** False: neither a click outside nor Escape closes it; only its buttons do. */
  dismissible: boolean;
  answer: Promise<boolean>;
  settle: (confirmed: boolean) => void;
}

let queue: readonly DialogRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setQueue(next: readonly DialogRequest[]) {
  queue = next;
  for (const listener of listeners) listener();
}

function open(request: Omit<DialogRequest, 'id' | 'answer' | 'settle'>): Promise<boolean> {
  const existing = request.key === undefined ? undefined : queue.find((d) => d.key === request.key);
  if (existing) return existing.answer;
  let settle!: (confirmed: boolean) => void;
  const answer = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const id = nextId++;
  setQueue([...queue, { ...request, id, answer, settle }]);
  return answer;
}

function close(id: number, confirmed: boolean) {
  const request = queue.find((d) => d.id === id);
  if (!request) return;
  setQueue(queue.filter((d) => d.id !== id));
  request.settle(confirmed);
}

export interface AlertOptions {
  key?: string;
  title: string;
  message: string;
  confirmLabel: string;
  dismissible?: boolean;
}

export interface ConfirmOptions extends AlertOptions {
  cancelLabel: string;
}

export const dialogs = {
  alert: async ({ dismissible = true, ...options }: AlertOptions): Promise<void> => {
    await open({ ...options, kind: 'alert', dismissible });
  },
  confirm: ({ dismissible = true, ...options }: ConfirmOptions): Promise<boolean> =>
    open({ ...options, kind: 'confirm', dismissible }),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => queue[0];

export function DialogHost() {
  const request = useSyncExternalStore(subscribe, current, current);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <DialogView key={request.id} request={request} onClose={close} />
    </Suspense>
  );
}
