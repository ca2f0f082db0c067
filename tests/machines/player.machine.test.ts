/**
 * The player machine as a phone runs it: the chart as a real actor on a SimulatedClock, its calls
 * (join, read the player's state, send an answer) faked and settled by the test.
 *
 * Model-based part, as in question.machine.test.ts, from a fresh phone and from one that kept a
 * token: the player's taps, the real-time events, the countdown's tick (driven by the clock, never by
 * waiting) and every kind of server view a reload can land on, plus the network going away: an answer
 * the server cannot be reached for is kept (pending), resent when the network returns or after a
 * backoff, and dropped once the server decided. The coverage test lists state nodes and transitions
 * (recorded from the actor's microsteps) that no path reaches.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, getInitialSnapshot, getNextSnapshot, matchesState, SimulatedClock, type ActorLogic } from 'xstate';
import { TestModel } from 'xstate/graph';
import { msToNextChange } from '@/domain/clock';
import { OFFLINE_RETRY_MS, pendingRetryMs, playerMachine, type PlayerSnapshot } from '@machines/player/player.machine';
import {
  selectCanAnswer,
  selectConnectionRef,
  selectCorrectAnswer,
  selectIsBusy,
  selectEndedGame,
  selectMyAnswer,
  selectPending,
  selectPendingRefusal,
  selectPlayerCount,
  selectQuestion,
  selectRank,
  selectRemainingSeconds,
  selectScreen,
  selectVotes,
} from '@machines/player/selectors';
import type { GameEventsInput, JoinedEndedGame, JoinOutput, PendingAnswer, PlayerEvent, PlayerInput, PlayerView, PublicQuestion, RejectedToken, Unreachable } from '@machines/player/types';
import { allStateNodes, createFakeCalls, createTransitionRecorder, definedTransitions, flush, statePath } from './support/model';
import { expectAssertionPerState, expectPathsCover } from './support/coverage-report';
import { FakeClient } from './support/fake-connection-client';
import { base, JOINED, LEVEL2, live, OFFLINE_RETRY, Q1, RETRY, T0, TICK, VIEWS } from './support/player-views';
import { selectConnectionStatus, selectIsReconnecting } from '@machines/connection/selectors';

const NAMES = new Map<unknown, string>([...Object.entries(VIEWS).map(([name, view]) => [view, name] as [unknown, string]), [Q1, 'Q1'], [LEVEL2, 'LEVEL2']]);

const REJECTED: RejectedToken = { tokenRejected: true, message: '請重新加入遊戲' };
const UNREACHABLE: Unreachable = { unreachable: true, message: 'Cannot reach the server' };
const ENDED_GAME: JoinedEndedGame = {
  gameEnded: true,
  message: 'This game has ended.',
  game: { title: 'Quiz night', ranking: { total: 2, list: [{ rank: 1, nickname: 'Ben', score: 900, level: 0 }] } },
};
const TAPPED = T0 - 4_000;
const KEPT: PendingAnswer = { questionId: Q1.id, choices: ['A'], tappedAt: TAPPED };
const TYPED: PublicQuestion = { ...Q1, id: 41, questionType: 5, options: [] };
const SLIDER: PublicQuestion = { ...Q1, id: 42, questionType: 6, options: [], slider: { min: 0, max: 10, step: 1, unit: 'km' } };
const SLIDE: PublicQuestion = { ...Q1, id: 43, questionType: 8, options: [] };
const POLL: PublicQuestion = { ...Q1, id: 44, questionType: 4 };

type CallName = 'join' | 'loadState' | 'submitAnswer';
type OutcomeEvent =
  | { type: 'xstate.done.actor.join'; output: JoinOutput }
  | { type: 'xstate.error.actor.join'; error: unknown }
  | { type: 'xstate.done.actor.loadState'; output: PlayerView }
  | { type: 'xstate.error.actor.loadState'; error: unknown }
  | { type: 'xstate.done.actor.submitAnswer'; output: { choices: string[] } }
  | { type: 'xstate.error.actor.submitAnswer'; error: unknown }
  | { type: 'xstate.done.actor.deliverAnswer'; output: { choices: string[] } }
  | { type: 'xstate.error.actor.deliverAnswer'; error: unknown };
type ModelEvent = PlayerEvent | OutcomeEvent | { type: typeof TICK } | { type: typeof RETRY } | { type: typeof OFFLINE_RETRY };

const MODEL_EVENTS: ModelEvent[] = [
  { type: 'player.join', pin: '123456', nickname: 'Ann' },
  { type: 'player.answer', choices: ['A'], tappedAt: TAPPED },
  { type: 'player.back' },
  { type: 'player.retry' },
  { type: 'clock.synced', offsetMs: 200 },
  { type: 'connection.reconnected' },
  { type: 'connection.online' },
  { type: 'server.questionShown', question: Q1, deadline: T0 + 2_500, receivedAt: T0 },
  { type: 'server.questionShown', question: LEVEL2, deadline: T0 + 2_500, receivedAt: T0 },
  { type: 'server.answerPublished', questionId: Q1.id },
  { type: 'server.answerPublished', questionId: 999 },
  { type: 'server.rankingPublished', questionId: Q1.id },
  { type: 'server.gameEnded' },
  { type: 'server.playerCount', count: 12 },
  { type: TICK },
  { type: RETRY },
  { type: OFFLINE_RETRY },
  { type: 'xstate.done.actor.join', output: JOINED },
  { type: 'xstate.error.actor.join', error: new Error('此暱稱已有人使用') },
  { type: 'xstate.error.actor.join', error: ENDED_GAME },
  ...Object.values(VIEWS).map((view) => ({ type: 'xstate.done.actor.loadState' as const, output: view })),
  { type: 'xstate.error.actor.loadState', error: REJECTED },
  { type: 'xstate.error.actor.loadState', error: new Error('Network Error') },
  { type: 'xstate.done.actor.submitAnswer', output: { choices: ['A'] } },
  { type: 'xstate.error.actor.submitAnswer', error: new Error('已超過作答時間') },
  { type: 'xstate.error.actor.submitAnswer', error: UNREACHABLE },
  { type: 'xstate.done.actor.deliverAnswer', output: { choices: ['A'] } },
  { type: 'xstate.error.actor.deliverAnswer', error: new Error('已超過作答時間') },
  { type: 'xstate.error.actor.deliverAnswer', error: UNREACHABLE },
  { type: 'xstate.error.actor.deliverAnswer', error: REJECTED },
];

const INPUTS: Record<string, PlayerInput> = {
  'a new phone': { token: null },
  'a phone that joined before': { token: 'stored-token' },
  'a phone reloaded with an answer still pending': { token: 'stored-token', pending: KEPT },
};

function createHarness(input: PlayerInput, gameEvents?: ActorLogic<any, any, any>) {
  const calls = createFakeCalls<CallName>();
  const clock = new SimulatedClock();
  clock.set(T0);
  const storage = { token: input.token, pending: input.pending ?? null };
  const recorder = createTransitionRecorder();
  const machine = playerMachine.provide({
    actors: { join: calls.fake('join'), loadState: calls.fake('loadState'), submitAnswer: calls.fake('submitAnswer'), ...(gameEvents ? { gameEvents } : {}) },
    actions: {
      storeToken: (_, params) => void (storage.token = params.token),
      storePending: (_, params) => void (storage.pending = params.pending),
    },
  });
  const actor = createActor(machine, { input, clock, inspect: recorder.inspect });
  recorder.watch(actor);
  return {
    ...calls,
    actor,
    clock,
    storage,
    recorder,
    snapshot: () => actor.getSnapshot(),
    start() {
      actor.start();
      return this;
    },
    send: (event: PlayerEvent) => actor.send(event),
    advance(ms: number) {
      for (let left = ms; left > 0; left -= 100) clock.increment(Math.min(100, left));
    },
  };
}
type Harness = ReturnType<typeof createHarness>;

type Driver<E> = (h: Harness, event: E) => void | Promise<void>;
const send: Driver<PlayerEvent> = (h, event) => h.send(event);
const eventDrivers = {
  'player.join': send,
  'player.answer': send,
  'player.back': send,
  'player.retry': send,
  'clock.synced': send,
  'connection.reconnected': send,
  'connection.online': send,
  'server.questionShown': send,
  'server.answerPublished': send,
  'server.rankingPublished': send,
  'server.gameEnded': send,
  'server.playerCount': send,
  [TICK]: (h) => h.clock.increment(msToNextChange(h.snapshot().context.remainingMs ?? 0)),
  [RETRY]: (h) => h.clock.increment(pendingRetryMs(h.snapshot().context.pendingAttempts)),
  [OFFLINE_RETRY]: (h) => h.clock.increment(OFFLINE_RETRY_MS),
  'xstate.done.actor.join': (h, e) => h.resolve('join', e.output),
  'xstate.error.actor.join': (h, e) => h.reject('join', e.error),
  'xstate.done.actor.loadState': (h, e) => h.resolve('loadState', e.output),
  'xstate.error.actor.loadState': (h, e) => h.reject('loadState', e.error),
  'xstate.done.actor.submitAnswer': (h, e) => h.resolve('submitAnswer', e.output),
  'xstate.error.actor.submitAnswer': (h, e) => h.reject('submitAnswer', e.error),
  'xstate.done.actor.deliverAnswer': (h, e) => h.resolve('submitAnswer', e.output),
  'xstate.error.actor.deliverAnswer': (h, e) => h.reject('submitAnswer', e.error),
} satisfies { [K in ModelEvent['type']]: Driver<Extract<ModelEvent, { type: K }>> };
const drive = (h: Harness, event: ModelEvent) => (eventDrivers[event.type] as Driver<ModelEvent>)(h, event);

const stateAssertions: Record<string, (h: Harness) => void> = {
  starting: () => {
    throw new Error('starting is transient');
  },
  joining: (h) => {
    expect(h.snapshot().context.token).toBeNull();
    expect(h.storage.token, 'no stale token kept').toBeNull();
    expect(h.storage.pending, 'no answer of a forgotten player kept').toBeNull();
  },
  'joining.form': (h) => {
    expect(selectScreen(h.snapshot())).toBe('join');
    expect(selectEndedGame(h.snapshot())).toBeNull();
    expect(selectIsBusy(h.snapshot())).toBe(false);
    expect(h.running()).toEqual([]);
  },
  'joining.ended': (h) => {
    expect(selectScreen(h.snapshot())).toBe('ended');
    expect(selectEndedGame(h.snapshot())).toEqual(ENDED_GAME.game);
    expect(h.running()).toEqual([]);
  },
  'joining.submitting': (h) => {
    expect(selectScreen(h.snapshot())).toBe('join');
    expect(selectIsBusy(h.snapshot())).toBe(true);
    expect(h.only('join').input).toEqual({ pin: '123456', nickname: 'Ann' });
    expect(h.running()).toHaveLength(1);
  },
  syncing: (h) => {
    const s = h.snapshot();
    expect(selectScreen(s)).toBe('loading');
    expect(s.context.token).toMatch(/\S/);
    expect(h.storage.token).toBe(s.context.token);
    expect(h.only('loadState').input).toEqual({ token: s.context.token });
    expect(h.running()).toHaveLength(1);
    expect(h.storage.pending).toEqual(s.context.pending);
  },
  delivering: (h) => {
    const s = h.snapshot();
    expect(selectIsBusy(s)).toBe(true);
    expect(selectPending(s), 'the kept answer is what goes').not.toBeNull();
    expect(h.storage.pending, 'still kept while on its way').toEqual(s.context.pending);
    expect(h.only('submitAnswer').input).toEqual({ token: s.context.token, questionId: s.context.pending!.questionId, choices: s.context.pending!.choices });
    expect(h.running()).toHaveLength(1);
  },
  offline: (h) => {
    expect(selectScreen(h.snapshot())).toBe('offline');
    expect(h.snapshot().context.error).toMatch(/\S/);
    expect(h.running()).toEqual([]);
  },
  inGame: (h) => {
    const s = h.snapshot();
    expect(s.hasTag('inGame')).toBe(true);
    expect(s.context.view).not.toBeNull();
    expect(h.storage.token).toBe(s.context.token);
    expect(h.storage.pending, 'local storage holds what the phone still has to send').toEqual(s.context.pending);
  },
  'inGame.lobby': (h) => {
    expect(selectScreen(h.snapshot())).toBe('lobby');
    expect(h.running()).toEqual([]);
  },
  'inGame.answering': (h) => {
    const s = h.snapshot();
    expect(selectScreen(s)).toBe('answering');
    expect(selectQuestion(s)).not.toBeNull();
    expect(selectCorrectAnswer(s), 'never the answer before it is published').toBeNull();
    expect(selectMyAnswer(s)).toBeNull();
  },
  'inGame.answering.countdown': () => {},
  'inGame.answering.countdown.running': (h) => expect(selectRemainingSeconds(h.snapshot())).toBeGreaterThan(0),
  'inGame.answering.countdown.untimed': (h) => expect(selectRemainingSeconds(h.snapshot())).toBeNull(),
  'inGame.answering.countdown.expired': (h) => {
    expect(selectRemainingSeconds(h.snapshot())).toBe(0);
    expect(h.snapshot().matches({ inGame: { answering: { form: 'submitting' } } }), 'only an answer on its way keeps the form').toBe(true);
  },
  'inGame.answering.form': () => {},
  'inGame.answering.form.choosing': (h) => {
    expect(selectCanAnswer(h.snapshot())).toBe(true);
    expect(h.running()).toEqual([]);
  },
  'inGame.answering.form.submitting': (h) => {
    expect(selectCanAnswer(h.snapshot())).toBe(false);
    expect(h.only('submitAnswer').input).toEqual({ token: h.snapshot().context.token, questionId: selectQuestion(h.snapshot())!.id, choices: ['A'] });
    expect(selectPending(h.snapshot()), 'kept before it is sent').toEqual({ questionId: selectQuestion(h.snapshot())!.id, choices: ['A'], tappedAt: TAPPED });
  },
  'inGame.pending': (h) => {
    const s = h.snapshot();
    expect(selectScreen(s)).toBe('pending');
    expect(selectPending(s)).toMatchObject({ choices: ['A'], tappedAt: TAPPED });
    expect(s.context.pendingAttempts).toBeGreaterThan(0);
    expect(selectCanAnswer(s)).toBe(false);
    expect(h.running()).toEqual([]);
  },
  'inGame.answered': (h) => {
    expect(selectMyAnswer(h.snapshot())).not.toBeNull();
    expect(selectCanAnswer(h.snapshot())).toBe(false);
    expect(h.running()).toEqual([]);
  },
  'inGame.watching': (h) => {
    expect(selectCanAnswer(h.snapshot())).toBe(false);
    expect(h.running()).toEqual([]);
  },
  'inGame.revealed': (h) => {
    expect(selectCorrectAnswer(h.snapshot())).toEqual(['A']);
    expect(h.running()).toEqual([]);
  },
  'inGame.ranked': (h) => {
    expect(selectRank(h.snapshot())).not.toBeNull();
    expect(h.running()).toEqual([]);
  },
  finished: (h) => {
    // Not final: a ranking published again after the end still reaches the phone.
    expect(h.snapshot().status).toBe('active');
    expect(h.snapshot().context.view?.gameEnded).toBe(true);
    expect(h.running()).toEqual([]);
  },
};

const nodes = allStateNodes(playerMachine);
const serializeEvent = (event: ModelEvent) => JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : (NAMES.get(v) ?? v)));
function serializeVertex(snapshot: PlayerSnapshot, event: ModelEvent | undefined, previous?: PlayerSnapshot): string {
  const c = snapshot.context;
  const here = `${JSON.stringify(snapshot.value)} ${selectRemainingSeconds(snapshot) ?? '-'}s token=${c.token !== null} level=${c.view?.levelReached ?? '-'} pending=${c.pending !== null}`;
  if (!event || !previous) return here;
  return `${here} via ${serializeEvent(event)} from ${JSON.stringify(previous.value)}`;
}

const modelLogic = playerMachine as unknown as ActorLogic<PlayerSnapshot, ModelEvent, PlayerInput>;
const allPaths = Object.entries(INPUTS).flatMap(([name, input]) =>
  new TestModel(modelLogic, {
    input,
    events: MODEL_EVENTS,
    filterEvents: (snapshot, event) => snapshot.status === 'active' && snapshot.can(event as PlayerEvent),
    serializeState: serializeVertex,
    serializeEvent,
    stateMatcher: (snapshot, key) => key === '*' || matchesState(key, snapshot.value),
  })
    .getShortestPaths()
    .map((path) => ({ name, input, path })),
);

async function replay(h: Harness, entry: (typeof allPaths)[number], check: boolean) {
  let expected = getInitialSnapshot(playerMachine, entry.input);
  await entry.path.test({
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

describe('player machine, model-based', () => {
  it('has an assertion for every state node, and none for a state that does not exist', () => {
    expectAssertionPerState(nodes.map(statePath), stateAssertions);
  });

  it(`paths visit every state node at rest (but the transient one) and take all ${definedTransitions(playerMachine).size} transitions`, async () => {
    await expectPathsCover({
      machine: 'player',
      definition: playerMachine,
      paths: allPaths,
      stepsOf: (entry) => entry.path.steps,
      replay: async (entry) => {
        const h = createHarness(entry.input).start();
        await replay(h, entry, false);
        h.actor.stop();
        return h.recorder.taken;
      },
      transient: ['starting'],
    });
  });

  describe.each(allPaths.map((entry) => [`from ${entry.name}, reaches ${serializeVertex(entry.path.state, undefined)}: ${entry.path.steps.slice(1).map((s) => s.event.type).join(' → ') || '(start)'}`, entry] as const))(
    '%s',
    (_name, entry) => {
      it('the actor follows the chart and holds every state assertion', async () => {
        await replay(createHarness(entry.input).start(), entry, true);
      });
    },
  );
});

describe('player machine, scenarios', () => {
  it('opens the live link once it has a token: the connection holds the page client, the topic speaks to the machine; a refused token closes it', async () => {
    const client = new FakeClient();
    const links: Array<{ input: GameEventsInput; send: (event: PlayerEvent) => void; stopped: boolean }> = [];
    const gameEvents = fromCallback<PlayerEvent, GameEventsInput>(({ input, sendBack }) => {
      const link = { input, send: sendBack, stopped: false };
      links.push(link);
      return () => void (link.stopped = true);
    });
    const h = createHarness({ token: null, client }, gameEvents).start();
    expect(client.holders, 'no socket before the phone has a token').toBe(0);
    expect(selectConnectionRef(h.snapshot())).toBeUndefined();
    h.send({ type: 'player.join', pin: '123456', nickname: 'Ann' });
    await h.resolve('join', JOINED);
    expect(links.map((link) => link.input.token)).toEqual(['new-token']);
    expect(client.holders, 'the connection holds the client, which starts').toBe(1);
    const connection = () => selectConnectionStatus(selectConnectionRef(h.snapshot())!.getSnapshot());
    expect(connection()).toBe('connecting');
    expect(h.actor.system.get('connection'), 'the inspector finds it by its system id').toBe(selectConnectionRef(h.snapshot()));
    await h.resolve('loadState', VIEWS.LOBBY);
    client.setStatus('open');
    expect(connection()).toBe('open');

    const link = links[0]!;
    link.send({ type: 'server.playerCount', count: 7 });
    expect(selectPlayerCount(h.snapshot())).toBe(7);
    link.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 20_000, receivedAt: T0 });
    expect(selectScreen(h.snapshot())).toBe('answering');
    expect(link.input.view(), 'the link reads the current view').toBe(h.snapshot().context.view);
    client.setStatus('reconnecting');
    expect(selectIsReconnecting(selectConnectionRef(h.snapshot())!.getSnapshot())).toBe(true);

    link.send({ type: 'connection.reconnected' });
    await h.reject('loadState', REJECTED);
    expect(selectScreen(h.snapshot())).toBe('join');
    expect(link.stopped, 'the topic is left').toBe(true);
    expect(client.holders, 'the client is let go').toBe(0);
    expect(selectConnectionRef(h.snapshot())).toBeUndefined();
  });

  it('a phone that joined before connects at once, and keeps listening after the game ends: a ranking published again, or word of its disqualification, is read again', async () => {
    const client = new FakeClient();
    const links: Array<(event: PlayerEvent) => void> = [];
    const gameEvents = fromCallback<PlayerEvent, GameEventsInput>(({ sendBack }) => void links.push(sendBack));
    const h = createHarness({ token: 'stored-token', client }, gameEvents).start();
    expect(client.holders).toBe(1);
    await h.resolve('loadState', VIEWS.ENDED);
    expect(selectScreen(h.snapshot())).toBe('finished');
    expect(client.holders, 'the link stays open after the end').toBe(1);
    expect(selectRank(h.snapshot())).toMatchObject({ position: 1 });

    // The operator disqualified the winner after the end: the ranking is published again.
    links[0]!({ type: 'server.rankingPublished', questionId: Q1.id });
    expect(h.running('loadState')).toHaveLength(1);
    await h.resolve('loadState', { ...VIEWS.ENDED, rank: { position: 2, total: 2, questionId: Q1.id } });
    expect(selectScreen(h.snapshot())).toBe('finished');
    expect(selectRank(h.snapshot())).toMatchObject({ position: 2, total: 2 });

    // This player is the one disqualified (the link turns server.disqualified into a read).
    links[0]!({ type: 'connection.reconnected' });
    await h.resolve('loadState', { ...VIEWS.ENDED, rank: null, disqualified: { reason: 'Two phones' } });
    expect(selectScreen(h.snapshot())).toBe('finished');
    expect(selectRank(h.snapshot())).toBeNull();
    expect(h.snapshot().context.view?.disqualified).toEqual({ reason: 'Two phones' });
  });

  it('offline, it reads the state again by itself after a few seconds', async () => {
    const h = createHarness({ token: 'stored-token' }).start();
    await h.reject('loadState', new Error('Network Error'));
    expect(selectScreen(h.snapshot())).toBe('offline');
    h.advance(OFFLINE_RETRY_MS - 100);
    expect(h.running('loadState')).toEqual([]);
    h.advance(100);
    expect(h.running('loadState')).toHaveLength(1);
    await h.resolve('loadState', VIEWS.LOBBY);
    expect(selectScreen(h.snapshot())).toBe('lobby');
  });

  async function inLobby() {
    const h = createHarness({ token: null }).start();
    h.send({ type: 'player.join', pin: '123456', nickname: 'Ann' });
    await h.resolve('join', JOINED);
    expect(h.storage.token).toBe('new-token');
    await h.resolve('loadState', VIEWS.LOBBY);
    return h;
  }

  it('counts down from the server deadline corrected by the measured clock offset', async () => {
    const h = await inLobby();
    // This phone's clock (T0) is 2 s behind the server's (T0 + 2 s); the deadline is server time.
    h.send({ type: 'clock.synced', offsetMs: 2_000 });
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 2_000 + 10_000, receivedAt: T0 });
    expect(selectRemainingSeconds(h.snapshot())).toBe(10);
    h.advance(9_000);
    expect(selectRemainingSeconds(h.snapshot())).toBe(1);
    h.advance(1_000);
    expect(selectScreen(h.snapshot()), 'too late: watching').toBe('watching');
  });

  it("with the phone's clock, a tick that fires late shows the second due then, and the next comes sooner", async () => {
    // The phone's clock is the simulated one plus how late its timers run (a busy page).
    let late = 0;
    const holder: { h?: Harness } = {};
    const h = (holder.h = createHarness({ token: null, now: () => holder.h!.clock.now() + late }).start());
    h.send({ type: 'player.join', pin: '123456', nickname: 'Ann' });
    await h.resolve('join', JOINED);
    await h.resolve('loadState', VIEWS.LOBBY);
    h.send({ type: 'clock.synced', offsetMs: 2_000, measured: true });
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 2_000 + 10_000, receivedAt: T0 });
    expect(selectRemainingSeconds(h.snapshot())).toBe(10);
    late = 300;
    h.advance(1_000);
    expect(h.snapshot().context.remainingMs, 'read from the clock, not one second less').toBe(8_700);
    expect(selectRemainingSeconds(h.snapshot())).toBe(9);
    h.advance(700);
    expect(h.snapshot().context.remainingMs, 'the 8 on time again').toBe(8_000);
    expect(selectRemainingSeconds(h.snapshot())).toBe(8);
  });

  it('after a reload, a measured clock offset moves the running countdown to the deadline; a rough one does not', async () => {
    const holder: { h?: Harness } = {};
    const h = (holder.h = createHarness({ token: 'stored-token', now: () => holder.h!.clock.now() }).start());
    // The server answered at T0 + 5 s on its clock (5 s ahead of this phone) with 6 s left; its answer
    // was 150 ms on its way, which the view cannot know: the countdown starts 150 ms late.
    await h.resolve('loadState', { ...base, serverTime: T0 + 5_000, question: live({ deadline: T0 + 11_000 }) });
    expect(selectRemainingSeconds(h.snapshot())).toBe(6);
    h.send({ type: 'clock.synced', offsetMs: 9_000 });
    h.advance(100);
    h.send({ type: 'clock.synced', offsetMs: 5_150, measured: true });
    h.advance(900);
    expect(h.snapshot().context.remainingMs, 'the measured end, T0 + 5,850 on this clock').toBe(4_850);
    h.advance(850);
    expect(h.snapshot().context.remainingMs).toBe(4_000);
    expect(selectRemainingSeconds(h.snapshot())).toBe(4);
  });

  it('an answer on its way when time runs out is waited for; the server decides', async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 2_000, receivedAt: T0 });
    h.advance(1_900);
    h.send({ type: 'player.answer', choices: ['A'], tappedAt: T0 });
    h.advance(500);
    expect(selectScreen(h.snapshot())).toBe('answering');
    await h.resolve('submitAnswer', { choices: ['A'] });
    expect(selectScreen(h.snapshot())).toBe('answered');
    expect(selectMyAnswer(h.snapshot())).toEqual({ choices: ['A'], text: null, value: null, correct: null, points: null });
  });

  it('a typed answer goes as text, waits for the network as text, and is resent as it was typed', async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: TYPED, deadline: T0 + 20_000, receivedAt: T0 });
    expect(selectScreen(h.snapshot())).toBe('answering');
    h.send({ type: 'player.answer', text: '玉山', tappedAt: T0 + 1_000 });
    expect(h.only('submitAnswer').input).toEqual({ token: 'new-token', questionId: TYPED.id, text: '玉山' });
    await h.reject('submitAnswer', UNREACHABLE);
    expect(selectScreen(h.snapshot())).toBe('pending');
    expect(h.storage.pending).toEqual({ questionId: TYPED.id, text: '玉山', tappedAt: T0 + 1_000 });
    h.send({ type: 'connection.online' });
    expect(h.only('submitAnswer').input).toEqual({ token: 'new-token', questionId: TYPED.id, text: '玉山' });
    await h.resolve('submitAnswer', { choices: [], text: '玉山', value: null });
    expect(h.storage.pending).toBeNull();
  });

  it("a slider's value goes as value and is the receipt's answer", async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: SLIDER, deadline: T0 + 20_000, receivedAt: T0 });
    h.send({ type: 'player.answer', value: 0, tappedAt: T0 });
    expect(h.only('submitAnswer').input).toEqual({ token: 'new-token', questionId: SLIDER.id, value: 0 });
    await h.resolve('submitAnswer', { choices: [], text: null, value: 0, elapsedMs: 900 });
    expect(selectScreen(h.snapshot())).toBe('answered');
    expect(selectMyAnswer(h.snapshot())).toEqual({ choices: [], text: null, value: 0, correct: null, points: null, elapsedMs: 900 });
  });

  it("a poll's votes published with its answer are kept for the revealed screen, and gone with the next question", async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: POLL, deadline: T0 + 20_000, receivedAt: T0 });
    h.send({ type: 'player.answer', choices: ['B'], tappedAt: T0 });
    await h.resolve('submitAnswer', { choices: ['B'] });
    h.send({ type: 'server.answerPublished', questionId: POLL.id, votes: { counts: { A: 2, B: 5 }, total: 7 } });
    await h.resolve('loadState', { ...base, question: live({ question: POLL, status: 2, answer: [] }), myAnswer: { choices: ['B'], correct: false, points: 0 } });
    expect(selectScreen(h.snapshot())).toBe('revealed');
    expect(selectVotes(h.snapshot())).toEqual({ questionId: POLL.id, counts: { A: 2, B: 5 }, total: 7 });
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 20_000, receivedAt: T0 });
    expect(selectVotes(h.snapshot())).toBeNull();
  });

  it('a content slide is shown, never answered and never counted down, live or after a reload; the next question is answered', async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: SLIDE, deadline: null, receivedAt: T0 });
    expect(selectScreen(h.snapshot())).toBe('slide');
    expect(selectCanAnswer(h.snapshot())).toBe(false);
    expect(selectRemainingSeconds(h.snapshot())).toBeNull();
    // A reload while it is up: even a view that says "can answer" shows the slide.
    h.send({ type: 'connection.reconnected' });
    await h.resolve('loadState', { ...base, question: live({ question: SLIDE, deadline: null, canAnswer: true }) });
    expect(selectScreen(h.snapshot())).toBe('slide');
    expect(h.snapshot().matches({ inGame: 'watching' })).toBe(true);
    // Published (a step that moves on): still the slide, not "no answer".
    h.send({ type: 'server.answerPublished', questionId: SLIDE.id });
    await h.resolve('loadState', { ...base, question: live({ question: SLIDE, status: 2, deadline: null, canAnswer: false, answer: [] }) });
    expect(selectScreen(h.snapshot())).toBe('slide');
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 20_000, receivedAt: T0 });
    expect(selectScreen(h.snapshot())).toBe('answering');
  });

  it('a refused answer with time left lets the player choose again, with the message', async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 20_000, receivedAt: T0 });
    h.send({ type: 'player.answer', choices: ['A'], tappedAt: T0 });
    await h.reject('submitAnswer', { message: '單選題只能選一個答案' });
    expect(selectScreen(h.snapshot())).toBe('answering');
    expect(h.snapshot().context.error).toBe('單選題只能選一個答案');
  });

  it('after the answer is published it reads its own points; after the ranking its own rank', async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 20_000, receivedAt: T0 });
    h.send({ type: 'player.answer', choices: ['A'], tappedAt: T0 });
    await h.resolve('submitAnswer', { choices: ['A'] });
    h.send({ type: 'server.answerPublished', questionId: Q1.id });
    await h.resolve('loadState', VIEWS.REVEALED);
    expect(selectScreen(h.snapshot())).toBe('revealed');
    h.send({ type: 'server.rankingPublished', questionId: Q1.id });
    await h.resolve('loadState', VIEWS.RANKED);
    expect(selectRank(h.snapshot())).toEqual({ position: 1, total: 3, questionId: Q1.id });
    h.send({ type: 'server.gameEnded' });
    await h.resolve('loadState', VIEWS.ENDED);
    expect(selectScreen(h.snapshot())).toBe('finished');
  });

  it('a reload resumes the same player where the server says, and a forgotten token goes back to joining', async () => {
    const h = createHarness({ token: 'stored-token' }).start();
    await h.resolve('loadState', VIEWS.ANSWERED);
    expect(selectScreen(h.snapshot())).toBe('answered');
    h.send({ type: 'connection.reconnected' });
    await h.reject('loadState', REJECTED);
    expect(selectScreen(h.snapshot())).toBe('join');
    expect(h.storage.token).toBeNull();
    expect(h.snapshot().context.error).toBe('請重新加入遊戲');
  });

  it('an answer tapped without network is kept, shown pending, and sent once the network returns', async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 20_000, receivedAt: T0 });
    h.send({ type: 'player.answer', choices: ['B'], tappedAt: T0 + 1_000 });
    await h.reject('submitAnswer', UNREACHABLE);
    expect(selectScreen(h.snapshot())).toBe('pending');
    expect(h.storage.pending, 'survives a reload').toEqual({ questionId: Q1.id, choices: ['B'], tappedAt: T0 + 1_000 });
    // The browser says the network is back: sent at once, the same answer.
    h.send({ type: 'connection.online' });
    expect(h.only('submitAnswer').input).toEqual({ token: 'new-token', questionId: Q1.id, choices: ['B'] });
    await h.resolve('submitAnswer', { choices: ['B'] });
    expect(h.storage.pending, 'dropped once the server stored it').toBeNull();
    await h.resolve('loadState', { ...VIEWS.ANSWERED, myAnswer: { choices: ['B'], correct: null, points: null } });
    expect(selectScreen(h.snapshot())).toBe('answered');
    expect(selectPendingRefusal(h.snapshot())).toBeNull();
  });

  it('without an online event it retries after 2 s, then 4 s, and keeps the answer while the server stays unreachable', async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 60_000, receivedAt: T0 });
    h.send({ type: 'player.answer', choices: ['A'], tappedAt: T0 });
    await h.reject('submitAnswer', UNREACHABLE);
    h.advance(1_900);
    expect(h.running()).toEqual([]);
    h.advance(100);
    await h.reject('submitAnswer', UNREACHABLE);
    h.advance(3_900);
    expect(h.running()).toEqual([]);
    h.advance(100);
    expect(h.only('submitAnswer').input).toMatchObject({ questionId: Q1.id, choices: ['A'] });
    expect(h.storage.pending).not.toBeNull();
  });

  it('a pending answer the server refuses when it arrives tells the player why, with the tapped time, and is dropped', async () => {
    const h = await inLobby();
    h.send({ type: 'server.questionShown', question: Q1, deadline: T0 + 5_000, receivedAt: T0 });
    h.send({ type: 'player.answer', choices: ['A'], tappedAt: T0 + 4_000 });
    await h.reject('submitAnswer', UNREACHABLE);
    // Back after the deadline: the socket reconnects, the state is read, the answer goes.
    h.send({ type: 'connection.reconnected' });
    await h.resolve('loadState', { ...VIEWS.ANSWERING, question: live({ canAnswer: false, refusal: 'late' }) });
    expect(h.snapshot().matches('delivering')).toBe(true);
    await h.reject('submitAnswer', { message: 'Too late: the answering time is over' });
    expect(selectPendingRefusal(h.snapshot())).toEqual({ message: 'Too late: the answering time is over', tappedAt: T0 + 4_000 });
    expect(selectPending(h.snapshot())).toBeNull();
    expect(h.storage.pending).toBeNull();
    await h.resolve('loadState', { ...VIEWS.ANSWERING, question: live({ canAnswer: false, refusal: 'late' }) });
    expect(selectScreen(h.snapshot())).toBe('watching');
    expect(selectPendingRefusal(h.snapshot()), 'still shown on the next screen').not.toBeNull();
    h.send({ type: 'server.questionShown', question: { ...Q1, id: 33 }, deadline: T0 + 60_000, receivedAt: T0 });
    expect(selectPendingRefusal(h.snapshot()), 'gone with the next question').toBeNull();
  });

  it('a reload with a pending answer the server stored already (the acknowledgement was lost) does not send it again', async () => {
    const h = createHarness({ token: 'stored-token', pending: KEPT }).start();
    await h.resolve('loadState', VIEWS.ANSWERED);
    expect(selectScreen(h.snapshot())).toBe('answered');
    expect(h.running()).toEqual([]);
    expect(h.storage.pending).toBeNull();
  });

  it('a join refused because the game has ended shows its final ranking, and goes back to the form on request', async () => {
    const h = createHarness({ token: null }).start();
    h.send({ type: 'player.join', pin: '123456', nickname: 'Ann' });
    await h.reject('join', ENDED_GAME);
    expect(selectScreen(h.snapshot())).toBe('ended');
    expect(selectEndedGame(h.snapshot())?.ranking?.list[0]).toMatchObject({ nickname: 'Ben' });
    h.send({ type: 'player.back' });
    expect(selectScreen(h.snapshot())).toBe('join');
    expect(selectEndedGame(h.snapshot())).toBeNull();
  });

  it('a level not reached yet is watched, not answered', async () => {
    const h = createHarness({ token: 'stored-token' }).start();
    await h.resolve('loadState', VIEWS.RANKED);
    h.send({ type: 'server.questionShown', question: LEVEL2, deadline: null, receivedAt: T0 });
    expect(selectScreen(h.snapshot())).toBe('watching');
    await flush();
  });
});
