/**
 * The game machine as the control screen runs it — the root of the screen's actor system: its calls
 * (load the game, end it, the top 10) and the question calls faked, its connection a fake callback
 * actor, the question actors it spawns real (machines/question) — and the server's step rules
 * derived from the charts (machines/game/steps.ts).
 *
 * Model-based part, as in question.machine.test.ts: every shortest path of the pure chart replayed on
 * the real system (a SimulatedClock drives the snapshot wait); after each step the root agrees with
 * the chart and holds the assertions of the states it is in; the coverage test lists state nodes and
 * transitions (recorded from the root's microsteps) that no path reaches. The connection child is
 * machines/connection on a fake client (its own paths are in connection.machine.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, getInitialSnapshot, getNextSnapshot, matchesState, SimulatedClock, type ActorLogic } from 'xstate';
import { TestModel } from 'xstate/graph';
import { provideGame, questionSystemId, SNAPSHOT_WAIT_MS, gameMachine, liveQuestionOf, type GameSnapshot } from '@machines/game/game.machine';
import {
  selectCanControl,
  selectCanReleaseControl,
  selectCanRequestControl,
  selectControl,
  selectIsControlCallBusy,
  selectIsHandingOver,
  selectIsRequestingControl,
  selectCanEndGame,
  selectCanShowQuestion,
  selectConnectionActor,
  selectEndedElsewhere,
  selectEndedHere,
  selectIsBusy,
  selectIsConfirmingEnd,
  selectIsEnded,
  selectIsOpen,
  selectLiveQuestionId,
  selectPlayerCount,
  selectQuestionActor,
  selectCanStartRehearsal,
  selectCanStopRehearsal,
  selectIsRehearsalBusy,
  selectIsRehearsing,
  selectRehearsal,
  selectAutopilot,
  selectAutopilotMode,
  selectCanPauseAutopilot,
  selectCanResumeAutopilot,
  selectCanSetStageMessage,
  selectCurrentQuestionId,
  selectIsAutopilotBusy,
  selectIsStageMessageBusy,
  selectNextStep,
  selectStageMessage,
} from '@machines/game/selectors';
import { resolveAutopilotAction } from '@machines/game/autopilot-steps';
import { canApplyStep, nextQuestionStatus, resolveGameFlowStep, type StepInput } from '@machines/game/steps';
import type { AutopilotState, ControlState, RehearsalState, StageMessage } from '@machines/game/types';
import type { OperatorTopicInput, GameContext, GameEvent, LoadedGame, OperatorSnapshot, PreflightReport, Ranking } from '@machines/game/types';
import { selectConnectionStatus } from '@machines/connection/selectors';
import { selectIsConfirmingPublish, selectIsLive, selectStatus } from '@machines/question/selectors';
import type { QuestionStatus } from '@machines/question/types';
import { gameDetail, questionRow, T0, WAIT, type GameModelEvent } from './support/game-events';
import { allStateNodes, createFakeCalls, createTransitionRecorder, definedTransitions, flush, statePath } from './support/model';
import { expectAssertionPerState, expectPathsCover } from './support/coverage-report';

/** A realtime client that never connects, counting its holders. */
function fakeClient() {
  return {
    status: 'connecting' as const,
    holders: 0,
    onStatus: () => () => undefined,
    onRejected: () => () => undefined,
    retain() {
      this.holders += 1;
      return () => {
        this.holders -= 1;
      };
    },
    retryNow: () => undefined,
    start: () => undefined,
  };
}

type CallName =
  | 'loadGame'
  | 'endGame'
  | 'loadRanking'
  | 'runPreflight'
  | 'showQuestion'
  | 'publishAnswer'
  | 'publishRanking'
  | 'controlCall'
  | 'rehearsalCall'
  | 'autopilotCall'
  | 'stageMessageCall';
type ModelEvent = GameModelEvent;

const detail = gameDetail;
const row = (id: number, status: QuestionStatus) => questionRow(id, status, 10);
const FRESH: LoadedGame = { detail: detail(1), questions: [row(1, 0), row(2, 0)] };
const UNDER_WAY: LoadedGame = { detail: detail(1), questions: [row(1, 0), row(2, 3)] };
const LIVE: LoadedGame = { detail: detail(1), questions: [row(1, 0), row(2, 1)] };
const ENDED: LoadedGame = { detail: detail(0), questions: [row(1, 2), row(2, 2)] };
const snapshotOf = (status: 0 | 1, live: boolean, players = 42): OperatorSnapshot =>
  ({
    server_time: new Date(T0).toISOString(),
    game: { id: 9, status, player_count: players },
    live_question: live ? { question_id: 2, shown_at: new Date(T0).toISOString(), deadline: null, remaining_ms: 5_000, counts: { A: 1 }, total: 1 } : null,
  }) as unknown as OperatorSnapshot;
const SNAP_QUIET = snapshotOf(1, false);
const SNAP_LIVE = snapshotOf(1, true);
const SNAP_ENDED = snapshotOf(0, false);
const TOP: Ranking = { list: [], total: 0 };
const problem = (severity: 'blocking' | 'warning') =>
  ({ code: severity === 'blocking' ? 'image_unreachable' : 'no_display', severity, question_id: severity === 'blocking' ? 1 : null, level: null, field: null, url: null, message: 'm' }) as const;
/** A check with a warning only (the show may start), and one with a blocking problem (acknowledged first). */
const CLEAN: PreflightReport = { problems: [problem('warning')], blocking: 0, warnings: 1, checked_at: new Date(T0).toISOString() };
const BLOCKED: PreflightReport = { problems: [problem('blocking'), problem('warning')], blocking: 1, warnings: 1, checked_at: new Date(T0).toISOString() };
/** The control states the server may send to this screen (`me`), another one being `other`. */
const screenOf = (id: string, name: string) => ({ screen_id: id, admin_id: id === 'me' ? 1 : 2, admin_name: name, connected: true, gone_at: null });
const ME = screenOf('me', 'Anna');
const OTHER = screenOf('other', 'Ben');
const controlOf = (holder: typeof ME | null, request: typeof ME | null): ControlState => ({
  trivia_game_id: 9,
  holder,
  request,
  screens: [ME, OTHER],
  handover_after_ms: 5_000,
});
const MINE = controlOf(ME, null);
const ASKED = controlOf(ME, OTHER);
const THEIRS = controlOf(OTHER, null);
const REQUESTED = controlOf(OTHER, ME);
const NOBODY = controlOf(null, null);
/** A game whose rehearsal runs (50 bots joined), and the rehearsal states the server may send. */
const REHEARSING: LoadedGame = { detail: { ...detail(1), rehearsal_players: 50, player_count: 50 }, questions: [row(1, 0), row(2, 0)] };
const RH_JOINING: RehearsalState = { trivia_game_id: 9, players: 50, joined: 12 };
const RH_JOINED: RehearsalState = { trivia_game_id: 9, players: 50, joined: 50 };
const RH_OFF: RehearsalState = { trivia_game_id: 9, players: 0, joined: 0 };
const NAMES = new Map<unknown, string>([
  [REHEARSING, 'REHEARSING'],
  [RH_JOINING, 'RH_JOINING'],
  [RH_JOINED, 'RH_JOINED'],
  [RH_OFF, 'RH_OFF'],
  [MINE, 'MINE'],
  [ASKED, 'ASKED'],
  [THEIRS, 'THEIRS'],
  [REQUESTED, 'REQUESTED'],
  [NOBODY, 'NOBODY'],
  [FRESH, 'FRESH'],
  [UNDER_WAY, 'UNDER_WAY'],
  [LIVE, 'LIVE'],
  [ENDED, 'ENDED'],
  [SNAP_QUIET, 'SNAP_QUIET'],
  [SNAP_LIVE, 'SNAP_LIVE'],
  [SNAP_ENDED, 'SNAP_ENDED'],
  [CLEAN, 'CLEAN'],
  [BLOCKED, 'BLOCKED'],
]);

