/**
 * The audience's real-time channel (docs/api-conventions.md): a ticket from /api/play (/ticket or
 * /display/ticket), the WebSocket `/api/ws?ticket=…` on the page's own origin, the game's public topic
 * subscribed after `ready`, ping/pong to measure the server's clock, and — the point of this module —
 * getting back by itself: on a close, a dead connection (no pong) or the browser going offline it
 * retries with jittered exponential backoff (./backoff.ts), each time with a fresh ticket, and
 * subscribes again; the server answers a subscription with the topic's snapshot, and `onConnected`
 * tells the page it was a reconnect, so it reads whatever it missed.
 * A ticket refused because the token is unknown (code 202) stops it for good (`onRejected`). A close
 * for sending too many frames (FLOOD_CLOSE_CODE) is followed by a long wait instead (floodRetryDelay),
 * so a page that floods does not reconnect and flood again in a tight loop.
 *
 * `request` sends a contract operation over the open socket (today the player's answer): a frame
 * `{type: 'request', id, operation, lang, body}`, answered by `{type: 'reply', id, status, body}`
 * where `body` is the envelope the POST would have answered (docs/api-conventions.md). When the
 * socket cannot carry it (not open, closed before the reply, no reply in time) it rejects with a
 * `LiveRequestUnavailable`, which says whether the frame went out: the caller then uses the POST.
 */
import { PlayApiError } from './api';
import { backoffDelay, FLOOD_CLOSE_CODE, floodRetryDelay } from '@/shared/backoff';
import { ClockOffset, offsetSample, roughOffset } from '@/domain/clock';

export interface LiveFrame {
  type: string;
  topic?: string;
  data?: unknown;
  /** The server's clock when it sent the frame, ms since epoch. */
  server_time?: number;
  t?: number | null;
  /** A reply's: the request's id, the HTTP status and the envelope. */
  id?: unknown;
  status?: unknown;
  body?: unknown;
}

export interface Ticket {
  ticket: string;
  url: string;
  topic: string;
}

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

/** A reply to a request: the HTTP status and the envelope the operation's POST would have answered. */
export interface LiveReply {
  status: number;
  body: unknown;
}

/** The socket could not carry a request; `sent`: the frame went out (the server may have acted on it). */
export class LiveRequestUnavailable extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
    this.name = 'LiveRequestUnavailable';
  }
}

/** How long a request waits for its reply before the caller falls back to HTTP. */
export const REQUEST_TIMEOUT_MS = 8_000;

interface PendingRequest {
  resolve: (reply: LiveReply) => void;
  reject: (error: LiveRequestUnavailable) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface LiveSocketOptions {
  getTicket: () => Promise<Ticket>;
  /** A frame of the game's topic (`server.snapshot`, `server.questionShown`, ...). */
  onEvent: (frame: LiveFrame) => void;
  /** Subscribed; `reconnected` is false the first time. */
  onConnected?: (reconnected: boolean) => void;
  onStatus?: (status: LiveStatus) => void;
  /** A new estimate of server clock − local clock, ms. */
  onClock?: (offsetMs: number) => void;
  /** The token behind the ticket is unknown: nothing to reconnect with. */
  onRejected?: (error: PlayApiError) => void;
  pingIntervalMs?: number;
  /** The language of requests' replies (the page's). */
  lang?: () => string;
  requestTimeoutMs?: number;
  /** Browser pieces, injectable for tests. */
  createSocket?: (url: string) => WebSocket;
  location?: { protocol: string; host: string };
  now?: () => number;
  random?: () => number;
}

export class LiveSocket {
  private socket: WebSocket | null = null;
  private status: LiveStatus = 'connecting';
  private attempt = 0;
  private everConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private awaitingPong = 0;
  private stopped = false;
  private readonly clock = new ClockOffset();
  private readonly now: () => number;
  private readonly pending = new Map<string, PendingRequest>();
  private requestSequence = 0;
  /** Closes for flooding so far (never reset): each makes the next wait longer. */
  private floods = 0;

