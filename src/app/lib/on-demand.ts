/**
 * A module loaded on first use (issue 18's budgets): `start()` fetches it once (again after a failed
 * fetch: the network came back), `useLoaded()` renders with it once it is there. The navbar's menus
 * and the tags' context menus use it to keep Zag's menu machine and the positioning code out of the
 * first page: they render their trigger as a plain button and load the menu on the first hover, focus,
 * click or right-click (src/app/layout/deferred-menu.tsx).
 */
import { useSyncExternalStore } from 'react';

export interface OnDemand<T> {
  start: () => void;
  useLoaded: () => T | undefined;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loaded: T | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    start: () => {
      loading ??= load().then(
        (module) => {
          loaded = module;
          for (const listener of listeners) listener();
        },
        () => {
          loading = undefined;
        },
      );
    },
    useLoaded: () => useSyncExternalStore(subscribe, () => loaded),
  };
}
