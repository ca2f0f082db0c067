/**
 * The player chart's named implementations, as XState's `setup()` declares them: the types, the
 * injected calls and the live link's children, the delays (the countdown's `tick`, the pending
 * answer's backoff, `offline`'s own retry), the actions (injected storage, no-ops until provided,
 * and the context updates) and the guards (how an error or a view of POST /state is read). The
 * chart itself, and why it has its shape, is player.machine.ts; this module only says what each name
 * does. Pure: no fetch, no storage, no React.
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, stateIn, stopChild } from 'xstate';
import { msAtNextChange, msToNextChange } from '../../src/domain/clock.js';
import { kindLabelOf } from '../../src/domain/question-kinds/labels.js';
import { connectionMachine } from '../connection/connection.machine.js';
import type {
  AnswerInput,
  AnswerParts,
  AnswerOutput,
  GameEventsInput,
  JoinedEndedGame,
  PendingAnswer,
  JoinInput,
  JoinOutput,
  PlayerContext,
  PlayerEvent,
  PlayerInput,
  PlayerView,
  PublicQuestion,
  RejectedToken,
  TokenInput,
  Unreachable,
  Votes,
} from './types.js';

const isRejectedToken = (error: unknown): error is RejectedToken =>
  typeof error === 'object' && error !== null && (error as Partial<RejectedToken>).tokenRejected === true;
const isUnreachable = (error: unknown): error is Unreachable => typeof error === 'object' && error !== null && (error as Partial<Unreachable>).unreachable === true;
const isEndedGame = (error: unknown): error is JoinedEndedGame =>
  typeof error === 'object' && error !== null && (error as Partial<JoinedEndedGame>).gameEnded === true && !!(error as JoinedEndedGame).game;

/** The wait before the next attempt to deliver a pending answer: 2 s, doubling, at most 30 s. */
export const pendingRetryMs = (attempts: number) => Math.min(30_000, 2_000 * 2 ** Math.max(0, attempts - 1));

/** How long `offline` waits before reading the state again by itself. */
export const OFFLINE_RETRY_MS = 3_000;

/** The parts of an answer that were given (choices, text or value), none of the absent ones. */
export function answerParts(answer: AnswerParts | null | undefined): AnswerParts {
  if (!answer) return { choices: [] };
  const parts: AnswerParts = {};
  if (answer.choices !== undefined) parts.choices = answer.choices;
  if (answer.text !== undefined) parts.text = answer.text;
  if (answer.value !== undefined) parts.value = answer.value;
  return parts;
}

/** What a view means for this phone's screen. */
const viewQuestion = (view: PlayerView | null) => view?.question ?? null;

const notProvided = (name: string) => () => Promise.reject(new Error(`player machine: actor "${name}" not provided`));