const MODEL_EVENTS: ModelEvent[] = [
  { type: 'host.retry' },
  { type: 'host.showQuestion', questionId: 1 },
  { type: 'host.publishNow', questionId: 2 },
  { type: 'host.confirmPublish', questionId: 2 },
  { type: 'host.cancelPublish', questionId: 2 },
  { type: 'host.publishRanking', questionId: 2 },
  { type: 'host.retryPublish', questionId: 2 },
  { type: 'host.runPreflight', expectedAudience: 500 },
  { type: 'host.acknowledgePreflight' },
  { type: 'host.endGame' },
  { type: 'host.confirm' },
  { type: 'host.cancel' },
  { type: 'session.rights', canControl: false },
  { type: 'session.rights', canControl: true },
  { type: 'question.statusChanged', questionId: 1, status: 1 },
  { type: 'server.snapshot', snapshot: SNAP_QUIET, receivedAt: T0 },
  { type: 'server.snapshot', snapshot: SNAP_LIVE, receivedAt: T0 },
  { type: 'server.snapshot', snapshot: SNAP_ENDED, receivedAt: T0 },
  { type: 'server.questionShown', questionId: 2, deadline: null, serverTime: T0 },
  { type: 'server.answerCount', questionId: 2, counts: { A: 2 }, total: 2 },
  { type: 'server.answerPublished', questionId: 2, counts: { A: 2 }, total: 2 },
  { type: 'server.rankingPublished', questionId: 2, ranking: TOP },
  { type: 'server.rankingPublished', questionId: null, ranking: TOP },
  { type: 'server.playerJoined', count: 3 },
  { type: 'server.gameEnded' },
  { type: 'server.gameReset' },
  { type: WAIT },
  { type: 'xstate.done.actor.loadGame', output: FRESH },
  { type: 'xstate.done.actor.loadGame', output: LIVE },
  { type: 'xstate.done.actor.loadGame', output: ENDED },
  { type: 'xstate.error.actor.loadGame', error: new Error('Network Error') },
  { type: 'xstate.done.actor.endGame', output: {} },
  { type: 'xstate.error.actor.endGame', error: new Error('Network Error') },
  { type: 'xstate.done.actor.loadRanking', output: TOP },
  { type: 'xstate.error.actor.loadRanking', error: new Error('Network Error') },
  { type: 'xstate.done.actor.runPreflight', output: CLEAN },
  { type: 'xstate.done.actor.runPreflight', output: BLOCKED },
  { type: 'xstate.error.actor.runPreflight', error: new Error('Network Error') },
];

/** The control lease's events (a screen with a screen id): explored on their own, from a game being loaded. */
const LEASE_EVENTS: ModelEvent[] = [
  { type: 'server.control', control: MINE },
  { type: 'server.control', control: ASKED },
  { type: 'server.control', control: THEIRS },
  { type: 'server.control', control: REQUESTED },
  { type: 'server.control', control: NOBODY },
  { type: 'host.requestControl' },
  { type: 'host.acceptControl' },
  { type: 'host.declineControl' },
  { type: 'host.releaseControl' },
  { type: 'session.rights', canControl: false },
  { type: 'session.rights', canControl: true },
  { type: 'xstate.done.actor.controlCall', output: MINE },
  { type: 'xstate.done.actor.controlCall', output: THEIRS },
  { type: 'xstate.done.actor.controlCall', output: REQUESTED },
  { type: 'xstate.error.actor.controlCall', error: new Error('Network Error') },
];
const SCREEN = { gameId: 9, screenId: 'me' };

/**
 * The rehearsal region's events: explored on their own from a fresh game (no screen id), loaded
 * fresh or already rehearsing; a question shown, a player joined or the rights withdrawn close the
 * way to a start.
 */
const REHEARSAL_EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.loadGame', output: FRESH },
  { type: 'xstate.done.actor.loadGame', output: REHEARSING },
  { type: WAIT },
  { type: 'xstate.done.actor.runPreflight', output: CLEAN },
  { type: 'host.startRehearsal', players: 50 },
  { type: 'host.stopRehearsal' },
  { type: 'xstate.done.actor.rehearsalCall', output: RH_JOINING },
  { type: 'xstate.done.actor.rehearsalCall', output: RH_OFF },
  { type: 'xstate.error.actor.rehearsalCall', error: new Error('Network Error') },
  { type: 'server.rehearsal', rehearsal: RH_JOINED },
  { type: 'server.rehearsal', rehearsal: RH_OFF },
  { type: 'server.playerJoined', count: 3 },
  { type: 'server.questionShown', questionId: 2, deadline: null, serverTime: T0 },
  { type: 'server.gameReset' },
  { type: 'session.rights', canControl: false },
];

/** The autopilot's states the server may send, and a stage message. */
const AP_RUNNING: AutopilotState = { trivia_game_id: 9, state: 'running', next_step: { type: 4, question_id: 2 }, due_at: new Date(T0 + 5_000).toISOString(), remaining_ms: null };
const AP_PAUSED: AutopilotState = { trivia_game_id: 9, state: 'paused', next_step: { type: 4, question_id: 2 }, due_at: null, remaining_ms: 3_000 };
const AP_OFF: AutopilotState = { trivia_game_id: 9, state: 'off', next_step: null, due_at: null, remaining_ms: null };
const BREAK: StageMessage = { title: '休息 10 分鐘', text: '' };
/** A snapshot on resubscribing while this screen's pause or resume is in flight: the call's answer decides. */
const SNAP_AUTOPILOT = { ...SNAP_QUIET, autopilot: AP_RUNNING, stage_message: BREAK } as OperatorSnapshot;
NAMES.set(SNAP_AUTOPILOT, 'SNAP_AUTOPILOT').set(AP_RUNNING, 'AP_RUNNING').set(AP_PAUSED, 'AP_PAUSED').set(AP_OFF, 'AP_OFF').set(BREAK, 'BREAK');

/**
 * The autopilot's and the stage message's events: explored on their own from a fresh game (no
 * screen id), once it is open; a question shown takes the stage message off.
 */
const AUTOPILOT_EVENTS: ModelEvent[] = [
  { type: 'xstate.done.actor.loadGame', output: FRESH },
  { type: WAIT },
  { type: 'xstate.done.actor.loadRanking', output: TOP },
  { type: 'xstate.done.actor.runPreflight', output: CLEAN },
  { type: 'server.autopilot', autopilot: AP_RUNNING },
  { type: 'server.autopilot', autopilot: AP_PAUSED },
  { type: 'server.autopilot', autopilot: AP_OFF },
  { type: 'server.stageMessage', message: BREAK },
  { type: 'server.stageMessage', message: null },
  { type: 'server.questionShown', questionId: 1, deadline: null, serverTime: T0 },
  { type: 'host.pauseAutopilot' },
  { type: 'host.resumeAutopilot' },
  { type: 'xstate.done.actor.autopilotCall', output: AP_PAUSED },
  { type: 'xstate.done.actor.autopilotCall', output: AP_RUNNING },
  { type: 'xstate.error.actor.autopilotCall', error: new Error('Network Error') },
  { type: 'host.setStageMessage', message: BREAK },
  { type: 'host.setStageMessage', message: null },
  { type: 'xstate.done.actor.stageMessageCall', output: { trivia_game_id: 9, stage_message: BREAK } },
  { type: 'xstate.error.actor.stageMessageCall', error: new Error('Network Error') },
  { type: 'session.rights', canControl: false },
  { type: 'server.snapshot', snapshot: SNAP_AUTOPILOT, receivedAt: T0 },
];

