/**
 * The game chart's model for its Chromium replay (./game-replay.ts, one file per region): the
 * events offered to the traversal and its vertex keys, one traversal per region, as in
 * tests/machines/game.machine.test.ts (a traversal of the four parallel regions at once does not
 * finish): `FLOW` (the screen's flow: loading, the pre-flight check, the questions, the end; the
 * control lease granted once, as the server grants it to the first screen), `LEASE` (the control
 * lease and the rights, from a fresh game that is open) and `REHEARSAL` (the simulated players,
 * from a fresh game that is open and controlled). Every event is one the real screen and server can
 * produce there, with the payload they would produce (a control call answers what the server decides).
 */
import type { AnyMachineSnapshot, StateValue } from 'xstate';
import type { AutopilotState, ControlState, GameContext, LoadedGame, OperatorSnapshot, PreflightReport, Ranking, RehearsalState, StageMessage } from '@machines/game/types';
import { liveQuestionOf } from '@machines/game/game.machine';
import type { QuestionStatus } from '@machines/question/types';
import { gameDetail, questionRow, T0, WAIT, type GameModelEvent } from '../../../machines/support/game-events';
import type { ReplayStart } from './replay';

export { T0, WAIT };

const detail = gameDetail;
const row = (id: number, status: QuestionStatus) => questionRow(id, status, 60);
export const FRESH: LoadedGame = { detail: detail(1), questions: [row(1, 0), row(2, 0)] };
export const LIVE: LoadedGame = { detail: detail(1), questions: [row(1, 0), row(2, 1)] };
export const ENDED: LoadedGame = { detail: detail(0), questions: [row(1, 2), row(2, 2)] };
const snapshotOf = (status: 0 | 1, live: boolean): OperatorSnapshot =>
  ({
    server_time: new Date(T0).toISOString(),
    game: { id: 9, status, player_count: 0 },
    live_question: live ? { question_id: 2, shown_at: new Date(T0).toISOString(), deadline: null, remaining_ms: 60_000, counts: {}, total: 0 } : null,
  }) as unknown as OperatorSnapshot;
export const SNAP_QUIET = snapshotOf(1, false);
export const SNAP_LIVE = snapshotOf(1, true);
export const SNAP_ENDED = snapshotOf(0, false);
export const TOP: Ranking = { list: [], total: 0 };
const problem = (severity: 'blocking' | 'warning') =>
  ({ code: severity === 'blocking' ? 'image_unreachable' : 'no_display', severity, question_id: severity === 'blocking' ? 1 : null, level: null, field: null, url: null, message: 'm' }) as const;
export const CLEAN: PreflightReport = { problems: [problem('warning')], blocking: 0, warnings: 1, checked_at: new Date(T0).toISOString() };
export const BLOCKED: PreflightReport = { problems: [problem('blocking'), problem('warning')], blocking: 1, warnings: 1, checked_at: new Date(T0).toISOString() };
const screenOf = (id: string, name: string) => ({ screen_id: id, admin_id: id === 'me' ? 1 : 2, admin_name: name, connected: true, gone_at: null });
export const ME = screenOf('me', 'Hana');
export const OTHER = screenOf('other', 'Ben');
const controlOf = (holder: typeof ME | null, request: typeof ME | null): ControlState => ({ trivia_game_id: 9, holder, request, screens: [ME, OTHER], handover_after_ms: 5_000 });
export const MINE = controlOf(ME, null);
export const ASKED = controlOf(ME, OTHER);
export const THEIRS = controlOf(OTHER, null);
export const REQUESTED = controlOf(OTHER, ME);
export const NOBODY = controlOf(null, null);
/** The rehearsal as the server reports it: started (nobody joined yet), every bot joined, over. */
export const RH_STARTED: RehearsalState = { trivia_game_id: 9, players: 5, joined: 0 };
export const RH_JOINED: RehearsalState = { trivia_game_id: 9, players: 5, joined: 5 };
export const RH_OFF: RehearsalState = { trivia_game_id: 9, players: 0, joined: 0 };
export const REHEARSAL_PLAYERS = 5;
export const FAILED = new Error('Network Error');
/** The autopilot as the server reports it (the replay reads the mode only), and the stage message put up. */
const autopilotOf = (state: 'running' | 'paused'): AutopilotState => ({ trivia_game_id: 9, state, next_step: { type: 2, question_id: 1 }, due_at: null, remaining_ms: null });
export const AP_RUNNING = autopilotOf('running');
export const AP_PAUSED = autopilotOf('paused');
/** A fresh game that runs itself (`auto_advance.enabled`), its first snapshot; a snapshot again while a pause or resume is held. */
export const FRESH_AUTO: LoadedGame = { detail: { ...detail(1), autopilot: AP_RUNNING }, questions: FRESH.questions };
export const SNAP_RUNNING = { ...SNAP_QUIET, autopilot: AP_RUNNING } as OperatorSnapshot;
export const SNAP_PAUSED = { ...SNAP_QUIET, autopilot: AP_PAUSED } as OperatorSnapshot;
export const INTERMISSION: StageMessage = { title: 'Intermission 休息', text: '' };