export const playerSetup = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
    tags: {} as 'busy' | 'inGame',
    children: {} as { join: 'join'; loadState: 'loadState'; submitAnswer: 'submitAnswer'; deliverAnswer: 'submitAnswer'; connection: 'connection'; gameEvents: 'gameEvents' },
  },
  actors: {
    /** POST /api/play/join. */
    join: fromPromise<JoinOutput, JoinInput>(notProvided('join')),
    /** POST /api/play/state; rejects with a RejectedToken when the server does not know the token. */
    loadState: fromPromise<PlayerView, TokenInput>(notProvided('loadState')),
    /** POST /api/play/answer; resolves once the server stored the answer. */
    submitAnswer: fromPromise<AnswerOutput, AnswerInput>(notProvided('submitAnswer')),
    /** The page's realtime connection (machines/connection). */
    connection: connectionMachine,
    /** The game's public topic on the page's client: sends `server.*` and `connection.*` events here. */
    gameEvents: fromCallback<PlayerEvent, GameEventsInput>(() => undefined),
  },
  delays: {
    tick: ({ context }) => msToNextChange(context.remainingMs ?? 0),
    pendingRetry: ({ context }) => pendingRetryMs(context.pendingAttempts),
    offlineRetry: OFFLINE_RETRY_MS,
  },
  actions: {
    /** Injected: keeps the token in local storage (null removes it). */
    storeToken: (_, _params: { token: string | null }) => {},
    /** Injected: keeps the pending answer in local storage with the token (null removes it). */
    storePending: (_, _params: { pending: PendingAnswer | null }) => {},
    keepPending: assign(({ context }, params: { answer: AnswerParts; tappedAt: number }) => ({
      pending: { questionId: context.view?.question?.question.id ?? 0, ...answerParts(params.answer), tappedAt: params.tappedAt },
      pendingAttempts: 0,
      refusal: null,
    })),
    dropPending: assign({ pending: null, pendingAttempts: 0 }),
    countAttempt: assign(({ context }) => ({ pendingAttempts: context.pendingAttempts + 1 })),
    setRefusal: assign(({ context }, params: { message: string }) => ({
      refusal: context.pending ? { message: params.message, tappedAt: context.pending.tappedAt } : null,
    })),
    setEndedGame: assign((_, params: { error: JoinedEndedGame }) => ({ endedGame: params.error.game, error: null })),
    clearEndedGame: assign({ endedGame: null }),
    joined: assign((_, params: JoinOutput) => ({ token: params.token, player: params.player, error: null })),
    forgetToken: assign({ token: null, player: null, view: null }),
    applyView: assign(({ context }, params: { view: PlayerView }) => {
      const question = params.view.question;
      const remainingMs = question && question.status === 1 && question.deadline !== null ? Math.max(0, question.deadline - params.view.serverTime) : null;
      // Until a measured clock says better (setClockOffset): the server's time as it answered.
      return { view: params.view, remainingMs, endsAt: context.now && remainingMs !== null ? context.now() + remainingMs : null, error: null };
    }),
    applyShown: assign(({ context }, params: { question: PublicQuestion; deadline: number | null; receivedAt: number }) => {
      const base: PlayerView = context.view ?? { serverTime: 0, gameEnded: false, question: null, myAnswer: null, score: 0, levelReached: null, rank: null };
      const view: PlayerView = {
        ...base,
        question: { question: params.question, status: 1, deadline: params.deadline, canAnswer: true, answer: null },
        myAnswer: null,
      };
      const remainingMs = params.deadline === null ? null : Math.max(0, params.deadline - (params.receivedAt + context.clockOffsetMs));
      const endsAt = context.now && params.deadline !== null ? params.deadline - context.clockOffsetMs : null;
      return { view, remainingMs, endsAt, error: null, refusal: null, votes: null };
    }),
    recordAnswer: assign(({ context }, params: AnswerOutput) => ({
      view: context.view && {
        ...context.view,
        myAnswer: { choices: params.choices, text: params.text ?? null, value: params.value ?? null, correct: null, points: null, elapsedMs: params.elapsedMs },
      },
      error: null,
    })),
    /** The next second: read from when the countdown ends on this phone's clock (`now`), else one step down. */
    tickDown: assign(({ context }) => ({
      remainingMs:
        context.remainingMs === null ? null : context.now && context.endsAt !== null ? Math.max(0, context.endsAt - context.now()) : msAtNextChange(context.remainingMs),
    })),
    /**
     * A measured offset also moves a running countdown's end to the server's deadline on this clock
     * (a reload starts from the server's time as it answered, its time in flight ignored); the next
     * tick reads it.
     */
    setClockOffset: assign(({ context }, params: { offsetMs: number; measured: boolean }) => {
      const deadline = context.view?.question?.deadline ?? null;
      const moves = params.measured && context.now && context.endsAt !== null && deadline !== null;
      return { clockOffsetMs: params.offsetMs, ...(moves ? { endsAt: deadline - params.offsetMs } : {}) };
    }),
    /** The live link of the phone's token: the game's events, then the connection (which starts the client). */
    openLink: enqueueActions(({ context, enqueue, self }) => {
      if (!context.client || !context.token) return;
      enqueue.spawnChild('gameEvents', { id: 'gameEvents', input: { token: context.token, view: () => self.getSnapshot().context.view } });
      enqueue.spawnChild('connection', { id: 'connection', systemId: 'connection', input: { client: context.client } });
    }),
    closeLink: enqueueActions(({ enqueue }) => {
      enqueue(stopChild('connection'));
      enqueue(stopChild('gameEvents'));
    }),
    setPlayerCount: assign((_, params: { count: number }) => ({ playerCount: params.count })),
    /** The votes published with an answer (when the event carries them), kept beside the view /state reads. */
    keepVotes: assign(({ context }, params: { questionId: number; votes: Votes | undefined }) => ({
      votes: params.votes ? { questionId: params.questionId, counts: params.votes.counts, total: params.votes.total } : context.votes,
    })),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    unreachable: (_, params: { error: unknown }) => isUnreachable(params.error),
    joinGameEnded: (_, params: { error: unknown }) => isEndedGame(params.error),
    /** A pending answer the view does not show stored: the server has not decided it (or said so). */
    pendingToDeliver: ({ context }, params: { view: PlayerView }) => {
      const pending = context.pending;
      if (!pending) return false;
      return !(params.view.question?.question.id === pending.questionId && params.view.myAnswer !== null);
    },
    tokenRejected: (_, params: { error: unknown }) => isRejectedToken(params.error),
    viewEnded: (_, params: { view: PlayerView }) => params.view.gameEnded,
    viewCanAnswer: (_, params: { view: PlayerView }) => {
      const q = viewQuestion(params.view);
      return !!q && q.status === 1 && q.canAnswer && params.view.myAnswer === null && kindLabelOf(q.question.questionType).answerable;
    },
    viewAnswered: (_, params: { view: PlayerView }) => viewQuestion(params.view)?.status === 1 && params.view.myAnswer !== null,
    viewLive: (_, params: { view: PlayerView }) => viewQuestion(params.view)?.status === 1,
    viewRanked: (_, params: { view: PlayerView }) => {
      const q = viewQuestion(params.view);
      return !!q && q.status >= 2 && params.view.rank !== null && params.view.rank.questionId === q.question.id;
    },
    viewRevealed: (_, params: { view: PlayerView }) => (viewQuestion(params.view)?.status ?? 0) >= 2,
    /**
     * A question this phone answers: one of a kind that is answered (a content slide is not), and in a
     * level game of a level the player reached.
     */
    mayAnswer: ({ context }, params: { question: PublicQuestion }) => {
      if (!kindLabelOf(params.question.questionType).answerable) return false;
      const reached = context.view?.levelReached ?? null;
      return params.question.level === null || reached === null || params.question.level <= reached;
    },
    isUntimed: ({ context }) => context.remainingMs === null,
    timeIsUp: ({ context }) => context.remainingMs !== null && context.remainingMs <= 0,
    stillChoosing: stateIn('#player.inGame.answering.form.choosing'),
    countdownExpired: stateIn('#player.inGame.answering.countdown.expired'),
    isCurrentQuestion: ({ context }, params: { questionId: number | null }) =>
      params.questionId === null || context.view?.question?.question.id === params.questionId,
  },
});