function createHarness(input: { gameId: number; screenId?: string } = { gameId: 9 }) {
  const calls = createFakeCalls<CallName>();
  const clock = new SimulatedClock();
  clock.set(T0);
  const recorder = createTransitionRecorder();
  const topics: OperatorTopicInput[] = [];
  const client = fakeClient();
  const call = calls.call;
  const machine = provideGame({
    loadGame: call('loadGame'),
    endGame: call('endGame'),
    loadRanking: call('loadRanking'),
    runPreflight: call('runPreflight'),
    showQuestion: call('showQuestion'),
    publishAnswer: call('publishAnswer'),
    publishRanking: call('publishRanking'),
    controlCall: call('controlCall'),
    rehearsalCall: call('rehearsalCall'),
    autopilotCall: call('autopilotCall'),
    stageMessageCall: call('stageMessageCall'),
    operatorTopic: fromCallback<{ type: string }, OperatorTopicInput>(({ input }) => void topics.push(input)),
  });
  const actor = createActor(machine, { input: { ...input, client }, systemId: 'game', clock, inspect: recorder.inspect });
  recorder.watch(actor);
  return {
    ...calls,
    actor,
    clock,
    topics,
    client,
    recorder,
    snapshot: () => actor.getSnapshot(),
    question: (id: number) => selectQuestionActor(actor.getSnapshot(), id),
    start() {
      actor.start();
      return this;
    },
    send: (event: GameEvent) => actor.send(event),
  };
}
type Harness = ReturnType<typeof createHarness>;

type Driver<E> = (h: Harness, event: E) => void | Promise<void>;
const send: Driver<GameEvent> = async (h, event) => {
  h.send(event);
  await flush();
};
const eventDrivers = {
  'host.retry': send,
  'host.showQuestion': send,
  'host.publishNow': send,
  'host.confirmPublish': send,
  'host.cancelPublish': send,
  'host.publishRanking': send,
  'host.retryPublish': send,
  'host.runPreflight': send,
  'host.acknowledgePreflight': send,
  'host.endGame': send,
  'host.confirm': send,
  'host.cancel': send,
  'session.rights': send,
  'host.requestControl': send,
  'host.acceptControl': send,
  'host.declineControl': send,
  'host.releaseControl': send,
  'host.startRehearsal': send,
  'host.stopRehearsal': send,
  'server.rehearsal': send,
  'rehearsal.loaded': send,
  'server.control': send,
  'question.statusChanged': send,
  'server.snapshot': send,
  'server.questionShown': send,
  'server.answerCount': send,
  'server.answerPublished': send,
  'server.rankingPublished': send,
  'server.playerJoined': send,
  'server.gameEnded': send,
  'server.gameReset': send,
  'ranking.refresh': send,
  'host.pauseAutopilot': send,
  'host.resumeAutopilot': send,
  'host.setStageMessage': send,
  'server.autopilot': send,
  'server.stageMessage': send,
  'autopilot.stored': send,
  [WAIT]: async (h) => {
    h.clock.increment(SNAPSHOT_WAIT_MS);
    await flush();
  },
  'xstate.done.actor.loadGame': (h, e) => h.resolve('loadGame', e.output),
  'xstate.error.actor.loadGame': (h, e) => h.reject('loadGame', e.error),
  'xstate.done.actor.endGame': (h, e) => h.resolve('endGame', e.output),
  'xstate.error.actor.endGame': (h, e) => h.reject('endGame', e.error),
  'xstate.done.actor.loadRanking': (h, e) => h.resolve('loadRanking', e.output),
  'xstate.error.actor.loadRanking': (h, e) => h.reject('loadRanking', e.error),
  'xstate.done.actor.runPreflight': (h, e) => h.resolve('runPreflight', e.output),
  'xstate.error.actor.runPreflight': (h, e) => h.reject('runPreflight', e.error),
  'xstate.done.actor.controlCall': (h, e) => h.resolve('controlCall', e.output),
  'xstate.error.actor.controlCall': (h, e) => h.reject('controlCall', e.error),
  'xstate.done.actor.rehearsalCall': (h, e) => h.resolve('rehearsalCall', e.output),
  'xstate.error.actor.rehearsalCall': (h, e) => h.reject('rehearsalCall', e.error),
  'xstate.done.actor.autopilotCall': (h, e) => h.resolve('autopilotCall', e.output),
  'xstate.error.actor.autopilotCall': (h, e) => h.reject('autopilotCall', e.error),
  'xstate.done.actor.stageMessageCall': (h, e) => h.resolve('stageMessageCall', e.output),
  'xstate.error.actor.stageMessageCall': (h, e) => h.reject('stageMessageCall', e.error),
} satisfies { [K in ModelEvent['type']]: Driver<Extract<ModelEvent, { type: K }>> };
const drive = (h: Harness, event: ModelEvent) => (eventDrivers[event.type] as Driver<ModelEvent>)(h, event);

const anySent = (s: GameSnapshot) => Object.values(s.context.questionStatuses).some((status) => status > 0);
/** The root's context as the pure chart has it: the question actors by id only (they are real in the harness), no client. */
const comparable = ({ client: _client, ...context }: GameContext) => ({ ...context, questions: Object.keys(context.questions) });

