/**
 * The browser tests' view of the page's actors, and only theirs: in the test build (vite.config.ts,
 * `testSeam`) a page a test marked before it loaded (`window.__LTBO_E2E__ = true`, see
 * src/app/e2e-hooks.ts) keeps every transition its actors take in `window.__ltboTransitions` and hands
 * it to `window.__ltboRecord` when the test exposed that binding (it outlives a reload), so the
 * replays in tests/e2e/replay can check that the page's own session, question or player actor took the
 * transition a path step stands for (tests/e2e/replay/support/replay.ts, `observed`). A transition is
 * named as tests/machines/support/model.ts's `transitionKey` names it: `source|event|index`.
 * In any other build `import.meta.env.LTBO_TEST_SEAM` is false and this is undefined: nothing is kept.
 */
import type { InspectionEvent, Observer } from 'xstate';

export interface ObservedTransition {
  /** The id of the actor's machine (`session`, `game`, `question`, ...). */
  machine: string;
  /** The actor's id (`question-<id>` for a question of the control screen). */
  actor: string;
  key: string;
}

declare global {
  interface Window {
    __ltboTransitions?: ObservedTransition[];
    __ltboRecord?: (transition: ObservedTransition) => void;
  }
}

function record(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  // The microstep's own snapshot: the actor's is not set yet while its initial state is computed.
  const machine = (event.snapshot as { machine?: { id?: string } } | undefined)?.machine?.id ?? '';
  const log = (window.__ltboTransitions ??= []);
  for (const transition of event._transitions) {
    const list = transition.eventType === '' ? transition.source.always : transition.source.transitions.get(transition.eventType);
    const entry = { machine, actor: (event.actorRef as { id?: string }).id ?? '', key: `${transition.source.path.join('.')}|${transition.eventType}|${list?.indexOf(transition) ?? -1}` };
    log.push(entry);
    window.__ltboRecord?.(entry);
  }
}

export const testInspector: Observer<InspectionEvent> | undefined =
  import.meta.env.LTBO_TEST_SEAM && typeof window !== 'undefined' && window.__LTBO_E2E__ === true ? { next: record } : undefined;