export type ModelEvent = GameModelEvent;

export const NAMES = new Map<unknown, string>([
  [MINE, 'MINE'],
  [ASKED, 'ASKED'],
  [THEIRS, 'THEIRS'],
  [REQUESTED, 'REQUESTED'],
  [NOBODY, 'NOBODY'],
  [FRESH, 'FRESH'],
  [LIVE, 'LIVE'],
  [ENDED, 'ENDED'],
  [SNAP_QUIET, 'SNAP_QUIET'],
  [SNAP_LIVE, 'SNAP_LIVE'],
  [SNAP_ENDED, 'SNAP_ENDED'],
  [CLEAN, 'CLEAN'],
  [BLOCKED, 'BLOCKED'],
  [RH_STARTED, 'RH_STARTED'],
  [RH_JOINED, 'RH_JOINED'],
  [RH_OFF, 'RH_OFF'],
  [FAILED, 'FAILED'],
  [AP_RUNNING, 'AP_RUNNING'],
  [AP_PAUSED, 'AP_PAUSED'],
  [FRESH_AUTO, 'FRESH_AUTO'],
  [SNAP_RUNNING, 'SNAP_RUNNING'],
  [SNAP_PAUSED, 'SNAP_PAUSED'],
  [INTERMISSION, 'INTERMISSION'],
]);

export const describeEvent = (event: ModelEvent): string => {
  const e = event as Record<string, unknown>;
  const payload = e.output ?? e.error ?? e.snapshot ?? e.control ?? e.rehearsal ?? e.autopilot ?? e.message ?? (typeof e.canControl === 'boolean' ? String(e.canControl) : undefined);
  const name = typeof payload === 'string' ? payload : payload === undefined ? undefined : NAMES.get(payload);
  return name ? `${event.type}(${name})` : event.type;
};

export const ctxOf = (snapshot: AnyMachineSnapshot) => snapshot.context as GameContext;
export const inState = (snapshot: AnyMachineSnapshot, value: StateValue) => snapshot.matches(value as never);
const anySent = (c: GameContext) => Object.values(c.questionStatuses).some((status) => status > 0);

/**
 * The event each vertex was reached by (recorded by the vertex keys, which see it): a control call's
 * answer depends on which call it is (accept, decline, release), which the snapshot does not say.
 */
const reachedBy = new WeakMap<AnyMachineSnapshot, ModelEvent>();

/** A fresh game opened: its snapshot, then the game, then the top 10 read after loading. */
function opening(snapshot: AnyMachineSnapshot): ModelEvent[] | null {
  const c = ctxOf(snapshot);
  if (inState(snapshot, { flow: 'loading' })) return c.operatorSnapshot ? [{ type: 'xstate.done.actor.loadGame', output: FRESH }] : [{ type: 'server.snapshot', snapshot: SNAP_QUIET, receivedAt: T0 }];
  if (inState(snapshot, { ranking: 'loading' })) return [{ type: 'xstate.done.actor.loadRanking', output: TOP }];
  return null;
}

/**
 * The flow: the game is loaded as the server has it (fresh, with question 2 on screen, or ended:
 * whatever its first snapshot said), snapshots come while loading (or after a resubscription of a
 * game under way), the server's question events once the questions exist and in the order a game
 * goes (question 2 shown, its answers, its answer published, its ranking), the operator's steps
 * where the screen shows their buttons. The control lease: the server grants it to this screen, the
 * only one on the game, once (its own paths are the lease's).
 */