const stateAssertions: Record<string, (h: Harness) => void> = {
  flow: (h) => {
    const screenTopic = h.snapshot().context.screenId === null ? null : 'game:9:screen:me';
    expect(h.topics, 'one operator topic (and the screen topic) for the life of the game').toEqual([{ topic: 'game:9:operator', screenTopic, client: h.client }]);
    expect(h.client.holders, 'the connection holds the client').toBe(1);
    expect(selectConnectionStatus(selectConnectionActor(h.snapshot())!.getSnapshot())).toBe('connecting');
  },
  'flow.loading': (h) => {
    expect(selectIsBusy(h.snapshot())).toBe(true);
    expect(selectCanShowQuestion(h.snapshot(), 1)).toBe(false);
    expect(h.only('loadGame').input).toEqual({ gameId: 9 });
    expect(Object.keys(h.snapshot().context.questions), 'no question actor before the game is known').toEqual([]);
  },
  'flow.loadFailed': (h) => {
    expect(h.snapshot().context.error).toMatch(/\S/);
    expect(h.running('loadGame')).toEqual([]);
  },
  'flow.synchronizing': (h) => {
    expect(h.snapshot().context.operatorSnapshot, 'waits for the snapshot').toBeNull();
    expect(selectIsBusy(h.snapshot())).toBe(true);
    expect(Object.keys(h.snapshot().context.questions)).toEqual([]);
  },
  'flow.started': () => {
    throw new Error('started is transient: the chart never rests there');
  },
  'flow.open': (h) => {
    const s = h.snapshot();
    expect(selectIsOpen(s)).toBe(true);
    expect(selectCanEndGame(s)).toBe(selectCanControl(s));
    expect(h.running('loadGame')).toEqual([]);
    const live = selectLiveQuestionId(s);
    const liveIds = Object.entries(s.context.questionStatuses).filter(([, status]) => status === 1);
    expect(liveIds.length, 'at most one question live').toBeLessThanOrEqual(1);
    expect(live).toBe(liveIds[0] ? Number(liveIds[0][0]) : null);
    const past = s.matches({ flow: { open: 'running' } }) || s.matches({ flow: { open: { ready: 'cleared' } } });
    expect(selectCanShowQuestion(s, 1)).toBe(selectCanControl(s) && past && (live === null || live === 1));
    // One question actor per question, each with its system id.
    for (const q of s.context.loaded!.questions) expect(h.actor.system.get(questionSystemId(q.id))).toBe(h.question(q.id));
    expectNextStepLegal(s);
  },
  'flow.open.ready': (h) => {
    expect(h.snapshot().matches({ flow: { open: 'ready' } })).toBe(true);
    expect(anySent(h.snapshot()), 'no question shown yet').toBe(false);
    expect(selectStatus(h.question(1)!.getSnapshot())).toBe(0);
  },
  'flow.open.ready.unchecked': (h) => {
    expect(selectCanControl(h.snapshot()), 'only a watcher rests unchecked').toBe(false);
    expect(h.running('runPreflight')).toEqual([]);
  },
  'flow.open.ready.checking': (h) => {
    expect(h.only('runPreflight').input).toEqual({ gameId: 9, expectedAudience: h.snapshot().context.preflight.expectedAudience });
    expect(selectCanShowQuestion(h.snapshot(), 1), 'not before the check').toBe(false);
  },
  'flow.open.ready.reviewing': (h) => {
    expect(h.snapshot().context.preflight.report?.blocking).toBeGreaterThan(0);
    expect(selectCanShowQuestion(h.snapshot(), 1), 'blocking problems acknowledged first').toBe(false);
  },
  'flow.open.ready.checkFailed': (h) => {
    expect(h.snapshot().context.preflight.error).toMatch(/\S/);
    expect(selectCanShowQuestion(h.snapshot(), 1)).toBe(false);
  },
  'flow.open.ready.cleared': (h) => {
    expect(h.running('runPreflight')).toEqual([]);
    expect(selectCanShowQuestion(h.snapshot(), 1)).toBe(selectCanControl(h.snapshot()));
  },
  'flow.open.running': (h) => {
    expect(h.snapshot().matches({ flow: { open: 'running' } })).toBe(true);
    expect(anySent(h.snapshot()), 'a question was shown').toBe(true);
  },
  'flow.confirmingEnd': (h) => {
    const s = h.snapshot();
    expect(selectIsConfirmingEnd(s)).toBe(true);
    expect(selectCanShowQuestion(s, 1), 'nothing else while the dialog is up').toBe(false);
    expect(h.running('endGame')).toEqual([]);
  },
  'flow.ending': (h) => {
    expect(selectIsBusy(h.snapshot())).toBe(true);
    expect(h.only('endGame').input).toEqual({ gameId: 9 });
  },
  'flow.ended': (h) => {
    expect(selectIsEnded(h.snapshot())).toBe(true);
    expect(selectCanEndGame(h.snapshot())).toBe(false);
    expect(h.running('endGame')).toEqual([]);
    expect(h.snapshot().status, 'stays active: a reset after a rehearsal reloads it').toBe('active');
  },
  'flow.ended.closed': (h) => {
    expect(selectEndedElsewhere(h.snapshot())).toBe(true);
    expect(selectEndedHere(h.snapshot())).toBe(false);
  },
  'flow.ended.byThisScreen': (h) => {
    expect(selectEndedHere(h.snapshot())).toBe(true);
    expect(selectEndedElsewhere(h.snapshot())).toBe(false);
  },
  rights: () => undefined,
  'rights.deciding': () => {
    throw new Error('deciding is transient: the chart never rests there');
  },
  'rights.controlling': (h) => {
    const s = h.snapshot();
    expect(selectCanControl(s)).toBe(true);
    expect(selectCanRequestControl(s)).toBe(false);
    // With a lease, this screen is the holder the server named (a call in flight waits for its answer).
    if (s.context.screenId !== null && !selectIsControlCallBusy(s)) expect(selectControl(s)?.holder?.screen_id).toBe('me');
  },
  'rights.controlling.holding': (h) => {
    const s = h.snapshot();
    expect(selectIsHandingOver(s)).toBe(false);
    expect(selectCanReleaseControl(s), 'a leased screen may release; without a lease there is nothing to release').toBe(s.context.screenId !== null);
    expect(h.running('controlCall')).toEqual([]);
  },
  'rights.controlling.handingOver': (h) => {
    const s = h.snapshot();
    expect(selectIsHandingOver(s)).toBe(true);
    expect(selectControl(s)?.request?.screen_id, 'another screen asks').toBe('other');
    expect(h.running('controlCall')).toEqual([]);
  },
  'rights.controlling.answering': (h) => {
    expect(selectIsControlCallBusy(h.snapshot())).toBe(true);
    expect(['accept', 'decline', 'release']).toContain((h.only('controlCall').input as { action: string }).action);
  },
  'rights.watching': (h) => {
    const s = h.snapshot();
    expect(selectCanControl(s)).toBe(false);
    expect(selectCanShowQuestion(s, 1), 'a watcher shows nothing').toBe(false);
    expect(selectCanEndGame(s)).toBe(false);
    if (!selectIsControlCallBusy(s)) expect(selectControl(s)?.holder?.screen_id ?? null, 'this screen does not hold control').not.toBe('me');
  },
  'rights.watching.observing': (h) => {
    expect(selectCanRequestControl(h.snapshot())).toBe(true);
    expect(h.running('controlCall')).toEqual([]);
  },
  'rights.watching.asking': (h) => {
    expect(h.only('controlCall').input).toEqual({ gameId: 9, screenId: 'me', action: 'request' });
    expect(selectCanRequestControl(h.snapshot())).toBe(false);
  },
  'rights.watching.requesting': (h) => {
    expect(selectIsRequestingControl(h.snapshot())).toBe(true);
    expect(selectControl(h.snapshot())?.request?.screen_id).toBe('me');
    expect(h.running('controlCall')).toEqual([]);
  },
  'rights.readOnly': (h) => {
    const s = h.snapshot();
    expect(selectCanControl(s)).toBe(false);
    expect(selectCanRequestControl(s), 'without triviaGame.control nobody asks').toBe(false);
    expect(selectCanShowQuestion(s, 1)).toBe(false);
  },
  rehearsal: (h) => {
    const s = h.snapshot();
    expect(selectCanStartRehearsal(s), 'a start only by a controlling screen, before the first question, nobody joined, none running').toBe(
      s.matches({ rehearsal: 'off' }) && selectCanControl(s) && s.matches({ flow: { open: 'ready' } }) && s.context.playerCount === 0,
    );
    expect(selectCanStopRehearsal(s)).toBe(s.matches({ rehearsal: 'on' }) && selectCanControl(s));
  },
  'rehearsal.deciding': () => {
    throw new Error('deciding is transient: the chart never rests there');
  },
  'rehearsal.off': (h) => {
    expect(selectIsRehearsing(h.snapshot())).toBe(false);
    expect(selectRehearsal(h.snapshot()).players).toBe(0);
    expect(h.running('rehearsalCall')).toEqual([]);
  },
  'rehearsal.starting': (h) => {
    expect(selectIsRehearsalBusy(h.snapshot())).toBe(true);
    expect(h.only('rehearsalCall').input).toEqual({ gameId: 9, screenId: h.snapshot().context.screenId, action: 'start', players: 50 });
  },
  'rehearsal.on': (h) => {
    const s = h.snapshot();
    expect(selectIsRehearsing(s), 'the banner is up').toBe(true);
    expect(selectRehearsal(s).players).toBe(50);
    expect(selectRehearsal(s).joined).toBeLessThanOrEqual(50);
    expect(h.running('rehearsalCall')).toEqual([]);
  },
  'rehearsal.stopping': (h) => {
    expect(selectIsRehearsing(h.snapshot()), 'the banner stays until the server says it ended').toBe(true);
    expect(h.only('rehearsalCall').input).toEqual({ gameId: 9, screenId: h.snapshot().context.screenId, action: 'stop' });
  },
  autopilot: (h) => expectAutopilotSelectors(h.snapshot()),
  'autopilot.deciding': () => {
    throw new Error('deciding is transient: the chart never rests there');
  },
  'autopilot.off': (h) => {
    expect(selectAutopilotMode(h.snapshot())).toBe('off');
    expect(h.snapshot().context.autopilot?.state ?? 'off').toBe('off');
    expect(h.running('autopilotCall')).toEqual([]);
  },
  'autopilot.running': (h) => {
    expect(selectAutopilotMode(h.snapshot())).toBe('running');
    expect(h.snapshot().context.autopilot?.state).toBe('running');
    expect(h.running('autopilotCall')).toEqual([]);
  },
  'autopilot.pausing': (h) => {
    expect(selectIsAutopilotBusy(h.snapshot())).toBe(true);
    expect(h.only('autopilotCall').input).toEqual({ gameId: 9, screenId: null, action: 'pause' });
  },
  'autopilot.paused': (h) => {
    expect(selectAutopilotMode(h.snapshot())).toBe('paused');
    expect(h.snapshot().context.autopilot?.state).toBe('paused');
    expect(h.running('autopilotCall')).toEqual([]);
  },
  'autopilot.resuming': (h) => {
    expect(selectIsAutopilotBusy(h.snapshot())).toBe(true);
    expect(h.only('autopilotCall').input).toEqual({ gameId: 9, screenId: null, action: 'resume' });
  },
  stage: () => undefined,
  'stage.idle': (h) => {
    expect(selectIsStageMessageBusy(h.snapshot())).toBe(false);
    expect(h.running('stageMessageCall')).toEqual([]);
  },
  'stage.sending': (h) => {
    expect(selectIsStageMessageBusy(h.snapshot())).toBe(true);
    expect(selectCanSetStageMessage(h.snapshot()), 'one card at a time').toBe(false);
    expect((h.only('stageMessageCall').input as { gameId: number }).gameId).toBe(9);
  },
  ranking: () => undefined,
  'ranking.idle': (h) => expect(h.running('loadRanking')).toEqual([]),
  'ranking.loading': (h) => expect(h.only('loadRanking').input).toEqual({ gameId: 9 }),
};

