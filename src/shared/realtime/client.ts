/**
 * The one realtime client of the three faces (the back office, the player page, the quiz display):
 * the WebSocket `/api/ws` of docs/api-conventions.md "Real time", one per tab.
 *
 * - **Ticket**: `getTicket` resolves a single-use ticket (each face asks its own API for it); the
 *   socket opens on the page's own origin with `?ticket=…`, a fresh ticket for every attempt. No
 *   access token ever travels over the socket or in the URL. A ticket refused for good
 *   (`isRejection(error)`, e.g. the player's token is unknown) closes the client: `onRejected`.
 * - **Topics**: `subscribe(topic, handler)` listens to a topic's frames (its `subscribed` / `refused`
 *   answer included); the topic is subscribed after each `ready`, so every reconnect resubscribes and
 *   the server answers with the topic's snapshot. `implicitTopics` are those the server subscribes by
 *   itself at connect (the admin's own `admin:<id>`).
 * - **Heartbeat**: a ping every `pingIntervalMs` (and two quick ones after connecting for a better
 *   clock); a socket from which nothing arrived for `deadAfterMs` is dead: closed (4002) and
 *   replaced. The browser going offline drops the socket too; coming online retries at once.
 * - **Backoff**: after any close, jittered exponential backoff (src/shared/backoff.ts); after the
 *   server's flood close (4029) the long floodRetryDelay instead.
 * - **Clock**: `clock` (src/domain/clock.ts ServerClock) is the page's one estimate of the server's
 *   clock: the `ready` frame's server_time first, then ping/pong round trips.
 * - **Requests**: `request(operation, body)` sends `{type: 'request', id, operation, lang, body}` and
 *   resolves with the `{status, body}` of its `reply` (./requests.ts); when the socket cannot carry
 *   it, it rejects with `RealtimeRequestUnavailable` (`sent` says whether the frame went out) and the
 *   caller uses the operation's POST.
 * - **Status** (`status`, `onStatus`): idle → connecting → open ⇄ reconnecting → closed (stop or
 *   rejection). machines/connection/connection.machine.ts turns these into a statechart.
 *
 * It knows nothing of sessions, games or React: each face passes how to get a ticket and what to
 * listen to. Browser pieces (socket, location, timers' clock, randomness) are injectable: tests give
 * fakes, and the simulated players (src/server/features/rehearsal/bot-swarm.ts) run it on Node with
 * the `ws` package's WebSocket and their server's address.
 */
import { ServerClock } from '@/domain/clock';
import { backoffDelay, FLOOD_CLOSE_CODE, floodRetryDelay, type BackoffOptions } from '@/shared/backoff';
import type { ClientFrame, RequestFrame, ServerFrame } from './frames';
import { PendingRequests, RealtimeRequestUnavailable, type RealtimeReply } from './requests';
import { wsUrl, type RealtimeSocket } from './socket';

export type { ClientFrame, EventData, EventFrame, EventType, RequestFrame, ServerFrame } from './frames';
export { RealtimeRequestUnavailable, REQUEST_TIMEOUT_MS, type RealtimeReply } from './requests';
export { wsUrl, type RealtimeSocket } from './socket';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface RealtimeTicket {
  ticket: string;
  /** The socket's path on this origin; default `/api/ws`. */
  url?: string;
}

export type FrameHandler = (frame: ServerFrame) => void;

export interface RealtimeClientOptions {
  /** A fresh ticket for each attempt; a rejection is retried with backoff unless `isRejection`. */
  getTicket: () => Promise<RealtimeTicket>;
  /** Whether a failure of `getTicket` is final (nothing to reconnect with): the client closes. */
  isRejection?: (error: unknown) => boolean;
  /** Topics the server subscribes by itself at connect: never sent as subscribe / unsubscribe. */
  implicitTopics?: (topic: string) => boolean;
  /** The language of requests' replies. */
  lang?: () => NonNullable<RequestFrame['lang']>;
  /** Ping interval, ms (default 10 s). */
  pingIntervalMs?: number;
  /** Nothing received for this long (ms) → the connection is dead (default 25 s). */
  deadAfterMs?: number;
  /** How long a request waits for its reply, ms (default 8 s). */
  requestTimeoutMs?: number;
  /** The reconnect backoff (default 500 ms doubling to 10 s, at least 250 ms). */
  backoff?: BackoffOptions;
  /** Opens a socket (default: the browser's WebSocket). */
  createSocket?: (url: string) => RealtimeSocket;
  location?: { protocol: string; host: string };
  now?: () => number;
  random?: () => number;
  /** Listens to the browser's online / offline events (default: when there is a window). */
  watchNetwork?: boolean;
}

