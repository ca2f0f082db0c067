/**
 * The WebSocket clients of this instance and what they listen to. Events from the bus are delivered
 * to the clients subscribed to the event's topic, serialised once per event. Features register the
 * topics they serve: who may subscribe, and the snapshot a (re)connecting client gets at once.
 * Protocol (JSON text frames; each frame's shape is the contract's, openapi/play-api.yaml `Ws…`,
 * typed by src/shared/realtime/frames.ts and checked by tests/api/ws-frames.test.ts):
 *   server → client  {type, topic, data, server_time}
 *   client → server  {type: 'subscribe', topic} | {type: 'unsubscribe', topic} | {type: 'ping', t}
 *   server → client  {type: 'pong', t, server_time}   (clients measure their clock offset from it)
 *   client → server  {type: 'request', id, operation, lang, body}
 *   server → client  {type: 'reply', id, status, body, server_time}
 * A request runs an operation of the contract that a feature offers over the socket as well (a
 * player's answer: thousands arrive within a second, and each over HTTP would cost the server a
 * request's parsing, hooks, headers and reply). `body` is validated by the contract's schema of that
 * operation; the reply's `status` and `body` are the HTTP status and the envelope the POST would
 * have answered (plugins/realtime.ts).
 * Closes the server gives: 1012 (restarting: reconnect now), 1013 (too slow to follow), 4010 (the
 * player's game was reset), 4029 (too many frames: realtime/message-rate.ts; reconnect much later).
 */
import type { WebSocket } from 'ws';
import type { Lang } from '../i18n.js';
import type { BodyValidator } from '../plugins/contract.js';
import type { MessageBucket } from './message-rate.js';
import type { RealtimeEvent } from './bus.js';
import type { TicketSubject } from './tickets.js';
import type { UnstampedControlFrame } from '../../shared/realtime/frames.js';

export interface HubClient {
  subject: TicketSubject;
  socket: WebSocket;
  topics: Set<string>;
  /** Requests received and not replied to yet. */
  requests: number;
  /** The frames it may still send (realtime/message-rate.ts): a flood closes it. */
  bucket: MessageBucket;
}

/** An operation of the contract a client may also run over its socket. */
export interface SocketOperation {
  /** The contract's validator of the operation's body (plugins/contract.ts operationBodyValidator). */
  validate: BodyValidator;
  /**
   * Runs the operation for this client, as its HTTP handler would: returns what a handler returns
   * (a Success or data) or throws what a handler throws. `receivedAt`: when the frame arrived.
   */
  run(client: HubClient, body: never, lang: Lang, receivedAt: Date): Promise<unknown>;
}

export interface TopicHandler {
  /** Whether this client may listen to `topic` (the prefix matched already). */
  authorize(client: HubClient, topic: string): boolean | Promise<boolean>;
  /** Events the client gets right after subscribing: the current state, so a reconnect resumes. */
  snapshot?(client: HubClient, topic: string): RealtimeEvent[] | Promise<RealtimeEvent[]>;
  /** The client no longer listens to `topic` (it unsubscribed, or its socket closed). */
  left?(client: HubClient, topic: string): void;
}

/** A client whose socket has this much unsent data is too slow to follow a live game: drop it. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * The close a server going away gives its clients: 1012 "service restart" (RFC 6455's registry).
 * Every client of the app (the one realtime client, src/shared/realtime) reconnects after any close,
 * with a fresh ticket, and a load balancer sends it to an instance that is still up.
 */
export const RESTART_CLOSE_CODE = 1012;
export const RESTART_CLOSE_REASON = 'server restarting';

export class Hub {
  private readonly byTopic = new Map<string, Set<HubClient>>();
  /** Events delivered per topic (topicVersion). */
  private readonly versions = new Map<string, number>();
  private readonly handlers = new Map<string, TopicHandler>();
  private readonly operations = new Map<string, SocketOperation>();
  readonly clients = new Set<HubClient>();
  /** Set when the server shuts down (drain): no new request is run, every client is let go. */
  draining = false;

