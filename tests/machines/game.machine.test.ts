/**
 * The game machine as the control screen runs it, with its calls (load the game, end it) faked, and
 * the server's step rules derived from the charts (machines/game/steps.ts).
 *
 * Model-based part, as in question.machine.test.ts: every shortest path of the pure chart replayed on
 * the real actor; after each step the actor agrees with the chart and holds the assertions of the
 * states it is in; the coverage test lists state nodes and transitions (recorded from the actor's
 * microsteps) that no path reaches.
 */
import { describe, expect, it } from 'vitest';
import { createActor, getInitialSnapshot, getNextSnapshot, matchesState, type ActorLogic } from 'xstate';
import { TestModel } from 'xstate/graph';
import { gameMachine, type GameSnapshot } from '@machines/game/game.machine';
import {
  selectCanEndGame,
  selectCanShowQuestion,
  selectIsBusy,
  selectIsConfirmingEnd,
  selectIsEnded,
  selectIsOpen,
  selectLiveQuestionId,
  selectPlayerCount,
} from '@machines/game/selectors';
import { canApplyStep, nextQuestionStatus, resolveGameFlowStep, type StepInput } from '@machines/game/steps';
import type { GameEvent, LoadedGame } from '@machines/game/types';
import type { QuestionStatus } from '@machines/question/types';
import { allStateNodes, createFakeCalls, createTransitionRecorder, definedTransitions, missedTransitions, statePath } from './support/model';
import { reportTakenKeys } from './support/coverage-report';

type CallName = 'loadGame' | 'endGame';
type OutcomeEvent =
  | { type: 'xstate.done.actor.loadGame'; output: LoadedGame }
  | { type: 'xstate.error.actor.loadGame'; error: unknown }
  | { type: 'xstate.done.actor.endGame'; output: unknown }
  | { type: 'xstate.error.actor.endGame'; error: unknown };
type ModelEvent = GameEvent | OutcomeEvent;

const FRESH: LoadedGame = { status: 1, questions: [{ id: 1, status: 0 }, { id: 2, status: 0 }], playerCount: 0 };
const UNDER_WAY: LoadedGame = { status: 1, questions: [{ id: 1, status: 0 }, { id: 2, status: 3 }], playerCount: 42 };
const LIVE: LoadedGame = { status: 1, questions: [{ id: 1, status: 0 }, { id: 2, status: 1 }], playerCount: 42 };
const ENDED: LoadedGame = { status: 0, questions: [{ id: 1, status: 2 }, { id: 2, status: 2 }], playerCount: 42 };
const NAMES = new Map<unknown, string>([
  [FRESH, 'FRESH'],
  [UNDER_WAY, 'UNDER_WAY'],
  [LIVE, 'LIVE'],
  [ENDED, 'ENDED'],
]);

const MODEL_EVENTS: ModelEvent[] = [
  { type: 'host.retry' },
  { type: 'host.showQuestion', questionId: 1 },
  { type: 'host.endGame' },
  { type: 'host.confirm' },
  { type: 'host.cancel' },
  { type: 'question.statusChanged', questionId: 1, status: 1 },
  { type: 'question.statusChanged', questionId: 1, status: 2 },
  { type: 'server.questionShown', questionId: 2 },
  { type: 'server.answerPublished', questionId: 2 },
  { type: 'server.rankingPublished', questionId: 2 },
  { type: 'server.playerJoined', count: 3 },
  { type: 'server.gameEnded' },
  { type: 'xstate.done.actor.loadGame', output: FRESH },
  { type: 'xstate.done.actor.loadGame', output: UNDER_WAY },
  { type: 'xstate.done.actor.loadGame', output: LIVE },
  { type: 'xstate.done.actor.loadGame', output: ENDED },
  { type: 'xstate.error.actor.loadGame', error: new Error('Network Error') },
  { type: 'xstate.done.actor.endGame', output: {} },
  { type: 'xstate.error.actor.endGame', error: new Error('Network Error') },
];