export const DEFAULT_PING_INTERVAL_MS = 10_000;
export const DEFAULT_DEAD_AFTER_MS = 25_000;
/** The close this client gives a connection it found dead (nothing received for deadAfterMs). */
export const DEAD_CLOSE_CODE = 4002;

export class RealtimeClient {
  /** The page's estimate of the server's clock. */
  readonly clock = new ServerClock();
  private socket: RealtimeSocket | null = null;
  private current: RealtimeStatus = 'idle';
  private stopped = true;
  private everOpen = false;
  private attempt = 0;
  /** Closes for flooding so far (never reset): each makes the next wait longer. */
  private floods = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimers: Array<ReturnType<typeof setTimeout>> = [];
  private pingInterval: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  private users = 0;
  private readonly topics = new Map<string, Set<FrameHandler>>();
  private readonly typeHandlers = new Map<string, Set<FrameHandler>>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private readonly rejectedListeners = new Set<(error: unknown) => void>();
  private readonly requests: PendingRequests;
  private readonly now: () => number;

  constructor(private readonly options: RealtimeClientOptions) {
    this.now = options.now ?? (() => Date.now());
    this.requests = new PendingRequests(options.requestTimeoutMs);
  }

  get status(): RealtimeStatus {
    return this.current;
  }

  /** Starts connecting (idempotent); after `stop` or a rejection it starts afresh. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.everOpen = false;
    this.attempt = 0;
    if (this.watchesNetwork()) {
      window.addEventListener('online', this.handleOnline);
      window.addEventListener('offline', this.handleOffline);
    }
    this.setStatus('connecting');
    void this.connect();
  }

  /** Closes for good (until `start`); listeners stay registered, waiting requests fail. */
  stop(): void {
    if (this.stopped) return;
    this.halt();
    this.setStatus('closed');
  }

