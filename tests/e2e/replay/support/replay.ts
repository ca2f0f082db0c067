/**
 * Replay in Chromium: the paths xstate/graph generates from a machine in machines/ drive the real
 * product (the real server on the embedded database, real Chromium through playwright-core), one
 * adapter per machine. tests/machines replays the same kind of paths against the pure machine; this
 * replays them through what a user does and sees, and `npm run machines:paths` counts both.
 *
 * ## Writing an adapter (tests/e2e/replay/<machine>.replay.e2e.test.ts)
 *
 *   replayInChromium<Ctx, ModelEvent, Input>({
 *     machine: 'session',                 // the report's name: <machine>.chromium.json
 *     definition: sessionMachine,         // the chart in machines/
 *     starts: [{ name: 'fresh visit', input: { lastUsername: null } }],   // where the traversal begins;
 *                                         // a start may carry its own modelEvents and serializeState
 *                                         // (one traversal per parallel region: see below)
 *     modelEvents: [...],                 // the events offered in every state (with their payloads;
 *                                         // a function of the snapshot works too); the chart keeps
 *                                         // those it can take. Invoked calls' outcomes are events too
 *                                         // (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`), and
 *                                         // so are delays (`xstate.after.<delay>.<state id>`).
 *     open: async (path, { lang }) => ctx, // inside the path's test: a fresh page (openPage closes it),
 *                                         // logged in or not as the path's start needs; `lang` alternates
 *                                         // 'zh-TW' / 'en' between paths, so both languages are seen
 *     events: { 'user.login': async (ctx, event, step) => { ...click, type, route, clock... } },
 *     states: { loggedOut: async (ctx, snapshot) => { ...what the user must see... } },
 *     transient: ['restoring'],           // state nodes no path rests in (eventless ones): no assertion
 *     notInBrowser: [{ transition: 'a --e--> b', reason: 'why a browser cannot make it happen' }],
 *   });
 *
 * - `events[type](ctx, event, step)` makes the event happen as a user or the world would: a click, a
 *   key, a network cut (context.setOffline, page.route; see `gate` below), a reload, server time
 *   passing (the injectable server clock, tests/support/clock.ts), the page's time (page.clock). It
 *   returns when the action is done, not when its effect shows: the state assertions wait for that.
 *   `step.before`/`step.after` are the model's snapshots around the event (context included).
 * - `states[statePath](ctx, snapshot)` asserts what the user must see in that state node (texts in
 *   `ctx`'s language, disabled buttons, a countdown), waiting for it (expect.poll, locator.waitFor):
 *   never a sleep. After every step the assertion of every state node the model is in runs, parents
 *   before children (`active`, then `active.token`, then `active.token.valid`).
 * - Completeness: the file's first test fails when an event type the chart defines a transition for
 *   has no action (unless every transition on it is in `notInBrowser`), or a state node has no
 *   assertion (unless `transient`), or `notInBrowser` names a transition the chart does not have. So a
 *   new transition in a machine demands a new action or assertion, and then a path replays it.
 * - `notInBrowser`: transitions a browser cannot cause, each with its reason; keep it minimal. Paths
 *   never take them (the traversal does not offer an event that would), and the report lists them.
 * - `observed(ctx)` (optional): the transitions the page's own actor took since the last call; when
 *   given, every step's model transitions must be among them (so "replayed" means the page took it).
 * - Helpers: `gate(page, url, { when })` holds matching requests so a call stays in flight until the
 *   next event decides its outcome (`pass` to the real server, `fulfill`, `abort` as a network
 *   failure); `socketGate(page, url, { when })` holds the server's WebSocket frames the same way (which
 *   of an HTTP answer and a real-time event reaches the page first); `say(lang, zh, en)` picks a text.
 *
 * ## What the runner does
 * `selectPaths` traverses the chart from each start with xstate/graph (shortest paths to every vertex
 * `serializeState` names; by default: the state, and the event and state it was reached from), works
 * out each path's transitions (eventless and delayed ones included, from the chart's microsteps:
 * tests/machines/support/model.ts labels them) and picks, greedily and deterministically, the paths
 * that together take every transition: the one that adds the most not yet taken first (ties: fewer
 * steps, then by name). The traversal of a chart of parallel regions multiplies their states and may
 * never finish: then give each start its own `modelEvents` and `serializeState` (one start per region,
 * the other regions kept still or on a short way to where this one matters, as the model tests do)
 * and the cover picks across every start's paths. `replayInChromium` declares one test per chosen path: it opens the page,
 * asserts the initial states, then for every step runs the event's action and asserts the states the
 * model is in. A step's transitions and states count as replayed once its assertions pass. After the
 * last path it writes `<machine>.chromium.json` (tests/machines/support/coverage-report.ts's
 * MachineCoverage, `replayedIn: 'chromium'`) to MACHINE_COVERAGE_DIR, or coverage/machine-replay/, and
 * the file's last test fails if a transition outside `notInBrowser` was not replayed.
 *
 * Share one server and one browser per file (beforeAll); each path opens its own context in `open`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Request, Route, WebSocketRoute } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  createActor,
  matchesState,
  type ActorLogic,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import type { MachineCoverage } from '../../../machines/support/coverage-report';
import { allStateNodes, definedTransitions, statePath, transitionKey } from '../../../machines/support/model';

export type Lang = 'zh-TW' | 'en';

/** The browser locale that makes the SPA speak `lang`. */
export const browserLocale = (lang: Lang): string => (lang === 'en' ? 'en-US' : 'zh-TW');