function createHarness() {
  const calls = createFakeCalls<CallName>();
  const forwarded: number[] = [];
  const recorder = createTransitionRecorder();
  const machine = gameMachine.provide({
    actors: { loadGame: calls.fake('loadGame'), endGame: calls.fake('endGame') },
    actions: { forwardShow: (_, params) => void forwarded.push(params.questionId) },
  });
  const actor = createActor(machine, { input: { gameId: 9 }, inspect: recorder.inspect });
  recorder.watch(actor);
  return {
    ...calls,
    actor,
    forwarded,
    recorder,
    snapshot: () => actor.getSnapshot(),
    start() {
      actor.start();
      return this;
    },
    send: (event: GameEvent) => actor.send(event),
  };
}
type Harness = ReturnType<typeof createHarness>;

type Driver<E> = (h: Harness, event: E) => void | Promise<void>;
const send: Driver<GameEvent> = (h, event) => h.send(event);
const eventDrivers = {
  'host.retry': send,
  'host.showQuestion': send,
  'host.endGame': send,
  'host.confirm': send,
  'host.cancel': send,
  'question.statusChanged': send,
  'server.questionShown': send,
  'server.answerPublished': send,
  'server.rankingPublished': send,
  'server.playerJoined': send,
  'server.gameEnded': send,
  'xstate.done.actor.loadGame': (h, e) => h.resolve('loadGame', e.output),
  'xstate.error.actor.loadGame': (h, e) => h.reject('loadGame', e.error),
  'xstate.done.actor.endGame': (h, e) => h.resolve('endGame', e.output),
  'xstate.error.actor.endGame': (h, e) => h.reject('endGame', e.error),
} satisfies { [K in ModelEvent['type']]: Driver<Extract<ModelEvent, { type: K }>> };
const drive = (h: Harness, event: ModelEvent) => (eventDrivers[event.type] as Driver<ModelEvent>)(h, event);

const anySent = (s: GameSnapshot) => Object.values(s.context.questionStatuses).some((status) => status > 0);

const stateAssertions: Record<string, (h: Harness) => void> = {
  loading: (h) => {
    expect(selectIsBusy(h.snapshot())).toBe(true);
    expect(selectCanShowQuestion(h.snapshot(), 1)).toBe(false);
    expect(h.only('loadGame').input).toEqual({ gameId: 9 });
    expect(h.running()).toHaveLength(1);
  },
  loadFailed: (h) => {
    expect(h.snapshot().context.error).toMatch(/\S/);
    expect(h.running()).toEqual([]);
  },
  open: (h) => {
    const s = h.snapshot();
    expect(selectIsOpen(s)).toBe(true);
    expect(selectCanEndGame(s)).toBe(true);
    expect(h.running()).toEqual([]);
    const live = selectLiveQuestionId(s);
    const liveIds = Object.entries(s.context.questionStatuses).filter(([, status]) => status === 1);
    expect(liveIds.length, 'at most one question live').toBeLessThanOrEqual(1);
    expect(live).toBe(liveIds[0] ? Number(liveIds[0][0]) : null);
    expect(selectCanShowQuestion(s, 1)).toBe(live === null || live === 1);
  },
  'open.ready': (h) => expect(anySent(h.snapshot())).toBe(false),
  'open.running': (h) => expect(anySent(h.snapshot())).toBe(true),
  confirmingEnd: (h) => {
    const s = h.snapshot();
    expect(selectIsConfirmingEnd(s)).toBe(true);
    expect(selectCanShowQuestion(s, 1), 'nothing else while the dialog is up').toBe(false);
    expect(h.running()).toEqual([]);
  },
  ending: (h) => {
    expect(selectIsBusy(h.snapshot())).toBe(true);
    expect(h.only('endGame').input).toEqual({ gameId: 9 });
  },
  ended: (h) => {
    expect(selectIsEnded(h.snapshot())).toBe(true);
    expect(h.snapshot().status).toBe('done');
    expect(h.running()).toEqual([]);
  },
};

const nodes = allStateNodes(gameMachine);
const serializeEvent = (event: ModelEvent) =>
  JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : (NAMES.get(v) ?? v)));
function serializeVertex(snapshot: GameSnapshot, event: ModelEvent | undefined, previous?: GameSnapshot): string {
  const here = `${JSON.stringify(snapshot.value)} live=${snapshot.context.liveQuestionId} sent=${anySent(snapshot)}`;
  if (!event || !previous) return here;
  return `${here} via ${serializeEvent(event)} from ${JSON.stringify(previous.value)}`;
}

