/**
 * The game statechart: the root of the control screen's actor system, and the game-level half of the
 * rules the server checks every game-flow step against (machines/game/steps.ts).
 *
 * The system (docs/architecture.md, "The control screen's actor system"):
 *   game (systemId `game`)
 *   ├── connection (systemId `connection`): the tab's realtime connection (machines/connection:
 *   │   connecting, open, reconnecting, closed), holding the tab's one realtime client
 *   ├── operatorTopic (systemId `operatorTopic`): the topic `game:<id>:operator` on that client; it
 *   │   sends the server's events (`server.*`) to the game
 *   ├── question-<id> (systemId `question-<id>`), one per question, spawned when the game is loaded
 *   └── loadGame / endGame / loadRanking: the game's calls
 * Every operator step is an event to this root (`host.*`), forwarded to the question it names; the
 * server's events reach the root and the root hands each question its own. The calls are injected
 * with `.provide()` (`provideGame`): the chart imports no API client.
 *
 * Why the chart has this shape (three regions, all active at once):
 * - `flow`: `loading` / `loadFailed`: nothing can be pressed until the game and its questions are
 *   known. `synchronizing`: the questions are spawned once the first operator snapshot says which
 *   question is on screen and how much time it has left (or after SNAPSHOT_WAIT_MS without one).
 *   `open` holds `ready` and `running`, which accept the same steps: they differ in what an operator
 *   sees. `ready` (no question shown yet) is gated by the pre-flight check (docs/preflight.md): a
 *   controlling screen runs it (`checking`, the server's triviaGame/preflight); without blocking
 *   problems it is `cleared`, with some (or when the check failed) the operator acknowledges them
 *   (`reviewing` / `checkFailed` → `cleared`); only then is the first question shown. A watching
 *   screen stays `unchecked`. The server does not keep the acknowledgement: the gate is the screen's.
 *   The one rule that spans questions — at most one question is live — is read from the questions'
 *   statuses (`questionStatuses`, from the questions' reports and the server's events; the live
 *   question is derived from them, `liveQuestionOf`): `host.showQuestion` is refused while another
 *   question is live. Ending asks 確定要結束遊戲嗎？ (`confirmingEnd`: nothing
 *   else can be pressed while the dialog is up), then calls (`ending`). `ended.byThisScreen` sends
 *   the screen back to the game list; `ended.closed` (ended elsewhere, or before the screen opened)
 *   stays and offers a reset. A reset after a rehearsal (`server.gameReset`) loads everything again.
 * - `rights`: who runs the game from this screen. Several screens may be open on one game and the
 *   server gives control to one (the control lease, `server.control`); `deciding` (transient) puts
 *   the screen where the last control state says: `controlling` when this screen holds control
 *   (`holding`; `handingOver` while another screen asks for it: the operator accepts or declines;
 *   `answering` while that answer, or a release, is sent), `watching` otherwise (`observing`;
 *   `asking` while its request is sent; `requesting` until the holder answers or the server grants
 *   it by timeout), `readOnly` without `triviaGame.control`. A screen without a screen id (no lease)
 *   controls whenever its admin may. Whenever the screen is not controlling, every operator step is
 *   refused and, at zero, a question's countdown waits for the server's `answerPublished` (sent by
 *   the controlling screen, or by the server 3 s past the deadline) instead of calling a step the
 *   server would refuse.
 * - `ranking`: the top 10 read again after the game loads and after each published answer.
 * - `rehearsal`: simulated players the server runs in the game (docs/venue.md, "Rehearse with
 *   simulated players"). `off` → `starting` (triviaGame/rehearsal start, only by a controlling screen
 *   before the first question is shown and while nobody has joined) → `on` → `stopping` (stop: the
 *   server deletes the bots' players and answers and puts the questions back) → `off`. The server's
 *   `server.rehearsal` (started, bots joined, ended — also when the game ends or the server restarts)
 *   and the loaded game put the region where the server says (`deciding`, transient); a call in
 *   flight keeps what the event says and waits for its own answer.
 * What the server reports (questions shown, published; players joined) is applied at the root,
 * whatever the screen is doing, so a dialog or a call in flight never misses it.
 */