/**
 * The stage bar's next step is one the server takes ('apply'): never a step already done, never one
 * it refuses; none on a watching screen or while a step is in flight. The same object when asked again.
 */
function expectNextStepLegal(s: GameSnapshot) {
  const next = selectNextStep(s);
  expect(selectNextStep(s), 'the same step, the same object').toBe(next);
  if (!selectCanControl(s) || selectIsBusy(s)) expect(next).toBeNull();
  if (!next) return;
  const live = selectLiveQuestionId(s);
  const statusOf = (id: number) => s.context.questionStatuses[id] ?? 0;
  const outcome = resolveGameFlowStep({
    step: next.type,
    game: { id: 9, status: 1, liveQuestionId: live, anyQuestionSent: anySent(s) },
    question: next.questionId === null ? null : { id: next.questionId, status: statusOf(next.questionId) },
  });
  expect(outcome.kind, `next step ${JSON.stringify(next)}`).toBe('apply');
}

/** The autopilot and the stage message as the server last said; the buttons as the chart allows them. */
function expectAutopilotSelectors(s: GameSnapshot) {
  const mode = selectAutopilotMode(s);
  expect(selectAutopilot(s)).toBe(s.context.autopilot);
  expect(mode).toBe(s.context.autopilot?.state ?? 'off');
  const open = s.matches({ flow: 'open' });
  expect(selectCanPauseAutopilot(s)).toBe(selectCanControl(s) && open && mode === 'running' && !selectIsAutopilotBusy(s));
  expect(selectCanResumeAutopilot(s)).toBe(selectCanControl(s) && open && mode === 'paused' && !selectIsAutopilotBusy(s));
  // The server's /triviaGame/autopilot agrees with the buttons.
  if (selectCanControl(s) && open && !selectIsAutopilotBusy(s)) {
    expect(resolveAutopilotAction(mode, 'pause') === 'apply').toBe(selectCanPauseAutopilot(s));
    expect(resolveAutopilotAction(mode, 'resume') === 'apply').toBe(selectCanResumeAutopilot(s));
  }
  expect(selectStageMessage(s)).toBe(s.context.stageMessage);
  expect(selectCanSetStageMessage(s)).toBe(selectCanControl(s) && open && !selectIsStageMessageBusy(s));
  expect(selectCurrentQuestionId(s), 'a question on screen is the current one').toBe(selectLiveQuestionId(s) ?? selectCurrentQuestionId(s));
}

const nodes = allStateNodes(gameMachine);
const serializeEvent = (event: ModelEvent) =>
  JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : (NAMES.get(v) ?? v)));
function serializeVertex(snapshot: GameSnapshot, event: ModelEvent | undefined, previous?: GameSnapshot): string {
  const c = snapshot.context;
  const here = `${JSON.stringify(snapshot.value)} live=${liveQuestionOf(c.questionStatuses)} sent=${anySent(snapshot)} snapshot=${c.operatorSnapshot !== null} loaded=${NAMES.get(c.loaded) ?? null} preflight=${NAMES.get(c.preflight.report) ?? c.preflight.error ?? null}/${c.preflight.expectedAudience}`;
  if (!event || !previous) return here;
  return `${here} via ${serializeEvent(event)} from ${JSON.stringify(previous.value)}`;
}

/**
 * Which events a path may take where (the state space stays small enough to replay every path):
 * the rights are explored from an open game, where they matter, and a watching path goes no further
 * than the operator's (refused) steps and the rights; a top 10 being read is answered before
 * anything else.
 */
function offered(snapshot: GameSnapshot, event: ModelEvent): boolean {
  if (snapshot.status !== 'active' || !snapshot.can(event as GameEvent)) return false;
  const type = event.type;
  // A watcher also loads a fresh game (it rests unchecked: only a controlling screen runs the check).
  const loadingOrSynchronizing = snapshot.matches({ flow: 'loading' }) || snapshot.matches({ flow: 'synchronizing' });
  if (!snapshot.matches({ rights: 'controlling' })) {
    return type === 'session.rights' || type.startsWith('host.') || (loadingOrSynchronizing && (type === WAIT || (type === 'xstate.done.actor.loadGame' && event.output === FRESH)));
  }
  if (snapshot.matches({ ranking: 'loading' })) return type.endsWith('actor.loadRanking');
  if (type === 'session.rights') return snapshot.matches({ flow: 'open' }) || (snapshot.matches({ flow: 'loading' }) && !event.canControl);
  // The server's events about questions once the questions exist; a reset from a game under way.
  if (type === 'server.gameReset') return snapshot.matches({ flow: { open: 'running' } });
  if (type.startsWith('server.') && type !== 'server.snapshot' && type !== 'server.gameEnded') return snapshot.matches({ flow: 'open' });
  if (type === 'question.statusChanged') return snapshot.matches({ flow: 'open' });
  // The check is explored before the first question; a game under way is past it.
  if (type === 'host.runPreflight' || type === 'host.acknowledgePreflight') return snapshot.matches({ flow: { open: 'ready' } });
  if (type === 'server.snapshot') return snapshot.matches({ flow: 'loading' }) || snapshot.matches({ flow: 'synchronizing' }) || snapshot.matches({ flow: { open: 'running' } });
  return true;
}

const modelLogic = gameMachine as unknown as ActorLogic<GameSnapshot, ModelEvent, { gameId: number; screenId?: string }>;
const model = new TestModel(modelLogic, {
  input: { gameId: 9 },
  events: MODEL_EVENTS,
  filterEvents: offered,
  serializeState: serializeVertex,
  serializeEvent,
  stateMatcher: (snapshot, key) => key === '*' || matchesState(key, snapshot.value),
});
/**
 * The control lease, from a screen with a screen id: the rights region under every control state
 * the server may send and the screen's own control calls (the flow stays loading: the rights do not
 * depend on it, and the flow's own paths are the model's above).
 */
