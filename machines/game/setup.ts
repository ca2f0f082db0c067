/**
 * The game chart's setup (XState's `setup`): its types, the named actors (the calls, injected with
 * `provideGame` of game.machine.ts), delays, actions and guards that the regions
 * (flow.ts, rights.ts, rehearsal.ts) and the root (game.machine.ts) refer to by name. The regions
 * are built with `gameSetup.createStateConfig`, so each is typed against this one setup.
 */
import { and, assign, enqueueActions, fromCallback, fromPromise, or, raise, sendParent, setup, stateIn } from 'xstate';
import { isQuestionType, kindLabels } from '../../src/domain/question-kinds/labels.js';
import { isTimed } from '../../src/domain/timed.js';
import { connectionMachine, type ConnectionClient } from '../connection/connection.machine.js';
import { systemTime } from './clock.js';
import { questionMachine } from '../question/question.machine.js';
import type { QuestionEvent, QuestionStatus } from '../question/types.js';
import type { AutopilotCallInput, AutopilotState, ControlCallInput, ControlState, RehearsalCallInput, RehearsalState, StageMessage, StageMessageCallInput, StageMessageData } from './types.js';
import type { GameContext, GameEvent, GameInput, LoadedGame, OperatorSnapshot, OperatorTopicInput, PreflightInput, PreflightReport, PreflightState, Ranking } from './types.js';

/** How long the game waits for the operator snapshot (the live question's remaining time) before going on without it. */
export const SNAPSHOT_WAIT_MS = 4_000;

/** The system id of a question's actor. */
export const questionSystemId = (questionId: number): string => `question-${questionId}`;

/** The question in status 1, if any (derived: the chart keeps only the statuses). */
export function liveQuestionOf(statuses: Record<number, QuestionStatus>): number | null {
  for (const [id, status] of Object.entries(statuses)) if (status === 1) return Number(id);
  return null;
}

/**
 * Whether a question takes no answers (a content slide): it has no countdown and no answer to
 * publish, and the next question may be shown while it is up (the server closes it then).
 */
export const takesNoAnswers = (row: { question_type: number } | undefined): boolean =>
  row !== undefined && isQuestionType(row.question_type) && !kindLabels[row.question_type].answerable;

const rowOf = (context: GameContext, questionId: number) => context.loaded?.questions.find((q) => q.id === questionId);

/** No pre-flight check run yet. */
export const NO_PREFLIGHT: PreflightState = { report: null, error: null, expectedAudience: null };

const anySent = (context: GameContext) => Object.values(context.questionStatuses).some((status) => status > 0);

const notProvided = (name: string) => () => Promise.reject(new Error(`game machine: actor "${name}" not provided`));

/** The game's question logic: a question reports its status moves to the game that spawned it. */
export const gameQuestion = questionMachine.provide({
  actions: {
    reportStatus: sendParent(({ context }, params: { status: QuestionStatus }) => ({
      type: 'question.statusChanged' as const,
      questionId: context.questionId,
      status: params.status,
    })),
  },
});

/** The question's statuses with `status` applied: only forward (0 → 1 → 2 → 3), one live at a time. */
function withStatus(statuses: Record<number, QuestionStatus>, questionId: number, next: QuestionStatus) {
  // A late or repeated report never undoes a step.
  const status = Math.max(statuses[questionId] ?? 0, next) as QuestionStatus;
  const questionStatuses = { ...statuses, [questionId]: status };
  // A question shown is the game's current question (its `current_question_id`) from then on.
  if (status === 1 && (statuses[questionId] ?? 0) < 1) return { questionStatuses: closeOthers(questionStatuses, questionId), currentQuestionId: questionId };
  return { questionStatuses: status === 1 ? closeOthers(questionStatuses, questionId) : questionStatuses };
}

/** The statuses with every other question live closed (status 2). */
function closeOthers(questionStatuses: Record<number, QuestionStatus>, questionId: number) {
  // The server shows one question at a time: another one shown means the previous one was
  // published meanwhile (an event this screen missed).
  for (const [id, other] of Object.entries(questionStatuses)) if (other === 1 && Number(id) !== questionId) questionStatuses[Number(id)] = 2;
  return questionStatuses;
}


/** No realtime client (the server's pure step checks, a test without one): never connects. */
export const NO_CLIENT: ConnectionClient = {
  status: 'idle',
  onStatus: () => () => undefined,
  onRejected: () => () => undefined,
  retain: () => () => undefined,
  retryNow: () => undefined,
};

