/**
 * The Stately inspector for developers (docs/architecture.md, Statecharts): in dev mode (`npm run dev`), with `?inspect` in
 * the address, every actor a page creates with `inspect: devInspector` shows live in Stately Inspector
 * (a popup window of stately.ai, so it needs the internet; allow the popup). The back office, the
 * player page and the quiz display share it.
 *
 * In a production build `import.meta.env.DEV` is false, `devInspector` is undefined and Vite drops the
 * branch, so the package never enters a bundle. It loads asynchronously while actors start at once
 * (the session actor starts when its module loads): events wait in a queue until it is there, then
 * go in order. Never anything but a development aid: nothing may depend on it.
 */
import type { InspectionEvent, Observer } from 'xstate';

export function createDevInspector(address: string, load = () => import('@statelyai/inspect')): Observer<InspectionEvent> | undefined {
  if (!new URLSearchParams(address).has('inspect')) return undefined;
  const waiting: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  load()
    .then(({ createBrowserInspector }) => {
      const { inspect } = createBrowserInspector();
      forward = (event) => inspect.next?.(event);
    })
    .catch((error: unknown) => {
      console.warn('The Stately inspector could not be loaded', error);
      forward = () => undefined;
    })
    .finally(() => {
      for (const event of waiting.splice(0)) forward!(event);
    });
  return { next: (event) => (forward ? forward(event) : void waiting.push(event)) };
}

/** The page's inspector: only in dev mode, only with `?inspect` in the address. */
export const devInspector = import.meta.env.DEV && typeof window !== 'undefined' ? createDevInspector(window.location.search) : undefined;