const modelLogic = gameMachine as unknown as ActorLogic<GameSnapshot, ModelEvent, { gameId: number }>;
const model = new TestModel(modelLogic, {
  input: { gameId: 9 },
  events: MODEL_EVENTS,
  filterEvents: (snapshot, event) => snapshot.status === 'active' && snapshot.can(event as GameEvent),
  serializeState: serializeVertex,
  serializeEvent,
  stateMatcher: (snapshot, key) => key === '*' || matchesState(key, snapshot.value),
});
const paths = model.getShortestPaths();

async function replay(h: Harness, path: (typeof paths)[number], check: boolean) {
  let expected = getInitialSnapshot(gameMachine, { gameId: 9 });
  await path.test({
    events: Object.fromEntries(
      Object.keys(eventDrivers).map((type) => [
        type,
        async (step: { event: { type: string } }) => {
          expected = getNextSnapshot(modelLogic, expected, step.event as ModelEvent);
          await drive(h, step.event as ModelEvent);
        },
      ]),
    ),
    states: {
      '*': (modelState) => {
        if (!check) return;
        expect(h.snapshot().value).toEqual(modelState.value);
        expect(h.snapshot().context).toEqual(expected.context);
      },
      ...Object.fromEntries(Object.entries(stateAssertions).map(([key, assert]) => [key, () => (check ? assert(h) : undefined)])),
    },
  });
}

describe('game machine, model-based', () => {
  it('has an assertion for every state node, and none for a state that does not exist', () => {
    const names = nodes.map(statePath);
    expect(names.filter((p) => !(p in stateAssertions))).toEqual([]);
    expect(Object.keys(stateAssertions).filter((key) => !names.includes(key))).toEqual([]);
  });

  const defined = definedTransitions(gameMachine);
  it(`paths visit all ${nodes.length} state nodes and take all ${defined.size} transitions`, async () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const path of paths) {
      for (const step of path.steps) for (const node of nodes) if (matchesState(statePath(node), step.state.value)) visited.add(statePath(node));
      const h = createHarness().start();
      await replay(h, path, false);
      for (const t of h.recorder.taken) taken.add(t);
    }
    reportTakenKeys('game', paths.length, nodes.map(statePath), visited, defined, taken);
    expect(nodes.map(statePath).filter((p) => !visited.has(p)), 'state nodes no path visits').toEqual([]);
    expect(missedTransitions(defined, taken), 'transitions no path takes').toEqual([]);
    console.log(`game machine: ${paths.length} paths, ${visited.size}/${nodes.length} state nodes, ${taken.size}/${defined.size} transitions`);
  });

  describe.each(paths.map((path) => [`reaches ${serializeVertex(path.state, undefined)}: ${path.steps.slice(1).map((s) => s.event.type).join(' → ') || '(start)'}`, path] as const))(
    '%s',
    (_name, path) => {
      it('the actor follows the chart and holds every state assertion', async () => {
        await replay(createHarness().start(), path, true);
      });
    },
  );
});