function leaseOffered(snapshot: GameSnapshot, event: ModelEvent): boolean {
  if (snapshot.status !== 'active' || !LEASE_EVENTS.includes(event) || !snapshot.can(event as GameEvent)) return false;
  // The rights are withdrawn and granted back from where they were last decided.
  if (event.type === 'session.rights') return !snapshot.matches({ rights: { controlling: 'answering' } }) && !snapshot.matches({ rights: { watching: 'asking' } });
  return true;
}
const leaseModel = new TestModel(modelLogic, {
  input: SCREEN,
  events: LEASE_EVENTS,
  filterEvents: leaseOffered,
  // Each state reached by each event: every transition of the rights is on some path.
  serializeState: (snapshot, event) =>
    `${JSON.stringify(snapshot.value)} control=${NAMES.get(snapshot.context.control) ?? null} error=${snapshot.context.error !== null} via ${event ? serializeEvent(event) : '(start)'}`,
  serializeEvent,
  stateMatcher: (snapshot, key) => key === '*' || matchesState(key, snapshot.value),
});
const leasePaths = new Set(leaseModel.getShortestPaths());

/** The rehearsal region (rehearsalOffered): a question shown, a player joined or the rights withdrawn end a path but for the operator's (refused) steps. */
function rehearsalOffered(snapshot: GameSnapshot, event: ModelEvent): boolean {
  if (snapshot.status !== 'active' || !REHEARSAL_EVENTS.includes(event) || !snapshot.can(event as GameEvent)) return false;
  const closed = !snapshot.matches({ rights: 'controlling' }) || snapshot.context.playerCount > 0 || anySent(snapshot);
  if (closed) return event.type.startsWith('host.');
  if (event.type === 'server.gameReset') return snapshot.matches({ flow: 'open' });
  return true;
}
const rehearsalModel = new TestModel(modelLogic, {
  input: { gameId: 9 },
  events: REHEARSAL_EVENTS,
  filterEvents: rehearsalOffered,
  serializeState: (snapshot, event) =>
    `${JSON.stringify(snapshot.value)} rehearsal=${snapshot.context.rehearsal.players}/${snapshot.context.rehearsal.joined} players=${snapshot.context.playerCount} sent=${anySent(snapshot)} error=${snapshot.context.error !== null} via ${event ? serializeEvent(event) : '(start)'}`,
  serializeEvent,
  stateMatcher: (snapshot, key) => key === '*' || matchesState(key, snapshot.value),
});
const rehearsalPaths = rehearsalModel.getShortestPaths();
/** The autopilot and the stage message (autopilotOffered): from an open game, until a question is shown. */
function autopilotOffered(snapshot: GameSnapshot, event: ModelEvent): boolean {
  if (snapshot.status !== 'active' || !AUTOPILOT_EVENTS.includes(event) || !snapshot.can(event as GameEvent)) return false;
  if (snapshot.matches({ ranking: 'loading' })) return event.type.endsWith('actor.loadRanking');
  // The screen's own answers only as the server gives them: a pause answered paused, a resume running.
  if (event.type === 'xstate.done.actor.autopilotCall') return event.output === (snapshot.matches({ autopilot: 'pausing' }) ? AP_PAUSED : AP_RUNNING);
  // A watching screen only has its (refused) buttons pressed.
  if (!snapshot.matches({ rights: 'controlling' })) return event.type.startsWith('host.');
  if (event.type === 'session.rights') return snapshot.matches({ flow: 'open' });
  if (event.type === 'server.snapshot') return selectIsAutopilotBusy(snapshot);
  if (event.type.startsWith('server.')) return snapshot.matches({ flow: 'open' }) && !anySent(snapshot);
  return true;
}
const autopilotModel = new TestModel(modelLogic, {
  input: { gameId: 9 },
  events: AUTOPILOT_EVENTS,
  filterEvents: autopilotOffered,
  serializeState: (snapshot, event) =>
    `${JSON.stringify(snapshot.value)} autopilot=${NAMES.get(snapshot.context.autopilot) ?? null} stage=${NAMES.get(snapshot.context.stageMessage) ?? null} current=${snapshot.context.currentQuestionId} via ${event ? serializeEvent(event) : '(start)'}`,
  serializeEvent,
  stateMatcher: (snapshot, key) => key === '*' || matchesState(key, snapshot.value),
});
const autopilotPaths = autopilotModel.getShortestPaths();
const paths = [...model.getShortestPaths(), ...leasePaths, ...rehearsalPaths, ...autopilotPaths];
const inputOf = (path: (typeof paths)[number]) => (leasePaths.has(path) ? SCREEN : { gameId: 9 });

async function replay(h: Harness, path: (typeof paths)[number], check: boolean) {
  let expected = getInitialSnapshot(gameMachine, inputOf(path));
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
        expect(comparable(h.snapshot().context)).toEqual(comparable(expected.context));
      },
      ...Object.fromEntries(Object.entries(stateAssertions).map(([key, assert]) => [key, () => (check ? assert(h) : undefined)])),
    },
  });
}

describe('game machine, model-based', () => {
  it('has an assertion for every state node, and none for a state that does not exist', () => {
    expectAssertionPerState(nodes.map(statePath), stateAssertions);
  });

  it(`paths visit all ${nodes.length} state nodes and take all ${definedTransitions(gameMachine).size} transitions`, async () => {
    await expectPathsCover({
      machine: 'game',
      definition: gameMachine,
      paths,
      stepsOf: (path) => path.steps,
      replay: async (path) => {
        const h = createHarness(inputOf(path)).start();
        await replay(h, path, false);
        return h.recorder.taken;
      },
      // `flow.started` is transient (it spawns the questions and moves on): passed through, never rested in.
      transient: ['flow.started', 'rights.deciding', 'rehearsal.deciding', 'autopilot.deciding'],
    });
    // Every path replayed in one test (about 2,000 since the pre-flight gate and the control lease): 27 s
    // alone on this machine, so the project's 30 s would fail it on a loaded one.
  }, 180_000);

  describe.each(paths.map((path) => [`reaches ${serializeVertex(path.state, undefined)}: ${path.steps.slice(1).map((s) => s.event.type).join(' → ') || '(start)'}`, path] as const))(
    '%s',
    (_name, path) => {
      it('the actor follows the chart and holds every state assertion', async () => {
        await replay(createHarness(inputOf(path)).start(), path, true);
      });
    },
  );
});