  constructor(private readonly options: LiveSocketOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  start(): void {
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.handleOnline);
      window.addEventListener('offline', this.handleOffline);
    }
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.handleOnline);
      window.removeEventListener('offline', this.handleOffline);
    }
    const socket = this.socket;
    this.socket = null;
    this.failRequests();
    socket?.close(1000, 'bye');
    this.setStatus('stopped');
  }

  /**
   * Sends `operation` over the open, subscribed socket and resolves with its reply (whatever its
   * status); rejects with LiveRequestUnavailable when the socket cannot carry it.
   */
  request(operation: string, body: unknown): Promise<LiveReply> {
    const socket = this.socket;
    if (this.status !== 'open' || !socket || socket.readyState !== 1) return Promise.reject(new LiveRequestUnavailable('the live connection is not open', false));
    const id = `r${++this.requestSequence}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, new LiveRequestUnavailable('no reply in time', true)), this.options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      try {
        socket.send(JSON.stringify({ type: 'request', id, operation, lang: this.options.lang?.() ?? 'en', body }));
      } catch {
        this.settle(id, new LiveRequestUnavailable('the live connection failed', false));
      }
    });
  }

  /** Settles a waiting request with its reply, or rejects it. */
  private settle(id: string, outcome: LiveReply | LiveRequestUnavailable): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (outcome instanceof LiveRequestUnavailable) pending.reject(outcome);
    else pending.resolve(outcome);
  }

  /** Every waiting request: its frame went out, its reply will not come on this socket. */
  private failRequests(): void {
    for (const id of [...this.pending.keys()]) this.settle(id, new LiveRequestUnavailable('the live connection closed before the reply', true));
  }

  /** Skips the wait before the next attempt (the user tapped "retry", or the network came back). */
  retryNow(): void {
    if (this.stopped || this.socket) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.connect();
  }

  private readonly handleOnline = () => this.retryNow();

  private readonly handleOffline = () => {
    // A socket can survive a lost network for a long time without noticing: drop it and wait.
    this.socket?.close(4000, 'offline');
  };

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }

  private scheduleRetry(flooded = false): void {
    if (this.stopped || this.retryTimer) return;
    this.setStatus(this.everConnected ? 'reconnecting' : 'connecting');
    const delay = flooded ? floodRetryDelay(++this.floods, this.options.random) : backoffDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    let ticket: Ticket;
    try {
      ticket = await this.options.getTicket();
    } catch (error) {
      if (error instanceof PlayApiError && error.tokenRejected) {
        this.stop();
        this.options.onRejected?.(error);
        return;
      }
      this.scheduleRetry();
      return;
    }
    if (this.stopped) return;
    const url = wsUrl(ticket.url, ticket.ticket, this.options.location ?? window.location);
    let socket: WebSocket;
    try {
      socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      let frame: LiveFrame;
      try {
        frame = JSON.parse(String(message.data)) as LiveFrame;
      } catch {
        return;
      }
      this.handleFrame(socket, ticket.topic, frame);
    };
    socket.onclose = (event?: { code?: number }) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failRequests();
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = null;
      this.scheduleRetry(event?.code === FLOOD_CLOSE_CODE);
    };
    socket.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }

  private handleFrame(socket: WebSocket, topic: string, frame: LiveFrame): void {
    switch (frame.type) {
      case 'ready':
        if (!this.everConnected && typeof frame.server_time === 'number') this.options.onClock?.(roughOffset(frame.server_time, this.now()));
        socket.send(JSON.stringify({ type: 'subscribe', topic }));
        this.ping(socket);
        this.startPinging(socket);
        return;
      case 'subscribed': {
        const reconnected = this.everConnected;
        this.everConnected = true;
        this.attempt = 0;
        this.setStatus('open');
        this.options.onConnected?.(reconnected);
        return;
      }
      case 'refused':
        socket.close(4001, 'refused');
        return;
      case 'reply':
        if (typeof frame.id === 'string') this.settle(frame.id, { status: typeof frame.status === 'number' ? frame.status : 500, body: frame.body });
        return;
      case 'pong':
        this.awaitingPong = 0;
        if (typeof frame.t === 'number' && typeof frame.server_time === 'number') {
          this.options.onClock?.(this.clock.add(offsetSample(frame.t, this.now(), frame.server_time)));
        }
        return;
      default:
        if (frame.topic === topic) this.options.onEvent(frame);
    }
  }

  private ping(socket: WebSocket): void {
    if (socket.readyState !== 1) return;
    this.awaitingPong += 1;
    socket.send(JSON.stringify({ type: 'ping', t: this.now() }));
  }

  private startPinging(socket: WebSocket): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    // Two quick pings more for a better first estimate, then one every interval; two unanswered
    // pings mean a dead connection.
    setTimeout(() => this.socket === socket && this.ping(socket), 1_000);
    setTimeout(() => this.socket === socket && this.ping(socket), 3_000);
    this.pingTimer = setInterval(() => {
      if (this.socket !== socket) return;
      if (this.awaitingPong >= 2) {
        socket.close(4002, 'no pong');
        return;
      }
      this.ping(socket);
    }, this.options.pingIntervalMs ?? 10_000);
  }
}

/** `ws(s)://<this origin><path>?ticket=…` */
export function wsUrl(path: string, ticket: string, location: { protocol: string; host: string }): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}${path}?ticket=${encodeURIComponent(ticket)}`;
}
