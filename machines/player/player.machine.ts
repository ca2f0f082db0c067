/**
 * The player statechart: one phone through a live game, from joining with the PIN to the end.
 * Pure; the calls (join, read the player's state, send an answer) and storing the token are injected
 * with `.provide()`; time is the named delay `tick`, run by the actor's clock.
 *
 * Why the chart has this shape:
 * - The server is the authority: whenever the phone may have missed something — after
 *   joining, on a reload, after a reconnect, after an answer or ranking was published (the player's
 *   own points and rank are not in the public broadcast) — it goes through `syncing`, which reads
 *   POST /state and lands in the state that view describes. So a reload or a lost connection resumes
 *   the same player with the same score, never a blank screen.
 * - `starting` picks `syncing` when the phone kept a token from an earlier join (local storage), else
 *   `joining`; a token the server no longer knows sends the player back to `joining`.
 * - `inGame` holds the screens of a running game: `lobby` (waiting for a question), `answering`,
 *   `answered` (waiting for the answer), `watching` (a question this player cannot answer: time is
 *   up, the level is not reached, or the server refused), `revealed` (the correct answer and own
 *   points) and `ranked` (own position). A new question moves any of them to `answering` (or
 *   `watching`), the game's end to `finished`. `finished` is not a final state: the link stays open
 *   and a ranking published again after the end (a player disqualified or ranked again) is read
 *   again, so every phone shows its current place, or that it was disqualified, without a reload.
 * - `answering` is parallel: the countdown (from the server's deadline, corrected by the measured
 *   clock offset) runs beside the answer form. When time is up while the player is still choosing,
 *   the screen becomes `watching`; an answer already on its way is waited for, since the server
 *   judges it by its receipt time (with 500 ms grace), not the phone's countdown.
 * - An answer survives a dead network: a tap records it as `pending` (kept in local storage by the
 *   injected `storePending`) before it is sent. If the server cannot be reached (`Unreachable`: no
 *   network, no reply, a server failure) the phone shows `inGame.pending` ("sent when the connection
 *   returns", with the tapped time) and `delivering` resends it — at once when the browser is online
 *   again, after a backoff otherwise, and after every `syncing` (a reconnect, a reload) unless the
 *   player's state shows it stored. The server decides by its own clock; a resend of an answer it
 *   stored already (the acknowledgement was lost) is answered with the stored answer, so no sequence
 *   of reconnects submits twice. The pending answer goes once the server answered — accepted (the
 *   receipt), or refused (`refusal`: the server's sentence and the tapped time, until the next
 *   question) — or the token is gone.
 * - A join refused because the game has ended carries its final results: `joining.ended` shows them
 *   instead of a form that would wait forever.
 * - The live link is two children, spawned when the phone has a token (from `starting` or a join)
 *   and stopped when the token is refused (the actor's end stops them too): `connection`
 *   (machines/connection, systemId `connection`) holds the page's realtime client — the client starts
 *   with it — and shows connecting / open / reconnecting / closed for the banner; `gameEvents` (the
 *   page's, injected like the calls) turns the frames of the game's public topic into this machine's
 *   `server.*` events, a resubscription into `connection.reconnected` and the browser's `online` into
 *   `connection.online`. Without an input `client` (the machine tests) neither is spawned.
 * - `offline` tries again by itself every few seconds (`offlineRetry`), beside the player's tap.
 * Derived facts (can answer, seconds left, busy) are states, tags and `can()`; see selectors.ts.
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, stateIn, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { msAtNextChange, msToNextChange } from '../../src/domain/clock.js';
import { connectionMachine } from '../connection/connection.machine.js';
import { errorMessage } from '../error-message.js';
import type {
  AnswerInput,
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

/** What a view means for this phone's screen. */
const viewQuestion = (view: PlayerView | null) => view?.question ?? null;

const notProvided = (name: string) => () => Promise.reject(new Error(`player machine: actor "${name}" not provided`));