function flowEvents(snapshot: AnyMachineSnapshot): ModelEvent[] {
  // Ended here: the screen went back to the game list, its actors with it.
  if (inState(snapshot, { flow: { ended: 'byThisScreen' } })) return [];
  const c = ctxOf(snapshot);
  const events: ModelEvent[] = [];
  const loading = inState(snapshot, { flow: 'loading' });
  const synchronizing = inState(snapshot, { flow: 'synchronizing' });
  const open = inState(snapshot, { flow: 'open' });
  const ended = inState(snapshot, { flow: 'ended' });
  const controlling = inState(snapshot, { rights: 'controlling' });
  const snap = c.operatorSnapshot?.value ?? null;
  const q2 = c.questionStatuses[2] ?? 0;
  if (loading) {
    const loads: Array<[LoadedGame, boolean]> = [
      [FRESH, !snap || (snap.game.status === 1 && !snap.live_question)],
      [LIVE, !snap || (snap.game.status === 1 && !!snap.live_question)],
      [ENDED, !snap || snap.game.status === 0],
    ];
    for (const [output, fits] of loads) if (fits) events.push({ type: 'xstate.done.actor.loadGame', output });
    events.push({ type: 'xstate.error.actor.loadGame', error: FAILED });
  }
  if ((loading || synchronizing) && !snap) {
    const loaded = c.loaded;
    if (!loaded || loaded === FRESH) events.push({ type: 'server.snapshot', snapshot: SNAP_QUIET, receivedAt: T0 });
    if (!loaded || loaded === LIVE) events.push({ type: 'server.snapshot', snapshot: SNAP_LIVE, receivedAt: T0 });
    if (!loaded || loaded === ENDED) events.push({ type: 'server.snapshot', snapshot: SNAP_ENDED, receivedAt: T0 });
  }
  if (synchronizing) events.push({ type: WAIT });
  if (inState(snapshot, { flow: 'loadFailed' })) events.push({ type: 'host.retry' });
  if (loading && snap?.game.status === 0) events.push({ type: 'server.gameEnded' });
  // The lease: granted to this screen once the game is known (the first screen present takes it).
  if (c.control === null && (c.operatorSnapshot || c.loaded)) events.push({ type: 'server.control', control: MINE });
  if (inState(snapshot, { ranking: 'loading' })) events.push({ type: 'xstate.done.actor.loadRanking', output: TOP }, { type: 'xstate.error.actor.loadRanking', error: FAILED });
  if (inState(snapshot, { flow: { open: { ready: 'checking' } } })) {
    events.push({ type: 'xstate.done.actor.runPreflight', output: CLEAN }, { type: 'xstate.done.actor.runPreflight', output: BLOCKED }, { type: 'xstate.error.actor.runPreflight', error: FAILED });
  }
  if (inState(snapshot, { flow: { open: 'ready' } }) && controlling) {
    if (!inState(snapshot, { flow: { open: { ready: 'checking' } } })) events.push({ type: 'host.runPreflight', expectedAudience: 500 });
    events.push({ type: 'host.acknowledgePreflight' });
  }
  if (open && controlling) {
    if (liveQuestionOf(c.questionStatuses) === null && (inState(snapshot, { flow: { open: 'running' } }) || inState(snapshot, { flow: { open: { ready: 'cleared' } } })) && (c.questionStatuses[1] ?? 0) === 0)
      events.push({ type: 'host.showQuestion', questionId: 1 });
    if (liveQuestionOf(c.questionStatuses) === 2) {
      // The publish dialog is up once Publish answer now was pressed; a publish failed at zero offers Retry.
      if (reachedBy.get(snapshot)?.type === 'host.publishNow') events.push({ type: 'host.confirmPublish', questionId: 2 }, { type: 'host.cancelPublish', questionId: 2 });
      else events.push({ type: 'host.publishNow', questionId: 2 });
      // Retry is offered once the countdown ran out (a minute of the page's time): no other call may be in flight then.
      if (reachedBy.get(snapshot)?.type !== 'host.publishNow' && inState(snapshot, { ranking: 'idle' })) events.push({ type: 'host.retryPublish', questionId: 2 });
    }
    if (q2 >= 2) events.push({ type: 'host.publishRanking', questionId: 2 });
    // Game over is in the header, under the countdown dialog (a modal) while a question is live.
    if (liveQuestionOf(c.questionStatuses) === null) events.push({ type: 'host.endGame' });
  }
  if (inState(snapshot, { flow: 'confirmingEnd' })) events.push({ type: 'host.confirm' }, { type: 'host.cancel' });
  if (inState(snapshot, { flow: 'ending' })) events.push({ type: 'xstate.done.actor.endGame', output: {} }, { type: 'xstate.error.actor.endGame', error: FAILED }, { type: 'server.gameEnded' });
  // Question 1 reports it is on screen once the show this screen sent reaches the server.
  if (open && reachedBy.get(snapshot)?.type === 'host.showQuestion' && liveQuestionOf(c.questionStatuses) === null && (c.questionStatuses[1] ?? 0) === 0)
    events.push({ type: 'question.statusChanged', questionId: 1, status: 1 });
  if (open) {
    if (q2 === 0 && liveQuestionOf(c.questionStatuses) === null) events.push({ type: 'server.questionShown', questionId: 2, deadline: null, serverTime: T0 });
    if (q2 === 1) events.push({ type: 'server.answerCount', questionId: 2, counts: { A: 1 }, total: 1 }, { type: 'server.answerPublished', questionId: 2, counts: { A: 1 }, total: 1 });
    if (q2 >= 2) events.push({ type: 'server.rankingPublished', questionId: 2, ranking: TOP });
    events.push({ type: 'server.playerJoined', count: 1 });
    // A reset takes a game not yet started (or a rehearsal's, below), never one under way (issue 33).
    if (inState(snapshot, { flow: { open: 'ready' } })) events.push({ type: 'server.gameReset' });
    // A snapshot again (a resubscription) says what the server has: none of these says question 1 is on screen.
    if (inState(snapshot, { flow: { open: 'running' } }) && liveQuestionOf(c.questionStatuses) !== 1)
      events.push({ type: 'server.snapshot', snapshot: liveQuestionOf(c.questionStatuses) === 2 ? SNAP_LIVE : SNAP_QUIET, receivedAt: T0 });
    events.push({ type: 'server.gameEnded' });
  }
  if (ended) events.push({ type: 'server.gameEnded' }, { type: 'server.snapshot', snapshot: SNAP_ENDED, receivedAt: T0 });
  return events.filter((event) => snapshot.can(event as never));
}

