/**
 * The game statechart: a live game as the control screen holds it, and the game-level half of the
 * rules the server checks every game-flow step against (machines/game/steps.ts).
 * Pure; the two calls (load the game, end it) and the hand-over of a show request to the question's
 * own actor are injected with `.provide()`.
 *
 * Why the chart has this shape:
 * - `loading` / `loadFailed`: the control screen opens on a game id; nothing can be pressed until the
 *   game and its questions' statuses are known.
 * - `open` (the game is enabled) holds `ready` and `running`, which accept the same steps: they
 *   differ in what an operator sees — nothing happened yet, or the game is under way — and a game
 *   reloaded after any question left status 0 resumes in `running`.
 * - The game does not run the questions' calls: each question has its own actor (question.machine)
 *   for its button and its countdown. The game keeps the one rule that spans questions — at most one
 *   question is live — as data (`liveQuestionId`, from the questions' reports and the server's
 *   events), and refuses `host.showQuestion` while another question is live.
 * - Ending asks 確定要結束遊戲嗎？ (`confirmingEnd`, outside `open`: nothing else can be pressed while
 *   the dialog is up), then calls (`ending`). `ended` is final: the control screen goes back to the
 *   game list; the server ending the game (another screen) lands here too.
 * - What the server reports (questions shown, published; players joined) is applied at the root,
 *   whatever the screen is doing, so a dialog or a call in flight never misses it.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../error-message.js';
import type { QuestionStatus } from '../question/types.js';
import type { GameContext, GameEvent, GameInput, LoadedGame } from './types.js';

/** The question in status 1, if any. */
export function liveQuestionOf(statuses: Record<number, QuestionStatus>): number | null {
  for (const [id, status] of Object.entries(statuses)) if (status === 1) return Number(id);
  return null;
}

const anySent = (context: GameContext) => Object.values(context.questionStatuses).some((status) => status > 0);

const notProvided = (name: string) => () => Promise.reject(new Error(`game machine: actor "${name}" not provided`));

export const gameMachine = setup({
  types: {
    context: {} as GameContext,
    events: {} as GameEvent,
    input: {} as GameInput,
    tags: {} as 'busy' | 'open',
    children: {} as { loadGame: 'loadGame'; endGame: 'endGame' },
  },
  actors: {
    /** triviaGame/detail + question/list (all pages) + the operator snapshot's player count. */
    loadGame: fromPromise<LoadedGame, GameInput>(notProvided('loadGame')),
    /** gameFlow type 5. */
    endGame: fromPromise<unknown, GameInput>(notProvided('endGame')),
  },
  actions: {
    /** Injected: hands the show request to the question's own actor. */
    forwardShow: (_, _params: { questionId: number }) => {},
    applyLoaded: assign((_, params: { loaded: LoadedGame }) => {
      const questionStatuses = Object.fromEntries(params.loaded.questions.map((q) => [q.id, q.status]));
      return { questionStatuses, liveQuestionId: liveQuestionOf(questionStatuses), playerCount: params.loaded.playerCount, error: null };
    }),
    setQuestionStatus: assign(({ context }, params: { questionId: number; status: QuestionStatus }) => {
      // Statuses only move forward (0 → 1 → 2 → 3): a late or repeated report never undoes a step.
      const status = Math.max(context.questionStatuses[params.questionId] ?? 0, params.status) as QuestionStatus;
      const questionStatuses = { ...context.questionStatuses, [params.questionId]: status };
      // The server shows one question at a time: another one shown means the previous one was
      // published meanwhile (an event this screen missed).
      if (status === 1) {
        for (const [id, other] of Object.entries(questionStatuses)) if (other === 1 && Number(id) !== params.questionId) questionStatuses[Number(id)] = 2;
      }
      return { questionStatuses, liveQuestionId: liveQuestionOf(questionStatuses) };
    }),
    setPlayerCount: assign((_, params: { count: number }) => ({ playerCount: params.count })),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
  },
  guards: {
    isEnded: (_, params: { loaded: LoadedGame }) => params.loaded.status === 0,
    anyQuestionSent: ({ context }) => anySent(context),
    /** One question live at a time; the question itself checks its own status. */
    noOtherQuestionLive: ({ context }, params: { questionId: number }) =>
      context.liveQuestionId === null || context.liveQuestionId === params.questionId,
  },
}).createMachine({
  id: 'game',
  context: ({ input }) => ({ gameId: input.gameId, questionStatuses: {}, liveQuestionId: null, playerCount: 0, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadGame',
        src: 'loadGame',
        input: ({ context }) => ({ gameId: context.gameId }),
        onDone: [
          {
            guard: { type: 'isEnded', params: ({ event }) => ({ loaded: event.output }) },
            target: 'ended',
            actions: { type: 'applyLoaded', params: ({ event }) => ({ loaded: event.output }) },
          },
          { target: 'open', actions: { type: 'applyLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
      },
    },
    loadFailed: {
      on: { 'host.retry': { target: 'loading', actions: 'clearError' } },
    },
    open: {
      description: 'Enabled: questions are shown one at a time.',
      tags: 'open',
      initial: 'ready',
      on: {
        'host.showQuestion': {
          guard: { type: 'noOtherQuestionLive', params: ({ event }) => ({ questionId: event.questionId }) },
          actions: [{ type: 'forwardShow', params: ({ event }) => ({ questionId: event.questionId }) }, 'clearError'],
        },
        'host.endGame': { target: 'confirmingEnd', actions: 'clearError' },
      },
      states: {
        ready: {
          description: 'No question shown yet.',
          always: { guard: 'anyQuestionSent', target: 'running' },
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
        onDone: { target: 'ended' },
        onError: { target: 'open', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
      },
    },
    ended: {
      description: 'Status 0: the game is over; the control screen returns to the game list.',
      type: 'final',
    },
  },
  on: {
    'question.statusChanged': {
      actions: { type: 'setQuestionStatus', params: ({ event }) => ({ questionId: event.questionId, status: event.status }) },
    },
    'server.questionShown': { actions: { type: 'setQuestionStatus', params: ({ event }) => ({ questionId: event.questionId, status: 1 }) } },
    'server.answerPublished': { actions: { type: 'setQuestionStatus', params: ({ event }) => ({ questionId: event.questionId, status: 2 }) } },
    'server.rankingPublished': { actions: { type: 'setQuestionStatus', params: ({ event }) => ({ questionId: event.questionId, status: 3 }) } },
    'server.playerJoined': { actions: { type: 'setPlayerCount', params: ({ event }) => ({ count: event.count }) } },
    'server.gameEnded': { target: '.ended' },
  },
});

export type GameMachine = typeof gameMachine;
export type GameSnapshot = SnapshotFrom<typeof gameMachine>;
export type GameActorRef = ActorRefFrom<typeof gameMachine>;
export type * from './types.js';