  /**
   * One more user of this client (a screen, a hook): started at the first, stopped when the last
   * lets go. Returns the release. This is how a page shares its one socket.
   */
  retain(): () => void {
    this.users += 1;
    if (this.users === 1) this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) this.stop();
    };
  }

  /** Skips the wait before the next attempt (a "retry" tap, the network back). */
  retryNow(): void {
    if (this.stopped || this.socket) return;
    this.clearRetry();
    void this.connect();
  }

  /** Drops the current socket and reconnects (with backoff), e.g. after a subscription was refused. */
  reconnect(code = 4001, reason = 'reconnect'): void {
    if (this.socket) this.drop(this.socket, code, reason);
  }

  /**
   * Lets `socket` go at once and schedules the next attempt, without waiting for its close event (a
   * dead connection's closing handshake may never end).
   */
  private drop(socket: RealtimeSocket, code: number, reason: string): void {
    if (this.socket === socket) {
      this.socket = null;
      this.clearPings();
      this.requests.failAll();
      this.scheduleRetry();
    }
    try {
      socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  /** Listens to a topic's frames; subscribes on the server when first listened to. */
  subscribe(topic: string, handler: FrameHandler): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
      if (this.current === 'open') this.sendSubscribe(topic);
    }
    set.add(handler);
    return () => {
      const current = this.topics.get(topic);
      if (!current?.delete(handler) || current.size > 0) return;
      this.topics.delete(topic);
      if (!this.isImplicit(topic)) this.send({ type: 'unsubscribe', topic });
    };
  }

  /** Listens to frames of a type, whatever their topic (`ready`, `pong`, ...). */
  on(type: ServerFrame['type'], handler: FrameHandler): () => void {
    let set = this.typeHandlers.get(type);
    if (!set) this.typeHandlers.set(type, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** The ticket was refused for good: the client closed (`isRejection`). */
  onRejected(listener: (error: unknown) => void): () => void {
    this.rejectedListeners.add(listener);
    return () => this.rejectedListeners.delete(listener);
  }

  /**
   * Sends `operation` over the open socket and resolves with its reply (whatever its status);
   * rejects with RealtimeRequestUnavailable when the socket cannot carry it.
   */
  request(operation: RequestFrame['operation'], body: RequestFrame['body']): Promise<RealtimeReply> {
    const socket = this.socket;
    if (this.current !== 'open' || !socket || socket.readyState !== 1) return Promise.reject(new RealtimeRequestUnavailable('the live connection is not open', false));
    return this.requests.send(operation, body, this.options.lang?.() ?? 'en', (frame) => socket.send(frame));
  }

  private watchesNetwork(): boolean {
    return (this.options.watchNetwork ?? true) && typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  }

  private readonly handleOnline = () => this.retryNow();

  private readonly handleOffline = () => {
    // A socket can survive a lost network for a long time without noticing: drop it and wait.
    if (this.socket) this.drop(this.socket, 4000, 'offline');
  };

  private halt(): void {
    this.stopped = true;
    this.clearRetry();
    this.clearPings();
    if (this.watchesNetwork()) {
      window.removeEventListener('online', this.handleOnline);
      window.removeEventListener('offline', this.handleOffline);
    }
    const socket = this.socket;
    this.socket = null;
    this.requests.failAll();
    socket?.close(1000, 'bye');
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.current === status) return;
    this.current = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private isImplicit(topic: string): boolean {
    return this.options.implicitTopics?.(topic) ?? false;
  }

  private sendSubscribe(topic: string): void {
    if (!this.isImplicit(topic)) this.send({ type: 'subscribe', topic });
  }

  private send(frame: ClientFrame): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(frame));
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private clearPings(): void {
    if (this.pingInterval) clearInterval(this.pingInterval);
    this.pingInterval = null;
    for (const timer of this.pingTimers) clearTimeout(timer);
    this.pingTimers = [];
  }

  private scheduleRetry(flooded = false): void {
    if (this.stopped || this.retryTimer) return;
    this.setStatus(this.everOpen ? 'reconnecting' : 'connecting');
    const delay = flooded ? floodRetryDelay(++this.floods, this.options.random) : backoffDelay(this.attempt, this.options.random, this.options.backoff);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    let ticket: RealtimeTicket;
    try {
      ticket = await this.options.getTicket();
    } catch (error) {
      if (this.stopped) return;
      if (this.options.isRejection?.(error)) {
        this.halt();
        this.setStatus('closed');
        for (const listener of [...this.rejectedListeners]) listener(error);
        return;
      }
      this.scheduleRetry();
      return;
    }
    if (this.stopped || this.socket) return;
    const location = this.options.location ?? window.location;
    const url = wsUrl(ticket.url ?? '/api/ws', ticket.ticket, location);
    let socket: RealtimeSocket;
    try {
      socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.addEventListener('message', (message) => {
      if (this.socket !== socket) return;
      this.lastFrameAt = this.now();
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(message.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame === null || typeof frame !== 'object') return;
      this.handleFrame(socket, frame);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearPings();
      this.requests.failAll();
      this.scheduleRetry(event?.code === FLOOD_CLOSE_CODE);
    });
    socket.addEventListener('error', () => {
      // The close follows and schedules the retry.
    });
  }

  private handleFrame(socket: RealtimeSocket, frame: ServerFrame): void {
    switch (frame.type) {
      case 'ready':
        if (typeof frame.server_time === 'number') this.clock.observe(frame.server_time, this.now());
        this.attempt = 0;
        this.everOpen = true;
        this.setStatus('open');
        for (const topic of this.topics.keys()) this.sendSubscribe(topic);
        this.ping(socket);
        this.startPinging(socket);
        break;
      case 'pong':
        if (typeof frame.t === 'number' && typeof frame.server_time === 'number') this.clock.addPong(frame.t, this.now(), frame.server_time);
        break;
      case 'reply':
        this.requests.receive(frame);
        break;
    }
    for (const handler of [...(this.typeHandlers.get(frame.type) ?? [])]) handler(frame);
    const topic = 'topic' in frame && typeof frame.topic === 'string' ? frame.topic : null;
    if (topic) for (const handler of [...(this.topics.get(topic) ?? [])]) handler(frame);
  }

  private ping(socket: RealtimeSocket): void {
    if (socket.readyState !== 1) return;
    socket.send(JSON.stringify({ type: 'ping', t: this.now() } satisfies ClientFrame));
  }

  /**
   * From `ready`: two quick pings for a better first clock estimate, then one every interval; a
   * socket that sent nothing for deadAfterMs (not even a pong) is closed as dead. (Before `ready`
   * the browser's own connect timeout applies.)
   */
  private startPinging(socket: RealtimeSocket): void {
    this.clearPings();
    const interval = this.options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
    this.lastFrameAt = this.now();
    const deadAfter = this.options.deadAfterMs ?? DEFAULT_DEAD_AFTER_MS;
    this.pingTimers.push(setTimeout(() => this.socket === socket && this.ping(socket), 1_000));
    this.pingTimers.push(setTimeout(() => this.socket === socket && this.ping(socket), 3_000));
    this.pingInterval = setInterval(() => {
      if (this.socket !== socket) return;
      if (this.now() - this.lastFrameAt >= deadAfter) {
        this.drop(socket, DEAD_CLOSE_CODE, 'no pong');
        return;
      }
      this.ping(socket);
    }, interval);
  }
}
