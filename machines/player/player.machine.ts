/**
 * The player statechart: one phone through a live game, from joining with the PIN to the end.
 * Pure; the calls (join, read the player's state, send an answer) and storing the token are injected
 * with `.provide()`; time is the named delay `tick`, run by the actor's clock.
 * This file is the chart; the names it uses (calls, children, delays, actions, guards) are declared
 * in setup.ts with XState's `setup()`.
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
 *   up, the level is not reached, the server refused, or a content slide, which nobody answers and
 *   which has no countdown — the page shows the slide there, see selectors.ts), `revealed` (the correct answer and own
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
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { errorMessage } from '../error-message.js';
import { answerParts, playerSetup } from './setup.js';
import type { JoinedEndedGame } from './types.js';

export { OFFLINE_RETRY_MS, pendingRetryMs } from './setup.js';

export const playerMachine = playerSetup.createMachine({
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
    votes: null,
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
        'server.answerPublished': { target: 'syncing', reenter: true, actions: { type: 'keepVotes', params: ({ event }) => ({ questionId: event.questionId, votes: event.votes }) } },
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
        input: ({ context }) => ({ token: context.token ?? '', questionId: context.pending?.questionId ?? 0, ...answerParts(context.pending) }),
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
            guard: { type: 'mayAnswer', params: ({ event }) => ({ question: event.question }) },
            target: '.answering',
            actions: { type: 'applyShown', params: ({ event }) => ({ question: event.question, deadline: event.deadline, receivedAt: event.receivedAt }) },
          },
          {
            target: '.watching',
            actions: { type: 'applyShown', params: ({ event }) => ({ question: event.question, deadline: event.deadline, receivedAt: event.receivedAt }) },
          },
        ],
        'server.answerPublished': {
          guard: { type: 'isCurrentQuestion', params: ({ event }) => ({ questionId: event.questionId }) },
          target: 'syncing',
          actions: { type: 'keepVotes', params: ({ event }) => ({ questionId: event.questionId, votes: event.votes }) },
        },
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
                        { type: 'keepPending', params: ({ event }) => ({ answer: event, tappedAt: event.tappedAt }) },
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
                    input: ({ context }) => ({ token: context.token ?? '', questionId: context.pending?.questionId ?? 0, ...answerParts(context.pending) }),
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
        watching: { description: 'A question this player cannot (or can no longer) answer, or a content slide (nothing to answer, no countdown).' },
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