import {
  and,
  assign,
  or,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  raise,
  sendParent,
  setup,
  stateIn,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate';
import { isTimed } from '../../src/domain/timed.js';
import { connectionMachine, type ConnectionClient } from '../connection/connection.machine.js';
import { errorMessage } from '../error-message.js';
import { systemTime } from './clock.js';
import { questionMachine } from '../question/question.machine.js';
import type { QuestionCallInput, QuestionEvent, QuestionStatus, ShownTiming } from '../question/types.js';
import type { ControlCallInput, ControlState, RehearsalCallInput, RehearsalState } from './types.js';
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

/** No pre-flight check run yet. */
const NO_PREFLIGHT: PreflightState = { report: null, error: null, expectedAudience: null };

const anySent = (context: GameContext) => Object.values(context.questionStatuses).some((status) => status > 0);

const notProvided = (name: string) => () => Promise.reject(new Error(`game machine: actor "${name}" not provided`));

/** The game's question logic: a question reports its status moves to the game that spawned it. */
const gameQuestion = questionMachine.provide({
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
  // The server shows one question at a time: another one shown means the previous one was
  // published meanwhile (an event this screen missed).
  if (status === 1) {
    for (const [id, other] of Object.entries(questionStatuses)) if (other === 1 && Number(id) !== questionId) questionStatuses[Number(id)] = 2;
  }
  return { questionStatuses };
}

export const gameMachine = setup({
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
      return { loaded: params.loaded, questionStatuses, error: null, rehearsal };
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
            timed: isTimed(context.loaded?.detail.type ?? 1, row.have_answering_time),
            answeringSeconds: row.answering_time,
            ...(remainingMs === undefined ? {} : { remainingMs }),
          },
        });
      }
      // The server's live question is the one live question (any other one was published meanwhile).
      if (live) return { questions, ...withStatus(questionStatuses, live.question_id, 1), counts: { questionId: live.question_id, counts: live.counts, total: live.total } };
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
      if (live) enqueue.assign({ counts: { questionId: live.question_id, counts: live.counts, total: live.total } });
    }),
    storeSnapshot: assign((_, params: { snapshot: OperatorSnapshot; receivedAt: number }) => ({
      operatorSnapshot: { value: params.snapshot, receivedAt: params.receivedAt },
      playerCount: params.snapshot.game.player_count,
    })),
    setQuestionStatus: assign(({ context }, params: { questionId: number; status: QuestionStatus }) =>
      withStatus(context.questionStatuses, params.questionId, params.status),
    ),
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
    /** One question live at a time; the question itself checks its own status. */
    noOtherQuestionLive: ({ context, event }) => {
      const live = liveQuestionOf(context.questionStatuses);
      return event.type === 'host.showQuestion' && (live === null || live === event.questionId);
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
    rightsGranted: ({ event }) => event.type === 'session.rights' && event.canControl,
    rightsWithdrawn: ({ event }) => event.type === 'session.rights' && !event.canControl,
  },
}).createMachine({
  id: 'game',
  type: 'parallel',
  context: ({ input }) => ({
    gameId: input.gameId,
    client: input.client ?? NO_CLIENT,
    screenId: input.screenId ?? null,
    control: null,
    loaded: null,
    questions: {},
    questionStatuses: {},
    playerCount: 0,
    counts: null,
    ranking: null,
    operatorSnapshot: null,
    error: null,
    preflight: NO_PREFLIGHT,
    rehearsal: { players: 0, joined: 0 },
  }),
  invoke: [
    { id: 'connection', systemId: 'connection', src: 'connection', input: ({ context }) => ({ client: context.client }) },
    {
      id: 'operatorTopic',
      systemId: 'operatorTopic',
      src: 'operatorTopic',
      input: ({ context }) => ({
        topic: `game:${context.gameId}:operator`,
        screenTopic: context.screenId === null ? null : `game:${context.gameId}:screen:${context.screenId}`,
        client: context.client,
      }),
    },
  ],
  on: {
    'question.statusChanged': {
      actions: { type: 'setQuestionStatus', params: ({ event }) => ({ questionId: event.questionId, status: event.status }) },
    },
    'server.snapshot': [
      {
        guard: { type: 'snapshotSaysEnded', params: ({ event }) => ({ snapshot: event.snapshot }) },
        actions: [{ type: 'storeSnapshot', params: ({ event }) => event }, 'applySnapshot', raise({ type: 'server.gameEnded' })],
      },
      { actions: [{ type: 'storeSnapshot', params: ({ event }) => event }, 'applySnapshot'] },
    ],
    'server.questionShown': {
      actions: [
        { type: 'setQuestionStatus', params: ({ event }) => ({ questionId: event.questionId, status: 1 }) },
        {
          type: 'forwardToQuestion',
          params: ({ event }) => ({
            questionId: event.questionId,
            event: { type: 'server.questionShown', deadline: event.deadline, serverTime: event.serverTime },
          }),
        },
        { type: 'setCounts', params: ({ event }) => ({ questionId: event.questionId, counts: {}, total: 0 }) },
      ],
    },
    'server.answerCount': { actions: { type: 'setCounts', params: ({ event }) => event } },
    'server.answerPublished': {
      actions: [
        { type: 'setQuestionStatus', params: ({ event }) => ({ questionId: event.questionId, status: 2 }) },
        { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'server.answerPublished' } }) },
        { type: 'setCounts', params: ({ event }) => event },
        'refreshRanking',
      ],
    },
    'server.rankingPublished': {
      actions: [
        { type: 'setRanking', params: ({ event }) => ({ ranking: event.ranking }) },
        enqueueActions(({ event, enqueue }) => {
          if (event.questionId === null) return;
          enqueue({ type: 'setQuestionStatus', params: { questionId: event.questionId, status: 3 } });
          enqueue({ type: 'forwardToQuestion', params: { questionId: event.questionId, event: { type: 'server.rankingPublished' } } });
        }),
      ],
    },
    'server.playerJoined': { actions: { type: 'setPlayerCount', params: ({ event }) => ({ count: event.count }) } },
  },
  states: {
    flow: {
      initial: 'loading',
      on: {
        'server.gameEnded': { target: '.ended' },
        'server.gameReset': { target: '.loading', actions: ['stopQuestions', 'forgetGame'] },
      },
      states: {
        loading: {
          tags: 'busy',
          // The game is loaded all the same (the screen shows an ended game); the snapshot says it is over.
          on: { 'server.gameEnded': { description: 'Ended while loading: shown once loaded.' } },
          invoke: {
            id: 'loadGame',
            src: 'loadGame',
            input: ({ context }) => ({ gameId: context.gameId }),
            onDone: { target: 'synchronizing', actions: [{ type: 'storeLoaded', params: ({ event }) => ({ loaded: event.output }) }, raise({ type: 'rehearsal.loaded' })] },
            onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
          },
        },
        loadFailed: {
          on: { 'host.retry': { target: 'loading', actions: 'clearError' } },
        },
        synchronizing: {
          description: 'Loaded; the questions start once the operator snapshot says which one is on screen (or after a wait).',
          tags: 'busy',
          always: { guard: 'hasSnapshot', target: 'started' },
          after: { snapshotWait: { target: 'started' } },
        },
        started: {
          description: 'Spawns one question actor per question, then goes where the stored game is.',
          entry: ['spawnQuestions', 'refreshRanking'],
          always: [{ guard: 'isEnded', target: 'ended' }, { target: 'open' }],
        },
        open: {
          description: 'Enabled: questions are shown one at a time.',
          tags: 'open',
          initial: 'ready',
          on: {
            'host.showQuestion': {
              guard: and(['controlling', 'preflightPassed', 'noOtherQuestionLive']),
              actions: [{ type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.showQuestion' } }) }, 'clearError'],
            },
            'host.publishNow': { guard: 'controlling', actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.publishNow' } }) } },
            'host.confirmPublish': { guard: 'controlling', actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.confirm' } }) } },
            'host.cancelPublish': { actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.cancel' } }) } },
            'host.publishRanking': { guard: 'controlling', actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.publishRanking' } }) } },
            'host.retryPublish': { guard: 'controlling', actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.retry' } }) } },
            'host.endGame': { guard: 'controlling', target: 'confirmingEnd', actions: 'clearError' },
          },
          states: {
            ready: {
              description: 'No question shown yet: the pre-flight check gates the first one.',
              always: { guard: 'anyQuestionSent', target: 'running' },
              initial: 'unchecked',
              on: {
                'host.runPreflight': {
                  guard: 'controlling',
                  target: '.checking',
                  actions: { type: 'setExpectedAudience', params: ({ event }) => ({ expectedAudience: event.expectedAudience }) },
                },
              },
              states: {
                unchecked: {
                  description: 'Not checked: a controlling screen checks at once; a watching one waits for the rights.',
                  always: { guard: 'controlling', target: 'checking' },
                },
                checking: {
                  description: 'The pre-flight check (triviaGame/preflight) is in flight.',
                  invoke: {
                    id: 'runPreflight',
                    src: 'runPreflight',
                    input: ({ context }) => ({ gameId: context.gameId, expectedAudience: context.preflight.expectedAudience }),
                    onDone: [
                      {
                        guard: { type: 'preflightBlocked', params: ({ event }) => ({ report: event.output }) },
                        target: 'reviewing',
                        actions: { type: 'storePreflight', params: ({ event }) => ({ report: event.output }) },
                      },
                      { target: 'cleared', actions: { type: 'storePreflight', params: ({ event }) => ({ report: event.output }) } },
                    ],
                    onError: { target: 'checkFailed', actions: { type: 'preflightFailed', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
                  },
                },
                reviewing: {
                  description: 'Blocking problems listed: acknowledged to start anyway, or fixed and checked again.',
                  on: { 'host.acknowledgePreflight': { guard: 'controlling', target: 'cleared' } },
                },
                checkFailed: {
                  description: 'The check could not run: checked again, or acknowledged to start without it.',
                  on: { 'host.acknowledgePreflight': { guard: 'controlling', target: 'cleared' } },
                },
                cleared: { description: 'Nothing blocks (or the operator acknowledged it): the first question may be shown.' },
              },
            },
            running: { description: 'Under way: a question was shown.' },
          },
        },
        confirmingEnd: {
          description: 'The dialog asks 確定要結束遊戲嗎？',
          on: {
            'host.confirm': { target: 'ending' },
            'host.cancel': { target: 'open' },
          },
        },
        ending: {
          description: 'The end-game call (gameFlow 5) is in flight.',
          tags: 'busy',
          invoke: {
            id: 'endGame',
            src: 'endGame',
            input: ({ context }) => ({ gameId: context.gameId }),
            onDone: { target: 'ended.byThisScreen' },
            onError: { target: 'open', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
          },
          on: { 'server.gameEnded': { target: 'ended.byThisScreen' } },
        },
        ended: {
          description: 'Status 0: the game is over.',
          initial: 'closed',
          on: { 'server.gameEnded': { description: 'Already over.' } },
          states: {
            closed: { description: 'Over before this screen opened, or ended on another screen: the screen stays and offers a reset.' },
            byThisScreen: { description: 'Ended here: the control screen returns to the game list.' },
          },
        },
      },
    },
    rights: {
      initial: 'deciding',
      on: { 'server.control': { target: '.deciding', actions: { type: 'storeControl', params: ({ event }) => ({ control: event.control }) } } },
      states: {
        deciding: {
          description: 'Where the last control state puts this screen (transient).',
          always: [
            { guard: 'withoutLease', target: 'controlling' },
            { guard: 'holdsControl', target: 'controlling' },
            { guard: 'asksForControl', target: 'watching.requesting' },
            { target: 'watching' },
          ],
        },
        controlling: {
          description: 'This screen runs the game: the steps are its own.',
          initial: 'holding',
          on: { 'session.rights': { guard: 'rightsWithdrawn', target: 'readOnly' } },
          states: {
            holding: {
              description: 'Holds control.',
              always: { guard: 'askedForControl', target: 'handingOver' },
              on: { 'host.releaseControl': { guard: not('withoutLease'), target: 'answering' } },
            },
            handingOver: {
              description: 'Another screen asks for control: the operator accepts (hands it over) or declines.',
              // No release here: the screen offers hand over or keep (src/app/features/live/components/control-bar.tsx).
              on: { 'host.acceptControl': 'answering', 'host.declineControl': 'answering' },
            },
            answering: {
              description: 'The answer to the request (or the release) is being sent (triviaGame/control).',
              tags: 'busy',
              on: { 'server.control': { actions: { type: 'storeControl', params: ({ event }) => ({ control: event.control }) } } },
              invoke: {
                id: 'controlCall',
                src: 'controlCall',
                input: ({ context, event }) => ({
                  gameId: context.gameId,
                  screenId: context.screenId ?? '',
                  action: event.type === 'host.acceptControl' ? 'accept' : event.type === 'host.declineControl' ? 'decline' : 'release',
                }),
                onDone: { target: '#game.rights.deciding', actions: { type: 'storeControl', params: ({ event }) => ({ control: event.output }) } },
                onError: { target: '#game.rights.deciding', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
              },
            },
          },
        },
        watching: {
          description: 'Another screen holds control (or nobody does): this one watches and may ask for it.',
          initial: 'observing',
          on: { 'session.rights': { guard: 'rightsWithdrawn', target: 'readOnly' } },
          states: {
            observing: {
              description: 'Watches; the operator may request control.',
              on: { 'host.requestControl': { target: 'asking', actions: 'clearError' } },
            },
            asking: {
              description: 'The request is being sent (triviaGame/control): granted at once when nobody holds control.',
              tags: 'busy',
              on: { 'server.control': { actions: { type: 'storeControl', params: ({ event }) => ({ control: event.control }) } } },
              invoke: {
                id: 'controlCall',
                src: 'controlCall',
                input: ({ context }) => ({ gameId: context.gameId, screenId: context.screenId ?? '', action: 'request' as const }),
                onDone: { target: '#game.rights.deciding', actions: { type: 'storeControl', params: ({ event }) => ({ control: event.output }) } },
                onError: { target: '#game.rights.deciding', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
              },
            },
            requesting: {
              description: 'Asked: the holder accepts or declines, or the server grants it once the holder has been gone long enough.',
            },
          },
        },
        readOnly: {
          description: 'Without triviaGame.control: the screen only watches.',
          on: {
            'server.control': { actions: { type: 'storeControl', params: ({ event }) => ({ control: event.control }) } },
            'session.rights': { guard: 'rightsGranted', target: 'deciding' },
          },
        },
      },
    },
    rehearsal: {
      initial: 'off',
      on: {
        'server.rehearsal': { target: '.deciding', actions: { type: 'storeRehearsal', params: ({ event }) => ({ rehearsal: event.rehearsal }) } },
        'rehearsal.loaded': { target: '.deciding' },
      },
      states: {
        deciding: {
          description: 'Where the last rehearsal state puts this screen (transient).',
          always: [{ guard: 'rehearsing', target: 'on' }, { target: 'off' }],
        },
        off: {
          description: 'No rehearsal: a controlling screen may start one before the first question, while nobody has joined.',
          on: { 'host.startRehearsal': { guard: and(['controlling', 'mayRehearse']), target: 'starting', actions: 'clearError' } },
        },
        starting: {
          description: 'The start (triviaGame/rehearsal) is in flight.',
          on: {
            'server.rehearsal': { actions: { type: 'storeRehearsal', params: ({ event }) => ({ rehearsal: event.rehearsal }) } },
            'rehearsal.loaded': { description: 'The call answers.' },
          },
          invoke: {
            id: 'rehearsalCall',
            src: 'rehearsalCall',
            input: ({ context, event }) => ({
              gameId: context.gameId,
              screenId: context.screenId,
              action: 'start' as const,
              players: event.type === 'host.startRehearsal' ? event.players : 0,
            }),
            onDone: { target: 'deciding', actions: { type: 'storeStartAnswer', params: ({ event }) => ({ rehearsal: event.output }) } },
            onError: { target: 'deciding', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
          },
        },
        on: {
          description: 'Simulated players are in the game: the banner says so; the operator runs the show as for real.',
          on: { 'host.stopRehearsal': { guard: 'controlling', target: 'stopping', actions: 'clearError' } },
        },
        stopping: {
          description: 'The stop (triviaGame/rehearsal) is in flight: the bots leave, their players and answers are deleted.',
          on: {
            'server.rehearsal': { actions: { type: 'storeRehearsal', params: ({ event }) => ({ rehearsal: event.rehearsal }) } },
            'rehearsal.loaded': { description: 'The call answers.' },
          },
          invoke: {
            id: 'rehearsalCall',
            src: 'rehearsalCall',
            input: ({ context }) => ({ gameId: context.gameId, screenId: context.screenId, action: 'stop' as const }),
            onDone: { target: 'deciding', actions: { type: 'storeRehearsal', params: ({ event }) => ({ rehearsal: event.output }) } },
            onError: { target: 'deciding', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
          },
        },
      },
    },
    ranking: {
      initial: 'idle',
      states: {
        idle: { on: { 'ranking.refresh': 'loading' } },
        loading: {
          invoke: {
            id: 'loadRanking',
            src: 'loadRanking',
            input: ({ context }) => ({ gameId: context.gameId }),
            onDone: { target: 'idle', actions: { type: 'setRanking', params: ({ event }) => ({ ranking: event.output }) } },
            // Shown by the API client; the panel keeps the last ranking.
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});

export type GameMachine = typeof gameMachine;
export type GameSnapshot = SnapshotFrom<typeof gameMachine>;
export type GameActorRef = ActorRefFrom<typeof gameMachine>;
export type * from './types.js';

/** No realtime client (the server's pure step checks, a test without one): never connects. */
export const NO_CLIENT: ConnectionClient = {
  status: 'idle',
  onStatus: () => () => undefined,
  onRejected: () => () => undefined,
  retain: () => () => undefined,
  retryNow: () => undefined,
};

/** Whether the game in `system` only watches (another screen holds control, or its admin lacks `triviaGame.control`). */
function watching(system: { get(id: string): AnyActorRef | undefined }): boolean {
  const game: GameActorRef | undefined = system.get('game');
  return game ? !game.getSnapshot().matches({ rights: 'controlling' }) : false;
}

/** The calls of the control screen (POST /triviaGame/...), and its connection to the operator topic. */
export interface GameCalls {
  /** Each call gets the actor's abort signal (aborted when the state that runs it is left). */
  loadGame(input: GameInput, signal: AbortSignal): Promise<LoadedGame>;
  endGame(input: GameInput, signal: AbortSignal): Promise<unknown>;
  loadRanking(input: GameInput, signal: AbortSignal): Promise<Ranking>;
  /** The pre-flight check; without it the check finds nothing (a screen that does not check). */
  runPreflight?(input: PreflightInput, signal: AbortSignal): Promise<PreflightReport>;
  showQuestion(input: QuestionCallInput, signal: AbortSignal): Promise<ShownTiming>;
  publishAnswer(input: QuestionCallInput, signal: AbortSignal): Promise<unknown>;
  publishRanking(input: QuestionCallInput, signal: AbortSignal): Promise<unknown>;
  /** A callback actor on the operator topic (input OperatorTopicInput): sends `server.*` game events to the game. */
  operatorTopic: AnyActorLogic;
  /** triviaGame/control (a screen with a screen id). */
  controlCall?(input: ControlCallInput, signal: AbortSignal): Promise<ControlState>;
  /** triviaGame/rehearsal (start or stop the simulated players). */
  rehearsalCall?(input: RehearsalCallInput, signal: AbortSignal): Promise<RehearsalState>;
}

/**
 * The game machine with the screen's calls: the root's own and each question's. Start it with
 * `systemId: 'game'` (a watching game's question finds the rights there).
 */
export function provideGame(calls: GameCalls) {
  return gameMachine.provide({
    actors: {
      loadGame: fromPromise<LoadedGame, GameInput>(({ input, signal }) => calls.loadGame(input, signal)),
      endGame: fromPromise<unknown, GameInput>(({ input, signal }) => calls.endGame(input, signal)),
      loadRanking: fromPromise<Ranking, GameInput>(({ input, signal }) => calls.loadRanking(input, signal)),
      runPreflight: fromPromise<PreflightReport, PreflightInput>(({ input, signal }) =>
        calls.runPreflight ? calls.runPreflight(input, signal) : Promise.resolve({ problems: [], blocking: 0, warnings: 0, checked_at: new Date().toISOString() }),
      ),
      operatorTopic: calls.operatorTopic as never,
      controlCall: fromPromise<ControlState, ControlCallInput>(({ input, signal }) =>
        calls.controlCall ? calls.controlCall(input, signal) : Promise.reject(new Error('game machine: controlCall not provided')),
      ),
      rehearsalCall: fromPromise<RehearsalState, RehearsalCallInput>(({ input, signal }) =>
        calls.rehearsalCall ? calls.rehearsalCall(input, signal) : Promise.reject(new Error('game machine: rehearsalCall not provided')),
      ),
      question: gameQuestion.provide({
        actors: {
          showQuestion: fromPromise<ShownTiming, QuestionCallInput>(({ input, signal }) => calls.showQuestion(input, signal)),
          publishAnswer: fromPromise<unknown, QuestionCallInput>(({ input, signal, system }) =>
            watching(system) ? new Promise<never>(() => undefined) : calls.publishAnswer(input, signal),
          ),
          publishRanking: fromPromise<unknown, QuestionCallInput>(({ input, signal }) => calls.publishRanking(input, signal)),
        },
      }),
    },
  });
}
