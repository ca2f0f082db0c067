/**
 * What the model-based tests of the live-game machines share: fake invoked calls that a test settles
 * by hand, every transition a chart defines (event, delayed, eventless) with a readable label, and a
 * recorder of the transitions a real actor actually took (from XState's inspection microsteps), so a
 * coverage test can list what no path exercised.
 */
import { expect } from 'vitest';
import { fromPromise, type AnyActorRef, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/** Lets a settled promise reach the actor and everything it triggers run (no timers involved). */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface Invocation<Name extends string> {
  name: Name;
  input: unknown;
  status: 'running' | 'resolved' | 'rejected' | 'stopped';
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Promise actors that wait until the test resolves or rejects them. */
export function createFakeCalls<Name extends string>() {
  const invocations: Invocation<Name>[] = [];
  const pending = <TOutput>(name: Name, input: unknown, signal?: AbortSignal) =>
    new Promise<TOutput>((resolve, reject) => {
      const invocation: Invocation<Name> = {
        name,
        input,
        status: 'running',
        resolve: (output) => {
          invocation.status = 'resolved';
          resolve(output as TOutput);
        },
        reject: (error) => {
          invocation.status = 'rejected';
          reject(error);
        },
      };
      signal?.addEventListener('abort', () => {
        if (invocation.status === 'running') invocation.status = 'stopped';
      });
      invocations.push(invocation);
    });
  const fake = <TOutput, TInput>(name: Name) => fromPromise<TOutput, TInput>(({ input, signal }) => pending<TOutput>(name, input, signal));
  /** The same as a plain async function (for calls injected as functions, e.g. the game's `provideGame`). */
  const call =
    (name: Name) =>
    <TOutput>(input: unknown, signal?: AbortSignal): Promise<TOutput> =>
      pending<TOutput>(name, input, signal);
  const running = (name?: Name) => invocations.filter((i) => i.status === 'running' && (name === undefined || i.name === name));
  function only(name: Name): Invocation<Name> {
    const found = running(name);
    expect(found, `exactly one running ${name} call`).toHaveLength(1);
    return found[0]!;
  }
  return {
    invocations,
    fake,
    call,
    running,
    only,
    async resolve(name: Name, output: unknown) {
      only(name).resolve(output);
      await flush();
    },
    async reject(name: Name, error: unknown) {
      only(name).reject(error);
      await flush();
    },
  };
}

export const statePath = (node: AnyStateNode) => node.path.join('.');

export const allStateNodes = (machine: AnyStateMachine): AnyStateNode[] => getStateNodes(machine.root);

/**
 * A transition's identity that survives `.provide()` (which copies the chart's state nodes): its
 * source state, its event ('' for eventless) and its place among the source's transitions for it.
 */
export function transitionKey(definition: AnyTransitionDefinition): string {
  const source = definition.source as AnyStateNode;
  const list = (definition.eventType === '' ? source.always : source.transitions.get(definition.eventType)) as AnyTransitionDefinition[] | undefined;
  return `${statePath(source)}|${definition.eventType}|${list?.indexOf(definition) ?? -1}`;
}

/** Every transition the chart defines — on events, delays, invocations and eventless — by key, with a label. */
export function definedTransitions(machine: AnyStateMachine): Map<string, string> {
  const transitions = new Map<string, string>();
  const label = (node: AnyStateNode, eventType: string, definition: AnyTransitionDefinition, index: number, count: number) => {
    const source = statePath(node) || '(machine)';
    const target = definition.target?.map((t: AnyStateNode) => statePath(t) || '(machine)').join(',') ?? '(stays)';
    const guard = definition.guard
      ? ` [${typeof definition.guard === 'string' ? definition.guard : typeof definition.guard === 'object' ? (definition.guard as { type: string }).type : 'guard'}]`
      : '';
    const which = count > 1 ? `#${index + 1}` : '';
    return `${source} --${eventType}${which}${guard}--> ${target}`;
  };
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((definition, index) => transitions.set(transitionKey(definition), label(node, eventType, definition, index, definitions.length)));
    }
    const always = (node.always ?? []) as AnyTransitionDefinition[];
    always.forEach((definition, index) => transitions.set(transitionKey(definition), label(node, '(always)', definition, index, always.length)));
  }
  return transitions;
}

/**
 * Records the transitions the root actor takes: pass `inspect` to createActor. Microsteps of the
 * initial state are reported while the actor is being created, before `watch` can name it, so until
 * then every microstep counts (the fake calls are promise actors, which have none).
 */
export function createTransitionRecorder() {
  const taken = new Set<string>();
  let root: AnyActorRef | null = null;
  return {
    taken,
    inspect(event: InspectionEvent) {
      if (event.type !== '@xstate.microstep') return;
      if (root && event.actorRef !== root) return;
      for (const transition of event._transitions) taken.add(transitionKey(transition));
    },
    watch(actor: AnyActorRef) {
      root = actor;
    },
  };
}

/** The labels of the defined transitions that were not taken. */
export function missedTransitions(defined: Map<string, string>, taken: Set<string>): string[] {
  return [...defined].filter(([key]) => !taken.has(key)).map(([, label]) => label);
}