function flowKey(snapshot: AnyMachineSnapshot, event: ModelEvent | undefined): string {
  if (event) reachedBy.set(snapshot, event);
  const c = ctxOf(snapshot);
  const preflight = NAMES.get(c.preflight.report) ?? (c.preflight.error ? 'error' : null);
  const here = `${JSON.stringify(snapshot.value)} live=${liveQuestionOf(c.questionStatuses)} q2=${c.questionStatuses[2] ?? 0} sent=${anySent(c)} snap=${NAMES.get(c.operatorSnapshot?.value) ?? null} loaded=${NAMES.get(c.loaded) ?? null} control=${NAMES.get(c.control) ?? null} preflight=${preflight}`;
  return event ? `${here} via ${event.type}` : here;
}

/** What the server answers a control call of this screen, from the control state it was sent in. */
function controlAnswer(snapshot: AnyMachineSnapshot): ControlState | null {
  const c = ctxOf(snapshot);
  const by = reachedBy.get(snapshot)?.type;
  if (inState(snapshot, { rights: { watching: 'asking' } })) return c.control?.holder ? (c.control.holder === ME ? MINE : REQUESTED) : MINE;
  if (!inState(snapshot, { rights: { controlling: 'answering' } })) return null;
  if (by === 'host.acceptControl') return THEIRS;
  if (by === 'host.declineControl') return MINE;
  if (by === 'host.releaseControl') return c.control?.request ? THEIRS : NOBODY;
  return null;
}

/**
 * The lease: the control states the server goes through with a second screen (Ben's) on the game,
 * this screen's control calls (each answered as the server decides, or cut), the admin's rights
 * withdrawn and granted back; from a fresh game that is open (its pre-flight check held in flight).
 */
function leaseEvents(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const first = opening(snapshot);
  if (first) return first;
  const c = ctxOf(snapshot);
  const events: ModelEvent[] = [];
  const calling = inState(snapshot, { rights: { controlling: 'answering' } }) || inState(snapshot, { rights: { watching: 'asking' } });
  // Without the rights this screen's admin makes no control call: the lease moves by Ben's only.
  const byBen = new Map<ControlState | null, ControlState[]>([
    [MINE, [ASKED]],
    [ASKED, []],
    [THEIRS, [NOBODY]],
    [REQUESTED, [MINE, THEIRS]],
    [NOBODY, [THEIRS]],
  ]);
  const next = inState(snapshot, { rights: 'readOnly' }) ? (byBen.get(c.control) ?? []) : [MINE, ASKED, THEIRS, REQUESTED, NOBODY];
  for (const control of next) if (c.control !== control) events.push({ type: 'server.control', control });
  if (inState(snapshot, { rights: { watching: 'observing' } }) && c.control && c.control.request === null) events.push({ type: 'host.requestControl' });
  if (inState(snapshot, { rights: { controlling: 'holding' } }) && c.control) events.push({ type: 'host.releaseControl' });
  if (inState(snapshot, { rights: { controlling: 'handingOver' } })) events.push({ type: 'host.acceptControl' }, { type: 'host.declineControl' });
  if (calling) {
    events.push({ type: 'xstate.error.actor.controlCall', error: FAILED });
    const answer = controlAnswer(snapshot);
    if (answer) events.push({ type: 'xstate.done.actor.controlCall', output: answer });
  }
  if (!calling) events.push({ type: 'session.rights', canControl: false }, { type: 'session.rights', canControl: true });
  return events.filter((event) => snapshot.can(event as never));
}