/** Picks the text of `lang`: `say(ctx.lang, '登入', 'Log in')`. */
export const say = (lang: Lang, zh: string, en: string): string => (lang === 'en' ? en : zh);

export interface ReplayStart<Input, E extends EventObject = EventObject> {
  /** Shown in the test names: "from <name>: …". */
  name: string;
  input: Input;
  /**
   * The events offered from this start, instead of the adapter's: a chart of parallel regions is
   * searched one region at a time (one start per region, each with its own events and vertex key),
   * as the product of the regions does not finish; the greedy cover then picks across all starts.
   */
  modelEvents?: E[] | ((snapshot: AnyMachineSnapshot) => E[]);
  /** The traversal's vertex key from this start, instead of the adapter's. */
  serializeState?(snapshot: AnyMachineSnapshot, event: E | undefined, previous?: AnyMachineSnapshot): string;
  /**
   * The region of the chart this start explores, when the machine's replay is split into one test
   * file per region (`replayInChromium(adapter, { region })`): each file replays the chosen paths of
   * its region's starts, so the e2e workers share the regions and a failure names its region.
   */
  region?: string;
}

/** One step of a chosen path: the event, the model's snapshots around it, the transitions it takes. */
export interface ReplayStep<E extends EventObject> {
  index: number;
  event: E;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  /** Labels (`source --event[#n] [guard]--> target`) of the transitions the step takes, eventless ones after it included. */
  transitions: string[];
}

export interface ReplayPath<E extends EventObject, Input> {
  /** "from <start>: event → event → …" */
  name: string;
  start: ReplayStart<Input, E>;
  initial: AnyMachineSnapshot;
  /** Transitions taken on the way to the initial state (eventless ones from the initial state node). */
  initialTransitions: string[];
  steps: ReplayStep<E>[];
}

export interface OpenInfo {
  /** The language this path is replayed in: the chosen paths alternate between 'zh-TW' and 'en'. */
  lang: Lang;
  /** The path's place among the chosen ones (0-based). */
  index: number;
}

export type EventAction<Ctx, E extends EventObject> = (ctx: Ctx, event: E, step: ReplayStep<E>) => Promise<void>;
export type StateAssertion<Ctx> = (ctx: Ctx, snapshot: AnyMachineSnapshot) => Promise<void>;