describe('game machine, scenarios', () => {
  const opened = async (loaded: LoadedGame = FRESH) => {
    const h = createHarness().start();
    await h.resolve('loadGame', loaded);
    return h;
  };

  it('lets one question be live at a time and hands show requests to the question', async () => {
    const h = await opened();
    h.send({ type: 'host.showQuestion', questionId: 1 });
    expect(h.forwarded).toEqual([1]);
    h.send({ type: 'question.statusChanged', questionId: 1, status: 1 });
    expect(h.snapshot().value).toEqual({ open: 'running' });
    expect(selectCanShowQuestion(h.snapshot(), 2)).toBe(false);
    h.send({ type: 'host.showQuestion', questionId: 2 });
    expect(h.forwarded, 'refused while question 1 is live').toEqual([1]);
    h.send({ type: 'server.answerPublished', questionId: 1 });
    expect(selectLiveQuestionId(h.snapshot())).toBeNull();
    h.send({ type: 'host.showQuestion', questionId: 2 });
    expect(h.forwarded).toEqual([1, 2]);
  });

  it('a late or repeated report never moves a question backwards', async () => {
    const h = await opened(UNDER_WAY);
    h.send({ type: 'server.questionShown', questionId: 2 });
    expect(h.snapshot().context.questionStatuses[2]).toBe(3);
    expect(selectLiveQuestionId(h.snapshot())).toBeNull();
  });

  it('asks before ending; cancelling goes back to where the game was; the end goes to the list', async () => {
    const h = await opened(UNDER_WAY);
    expect(selectPlayerCount(h.snapshot())).toBe(42);
    h.send({ type: 'host.endGame' });
    expect(selectIsConfirmingEnd(h.snapshot())).toBe(true);
    h.send({ type: 'host.cancel' });
    expect(h.snapshot().value).toEqual({ open: 'running' });
    h.send({ type: 'host.endGame' });
    h.send({ type: 'host.confirm' });
    await h.reject('endGame', { message: '伺服器發生錯誤' });
    expect(h.snapshot().value).toEqual({ open: 'running' });
    expect(h.snapshot().context.error).toBe('伺服器發生錯誤');
    h.send({ type: 'host.endGame' });
    h.send({ type: 'host.confirm' });
    await h.resolve('endGame', {});
    expect(selectIsEnded(h.snapshot())).toBe(true);
  });

  it('another screen ending the game ends this one too; an ended game opens ended', async () => {
    const h = await opened();
    h.send({ type: 'server.gameEnded' });
    expect(selectIsEnded(h.snapshot())).toBe(true);
    expect(selectIsEnded((await opened(ENDED)).snapshot())).toBe(true);
  });

  it('without provided calls it fails safe', async () => {
    const actor = createActor(gameMachine, { input: { gameId: 1 } }).start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('loadFailed');
  });
});

describe('game-flow steps, from the charts', () => {
  const input = (step: StepInput['step'], status: QuestionStatus, liveQuestionId: number | null = status === 1 ? 5 : null, gameStatus: 0 | 1 = 1): StepInput => ({
    step,
    game: { id: 1, status: gameStatus, liveQuestionId, anyQuestionSent: status > 0 },
    question: { id: 5, status },
  });

  it.each([
    // status, step, outcome
    [0, 2, { kind: 'apply', questionStatus: 1 }],
    [0, 3, { kind: 'refused', reason: 'questionNotShown' }],
    [0, 4, { kind: 'refused', reason: 'questionNotShown' }],
    [1, 2, { kind: 'already', questionStatus: 1 }],
    [1, 3, { kind: 'apply', questionStatus: 2 }],
    [1, 4, { kind: 'refused', reason: 'answerNotPublished' }],
    [2, 2, { kind: 'refused', reason: 'questionAlreadyPlayed' }],
    [2, 3, { kind: 'already', questionStatus: 2 }],
    [2, 4, { kind: 'apply', questionStatus: 3 }],
    [3, 2, { kind: 'refused', reason: 'questionAlreadyPlayed' }],
    [3, 3, { kind: 'already', questionStatus: 3 }],
    [3, 4, { kind: 'apply', questionStatus: 3 }],
  ] as const)('status %i, step %i → %j', (status, step, outcome) => {
    expect(resolveGameFlowStep(input(step, status))).toMatchObject(outcome);
    expect(canApplyStep(input(step, status))).toBe(outcome.kind === 'apply');
    expect(nextQuestionStatus(status, step)).toBe(outcome.kind === 'apply' ? outcome.questionStatus : null);
  });

  it('refuses to show a question while another one is live, and anything but ending on an ended game', () => {
    expect(resolveGameFlowStep(input(2, 0, 8))).toEqual({ kind: 'refused', reason: 'anotherQuestionLive' });
    for (const step of [2, 3, 4] as const) expect(resolveGameFlowStep(input(step, 1, 5, 0))).toEqual({ kind: 'refused', reason: 'gameEnded' });
    expect(resolveGameFlowStep({ step: 5, game: { id: 1, status: 1, liveQuestionId: 5, anyQuestionSent: true }, question: null })).toMatchObject({ kind: 'apply', endsGame: true });
    expect(resolveGameFlowStep({ step: 5, game: { id: 1, status: 0, liveQuestionId: null, anyQuestionSent: true }, question: null })).toMatchObject({ kind: 'already' });
    expect(resolveGameFlowStep({ step: 3, game: { id: 1, status: 1, liveQuestionId: null, anyQuestionSent: false }, question: null })).toEqual({ kind: 'refused', reason: 'questionRequired' });
  });
});
