/**
 * A small client for the server's WebSocket (`/api/ws`, docs/api-conventions.md "Real time"): gets a
 * one-time ticket, connects on the page's own origin, reconnects with exponential backoff (and a new
 * ticket) when the connection drops, measures the clock offset to the server with ping/pong, and
 * delivers frames to `subscribe(topic, handler)` listeners, re-subscribing their topics after every
 * reconnect. It knows nothing of sessions or features: the caller passes how to get a ticket.
 * It never sends an access token over the socket or in the URL. After a close for sending too many
 * frames (FLOOD_CLOSE_CODE) it waits long before reconnecting (floodRetryDelay), never in a tight loop.
 */
import { offsetSample } from '@/domain/clock';
import { backoffDelay, FLOOD_CLOSE_CODE, floodRetryDelay } from '@/shared/backoff';

export interface RealtimeFrame<D = unknown> {
  type: string;
  topic?: string;
  data?: D;
  server_time?: number;
  t?: number | null;
}

export type FrameHandler = (frame: RealtimeFrame) => void;

export interface RealtimeOptions {
  /** Resolves a fresh ticket (POST /ws/ticket); rejected → retried with backoff. */
  getTicket: () => Promise<string>;
  /** Socket address for a ticket; default `/api/ws?ticket=…` on the page's origin. */
  url?: (ticket: string) => string;
  /** Backoff (src/shared/backoff.ts): first ceiling and highest ceiling in ms (default 1 s, 30 s). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How often to ping (clock offset and keep-alive); default 25 s. */
  pingIntervalMs?: number;
  /** Topics the server subscribes by itself at connect (the admin's own): not re-sent as subscribe. */
  implicitTopics?: (topic: string) => boolean;
  WebSocketImpl?: typeof WebSocket;
}

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'closed';

export function defaultSocketUrl(ticket: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/ws?ticket=${encodeURIComponent(ticket)}`;
}

/** Server clock minus local clock, from a pong (the rule in src/domain/clock.ts, shared with the audience pages). */
export const clockOffset = (sentAt: number, receivedAt: number, serverTime: number): number => offsetSample(sentAt, receivedAt, serverTime).offsetMs;

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<FrameHandler>>();
  private readonly typeHandlers = new Map<string, Set<FrameHandler>>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = true;
  private offset = 0;
  /** Closes for flooding so far (never reset): each makes the next wait longer. */
  private floods = 0;
  state: ConnectionState = 'idle';

  constructor(private readonly options: RealtimeOptions) {}

  /** Starts connecting (idempotent). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.state = 'connecting';
    void this.connect();
  }

  /** Closes for good (until `start` again); listeners stay registered. */
  stop(): void {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.state = 'closed';
  }

  /** The server's clock now, as well as this client can tell. */
  serverNow(): number {
    return Date.now() + this.offset;
  }

  /** Listens to a topic's frames; subscribes on the server when first listened to. */
  subscribe(topic: string, handler: FrameHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      this.sendSubscribe(topic);
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(topic);
      current?.delete(handler);
      if (current && current.size === 0) {
        this.handlers.delete(topic);
        if (!this.isImplicit(topic)) this.send({ type: 'unsubscribe', topic });
      }
    };
  }

  /** Listens to frames of a type on any topic (e.g. `ready`). */
  on(type: string, handler: FrameHandler): () => void {
    const set = this.typeHandlers.get(type) ?? new Set<FrameHandler>();
    this.typeHandlers.set(type, set);
    set.add(handler);
    return () => set.delete(handler);
  }

  private isImplicit(topic: string): boolean {
    return this.options.implicitTopics?.(topic) ?? false;
  }

  private sendSubscribe(topic: string): void {
    if (!this.isImplicit(topic)) this.send({ type: 'subscribe', topic });
  }

  private send(message: object): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    // After a loss the state stays 'closed' (disconnected, reconnecting) through every retry until a
    // socket opens: a screen polling it must not read "connecting" between two failed attempts.
    if (this.state !== 'closed') this.state = 'connecting';
    let ticket: string;
    try {
      ticket = await this.options.getTicket();
    } catch {
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) return;
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    const socket = new Impl((this.options.url ?? defaultSocketUrl)(ticket));
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.state = 'open';
      this.attempt = 0;
      for (const topic of this.handlers.keys()) this.sendSubscribe(topic);
      this.ping();
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.ping(), this.options.pingIntervalMs ?? 25_000);
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      let frame: RealtimeFrame;
      try {
        frame = JSON.parse(String(event.data)) as RealtimeFrame;
      } catch {
        return;
      }
      this.dispatch(frame);
    };
    socket.onclose = (event?: { code?: number }) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = null;
      this.state = 'closed';
      this.scheduleReconnect(event?.code === FLOOD_CLOSE_CODE);
    };
  }

  private ping(): void {
    this.send({ type: 'ping', t: Date.now() });
  }

  private dispatch(frame: RealtimeFrame): void {
    if (frame.type === 'pong' && typeof frame.t === 'number' && typeof frame.server_time === 'number') {
      this.offset = clockOffset(frame.t, Date.now(), frame.server_time);
    }
    for (const handler of this.typeHandlers.get(frame.type) ?? []) handler(frame);
    if (frame.topic) for (const handler of this.handlers.get(frame.topic) ?? []) handler(frame);
  }

  private scheduleReconnect(flooded = false): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = flooded
      ? floodRetryDelay(++this.floods)
      : backoffDelay(this.attempt++, Math.random, { baseMs: this.options.minDelayMs ?? 1_000, maxMs: this.options.maxDelayMs ?? 30_000 });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delay);
  }
}