export interface NotInBrowser {
  /** The transition's label, as tests/machines/support/model.ts's definedTransitions writes it. */
  transition: string;
  /** Why a browser cannot make it happen. */
  reason: string;
}

export interface ReplayAdapter<Ctx, E extends EventObject, Input> {
  /** The report's name (`<machine>.chromium.json`), as in tests/machines. */
  machine: string;
  definition: AnyStateMachine;
  starts: ReplayStart<Input, E>[];
  /** The events offered to the traversal in every state (unless a start has its own); the chart keeps those it can take. */
  modelEvents?: E[] | ((snapshot: AnyMachineSnapshot) => E[]);
  /** The traversal's vertex key; by default the state value, and the event and state it was reached from. */
  serializeState?: (snapshot: AnyMachineSnapshot, event: E | undefined, previous?: AnyMachineSnapshot) => string;
  /** How an event is named in a test name; by default its type. */
  describeEvent?: (event: E) => string;
  /** Inside the path's test, before its first step: the page (and whatever the actions need), at the path's start. */
  open: (path: ReplayPath<E, Input>, info: OpenInfo) => Promise<Ctx>;
  /** After the path (also when it failed); pages opened with openPage close by themselves. */
  close?: (ctx: Ctx) => Promise<void>;
  events: { [K in E['type']]?: EventAction<Ctx, Extract<E, { type: K }>> };
  states: Record<string, StateAssertion<Ctx>>;
  transient?: string[];
  notInBrowser?: NotInBrowser[];
  /**
   * Optional, and stronger: the labels of the transitions the page's own actor took since the last
   * call (e.g. from XState inspection in the page, through the test build's seam). When given, after
   * every step the runner checks that the page took each transition the model says the step takes,
   * and counts a transition as replayed only then.
   */
  observed?: (ctx: Ctx) => Promise<string[]>;
  /** Per-path test timeout (ms); the e2e project's default otherwise. */
  timeout?: number;
}

/** What `<machine>.chromium.json` (or a region's `<machine>.<region>.chromium.json`) holds. */
export interface ChromiumCoverage extends Omit<MachineCoverage, 'replayedIn'> {
  replayedIn: 'chromium';
  /** Paths chosen for the browser (`paths` is how many were replayed to their end). */
  selected: number;
  notInBrowser: NotInBrowser[];
  generatedAt: string;
  /**
   * A replay split by region: this file's region, every region of the machine, and the paths chosen
   * across all of them (scripts/machine-paths.ts merges the regions' reports into the machine's).
   */
  region?: { name: string; all: string[]; selectedAll: number };
}

/** Where the browser reports go when MACHINE_COVERAGE_DIR is unset (scripts/machine-paths.ts reads the same). */
export const DEFAULT_REPLAY_DIR = path.resolve('coverage', 'machine-replay');

// ---------------------------------------------------------------------------------------------
// The chart's transitions, worked out without running anything.

/**
 * Steps the chart as pure logic (no action executed, no actor started) and records the transitions of
 * every microstep, so a step's eventless and delayed transitions are known as well as its event's.
 */
