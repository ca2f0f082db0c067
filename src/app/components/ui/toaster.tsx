/**
 * The two kinds of transient feedback of the back office:
 * - `messages`: short one-line messages at the top centre (errors 5 s, successes 2.5 s);
 * - `notifications`: titled cards at the top right that may stay until closed (server failures).
 * Texts arrive already translated; this module only takes the requests. The toasters themselves
 * (./toaster-view.tsx, Zag's toast machine: about 7 KB gzipped) load with the first request, so a page
 * that shows none never fetches them; `<Toasters/>` (rendered once by the providers) mounts them then
 * and shows the requests made meanwhile, in order.
 */
import { type ComponentType, useEffect, useSyncExternalStore } from 'react';

/** Error messages stay this long: 5 seconds (the product's rule). */
export const ERROR_MESSAGE_MS = 5_000;

export type MessageRequest =
  | { kind: 'error' | 'success'; text: string; id?: string }
  | { kind: 'closeAll' }
  | { kind: 'notification'; id?: string; title: string; lines: string[]; persistent: boolean };

interface View {
  show: (request: MessageRequest) => void;
  ToastersView: ComponentType;
}

let view: View | null = null;
/** Requests made before the view mounted (the toast machines start with the component). */
let waiting: MessageRequest[] = [];
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function request(next: MessageRequest): void {
  if (view && waiting.length === 0) {
    view.show(next);
    return;
  }
  // Closing all before anything is shown: the messages waiting go, the notifications stay.
  waiting = next.kind === 'closeAll' ? waiting.filter((r) => r.kind === 'notification') : [...waiting, next];
  loading ??= import('./toaster-view').then(
    (loaded) => {
      view = loaded;
      for (const listener of listeners) listener();
    },
    () => {
      // A failed chunk (network): the next request tries again.
      loading = null;
    },
  );
}

/** Shows the requests that waited for the view. */
function flush(): void {
  const pending = waiting;
  waiting = [];
  for (const r of pending) view?.show(r);
}

interface MessageOptions {
  /** Same id = same toast: repeating a message updates it instead of stacking copies. */
  id?: string;
}

export const messages = {
  error(text: string, { id = `error:${text}` }: MessageOptions = {}): void {
    request({ kind: 'error', text, id });
  },
  success(text: string, { id }: MessageOptions = {}): void {
    request({ kind: 'success', text, ...(id ? { id } : {}) });
  },
  /** Closes every open message (what code 202 does first). Notifications stay. */
  closeAll(): void {
    if (view || waiting.length > 0) request({ kind: 'closeAll' });
  },
};

interface NotificationOptions {
  id?: string;
  title: string;
  lines: string[];
  /** Stays until the user closes it. */
  persistent?: boolean;
}

export const notifications = {
  error({ id, title, lines, persistent = false }: NotificationOptions): void {
    request({ kind: 'notification', ...(id ? { id } : {}), title, lines, persistent });
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const loadedView = () => view;

export function Toasters() {
  const loaded = useSyncExternalStore(subscribe, loadedView, loadedView);
  return loaded ? <LoadedToasters view={loaded} /> : null;
}

function LoadedToasters({ view: { ToastersView } }: { view: View }) {
  // The requests that waited are shown after the toasters' first render, not in the same update
  // (created in the same batch, a toast's machine started without its props and the page went blank).
  useEffect(() => {
    const timer = window.setTimeout(flush, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return <ToastersView />;
}