describe('game machine, the actor system', () => {
  const opened = async (loaded: LoadedGame = FRESH, snapshot: OperatorSnapshot = SNAP_QUIET) => {
    const h = createHarness().start();
    h.send({ type: 'server.snapshot', snapshot, receivedAt: h.clock.now() });
    await h.resolve('loadGame', loaded);
    // A fresh game is checked first (machine tests of the check: 'the pre-flight check gates ...').
    if (h.running('runPreflight').length > 0) await h.resolve('runPreflight', CLEAN);
    return h;
  };

  it('a rehearsal: started before the first question, the bots counted, ended by the server when the game ends; refused once the show is under way', async () => {
    const h = await opened(FRESH, { ...SNAP_QUIET, game: { ...SNAP_QUIET.game, player_count: 0 } });
    expect(selectCanStartRehearsal(h.snapshot())).toBe(true);
    h.send({ type: 'host.startRehearsal', players: 50 });
    expect(h.only('rehearsalCall').input).toEqual({ gameId: 9, screenId: null, action: 'start', players: 50 });
    // The bots' joins may be told before the call answers with the rehearsal as it began: the
    // count already known stays (a few bots join within the call's round trip).
    h.send({ type: 'server.rehearsal', rehearsal: RH_JOINING });
    expect(selectIsRehearsalBusy(h.snapshot())).toBe(true);
    await h.resolve('rehearsalCall', { trivia_game_id: 9, players: 50, joined: 0 });
    expect(selectIsRehearsing(h.snapshot())).toBe(true);
    expect(selectRehearsal(h.snapshot()), 'the answer does not take back the joins already counted').toEqual({ players: 50, joined: 12 });
    h.send({ type: 'server.rehearsal', rehearsal: RH_JOINED });
    expect(selectRehearsal(h.snapshot())).toEqual({ players: 50, joined: 50 });
    expect(selectCanStartRehearsal(h.snapshot()), 'one rehearsal at a time').toBe(false);
    // The show runs as for real: a question shown by the bots' operator.
    h.send({ type: 'host.showQuestion', questionId: 1 });
    await h.resolve('showQuestion', { deadline: T0 + 10_000, serverTime: T0 });
    expect(selectCanStopRehearsal(h.snapshot())).toBe(true);
    // The game ends: the server ends the rehearsal and says so.
    h.send({ type: 'server.rehearsal', rehearsal: RH_OFF });
    expect(selectIsRehearsing(h.snapshot())).toBe(false);
    expect(selectCanStartRehearsal(h.snapshot()), 'not once a question was shown').toBe(false);
    h.send({ type: 'host.startRehearsal', players: 50 });
    expect(h.running('rehearsalCall')).toEqual([]);
  });

  it('a rehearsal refused by the server stays off with its message; a stop that fails keeps the banner', async () => {
    const h = await opened(FRESH, { ...SNAP_QUIET, game: { ...SNAP_QUIET.game, player_count: 0 } });
    h.send({ type: 'host.startRehearsal', players: 3_000 });
    await h.reject('rehearsalCall', { message: '模擬玩家最多 2000 位' });
    expect(h.snapshot().value).toMatchObject({ rehearsal: 'off' });
    expect(h.snapshot().context.error).toBe('模擬玩家最多 2000 位');
    h.send({ type: 'host.startRehearsal', players: 50 });
    await h.resolve('rehearsalCall', RH_JOINING);
    h.send({ type: 'host.stopRehearsal' });
    expect(h.only('rehearsalCall').input).toMatchObject({ action: 'stop' });
    await h.reject('rehearsalCall', { message: '題目正在顯示中' });
    expect(selectIsRehearsing(h.snapshot())).toBe(true);
    h.send({ type: 'host.stopRehearsal' });
    await h.resolve('rehearsalCall', RH_OFF);
    expect(h.snapshot().value).toMatchObject({ rehearsal: 'off' });
  });

  it('a screen opened on a game in rehearsal shows it at once; a player who joined closes the way to a start', async () => {
    const h = await opened(REHEARSING, { ...SNAP_QUIET, game: { ...SNAP_QUIET.game, player_count: 50 } });
    expect(selectIsRehearsing(h.snapshot())).toBe(true);
    expect(selectRehearsal(h.snapshot())).toEqual({ players: 50, joined: 50 });
    const fresh = await opened(FRESH, SNAP_QUIET);
    expect(selectCanStartRehearsal(fresh.snapshot()), '42 players joined already').toBe(false);
  });

  it('spawns one question actor per question with its system id, and the operator steps reach it through the game', async () => {
    const h = await opened();
    expect(h.actor.system.get('question-1')).toBe(h.question(1));
    expect(h.actor.system.get('question-2')).toBe(h.question(2));
    h.send({ type: 'host.showQuestion', questionId: 1 });
    expect(h.only('showQuestion').input).toEqual({ questionId: 1 });
    await h.resolve('showQuestion', { deadline: T0 + 10_000, serverTime: T0 });
    expect(selectLiveQuestionId(h.snapshot()), 'the question reported its status to the game').toBe(1);
    expect(h.snapshot().value).toMatchObject({ flow: { open: 'running' } });
    expect(selectCanShowQuestion(h.snapshot(), 2)).toBe(false);
    h.send({ type: 'host.showQuestion', questionId: 2 });
    expect(h.running('showQuestion'), 'refused while question 1 is live').toEqual([]);
    h.send({ type: 'host.publishNow', questionId: 1 });
    expect(selectIsConfirmingPublish(h.question(1)!.getSnapshot())).toBe(true);
    h.send({ type: 'host.cancelPublish', questionId: 1 });
    expect(selectIsConfirmingPublish(h.question(1)!.getSnapshot())).toBe(false);
    h.send({ type: 'host.publishNow', questionId: 1 });
    h.send({ type: 'host.confirmPublish', questionId: 1 });
    await h.resolve('publishAnswer', {});
    expect(selectStatus(h.question(1)!.getSnapshot())).toBe(2);
    expect(selectLiveQuestionId(h.snapshot())).toBeNull();
    h.send({ type: 'host.publishRanking', questionId: 1 });
    await h.resolve('publishRanking', {});
    expect(h.snapshot().context.questionStatuses[1]).toBe(3);
    h.send({ type: 'host.showQuestion', questionId: 2 });
    expect(h.only('showQuestion').input).toEqual({ questionId: 2 });
  });

  it('resumes the live question with the time the snapshot gives, and hands the server events to the questions', async () => {
    const h = await opened(LIVE, SNAP_LIVE);
    expect(selectIsLive(h.question(2)!.getSnapshot())).toBe(true);
    // 5 s as the snapshot said, less what passed since it arrived.
    expect(h.question(2)!.getSnapshot().context.remainingMs).toBeLessThanOrEqual(5_000);
    expect(h.question(2)!.getSnapshot().context.remainingMs).toBeGreaterThan(4_000);
    expect(h.snapshot().context.counts).toEqual({ questionId: 2, counts: { A: 1 }, total: 1 });
    h.send({ type: 'server.answerPublished', questionId: 2, counts: { A: 3 }, total: 3 });
    expect(selectStatus(h.question(2)!.getSnapshot())).toBe(2);
    expect(h.only('loadRanking').input).toEqual({ gameId: 9 });
    h.send({ type: 'server.rankingPublished', questionId: 2, ranking: TOP });
    expect(selectStatus(h.question(2)!.getSnapshot())).toBe(3);
    expect(h.snapshot().context.ranking).toBe(TOP);
  });

  it("counts the time since the snapshot arrived on the actor system's clock", async () => {
    const h = createHarness().start();
    h.send({ type: 'server.snapshot', snapshot: SNAP_LIVE, receivedAt: h.clock.now() });
    // The game is read while 1.2 s pass on the system's clock (a SimulatedClock here, the wall clock in the page).
    h.clock.increment(1_200);
    await h.resolve('loadGame', LIVE);
    expect(h.question(2)!.getSnapshot().context.remainingMs).toBe(3_800);
  });

  it('a reconnect snapshot without the live question publishes it on this screen too', async () => {
    const h = await opened(LIVE, SNAP_LIVE);
    h.send({ type: 'server.snapshot', snapshot: SNAP_QUIET, receivedAt: h.clock.now() });
    expect(selectStatus(h.question(2)!.getSnapshot())).toBe(2);
    expect(selectLiveQuestionId(h.snapshot())).toBeNull();
  });

  it('a watcher never calls: the steps are refused and a countdown at zero waits for the server', async () => {
    const h = await opened(LIVE, { ...SNAP_LIVE, live_question: { ...SNAP_LIVE.live_question!, remaining_ms: 1_000 } });
    h.send({ type: 'session.rights', canControl: false });
    h.send({ type: 'host.endGame' });
    expect(selectIsConfirmingEnd(h.snapshot())).toBe(false);
    h.clock.increment(1_000);
    await flush();
    expect(h.question(2)!.getSnapshot().value).toBe('publishingAnswer');
    expect(h.running('publishAnswer'), 'no call while watching').toEqual([]);
    h.send({ type: 'server.answerPublished', questionId: 2, counts: {}, total: 0 });
    expect(selectStatus(h.question(2)!.getSnapshot())).toBe(2);
  });

  it('asks before ending; cancelling goes back to where the game was; the end here goes to the list', async () => {
    const h = await opened(UNDER_WAY);
    expect(selectPlayerCount(h.snapshot())).toBe(42);
    h.send({ type: 'host.endGame' });
    expect(selectIsConfirmingEnd(h.snapshot())).toBe(true);
    h.send({ type: 'host.cancel' });
    expect(h.snapshot().value).toMatchObject({ flow: { open: 'running' } });
    h.send({ type: 'host.endGame' });
    h.send({ type: 'host.confirm' });
    await h.reject('endGame', { message: '伺服器發生錯誤' });
    expect(h.snapshot().value).toMatchObject({ flow: { open: 'running' } });
    expect(h.snapshot().context.error).toBe('伺服器發生錯誤');
    h.send({ type: 'host.endGame' });
    h.send({ type: 'host.confirm' });
    await h.resolve('endGame', {});
    expect(selectEndedHere(h.snapshot())).toBe(true);
    h.send({ type: 'server.gameEnded' });
    expect(selectEndedHere(h.snapshot()), 'the event of our own end changes nothing').toBe(true);
  });

  it('another screen ending the game ends this one too, without leaving; an ended game opens ended', async () => {
    const h = await opened();
    h.send({ type: 'server.gameEnded' });
    expect(selectEndedElsewhere(h.snapshot())).toBe(true);
    expect(selectEndedElsewhere((await opened(ENDED)).snapshot())).toBe(true);
  });

  it('a reset after a rehearsal stops the question actors and loads the game again', async () => {
    const h = await opened(UNDER_WAY);
    const before = h.question(2)!;
    h.send({ type: 'server.gameReset' });
    expect(before.getSnapshot().status).toBe('stopped');
    expect(h.actor.system.get('question-2')).toBeUndefined();
    await h.resolve('loadGame', FRESH);
    expect(selectStatus(h.question(2)!.getSnapshot())).toBe(0);
    expect(selectPlayerCount(h.snapshot())).toBe(0);
    expect(h.snapshot().value, 'checked again').toMatchObject({ flow: { open: { ready: 'checking' } } });
  });

  it('a reset of an ended game opens it again: the snapshot that said it was over no longer does', async () => {
    const h = await opened(ENDED, SNAP_ENDED);
    expect(selectEndedElsewhere(h.snapshot())).toBe(true);
    h.send({ type: 'server.gameReset' });
    await h.resolve('loadGame', FRESH);
    expect(selectEndedElsewhere(h.snapshot())).toBe(false);
    expect(h.snapshot().value).toMatchObject({ flow: { open: { ready: 'checking' } } });
  });

  it('the pre-flight check gates the first question: blocking problems are acknowledged, a failed check too; a new check takes the audience', async () => {
    const h = createHarness().start();
    h.send({ type: 'server.snapshot', snapshot: SNAP_QUIET, receivedAt: h.clock.now() });
    await h.resolve('loadGame', FRESH);
    expect(h.only('runPreflight').input).toEqual({ gameId: 9, expectedAudience: null });
    expect(selectCanShowQuestion(h.snapshot(), 1)).toBe(false);
    await h.resolve('runPreflight', BLOCKED);
    expect(h.snapshot().value).toMatchObject({ flow: { open: { ready: 'reviewing' } } });
    h.send({ type: 'host.showQuestion', questionId: 1 });
    expect(h.running('showQuestion'), 'refused until acknowledged').toEqual([]);
    h.send({ type: 'host.runPreflight', expectedAudience: 800 });
    expect(h.only('runPreflight').input).toEqual({ gameId: 9, expectedAudience: 800 });
    await h.reject('runPreflight', { message: '伺服器發生錯誤' });
    expect(h.snapshot().context.preflight).toEqual({ report: null, error: '伺服器發生錯誤', expectedAudience: 800 });
    h.send({ type: 'host.acknowledgePreflight' });
    expect(h.snapshot().value).toMatchObject({ flow: { open: { ready: 'cleared' } } });
    h.send({ type: 'host.showQuestion', questionId: 1 });
    expect(h.only('showQuestion').input).toEqual({ questionId: 1 });
  });

  it('a watcher does not check; granted the rights, it checks', async () => {
    const h = createHarness().start();
    h.send({ type: 'session.rights', canControl: false });
    h.send({ type: 'server.snapshot', snapshot: SNAP_QUIET, receivedAt: h.clock.now() });
    await h.resolve('loadGame', FRESH);
    expect(h.snapshot().value).toMatchObject({ flow: { open: { ready: 'unchecked' } } });
    expect(h.running('runPreflight')).toEqual([]);
    h.send({ type: 'session.rights', canControl: true });
    await h.resolve('runPreflight', CLEAN);
    expect(h.snapshot().value).toMatchObject({ flow: { open: { ready: 'cleared' } } });
    expect(selectCanShowQuestion(h.snapshot(), 1)).toBe(true);
  });

  it('co-hosting: a watching screen asks for control, gets it when the holder accepts, and then steps; a watcher at zero never publishes', async () => {
    const h = createHarness(SCREEN).start();
    h.send({ type: 'server.snapshot', snapshot: { ...SNAP_LIVE, live_question: { ...SNAP_LIVE.live_question!, remaining_ms: 1_000 } }, receivedAt: h.clock.now() });
    await h.resolve('loadGame', LIVE);
    expect(selectCanControl(h.snapshot()), 'no control before the server says so').toBe(false);
    h.send({ type: 'server.control', control: THEIRS });
    expect(h.snapshot().value).toMatchObject({ rights: { watching: 'observing' } });
    h.clock.increment(1_000);
    await flush();
    expect(h.running('publishAnswer'), 'the holder publishes, not this screen').toEqual([]);
    h.send({ type: 'host.endGame' });
    expect(selectIsConfirmingEnd(h.snapshot())).toBe(false);
    h.send({ type: 'host.requestControl' });
    expect(h.only('controlCall').input).toEqual({ gameId: 9, screenId: 'me', action: 'request' });
    await h.resolve('controlCall', REQUESTED);
    expect(selectIsRequestingControl(h.snapshot())).toBe(true);
    // The holder accepted: the server says this screen holds control.
    h.send({ type: 'server.control', control: MINE });
    expect(selectCanControl(h.snapshot())).toBe(true);
    h.send({ type: 'server.answerPublished', questionId: 2, counts: {}, total: 0 });
    h.send({ type: 'host.publishRanking', questionId: 2 });
    expect(h.only('publishRanking').input).toEqual({ questionId: 2 });
  });

  it('co-hosting: the holder is asked, declines once, then hands over and watches', async () => {
    const h = createHarness(SCREEN).start();
    h.send({ type: 'server.control', control: MINE });
    expect(selectCanControl(h.snapshot())).toBe(true);
    h.send({ type: 'server.control', control: ASKED });
    expect(selectIsHandingOver(h.snapshot())).toBe(true);
    h.send({ type: 'host.declineControl' });
    expect(h.only('controlCall').input).toEqual({ gameId: 9, screenId: 'me', action: 'decline' });
    await h.resolve('controlCall', MINE);
    expect(h.snapshot().value).toMatchObject({ rights: { controlling: 'holding' } });
    h.send({ type: 'server.control', control: ASKED });
    h.send({ type: 'host.acceptControl' });
    expect(h.only('controlCall').input).toMatchObject({ action: 'accept' });
    await h.reject('controlCall', { message: '此控制畫面沒有控制權' });
    expect(h.snapshot().context.error, 'a refused answer is shown; the screen stays where the server says').toBe('此控制畫面沒有控制權');
    expect(selectIsHandingOver(h.snapshot())).toBe(true);
    h.send({ type: 'host.acceptControl' });
    await h.resolve('controlCall', THEIRS);
    expect(h.snapshot().value).toMatchObject({ rights: { watching: 'observing' } });
    expect(selectCanEndGame(h.snapshot())).toBe(false);
  });

  it('without provided calls it fails safe', async () => {
    const actor = createActor(gameMachine, { input: { gameId: 1 } }).start();
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ flow: 'loadFailed' });
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