export const gameSetup = setup({
  types: {
    context: {} as GameContext,
    events: {} as GameEvent,
    input: {} as GameInput,
    tags: {} as 'busy' | 'open',
    children: {} as {
      loadGame: 'loadGame';
      endGame: 'endGame';
      loadRanking: 'loadRanking';
      runPreflight: 'runPreflight';
      connection: 'connection';
      operatorTopic: 'operatorTopic';
      rehearsalCall: 'rehearsalCall';
      autopilotCall: 'autopilotCall';
      stageMessageCall: 'stageMessageCall';
    },
  },
  actors: {
    /** triviaGame/detail + question/list (all pages). */
    loadGame: fromPromise<LoadedGame, GameInput>(notProvided('loadGame')),
    /** gameFlow type 5. */
    endGame: fromPromise<unknown, GameInput>(notProvided('endGame')),
    /** triviaGame/getRank (top 10). */
    loadRanking: fromPromise<Ranking, GameInput>(notProvided('loadRanking')),
    /** triviaGame/preflight. */
    runPreflight: fromPromise<PreflightReport, PreflightInput>(notProvided('runPreflight')),
    /** The tab's realtime connection (machines/connection). */
    connection: connectionMachine,
    /** The operator topic on the connection's client: sends `server.*` events to the game. */
    operatorTopic: fromCallback<{ type: string }, OperatorTopicInput>(() => undefined),
    /** triviaGame/control: request, accept, decline or release control; answers the control state. */
    controlCall: fromPromise<ControlState, ControlCallInput>(notProvided('controlCall')),
    /** triviaGame/rehearsal: start or stop the game's simulated players; answers the rehearsal's state. */
    rehearsalCall: fromPromise<RehearsalState, RehearsalCallInput>(notProvided('rehearsalCall')),
    /** triviaGame/autopilot: pause or resume the game's autopilot; answers the autopilot's state. */
    autopilotCall: fromPromise<AutopilotState, AutopilotCallInput>(notProvided('autopilotCall')),
    /** triviaGame/stageMessage: put a title card up, or take it off; answers the card up now. */
    stageMessageCall: fromPromise<StageMessageData, StageMessageCallInput>(notProvided('stageMessageCall')),
    /** One question of the game (its calls provided with `provideGame`). */
    question: gameQuestion,
  },
  delays: {
    snapshotWait: SNAPSHOT_WAIT_MS,
  },
  actions: {
    storeLoaded: assign((_, params: { loaded: LoadedGame }) => {
      const questionStatuses = Object.fromEntries(params.loaded.questions.map((q) => [q.id, q.status as QuestionStatus]));
      const players = params.loaded.detail.rehearsal_players ?? 0;
      const rehearsal = { players, joined: players > 0 ? Math.min(players, params.loaded.detail.player_count) : 0 };
      const { detail } = params.loaded;
      return {
        loaded: params.loaded,
        questionStatuses,
        error: null,
        rehearsal,
        currentQuestionId: detail.current_question_id ?? liveQuestionOf(questionStatuses),
        autopilot: detail.autopilot ?? null,
        stageMessage: detail.stage_message ?? null,
      };
    }),
    storeRehearsal: assign((_, params: { rehearsal: RehearsalState }) => ({ rehearsal: { players: params.rehearsal.players, joined: params.rehearsal.joined } })),
    /**
     * The start's answer is the rehearsal as it began (usually nobody joined yet); the bots' joins are
     * published on the socket meanwhile and may arrive first. The count only grows while a rehearsal
     * runs, so a frame of the same rehearsal that already counted more joins is kept.
     */
    storeStartAnswer: assign(({ context }, params: { rehearsal: RehearsalState }) => {
      const { players, joined } = params.rehearsal;
      const known = context.rehearsal.players === players ? context.rehearsal.joined : 0;
      return { rehearsal: { players, joined: Math.max(joined, known) } };
    }),
    /** One question actor per question, at the status the server says (the live one with its time left). */
    spawnQuestions: assign(({ context, spawn, system }) => {
      const snapshot = context.operatorSnapshot;
      const live = snapshot?.value.live_question ?? null;
      const questions: GameContext['questions'] = {};
      let questionStatuses = context.questionStatuses;
      for (const row of context.loaded?.questions ?? []) {
        let status = row.status as QuestionStatus;
        let remainingMs: number | null | undefined;
        if (live && snapshot && live.question_id === row.id) {
          status = Math.max(status, 1) as QuestionStatus;
          remainingMs = live.remaining_ms === null ? null : live.remaining_ms - (systemTime(system) - snapshot.receivedAt);
        }
        questionStatuses = { ...questionStatuses, [row.id]: Math.max(questionStatuses[row.id] ?? 0, status) as QuestionStatus };
        questions[row.id] = spawn('question', {
          id: questionSystemId(row.id),
          // Registered under its system id (a question still registered — only in a pure traversal of
          // the chart, which never stops what it spawns — is spawned without one rather than failing).
          ...(system.get(questionSystemId(row.id)) ? {} : { systemId: questionSystemId(row.id) }),
          input: {
            questionId: row.id,
            status,
            // A content slide has no countdown.
            timed: !takesNoAnswers(row) && isTimed(context.loaded?.detail.type ?? 1, row.have_answering_time),
            answeringSeconds: row.answering_time,
            ...(remainingMs === undefined ? {} : { remainingMs }),
          },
        });
      }
      // The server's live question is the one live question (any other one was published meanwhile).
      if (live) return { questions, ...withStatus(questionStatuses, live.question_id, 1), currentQuestionId: live.question_id, counts: { questionId: live.question_id, counts: live.counts, total: live.total } };
      return { questions, questionStatuses };
    }),
    stopQuestions: enqueueActions(({ context, enqueue }) => {
      for (const ref of Object.values(context.questions)) enqueue.stopChild(ref);
      enqueue.assign({ questions: {} });
    }),
    /** Hands an operator step or a server event to the question it names (if this game has it). */
    forwardToQuestion: enqueueActions(({ context, enqueue }, params: { questionId: number | null; event: QuestionEvent }) => {
      const ref = params.questionId === null ? undefined : context.questions[params.questionId];
      if (ref) enqueue.sendTo(ref, params.event);
    }),
    /** The state on (re)subscribing: resynchronises the live question's countdown, the others and the end. */
    applySnapshot: enqueueActions(({ context, enqueue }) => {
      const snapshot = context.operatorSnapshot;
      if (!snapshot) return;
      const live = snapshot.value.live_question;
      for (const [key, ref] of Object.entries(context.questions)) {
        const id = Number(key);
        if (live && id === live.question_id) {
          const deadline = live.remaining_ms === null ? null : snapshot.receivedAt + live.remaining_ms;
          enqueue.sendTo(ref, { type: 'server.questionShown', deadline, serverTime: snapshot.receivedAt });
          enqueue.assign(({ context: c }) => withStatus(c.questionStatuses, id, 1));
        } else if (context.questionStatuses[id] === 1) {
          // The server has no question on screen (or another one): this one was published meanwhile.
          enqueue.sendTo(ref, { type: 'server.answerPublished' });
          enqueue.assign(({ context: c }) => withStatus(c.questionStatuses, id, 2));
        }
      }
      if (live) enqueue.assign({ counts: { questionId: live.question_id, counts: live.counts, total: live.total }, currentQuestionId: live.question_id });
    }),
    storeSnapshot: assign((_, params: { snapshot: OperatorSnapshot; receivedAt: number }) => ({
      operatorSnapshot: { value: params.snapshot, receivedAt: params.receivedAt },
      playerCount: params.snapshot.game.player_count,
      ...(params.snapshot.autopilot ? { autopilot: params.snapshot.autopilot } : {}),
      ...(params.snapshot.stage_message === undefined ? {} : { stageMessage: params.snapshot.stage_message }),
    })),
    storeAutopilot: assign((_, params: { autopilot: AutopilotState }) => ({ autopilot: params.autopilot })),
    storeStageMessage: assign((_, params: { message: StageMessage | null }) => ({ stageMessage: params.message })),
    /** The next question shown takes the stage message off (the server does so in the same step). */
    clearStageMessage: assign({ stageMessage: null }),
    /**
     * A question's new status. Another question shown over a content slide closes the slide (the
     * server does so in the same step): the slide's actor hears so and stops waiting.
     */
    setQuestionStatus: enqueueActions(({ context, enqueue }, params: { questionId: number; status: QuestionStatus }) => {
      if (params.status === 1) {
        for (const [id, status] of Object.entries(context.questionStatuses)) {
          const ref = context.questions[Number(id)];
          const closed = status === 1 && Number(id) !== params.questionId && takesNoAnswers(rowOf(context, Number(id)));
          if (closed && ref) enqueue.sendTo(ref, { type: 'server.answerPublished' });
        }
      }
      enqueue.assign(({ context: c }) => withStatus(c.questionStatuses, params.questionId, params.status));
    }),
    setCounts: assign((_, params: { questionId: number; counts: Record<string, number>; total: number }) => ({
      counts: { questionId: params.questionId, counts: params.counts, total: params.total },
    })),
    setRanking: assign((_, params: { ranking: Ranking }) => ({ ranking: params.ranking })),
    refreshRanking: raise({ type: 'ranking.refresh' }),
    setPlayerCount: assign((_, params: { count: number }) => ({ playerCount: params.count })),
    /** A reset game: no player, no answer, no ranking, no question on screen; read again from the start. */
    forgetGame: assign(({ context }) => ({
      loaded: null,
      questionStatuses: {},
      currentQuestionId: null,
      stageMessage: null,
      playerCount: 0,
      counts: null,
      ranking: null,
      // Known without asking again: nothing is live, and a reset game is enabled again (status 1), so
      // an ended game's snapshot no longer says it is over. A snapshot that follows replaces it.
      operatorSnapshot: context.operatorSnapshot && {
        value: { ...context.operatorSnapshot.value, game: { ...context.operatorSnapshot.value.game, player_count: 0, status: 1 }, live_question: null },
        receivedAt: context.operatorSnapshot.receivedAt,
      },
      error: null,
      // Checked again once loaded; the audience the operator typed stays.
      preflight: { ...NO_PREFLIGHT, expectedAudience: context.preflight.expectedAudience },
    })),
    setExpectedAudience: assign(({ context }, params: { expectedAudience: number | null }) => ({
      preflight: { ...context.preflight, expectedAudience: params.expectedAudience },
    })),
    storePreflight: assign(({ context }, params: { report: PreflightReport }) => ({ preflight: { ...context.preflight, report: params.report, error: null } })),
    preflightFailed: assign(({ context }, params: { message: string }) => ({ preflight: { ...context.preflight, report: null, error: params.message } })),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    storeControl: assign((_, params: { control: ControlState }) => ({ control: params.control })),
  },
  guards: {
    isEnded: ({ context }) => context.loaded?.detail.status === 0 || context.operatorSnapshot?.value.game.status === 0,
    hasSnapshot: ({ context }) => context.operatorSnapshot !== null,
    snapshotSaysEnded: (_, params: { snapshot: OperatorSnapshot }) => params.snapshot.game.status === 0,
    anyQuestionSent: ({ context }) => anySent(context),
    /**
     * One question live at a time; the question itself checks its own status. A content slide does
     * not hold the screen: the next question may be shown over it (the server closes it).
     */
    noOtherQuestionLive: ({ context, event }) => {
      const live = liveQuestionOf(context.questionStatuses);
      return event.type === 'host.showQuestion' && (live === null || live === event.questionId || takesNoAnswers(rowOf(context, live)));
    },
    controlling: stateIn({ rights: 'controlling' }),
    /** The first question waits for the pre-flight check (cleared, or acknowledged); later ones do not. */
    preflightPassed: or([stateIn({ flow: { open: 'running' } }), stateIn({ flow: { open: { ready: 'cleared' } } })]),
    preflightBlocked: (_, params: { report: PreflightReport }) => params.report.blocking > 0,
    /** No screen id: no lease, the rights alone decide. */
    withoutLease: ({ context }) => context.screenId === null,
    holdsControl: ({ context }) => context.screenId !== null && context.control?.holder?.screen_id === context.screenId,
    asksForControl: ({ context }) => context.screenId !== null && context.control?.request?.screen_id === context.screenId,
    /** Another screen asks this holder for control. */
    askedForControl: ({ context }) => context.control?.request != null && context.control.request.screen_id !== context.screenId,
    /** A rehearsal starts before the first question, in a game nobody joined (the server checks it too). */
    mayRehearse: and([stateIn({ flow: { open: 'ready' } }), ({ context }) => context.playerCount === 0]),
    rehearsing: ({ context }) => context.rehearsal.players > 0,
    autopilotRunning: ({ context }) => context.autopilot?.state === 'running',
    autopilotPaused: ({ context }) => context.autopilot?.state === 'paused',
    /** The game is open (loaded, not over, no end asked): the server refuses an ended game. */
    gameOpen: stateIn({ flow: 'open' }),
    rightsGranted: ({ event }) => event.type === 'session.rights' && event.canControl,
    rightsWithdrawn: ({ event }) => event.type === 'session.rights' && !event.canControl,
  },
});
