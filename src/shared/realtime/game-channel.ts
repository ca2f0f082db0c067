/**
 * A game's live channel over the one realtime client (./client.ts), for the player page, the quiz
 * display and the simulated players (phones too): the ticket from /api/play (/ticket or
 * /display/ticket) names the game's public topic, which is subscribed (again after every reconnect:
 * the server answers with the topic's snapshot); a listener hears whether a subscription was a
 * reconnect, so the page reads what it missed. A subscription refused drops the socket and tries
 * again; a ticket refused because the token is unknown (code 202) closes the client for good
 * (`onRejected`).
 *
 * `createGameChannel` makes a page's channel without starting it: the page's machine holds its client
 * in a connection actor (machines/connection: the client starts with its first holder and stops with
 * its last) and listens to its frames from a callback actor (`listen`). `openGameChannel` starts one
 * at once, for code without a machine (tests, tools).
 */
import { PlayApiError } from '../play-client';
import { RealtimeClient, type EventFrame, type RealtimeClientOptions, type RequestFrame } from './client';

export interface GameTicket {
  ticket: string;
  url: string;
  topic: string;
}

export interface GameChannelListener {
  /** An event of the game's topic (`server.snapshot`, `server.questionShown`, ...). */
  onEvent: (frame: EventFrame) => void;
  /** Subscribed; `reconnected` is false the first time. */
  onConnected?: (reconnected: boolean) => void;
  /** A new estimate of server clock − local clock, ms. */
  onClock?: (offsetMs: number) => void;
  /** The token behind the ticket is unknown: nothing to reconnect with. */
  onRejected?: (error: PlayApiError) => void;
}

export interface GameChannelSetup {
  getTicket: () => Promise<GameTicket>;
  /** The language of requests' replies (the page's). */
  lang?: () => NonNullable<RequestFrame['lang']>;
  /** The client's browser pieces and timings, for tests. */
  client?: Omit<RealtimeClientOptions, 'getTicket' | 'isRejection' | 'lang'>;
}

export interface GameChannel {
  /** The page's one client (not started: `retain` or `start` it). */
  client: RealtimeClient;
  /** Hears the game's topic until the returned function is called. */
  listen(listener: GameChannelListener): () => void;
}

export function createGameChannel(setup: GameChannelSetup): GameChannel {
  const listeners = new Set<GameChannelListener>();
  let topic: string | null = null;
  let unsubscribe: (() => void) | null = null;
  let subscribedBefore = false;
  const client = new RealtimeClient({
    ...setup.client,
    getTicket: async () => {
      const ticket = await setup.getTicket();
      follow(ticket.topic);
      return ticket;
    },
    isRejection: (error) => error instanceof PlayApiError && error.tokenRejected,
    lang: setup.lang,
  });
  function follow(next: string): void {
    if (topic === next) return;
    unsubscribe?.();
    topic = next;
    subscribedBefore = false;
    unsubscribe = client.subscribe(next, (frame) => {
      if (frame.type === 'subscribed') {
        const reconnected = subscribedBefore;
        subscribedBefore = true;
        for (const listener of listeners) listener.onConnected?.(reconnected);
      } else if (frame.type === 'refused') {
        client.reconnect(4001, 'refused');
      } else if (frame.type !== 'reply' && frame.type !== 'pong' && frame.type !== 'ready' && frame.type !== 'error') {
        for (const listener of listeners) listener.onEvent(frame);
      }
    });
  }
  const clock = () => {
    for (const listener of listeners) listener.onClock?.(client.clock.offsetMs);
  };
  // A start after a stop (another player's session on this page) is a first subscription again.
  client.onStatus((status) => {
    if (status === 'closed') subscribedBefore = false;
  });
  client.on('ready', clock);
  client.on('pong', clock);
  client.onRejected((error) => {
    for (const listener of listeners) listener.onRejected?.(error as PlayApiError);
  });
  return {
    client,
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export interface GameChannelOptions extends GameChannelSetup, GameChannelListener {
  onStatus?: (status: RealtimeClient['status']) => void;
}

export interface OpenGameChannel {
  client: RealtimeClient;
  close(): void;
}

/** A channel started at once with one listener (code without a machine: tests, tools). */
export function openGameChannel(options: GameChannelOptions): OpenGameChannel {
  const channel = createGameChannel(options);
  const offs = [channel.listen(options), channel.client.onStatus((status) => options.onStatus?.(status))];
  channel.client.start();
  return {
    client: channel.client,
    close() {
      for (const off of offs) off();
      channel.client.stop();
    },
  };
}