export const playerMachine = setup({
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
    keepPending: assign(({ context }, params: { choices: string[]; tappedAt: number }) => ({
      pending: { questionId: context.view?.question?.question.id ?? 0, choices: params.choices, tappedAt: params.tappedAt },
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
      return { view, remainingMs, endsAt, error: null, refusal: null };
    }),
    recordAnswer: assign(({ context }, params: AnswerOutput) => ({
      view: context.view && { ...context.view, myAnswer: { choices: params.choices, correct: null, points: null, elapsedMs: params.elapsedMs } },
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
      return !!q && q.status === 1 && q.canAnswer && params.view.myAnswer === null;
    },
    viewAnswered: (_, params: { view: PlayerView }) => viewQuestion(params.view)?.status === 1 && params.view.myAnswer !== null,
    viewLive: (_, params: { view: PlayerView }) => viewQuestion(params.view)?.status === 1,
    viewRanked: (_, params: { view: PlayerView }) => {
      const q = viewQuestion(params.view);
      return !!q && q.status >= 2 && params.view.rank !== null && params.view.rank.questionId === q.question.id;
    },
    viewRevealed: (_, params: { view: PlayerView }) => (viewQuestion(params.view)?.status ?? 0) >= 2,
    /** A level game admits a question of level n only to players who reached it. */
    levelAllowed: ({ context }, params: { question: PublicQuestion }) => {
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
}).createMachine({
  id: 'player',
  context: ({ input }) => ({
    token: input.token,
    player: null,
    view: null,
    clockOffsetMs: 0,
    remainingMs: null,
    endsAt: null,
    // The page (a live client) reads the phone's own clock; the machine tests pass theirs, or none.
    now: input.now ?? (input.client ? () => Date.now() : null),
    error: null,
    pending: input.token ? (input.pending ?? null) : null,
    pendingAttempts: 0,
    refusal: null,
    endedGame: null,
    client: input.client ?? null,
    playerCount: null,
  }),
  initial: 'starting',
  on: {
    'clock.synced': { actions: { type: 'setClockOffset', params: ({ event }) => ({ offsetMs: event.offsetMs, measured: event.measured ?? false }) } },
    'server.playerCount': { actions: { type: 'setPlayerCount', params: ({ event }) => ({ count: event.count }) } },
  },
  states: {
    starting: {
      always: [{ guard: 'hasToken', target: 'syncing', actions: 'openLink' }, { target: 'joining' }],
    },
    joining: {
      initial: 'form',
      states: {
        form: {
          description: 'PIN and nickname.',
          on: { 'player.join': { target: 'submitting', actions: 'clearError' } },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            id: 'join',
            src: 'join',
            input: ({ event }) => (event.type === 'player.join' ? { pin: event.pin, nickname: event.nickname } : { pin: '', nickname: '' }),
            onDone: {
              target: '#player.syncing',
              actions: [
                { type: 'joined', params: ({ event }) => event.output },
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                'openLink',
              ],
            },
            onError: [
              { guard: { type: 'joinGameEnded', params: ({ event }) => ({ error: event.error }) }, target: 'ended', actions: { type: 'setEndedGame', params: ({ event }) => ({ error: event.error as JoinedEndedGame }) } },
              { target: 'form', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
            ],
          },
        },
        ended: {
          description: 'The game of that PIN has ended: its final ranking instead of the form; back to the form for another PIN.',
          on: { 'player.back': { target: 'form', actions: 'clearEndedGame' } },
        },
      },
    },
    syncing: {
      description: "Reads the player's state from the server and goes where it says.",
      tags: 'busy',
      invoke: {
        id: 'loadState',
        src: 'loadState',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'pendingToDeliver', params: ({ event }) => ({ view: event.output }) },
            target: 'delivering',
            actions: { type: 'applyView', params: ({ event }) => ({ view: event.output }) },
          },
          { guard: { type: 'viewEnded', params: ({ event }) => ({ view: event.output }) }, target: 'finished', actions: [{ type: 'applyView', params: ({ event }) => ({ view: event.output }) }, 'dropPending', { type: 'storePending', params: { pending: null } }] },
          {
            guard: { type: 'viewCanAnswer', params: ({ event }) => ({ view: event.output }) },
            target: 'inGame.answering',
            actions: [{ type: 'applyView', params: ({ event }) => ({ view: event.output }) }, 'dropPending', { type: 'storePending', params: { pending: null } }],
          },
          {
            guard: { type: 'viewAnswered', params: ({ event }) => ({ view: event.output }) },
            target: 'inGame.answered',
            actions: [{ type: 'applyView', params: ({ event }) => ({ view: event.output }) }, 'dropPending', { type: 'storePending', params: { pending: null } }],
          },
          { guard: { type: 'viewLive', params: ({ event }) => ({ view: event.output }) }, target: 'inGame.watching', actions: [{ type: 'applyView', params: ({ event }) => ({ view: event.output }) }, 'dropPending', { type: 'storePending', params: { pending: null } }] },
          { guard: { type: 'viewRanked', params: ({ event }) => ({ view: event.output }) }, target: 'inGame.ranked', actions: [{ type: 'applyView', params: ({ event }) => ({ view: event.output }) }, 'dropPending', { type: 'storePending', params: { pending: null } }] },
          {
            guard: { type: 'viewRevealed', params: ({ event }) => ({ view: event.output }) },
            target: 'inGame.revealed',
            actions: [{ type: 'applyView', params: ({ event }) => ({ view: event.output }) }, 'dropPending', { type: 'storePending', params: { pending: null } }],
          },
          { target: 'inGame.lobby', actions: [{ type: 'applyView', params: ({ event }) => ({ view: event.output }) }, 'dropPending', { type: 'storePending', params: { pending: null } }] },
        ],
        onError: [
          {
            guard: { type: 'tokenRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'joining',
            actions: ['closeLink', 'forgetToken', { type: 'storeToken', params: { token: null } }, 'dropPending', { type: 'storePending', params: { pending: null } }, { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) }],
          },
          { target: 'offline', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
        ],
      },
      on: {
        // Something happened while reading: read again, so the view includes it.
        'server.questionShown': { target: 'syncing', reenter: true },
        'server.answerPublished': { target: 'syncing', reenter: true },
        'server.rankingPublished': { target: 'syncing', reenter: true },
        'server.gameEnded': { target: 'syncing', reenter: true },
      },
    },
    delivering: {
      description: 'Resends the pending answer; the server decides by its own clock, then the state is read again.',
      tags: 'busy',
      invoke: {
        id: 'deliverAnswer',
        src: 'submitAnswer',
        input: ({ context }) => ({ token: context.token ?? '', questionId: context.pending?.questionId ?? 0, choices: context.pending?.choices ?? [] }),
        onDone: { target: 'syncing', actions: ['dropPending', { type: 'storePending', params: { pending: null } }] },
        onError: [
          { guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) }, target: 'inGame.pending', actions: 'countAttempt' },
          {
            guard: { type: 'tokenRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'syncing',
            actions: ['dropPending', { type: 'storePending', params: { pending: null } }],
          },
          {
            target: 'syncing',
            actions: [{ type: 'setRefusal', params: ({ event }) => ({ message: errorMessage(event.error) }) }, 'dropPending', { type: 'storePending', params: { pending: null } }],
          },
        ],
      },
      // Whatever happens meanwhile is read by the `syncing` that follows.
    },
    offline: {
      description: 'The server could not be reached; the player retries (or the socket reconnects, or the network returns, or a few seconds pass).',
      after: { offlineRetry: { target: 'syncing' } },
      on: {
        'player.retry': { target: 'syncing' },
        'connection.reconnected': { target: 'syncing' },
        'connection.online': { target: 'syncing' },
      },
    },
    inGame: {
      tags: 'inGame',
      initial: 'lobby',
      on: {
        'server.questionShown': [
          {
            guard: { type: 'levelAllowed', params: ({ event }) => ({ question: event.question }) },
            target: '.answering',
            actions: { type: 'applyShown', params: ({ event }) => ({ question: event.question, deadline: event.deadline, receivedAt: event.receivedAt }) },
          },
          {
            target: '.watching',
            actions: { type: 'applyShown', params: ({ event }) => ({ question: event.question, deadline: event.deadline, receivedAt: event.receivedAt }) },
          },
        ],
        'server.answerPublished': { guard: { type: 'isCurrentQuestion', params: ({ event }) => ({ questionId: event.questionId }) }, target: 'syncing' },
        'server.rankingPublished': { target: 'syncing' },
        // The final score and rank are read once more.
        'server.gameEnded': { target: 'syncing' },
        'connection.reconnected': { target: 'syncing' },
      },
      states: {
        lobby: { description: 'Joined; waiting for a question.' },
        answering: {
          type: 'parallel',
          states: {
            countdown: {
              initial: 'running',
              states: {
                running: {
                  always: [
                    { guard: 'isUntimed', target: 'untimed' },
                    { guard: 'timeIsUp', target: 'expired' },
                  ],
                  after: { tick: { target: 'running', reenter: true, actions: 'tickDown' } },
                },
                untimed: {},
                expired: {
                  description: 'Time is up: still choosing means too late; an answer on its way is waited for.',
                  always: { guard: 'stillChoosing', target: '#player.inGame.watching' },
                },
              },
            },
            form: {
              initial: 'choosing',
              states: {
                choosing: {
                  on: {
                    'player.answer': {
                      target: 'submitting',
                      actions: [
                        'clearError',
                        { type: 'keepPending', params: ({ event }) => ({ choices: event.choices, tappedAt: event.tappedAt }) },
                        { type: 'storePending', params: ({ context }) => ({ pending: context.pending }) },
                      ],
                    },
                  },
                },
                submitting: {
                  tags: 'busy',
                  invoke: {
                    id: 'submitAnswer',
                    src: 'submitAnswer',
                    input: ({ context }) => ({
                      token: context.token ?? '',
                      questionId: context.pending?.questionId ?? 0,
                      choices: context.pending?.choices ?? [],
                    }),
                    onDone: {
                      target: '#player.inGame.answered',
                      actions: [{ type: 'recordAnswer', params: ({ event }) => event.output }, 'dropPending', { type: 'storePending', params: { pending: null } }],
                    },
                    onError: [
                      // Not decided: kept, and resent when the connection returns.
                      { guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) }, target: '#player.inGame.pending', actions: 'countAttempt' },
                      {
                        guard: 'countdownExpired',
                        target: '#player.inGame.watching',
                        actions: [{ type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) }, 'dropPending', { type: 'storePending', params: { pending: null } }],
                      },
                      {
                        target: 'choosing',
                        actions: [{ type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) }, 'dropPending', { type: 'storePending', params: { pending: null } }],
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        pending: {
          description: 'An answer tapped while the server could not be reached: shown as pending, resent when the connection returns.',
          after: { pendingRetry: { target: '#player.delivering' } },
          on: { 'connection.online': { target: '#player.delivering' } },
        },
        answered: { description: 'The answer is stored; waiting for the correct answer.' },
        watching: { description: 'A question this player cannot (or can no longer) answer.' },
        revealed: { description: 'The correct answer and own points.' },
        ranked: { description: 'Own position in the published ranking.' },
      },
    },
    finished: {
      description:
        'The game ended: final score and rank (read by `syncing` on the way here). Not final: a ranking published again after the end (a disqualification, a rank again) and word that this player was disqualified or ranked again (connection.reconnected) are read again, so the place shown stays the current one.',
      on: {
        'server.rankingPublished': { target: 'syncing' },
        'connection.reconnected': { target: 'syncing' },
      },
    },
  },
});

export type PlayerMachine = typeof playerMachine;
export type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;
export type PlayerActorRef = ActorRefFrom<typeof playerMachine>;
export type * from './types.js';
