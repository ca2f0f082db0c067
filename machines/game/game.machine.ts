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
 *   └── loadGame / endGame / loadRanking / autopilotCall / stageMessageCall: the game's calls
 * Every operator step is an event to this root (`host.*`), forwarded to the question it names; the
 * server's events reach the root and the root hands each question its own. The calls are injected
 * with `.provide()` (`provideGame`): the chart imports no API client.
 *
 * Why the chart has this shape: six regions, all active at once, each in its own module with the
 * reasons it is as it is —
 * - `flow` (flow.ts): loading the game, the pre-flight gate, one question live at a time, ending it;
 * - `rights` (rights.ts): who runs the game from this screen (the control lease, the admin's rights);
 *   a screen that is not controlling has every operator step refused;
 * - `rehearsal` (rehearsal.ts): the server's simulated players, started and stopped from here;
 * - `autopilot` and `stage` (autopilot-region.ts): the server's autopilot, paused and resumed from
 *   here, and the title card put up on the display and the phones;
 * - `ranking` (below): the top 10 read again after the game loads and after each published answer.
 * The setup (types, calls, actions, guards) is setup.ts.
 * What the server reports (questions shown, published; players joined) is applied at the root,
 * whatever the screen is doing, so a dialog or a call in flight never misses it.
 */
import { enqueueActions, fromPromise, raise, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { QuestionCallInput, ShownTiming } from '../question/types.js';
import { autopilotRegion, stageRegion } from './autopilot-region.js';
import { flowRegion } from './flow.js';
import { rehearsalRegion } from './rehearsal.js';
import { rightsRegion } from './rights.js';
import { gameQuestion, gameSetup, NO_CLIENT, NO_PREFLIGHT } from './setup.js';
import type { AutopilotCallInput, AutopilotState, ControlCallInput, ControlState, RehearsalCallInput, RehearsalState, StageMessageCallInput, StageMessageData } from './types.js';
import type { GameInput, LoadedGame, PreflightInput, PreflightReport, Ranking } from './types.js';

export { liveQuestionOf, NO_CLIENT, questionSystemId, SNAPSHOT_WAIT_MS } from './setup.js';

export const gameMachine = gameSetup.createMachine({
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
    currentQuestionId: null,
    autopilot: null,
    stageMessage: null,
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
        actions: [{ type: 'storeSnapshot', params: ({ event }) => event }, 'applySnapshot', raise({ type: 'autopilot.stored' }), raise({ type: 'server.gameEnded' })],
      },
      { actions: [{ type: 'storeSnapshot', params: ({ event }) => event }, 'applySnapshot', raise({ type: 'autopilot.stored' })] },
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
        'clearStageMessage',
      ],
    },
    'server.stageMessage': { actions: { type: 'storeStageMessage', params: ({ event }) => ({ message: event.message }) } },
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
    flow: flowRegion,
    rights: rightsRegion,
    rehearsal: rehearsalRegion,
    autopilot: autopilotRegion,
    stage: stageRegion,
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
  /** triviaGame/autopilot (pause or resume the autopilot). */
  autopilotCall?(input: AutopilotCallInput, signal: AbortSignal): Promise<AutopilotState>;
  /** triviaGame/stageMessage (put a title card up, or take it off). */
  stageMessageCall?(input: StageMessageCallInput, signal: AbortSignal): Promise<StageMessageData>;
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
      autopilotCall: fromPromise<AutopilotState, AutopilotCallInput>(({ input, signal }) =>
        calls.autopilotCall ? calls.autopilotCall(input, signal) : Promise.reject(new Error('game machine: autopilotCall not provided')),
      ),
      stageMessageCall: fromPromise<StageMessageData, StageMessageCallInput>(({ input, signal }) =>
        calls.stageMessageCall ? calls.stageMessageCall(input, signal) : Promise.reject(new Error('game machine: stageMessageCall not provided')),
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