function leaseKey(snapshot: AnyMachineSnapshot, event: ModelEvent | undefined): string {
  if (event) reachedBy.set(snapshot, event);
  const c = ctxOf(snapshot);
  return `${JSON.stringify(snapshot.value)} control=${NAMES.get(c.control) ?? null} error=${c.error !== null} via ${event ? describeEvent(event) : '(start)'}`;
}

/**
 * The rehearsal: started from the pre-flight panel's switch (before the first question, nobody
 * joined), its call answered or cut, the server's reports (every bot joined; over), stopped from
 * the banner; from a fresh game that is open and controlled. A player joined or a question shown
 * closes the way to a start.
 */
function rehearsalEvents(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const first = opening(snapshot);
  if (first) return first;
  const c = ctxOf(snapshot);
  if (c.control === null) return [{ type: 'server.control', control: MINE }];
  const events: ModelEvent[] = [];
  if (inState(snapshot, { flow: { open: { ready: 'checking' } } })) return [{ type: 'xstate.done.actor.runPreflight', output: CLEAN }];
  if (inState(snapshot, { rehearsal: 'off' })) events.push({ type: 'host.startRehearsal', players: REHEARSAL_PLAYERS });
  if (inState(snapshot, { rehearsal: 'on' })) events.push({ type: 'host.stopRehearsal' });
  // A call's answer, or the network cut under it while the server has not acted yet (then what the
  // server did shows first: its event, or — a reset, another screen's or the stop's own — the game
  // loaded again while the call is in flight).
  const open = inState(snapshot, { flow: 'open' });
  if (inState(snapshot, { rehearsal: 'starting' })) {
    events.push({ type: 'xstate.done.actor.rehearsalCall', output: RH_STARTED });
    if (c.rehearsal.players === 0) events.push({ type: 'xstate.error.actor.rehearsalCall', error: FAILED }, { type: 'server.rehearsal', rehearsal: RH_STARTED });
    if (c.rehearsal.players === 0 && open) events.push({ type: 'server.gameReset' });
  }
  if (inState(snapshot, { rehearsal: 'stopping' })) {
    events.push({ type: 'xstate.done.actor.rehearsalCall', output: RH_OFF });
    if (c.rehearsal.players > 0) events.push({ type: 'xstate.error.actor.rehearsalCall', error: FAILED }, { type: 'server.rehearsal', rehearsal: RH_OFF });
    if (c.rehearsal.players > 0 && open) events.push({ type: 'server.gameReset' });
  }
  if (inState(snapshot, { rehearsal: 'on' }) && c.rehearsal.joined < REHEARSAL_PLAYERS) events.push({ type: 'server.rehearsal', rehearsal: RH_JOINED });
  return events.filter((event) => snapshot.can(event as never));
}

function rehearsalKey(snapshot: AnyMachineSnapshot, event: ModelEvent | undefined): string {
  const c = ctxOf(snapshot);
  return `${JSON.stringify(snapshot.value)} rehearsal=${c.rehearsal.players}/${c.rehearsal.joined} control=${NAMES.get(c.control) ?? null} error=${c.error !== null} via ${event ? describeEvent(event) : '(start)'}`;
}

/**
 * The autopilot and the stage message: a game that runs itself (its first snapshot and its detail
 * say running), opened and controlled; the stage bar's Pause / Resume, each call answered as the
 * server decides or cut before it reaches the server, or the server acting on it (its
 * `server.autopilot`) while the answer is held, or a snapshot again (a resubscription) while it is
 * held; the server's `server.autopilot` from this screen's own lease (the pause or resume sent
 * through the admin API with its screen id); the stage message card's form, its call answered or
 * cut, the server's `server.stageMessage` after it. The first question is never shown here.
 */
