/**
 * The audience's live game over the one realtime client (src/shared/realtime/client.ts), for the
 * player page and the quiz display: the ticket from /api/play (/ticket or /display/ticket) names the
 * game's public topic, which is subscribed (again after every reconnect: the server answers with the
 * topic's snapshot); `onConnected` says whether a subscription was a reconnect, so the page reads
 * what it missed. A subscription refused drops the socket and tries again; a ticket refused because
 * the token is unknown (code 202) closes the channel for good (`onRejected`).
 */
import { PlayApiError } from './api';
import { RealtimeClient, type EventFrame, type RealtimeClientOptions, type RealtimeStatus, type RequestFrame } from '@/shared/realtime/client';

export interface GameTicket {
  ticket: string;
  url: string;
  topic: string;
}

export interface GameChannelOptions {
  getTicket: () => Promise<GameTicket>;
  /** An event of the game's topic (`server.snapshot`, `server.questionShown`, ...). */
  onEvent: (frame: EventFrame) => void;
  /** Subscribed; `reconnected` is false the first time. */
  onConnected?: (reconnected: boolean) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** A new estimate of server clock − local clock, ms. */
  onClock?: (offsetMs: number) => void;
  /** The token behind the ticket is unknown: nothing to reconnect with. */
  onRejected?: (error: PlayApiError) => void;
  /** The language of requests' replies (the page's). */
  lang?: () => NonNullable<RequestFrame['lang']>;
  /** The client's browser pieces and timings, for tests. */
  client?: Omit<RealtimeClientOptions, 'getTicket' | 'isRejection' | 'lang'>;
}

export interface GameChannel {
  client: RealtimeClient;
  close(): void;
}

export function openGameChannel(options: GameChannelOptions): GameChannel {
  let topic: string | null = null;
  let unsubscribe: (() => void) | null = null;
  let subscribedBefore = false;
  const client = new RealtimeClient({
    ...options.client,
    getTicket: async () => {
      const ticket = await options.getTicket();
      follow(ticket.topic);
      return ticket;
    },
    isRejection: (error) => error instanceof PlayApiError && error.tokenRejected,
    lang: options.lang,
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
        options.onConnected?.(reconnected);
      } else if (frame.type === 'refused') {
        client.reconnect(4001, 'refused');
      } else if (frame.type !== 'reply' && frame.type !== 'pong' && frame.type !== 'ready' && frame.type !== 'error') {
        options.onEvent(frame);
      }
    });
  }
  const clock = () => options.onClock?.(client.clock.offsetMs);
  const offs = [
    client.onStatus((status) => options.onStatus?.(status)),
    client.on('ready', clock),
    client.on('pong', clock),
    client.onRejected((error) => options.onRejected?.(error as PlayApiError)),
  ];
  client.start();
  return {
    client,
    close() {
      for (const off of offs) off();
      client.stop();
      unsubscribe?.();
    },
  };
}