  /** `now`: the app's clock (lib/clock.ts), which stamps every frame's server_time. */
  constructor(private readonly now: () => number = Date.now) {}
  private running = 0;

  /** Topics are `<prefix>:<rest>`; the handler of the prefix decides. */
  registerTopic(prefix: string, handler: TopicHandler): void {
    this.handlers.set(prefix, handler);
  }

  /** Offers a contract operation over the socket, under its operationId. */
  registerOperation(operationId: string, operation: SocketOperation): void {
    this.operations.set(operationId, operation);
  }

  operation(operationId: string): SocketOperation | undefined {
    return this.operations.get(operationId);
  }

  add(client: HubClient): void {
    this.clients.add(client);
  }

  remove(client: HubClient): void {
    this.clients.delete(client);
    for (const topic of client.topics) {
      this.byTopic.get(topic)?.delete(client);
      this.handlerOf(topic)?.left?.(client, topic);
    }
    client.topics.clear();
  }

  private handlerOf(topic: string): TopicHandler | undefined {
    return this.handlers.get(topic.split(':')[0] ?? '');
  }

  async subscribe(client: HubClient, topic: string): Promise<boolean> {
    const handler = this.handlers.get(topic.split(':')[0] ?? '');
    if (!handler || !(await handler.authorize(client, topic))) return false;
    if (!this.clients.has(client)) return false;
    client.topics.add(topic);
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(client);
    for (const event of (await handler.snapshot?.(client, topic)) ?? []) this.sendTo(client, event);
    return true;
  }

  unsubscribe(client: HubClient, topic: string): void {
    if (!client.topics.delete(topic)) return;
    this.byTopic.get(topic)?.delete(client);
    this.handlerOf(topic)?.left?.(client, topic);
  }

  /**
   * The server is going away: each client is closed with RESTART_CLOSE_CODE once the requests it
   * sent are answered (at once if none is waiting: see requestSettled), so no reply is lost.
   */
  drain(): void {
    this.draining = true;
    for (const client of this.clients) if (client.requests === 0) this.letGo(client);
  }

  /** A request frame of `client` is being run. */
  requestStarted(client: HubClient): void {
    client.requests += 1;
    this.running += 1;
  }

  /** A request of `client` was answered (or its socket went meanwhile): while draining, the last one lets the client go. */
  requestSettled(client: HubClient): void {
    client.requests -= 1;
    this.running -= 1;
    if (this.draining && client.requests === 0) this.letGo(client);
  }

  /** Requests received and not answered yet, over every client (those whose socket closed meanwhile too). */
  get requestsInFlight(): number {
    return this.running;
  }

  private letGo(client: HubClient): void {
    const { socket } = client;
    if (socket.readyState === socket.OPEN) socket.close(RESTART_CLOSE_CODE, RESTART_CLOSE_REASON);
  }

  /**
   * How many events this instance has delivered on `topic` (its subscribers or none): a read of the
   * topic's state started while this number stayed the same missed no event a new subscriber would
   * not get (see the live game's public snapshots, features/live/realtime.ts).
   */
  topicVersion(topic: string): number {
    return this.versions.get(topic) ?? 0;
  }

  /** Delivers a bus event to this instance's subscribers. */
  deliver(event: RealtimeEvent): number {
    this.versions.set(event.topic, (this.versions.get(event.topic) ?? 0) + 1);
    const clients = this.byTopic.get(event.topic);
    if (!clients?.size) return 0;
    // Serialised and encoded once for every client (ws would encode a string again for each).
    const frame = Buffer.from(JSON.stringify({ ...event, server_time: this.now() }));
    let sent = 0;
    for (const client of clients) if (this.sendFrame(client, frame)) sent += 1;
    return sent;
  }

  sendTo(client: HubClient, event: RealtimeEvent | UnstampedControlFrame): void {
    this.sendFrame(client, Buffer.from(JSON.stringify({ ...event, server_time: this.now() })));
  }

  /** Sends a JSON frame (UTF-8 bytes) as a text frame. */
  private sendFrame(client: HubClient, frame: Buffer): boolean {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, 'too slow');
      return false;
    }
    socket.send(frame, { binary: false });
    return true;
  }
}
