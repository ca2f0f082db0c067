/**
 * The realtime connection as a statechart: the one WebSocket of a page (src/shared/realtime/client.ts
 * RealtimeClient), seen by the screens as connecting → open ⇄ reconnecting → closed. The client does
 * the socket work (ticket, heartbeat, backoff with jitter, resubscription); this machine turns its
 * status changes into states, from the client's own events (no polling), so a screen draws its
 * "reconnecting" banner from a state and an owner (the control screen's game machine) sees every
 * drop and return in the inspector (the
 * player page's player machine holds it the same way, while the phone plays).
 *
 * API
 * - `connectionMachine`, input `{ client: ConnectionClient }`: any object with the RealtimeClient's
 *   `status`, `onStatus`, `onRejected`, `retain` and `retryNow` (RealtimeClient is one). While
 *   the actor runs it holds the client (`retain`: the client starts with its first holder and stops
 *   with its last, so the shell and the control screen share one socket), and lets go when stopped.
 *   Spawn it from an owner: `spawnChild(connectionMachine, { id: 'connection', systemId:
 *   'connection', input: { client } })`, or `createActor(connectionMachine, { input: { client } })`.
 * - States: `connecting` (the first attempt), `open`, `reconnecting` (the socket
 *   was lost; the client waits out its backoff and tries again with a fresh ticket), `closed` (the
 *   client stopped, or its ticket was refused for good: `context.rejected`).
 * - Events it takes from the client: `socket.connecting`, `socket.open`, `socket.reconnecting`,
 *   `socket.closed`, `socket.rejected` (ConnectionSocketEvent). From a screen or an owner:
 *   `connection.retry` (skip the backoff wait now: a "retry" tap). Nothing leads out of `closed`: no
 *   screen keeps a closed client on screen (the phone whose player is gone goes back to joining and
 *   stops this actor), so a new owner starts a new actor.
 * - Emitted (`actor.on('connection.opened', …)`): `{ type: 'connection.opened', reconnected }` each
 *   time the socket opens; `reconnected` is true after a loss, when the owner re-reads what it
 *   missed (the server also sends each subscribed topic's snapshot again).
 * - Selectors (./selectors.ts): `selectConnectionStatus` ('connecting' | 'open' | 'reconnecting' |
 *   'closed', what the screens show), `selectIsReconnecting`, `selectWasRejected`, `selectReconnects`.
 */
import { assign, emit, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** The client's status (src/shared/realtime/client.ts RealtimeStatus). */
export type ClientStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** What the machine needs of the realtime client. */
export interface ConnectionClient {
  readonly status: ClientStatus;
  onStatus(listener: (status: ClientStatus) => void): () => void;
  onRejected(listener: (error: unknown) => void): () => void;
  /** Holds the client (started at its first holder); returns the release. */
  retain(): () => void;
  /** Skips the wait before the next attempt. */
  retryNow(): void;
}

export interface ConnectionInput {
  client: ConnectionClient;
}

export interface ConnectionContext {
  client: ConnectionClient;
  /** Losses since the actor started. */
  reconnects: number;
  /** The client's ticket was refused for good (e.g. the player's token is unknown). */
  rejected: boolean;
}

export type ConnectionSocketEvent =
  | { type: 'socket.connecting' }
  | { type: 'socket.open' }
  | { type: 'socket.reconnecting' }
  | { type: 'socket.closed' }
  | { type: 'socket.rejected' };

export type ConnectionEvent = ConnectionSocketEvent | { type: 'connection.retry' };

export type ConnectionEmitted = { type: 'connection.opened'; reconnected: boolean };

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The event a client status becomes ('idle': none). */
export function socketEvent(status: ClientStatus): ConnectionSocketEvent | null {
  return status === 'idle' ? null : { type: `socket.${status}` };
}

/**
 * Holds the client while the actor runs and forwards its status changes and rejection as events;
 * the current status first, so an actor started on a socket already open (another holder's) is open.
 */
export const socketEvents = fromCallback<ConnectionEvent, ConnectionInput>(({ input, sendBack }) => {
  const { client } = input;
  const offStatus = client.onStatus((status) => {
    const event = socketEvent(status);
    if (event) sendBack(event);
  });
  const offRejected = client.onRejected(() => sendBack({ type: 'socket.rejected' }));
  const release = client.retain();
  const current = socketEvent(client.status);
  if (current) sendBack(current);
  return () => {
    offStatus();
    offRejected();
    release();
  };
});

export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    input: {} as ConnectionInput,
    emitted: {} as ConnectionEmitted,
    tags: {} as 'online',
  },
  actors: { socketEvents },
  actions: {
    countLoss: assign({ reconnects: ({ context }) => context.reconnects + 1 }),
    markRejected: assign({ rejected: true }),
    emitOpened: emit({ type: 'connection.opened', reconnected: false }),
    emitReopened: emit({ type: 'connection.opened', reconnected: true }),
    retryNow: ({ context }) => context.client.retryNow(),
  },
}).createMachine({
  id: 'connection',
  description: "A page's one realtime connection (src/shared/realtime/client.ts), as the screens show it.",
  context: ({ input }) => ({ client: input.client, reconnects: 0, rejected: false }),
  invoke: { id: 'socket', src: 'socketEvents', input: ({ context }) => ({ client: context.client }) },
  initial: 'connecting',
  on: {
    'socket.closed': { target: '.closed' },
    'socket.rejected': { target: '.closed', actions: 'markRejected' },
  },
  states: {
    connecting: {
      description: 'The first attempt: a ticket, then the socket, then `ready`.',
      on: {
        'socket.open': { target: 'open', actions: 'emitOpened' },
        'socket.reconnecting': { target: 'reconnecting', actions: 'countLoss' },
      },
    },
    open: {
      description: "The socket is up and subscribed to the screen's topics; requests go over it.",
      tags: 'online',
      on: {
        'socket.reconnecting': { target: 'reconnecting', actions: 'countLoss' },
        'socket.connecting': { target: 'reconnecting', actions: 'countLoss' },
      },
    },
    reconnecting: {
      description: 'The socket was lost: the client waits out its backoff (with jitter) and tries again with a fresh ticket; screens show "reconnecting".',
      on: {
        'socket.open': { target: 'open', actions: 'emitReopened' },
        'connection.retry': { actions: 'retryNow' },
      },
    },
    closed: {
      description: 'The client stopped, or its ticket was refused for good (`rejected`); nothing leads out of it.',
    },
  },
});

export type ConnectionActorRef = ActorRefFrom<typeof connectionMachine>;
export type ConnectionSnapshot = SnapshotFrom<typeof connectionMachine>;