function createStepper(definition: AnyStateMachine, input: unknown) {
  const labels = definedTransitions(definition);
  let taken: string[] = [];
  const self = createActor(definition, { input });
  // The children a chart invokes or spawns with a system id are created (never started) at every
  // step: the pure stepper registers each id once and lets later steps' copies go unregistered.
  const system = self.system as unknown as { get(id: string): unknown; _set(id: string, ref: unknown): void };
  const register = system._set.bind(system);
  system._set = (id, ref) => {
    if (system.get(id) === undefined) register(id, ref);
  };
  self.system.inspect({
    next: (event: InspectionEvent) => {
      // The root's microsteps only (a spawned child computes its own initial state on creation).
      if (event.type !== '@xstate.microstep' || event.actorRef !== self) return;
      for (const transition of event._transitions as AnyTransitionDefinition[]) {
        taken.push(labels.get(transitionKey(transition)) ?? `unknown transition ${transitionKey(transition)}`);
      }
    },
  });
  const scope = {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  const record = <T>(run: () => T): { result: T; transitions: string[] } => {
    taken = [];
    const result = run();
    return { result, transitions: [...new Set(taken)] };
  };
  return {
    initial: () => record(() => definition.getInitialSnapshot(scope, input) as AnyMachineSnapshot),
    next: (snapshot: AnyMachineSnapshot, event: EventObject) => record(() => definition.transition(snapshot, event, scope) as AnyMachineSnapshot),
  };
}

const serializeEventDefault = (event: EventObject) =>
  JSON.stringify(event, (_key, value: unknown) => (value instanceof Error ? `Error(${value.message})` : value));

function defaultSerializeState(snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot): string {
  const here = JSON.stringify(snapshot.value);
  if (!event || !previous) return here;
  return `${here} via ${serializeEventDefault(event)} from ${JSON.stringify(previous.value)}`;
}

/** The event types the chart has transitions for (eventless ones need no action), each with the labels of its transitions. */
export function definedEventTypes(definition: AnyStateMachine): Map<string, string[]> {
  const labels = definedTransitions(definition);
  const types = new Map<string, string[]>();
  for (const node of [definition.root, ...allStateNodes(definition)]) {
    for (const [type, list] of node.transitions) {
      const known = types.get(type) ?? [];
      for (const transition of list) known.push(labels.get(transitionKey(transition))!);
      types.set(type, known);
    }
  }
  return new Map([...types].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Every candidate path from every start, with its transitions; then the greedy cover of the transitions. */
export function selectPaths<Ctx, E extends EventObject, Input>(adapter: ReplayAdapter<Ctx, E, Input>): {
  candidates: number;
  chosen: ReplayPath<E, Input>[];
} {
  const excluded = new Set((adapter.notInBrowser ?? []).map((entry) => entry.transition));
  const describeEvent = adapter.describeEvent ?? ((event: E) => event.type);
  const candidates: ReplayPath<E, Input>[] = [];
  for (const start of adapter.starts) {
    const stepper = createStepper(adapter.definition, start.input);
    const offered = start.modelEvents ?? adapter.modelEvents;
    if (!offered) throw new Error(`${adapter.machine}: no modelEvents for the start "${start.name}" (neither its own nor the adapter's)`);
    const logic = adapter.definition as unknown as ActorLogic<AnyMachineSnapshot, E, Input>;
    const model = new TestModel(logic, {
      input: start.input,
      events: typeof offered === 'function' ? (snapshot) => offered(snapshot) : offered,
      filterEvents: (snapshot, event) =>
        snapshot.status === 'active' &&
        snapshot.can(event) &&
        !stepper.next(snapshot, event).transitions.some((label) => excluded.has(label)),
      serializeState: (start.serializeState ?? adapter.serializeState ?? defaultSerializeState) as (snapshot: AnyMachineSnapshot, event: E | undefined, previous?: AnyMachineSnapshot) => string,
      serializeEvent: serializeEventDefault,
    });
    for (const testPath of model.getShortestPaths()) {
      const first = stepper.initial();
      if (first.transitions.some((label) => excluded.has(label))) continue;
      let snapshot = first.result;
      const steps: ReplayStep<E>[] = [];
      for (const [index, step] of testPath.steps.slice(1).entries()) {
        const next = stepper.next(snapshot, step.event);
        steps.push({ index, event: step.event, before: snapshot, after: next.result, transitions: next.transitions });
        snapshot = next.result;
      }
      const events = steps.map((step) => describeEvent(step.event));
      candidates.push({
        name: `from ${start.name}: ${events.join(' → ') || '(start)'}`,
        start,
        initial: first.result,
        initialTransitions: first.transitions,
        steps,
      });
    }
  }
  // Greedy set cover, deterministic: most new transitions, then fewer steps, then the name.
  const covered = new Set<string>();
  const chosen: ReplayPath<E, Input>[] = [];
  const transitionsOf = (p: ReplayPath<E, Input>) => new Set([...p.initialTransitions, ...p.steps.flatMap((s) => s.transitions)]);
  const sets = new Map(candidates.map((p) => [p, transitionsOf(p)]));
  for (;;) {
    let best: ReplayPath<E, Input> | null = null;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...sets.get(candidate)!].filter((label) => !covered.has(label)).length;
      if (
        gain > bestGain ||
        (gain === bestGain &&
          gain > 0 &&
          best !== null &&
          (candidate.steps.length < best.steps.length || (candidate.steps.length === best.steps.length && candidate.name < best.name)))
      ) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const label of sets.get(best)!) covered.add(label);
  }
  return { candidates: candidates.length, chosen };
}

// ---------------------------------------------------------------------------------------------
// The runner.

/**
 * Declares the replay of `adapter`'s machine in the calling test file (one describe block). With a
 * `region`, only the chosen paths of that region's starts (the cover is still chosen across every
 * start, so each path is replayed once by one region's file): the report is the region's, and the
 * last test checks the transitions of this region's paths; scripts/machine-paths.ts checks the union.
 */
export function replayInChromium<Ctx, E extends EventObject, Input>(adapter: ReplayAdapter<Ctx, E, Input>, split: { region?: string } = {}): void {
  const nodes = allStateNodes(adapter.definition).map(statePath);
  const defined = definedTransitions(adapter.definition);
  const labels = [...defined.values()];
  const notInBrowser = adapter.notInBrowser ?? [];
  const excluded = new Set(notInBrowser.map((entry) => entry.transition));
  const transient = new Set(adapter.transient ?? []);
  const { candidates, chosen: all } = selectPaths(adapter);
  const regions = [...new Set(adapter.starts.map((start) => start.region ?? ''))];
  if (split.region !== undefined && !regions.includes(split.region)) throw new Error(`${adapter.machine}: no start of region "${split.region}" (${regions.join(', ')})`);
  const chosen = split.region === undefined ? all : all.filter((p) => p.start.region === split.region);
  const expected = new Set(split.region === undefined ? labels : chosen.flatMap((p) => [...p.initialTransitions, ...p.steps.flatMap((step) => step.transitions)]));
  const report = split.region === undefined ? adapter.machine : `${adapter.machine}.${split.region}`;
  const visited = new Set<string>();
  const taken = new Set<string>();
  let replayed = 0;

  const assertStates = async (ctx: Ctx, snapshot: AnyMachineSnapshot) => {
    // Parents before children: node paths in document order already are.
    for (const node of nodes) {
      if (!matchesState(node, snapshot.value)) continue;
      const assertion = adapter.states[node];
      if (!assertion) throw new Error(`${adapter.machine}: no assertion for state ${node}`);
      await assertion(ctx, snapshot);
    }
  };
  const visit = (snapshot: AnyMachineSnapshot) => {
    for (const node of nodes) if (matchesState(node, snapshot.value)) visited.add(node);
  };

  const what = split.region === undefined ? `${adapter.machine} machine` : `${adapter.machine} machine, region ${split.region}`;
  describe(`${what}, replayed in Chromium (${chosen.length} of ${all.length} chosen of ${candidates} shortest paths)`, () => {
    afterAll(() => {
      const coverage: ChromiumCoverage = {
        machine: adapter.machine,
        paths: replayed,
        selected: chosen.length,
        replayedIn: 'chromium',
        states: nodes,
        statesVisited: nodes.filter((node) => visited.has(node)),
        transitions: labels,
        transitionsTaken: labels.filter((label) => taken.has(label)),
        notInBrowser,
        generatedAt: new Date().toISOString(),
        ...(split.region === undefined ? {} : { region: { name: split.region, all: regions, selectedAll: all.length } }),
      };
      const dir = process.env.MACHINE_COVERAGE_DIR ? path.resolve(process.env.MACHINE_COVERAGE_DIR) : DEFAULT_REPLAY_DIR;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${report}.chromium.json`), `${JSON.stringify(coverage, null, 2)}\n`);
    });

    it('the adapter has an action for every event and an assertion for every state of the chart', () => {
      const byType = definedEventTypes(adapter.definition);
      const eventTypes = [...byType.keys()];
      const onlyExcluded = (type: string) => byType.get(type)!.every((label) => excluded.has(label));
      const actions = adapter.events as Record<string, unknown>;
      expect(eventTypes.filter((type) => !(type in actions) && !onlyExcluded(type)), 'events without an action').toEqual([]);
      expect(Object.keys(actions).filter((type) => !eventTypes.includes(type)), 'actions of no event of the chart').toEqual([]);
      expect(nodes.filter((node) => !(node in adapter.states) && !transient.has(node)), 'state nodes without an assertion').toEqual([]);
      expect(Object.keys(adapter.states).filter((node) => !nodes.includes(node)), 'assertions of no state node').toEqual([]);
      expect([...excluded].filter((label) => !labels.includes(label)), 'notInBrowser names no transition of the chart').toEqual([]);
      expect(
        notInBrowser.filter((entry) => !/\S/.test(entry.reason)),
        'every notInBrowser entry says why',
      ).toEqual([]);
    });

    chosen.forEach((replayPath) => {
      // The place among all the chosen paths: a path keeps its language (and its game) whichever file replays it.
      const index = all.indexOf(replayPath);
      const lang: Lang = index % 2 === 0 ? 'zh-TW' : 'en';
      it(
        `${replayPath.name} [${lang}]`,
        async () => {
          /** Where the path is, for a failure's message: which step, and whether its action or the look at the state after it failed. */
          let at = "opening the path's page";
          // A test that runs out of time fails outside the steps' own error: say where it was.
          onTestFailed(({ task }) => {
            if (task.result?.errors?.some((error) => /timed out/i.test(error.message ?? ''))) console.error(`${replayPath.name}: timed out ${at}`);
          });
          const ctx = await adapter.open(replayPath, { lang, index }).catch((error: unknown) => {
            if (error instanceof Error) error.message = `${at}: ${error.message}`;
            throw error;
          });
          at = 'at the start';
          /** The step's transitions, once the page's actor is seen to take them (when the adapter can tell). */
          const seen = new Set<string>();
          const confirm = async (expected: string[], what: string) => {
            const observed = adapter.observed;
            if (!observed) return expected;
            // The page reports its transitions as they happen; the last ones may still be on their way.
            await expect
              .poll(async () => {
                for (const label of await observed(ctx)) seen.add(label);
                return expected.filter((label) => !seen.has(label));
              }, { message: `transitions the page's actor did not take (${what})`, timeout: 3_000 })
              .toEqual([]);
            seen.clear();
            return expected;
          };
          const nameOf = (event: E) => adapter.describeEvent?.(event) ?? event.type;
          try {
            await assertStates(ctx, replayPath.initial);
            visit(replayPath.initial);
            for (const label of await confirm(replayPath.initialTransitions, 'start')) taken.add(label);
            for (const step of replayPath.steps) {
              const action = (adapter.events as Record<string, EventAction<Ctx, E> | undefined>)[step.event.type];
              if (!action) throw new Error(`${adapter.machine}: no action for event ${step.event.type}`);
              const which = `step ${step.index + 1} of ${replayPath.steps.length} (${nameOf(step.event)})`;
              at = `in ${which}'s action`;
              await action(ctx, step.event, step);
              at = `${which}: checking ${JSON.stringify(step.after.value)}`;
              await assertStates(ctx, step.after);
              visit(step.after);
              for (const label of await confirm(step.transitions, `step ${step.index + 1}, ${step.event.type}`)) taken.add(label);
            }
            at = 'after the last step';
            replayed += 1;
          } catch (error) {
            // A locator's timeout names the locator only: say which step of the path it was.
            if (error instanceof Error) error.message = `${at}: ${error.message}`;
            throw error;
          } finally {
            await adapter.close?.(ctx);
          }
        },
        adapter.timeout,
      );
    });

    if (split.region === undefined) {
      it('every transition but the notInBrowser ones was replayed in Chromium', () => {
        expect(labels.filter((label) => !taken.has(label) && !excluded.has(label)), 'transitions not replayed').toEqual([]);
        const rested = nodes.filter((node) => !visited.has(node) && !transient.has(node));
        const passedThrough = new Set([...taken].map((label) => label.slice(0, label.indexOf(' --'))));
        expect(rested.filter((node) => !passedThrough.has(node)), 'state nodes not reached').toEqual([]);
      });
    } else {
      // The whole chart is the regions' union: npm run machines:paths merges their reports and checks it.
      it(`every transition of the region's paths was replayed in Chromium`, () => {
        expect([...expected].filter((label) => !taken.has(label)), 'transitions not replayed').toEqual([]);
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers for actions.

/**
 * The transitions the page's actors take, as the test build reports them (src/shared/test-inspector.ts):
 * call before the page's first `goto` (it marks the page for the seam and exposes the binding the page
 * reports through, which outlives reloads). Answers a function for the adapter's `observed`: the labels
 * of `definition`'s transitions taken by the actors `actor` accepts (by id; all of the machine's by
 * default) since the last call.
 */
export async function observePage(
  page: Page,
  definition: AnyStateMachine,
  actor: (id: string) => boolean = () => true,
): Promise<() => Promise<string[]>> {
  const labels = definedTransitions(definition);
  let buffer: string[] = [];
  await page.addInitScript(() => {
    (window as unknown as { __LTBO_E2E__: boolean }).__LTBO_E2E__ = true;
  });
  await page.exposeBinding('__ltboRecord', (_source, entry: { machine: string; actor: string; key: string }) => {
    if (entry.machine !== definition.id || !actor(entry.actor)) return;
    buffer.push(labels.get(entry.key) ?? `unknown transition ${entry.key}`);
  });
  return async () => {
    const drained = buffer;
    buffer = [];
    return drained;
  };
}

/**
 * Holds the requests matching `url` until the test lets each go: the way an adapter keeps a call "in
 * flight" (a state such as `authenticating` lasts as long as its request) and then decides its outcome
 * (`pass`: the real server answers; `fulfill`: a given answer; `abort`: the network fails).
 * While `holding` is false the requests go straight through.
 */
export interface Gate {
  holding: boolean;
  /** Waits until a matching request is held (resolves at once if one already is); answers it. */
  next(): Promise<Request>;
  /** Lets the oldest held request reach the real server. */
  pass(): Promise<void>;
  /**
   * Lets the oldest held request reach the real server but keeps its answer from the page until the
   * returned function is called: what the server did shows first through other channels (a
   * real-time event), the HTTP answer after.
   */
  send(): Promise<() => Promise<void>>;
  /** Answers the oldest held request with `body` (JSON) and `status` without asking the server. */
  fulfill(body: unknown, status?: number): Promise<void>;
  /** Fails the oldest held request as a network failure. */
  abort(): Promise<void>;
  /** How many requests are held now. */
  readonly held: number;
  /** Lets every held request through and stops routing. */
  dispose(): Promise<void>;
}

export interface GateOptions {
  /** Hold from the start (default true). */
  holding?: boolean;
  /** Only the requests this accepts are held (e.g. a gameFlow call of one step, by its body); others go through. */
  when?: (request: Request) => boolean;
}

export async function gate(target: Page | BrowserContext, url: string | RegExp | ((url: URL) => boolean), options: GateOptions = {}): Promise<Gate> {
  const queue: Route[] = [];
  const waiters: Array<() => void> = [];
  const handler = async (route: Route) => {
    if (!state.holding || (options.when && !options.when(route.request()))) return route.fallback();
    queue.push(route);
    for (const wake of waiters.splice(0)) wake();
  };
  const oldest = async () => {
    if (queue.length === 0) await state.next();
    return queue.shift()!;
  };
  const state: Gate = {
    holding: options.holding ?? true,
    get held() {
      return queue.length;
    },
    async next() {
      while (queue.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
      return queue[0]!.request();
    },
    async pass() {
      await (await oldest()).fallback();
    },
    async send() {
      const route = await oldest();
      const response = await route.fetch();
      return () => route.fulfill({ response });
    },
    async fulfill(body, status = 200) {
      await (await oldest()).fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    },
    async abort() {
      await (await oldest()).abort('internetdisconnected');
    },
    async dispose() {
      state.holding = false;
      await target.unroute(url, handler);
      await Promise.all(queue.splice(0).map((route) => route.fallback().catch(() => undefined)));
    },
  };
  await target.route(url, handler);
  return state;
}

/**
 * Holds the frames the server sends the page over the WebSocket(s) matching `url` (while `holding`,
 * and only those `when` accepts), so an adapter decides what reaches the page first: the HTTP answer
 * of a call or the real-time event that reports the same step. The page's frames to the server always
 * go through. Set up before the page opens the socket (in `open`, before `goto`).
 */
export interface SocketGate {
  holding: boolean;
  /** Frames held now. */
  readonly held: number;
  /** Waits until a matching frame is held; answers it (text frames; binary ones as base64). */
  next(): Promise<string>;
  /** Delivers the oldest held frame to the page. */
  pass(): Promise<void>;
  /** Delivers every held frame, in order. */
  passAll(): void;
  /** Closes the page's sockets as a network cut would (the page reconnects by itself); held frames are lost with them. */
  drop(): void;
  /** How many sockets the page has opened so far (a reconnect adds one). */
  readonly connections: number;
}

export async function socketGate(
  page: Page | BrowserContext,
  url: string | RegExp | ((url: URL) => boolean),
  options: {
    holding?: boolean;
    when?: (frame: string) => boolean;
    /** Sees every frame the server sends, held or not. */
    onFrame?: (frame: string) => void;
    /** Sees every frame the page sends (they always go through). */
    onSend?: (frame: string) => void;
  } = {},
): Promise<SocketGate> {
  const queue: Array<{ frame: string | Buffer; deliver: () => void }> = [];
  const waiters: Array<() => void> = [];
  const open = new Set<WebSocketRoute>();
  const text = (frame: string | Buffer) => (typeof frame === 'string' ? frame : frame.toString('base64'));
  let connections = 0;
  await page.routeWebSocket(url, (ws) => {
    connections += 1;
    open.add(ws);
    const server = ws.connectToServer();
    // With close handlers set, closing is forwarded by hand (playwright's WebSocketRoute.onClose).
    ws.onClose((code, reason) => {
      open.delete(ws);
      void server.close({ code, reason });
    });
    server.onClose((code, reason) => {
      open.delete(ws);
      void ws.close({ code, reason });
    });
    ws.onMessage((message) => {
      options.onSend?.(text(message));
      server.send(message);
    });
    server.onMessage((message) => {
      options.onFrame?.(text(message));
      if (!state.holding || (options.when && !options.when(text(message)))) {
        ws.send(message);
        return;
      }
      queue.push({ frame: message, deliver: () => ws.send(message) });
      for (const wake of waiters.splice(0)) wake();
    });
  });
  const state: SocketGate = {
    holding: options.holding ?? true,
    get held() {
      return queue.length;
    },
    get connections() {
      return connections;
    },
    async next() {
      while (queue.length === 0) await new Promise<void>((resolve) => waiters.push(resolve));
      return text(queue[0]!.frame);
    },
    async pass() {
      await state.next();
      queue.shift()!.deliver();
    },
    passAll() {
      for (const held of queue.splice(0)) held.deliver();
    },
    drop() {
      queue.splice(0);
      for (const ws of open) void ws.close({ code: 4000, reason: 'network cut (test)' });
      open.clear();
    },
  };
  return state;
}