function autopilotEvents(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const c = ctxOf(snapshot);
  if (inState(snapshot, { flow: 'loading' })) return c.operatorSnapshot ? [{ type: 'xstate.done.actor.loadGame', output: FRESH_AUTO }] : [{ type: 'server.snapshot', snapshot: SNAP_RUNNING, receivedAt: T0 }];
  if (inState(snapshot, { ranking: 'loading' })) return [{ type: 'xstate.done.actor.loadRanking', output: TOP }];
  if (c.control === null) return [{ type: 'server.control', control: MINE }];
  if (inState(snapshot, { flow: { open: { ready: 'checking' } } })) return [{ type: 'xstate.done.actor.runPreflight', output: CLEAN }];
  const events: ModelEvent[] = [];
  const server = c.autopilot; // what the server has: every call's effect is told to this screen
  const calling = inState(snapshot, { autopilot: 'pausing' }) || inState(snapshot, { autopilot: 'resuming' });
  if (inState(snapshot, { autopilot: 'running' })) events.push({ type: 'host.pauseAutopilot' }, { type: 'server.autopilot', autopilot: AP_PAUSED });
  if (inState(snapshot, { autopilot: 'paused' })) events.push({ type: 'host.resumeAutopilot' }, { type: 'server.autopilot', autopilot: AP_RUNNING });
  if (calling) {
    const wanted = inState(snapshot, { autopilot: 'pausing' }) ? AP_PAUSED : AP_RUNNING;
    events.push({ type: 'xstate.done.actor.autopilotCall', output: wanted });
    // Before the server acts: cut, its report, or a snapshot again (saying what it has).
    if (server !== wanted) {
      events.push({ type: 'xstate.error.actor.autopilotCall', error: FAILED }, { type: 'server.autopilot', autopilot: wanted });
      events.push({ type: 'server.snapshot', snapshot: server === AP_PAUSED ? SNAP_PAUSED : SNAP_RUNNING, receivedAt: T0 });
    }
  }
  if (inState(snapshot, { stage: 'idle' })) {
    events.push({ type: 'host.setStageMessage', message: INTERMISSION });
    if (c.stageMessage === INTERMISSION) events.push({ type: 'server.stageMessage', message: INTERMISSION });
  }
  if (inState(snapshot, { stage: 'sending' })) {
    events.push({ type: 'xstate.done.actor.stageMessageCall', output: { trivia_game_id: 9, stage_message: INTERMISSION } });
    if (c.stageMessage === null) events.push({ type: 'xstate.error.actor.stageMessageCall', error: FAILED });
  }
  return events.filter((event) => snapshot.can(event as never));
}

function autopilotKey(snapshot: AnyMachineSnapshot, event: ModelEvent | undefined): string {
  const c = ctxOf(snapshot);
  return `${JSON.stringify(snapshot.value)} autopilot=${NAMES.get(c.autopilot) ?? null} stage=${NAMES.get(c.stageMessage) ?? null} control=${NAMES.get(c.control) ?? null} error=${c.error !== null} via ${event ? describeEvent(event) : '(start)'}`;
}

export type GameInput = { gameId: number; screenId: string };
export type Region = 'flow' | 'lease' | 'rehearsal' | 'autopilot';
export const regionOf = (start: { name: string }): Region =>
  start.name.includes('lease') ? 'lease' : start.name.includes('rehearsal') ? 'rehearsal' : start.name.includes('autopilot') ? 'autopilot' : 'flow';

/** The four traversals: one start each (the same control screen), with its own events and vertex key. */
/** The regions the replay is split by, one test file each (tests/e2e/replay/game-<region>.replay.e2e.test.ts). */
export type GameRegion = Region;

export const STARTS: (ReplayStart<GameInput, ModelEvent> & { region: GameRegion })[] = [
  { name: 'a control screen', region: 'flow', input: { gameId: 9, screenId: 'me' }, modelEvents: flowEvents, serializeState: flowKey },
  { name: 'a control screen, the lease', region: 'lease', input: { gameId: 9, screenId: 'me' }, modelEvents: leaseEvents, serializeState: leaseKey },
  { name: 'a control screen, the rehearsal', region: 'rehearsal', input: { gameId: 9, screenId: 'me' }, modelEvents: rehearsalEvents, serializeState: rehearsalKey },
  { name: 'a control screen, the autopilot', region: 'autopilot', input: { gameId: 9, screenId: 'me' }, modelEvents: autopilotEvents, serializeState: autopilotKey },
];
