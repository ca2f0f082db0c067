/**
 * The event bus between server instances (DESIGN.md §6): on PostgreSQL, events travel through
 * LISTEN/NOTIFY, so N stateless instances sharing one database deliver each event to every
 * WebSocket client whichever instance it is connected to. On the embedded PGlite only one process can
 * own the database, so an in-process bus is exact there. Events are small (a notification's payload is
 * limited to 8000 bytes): they carry ids and counts, and clients fetch anything bigger.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';

export interface RealtimeEvent {
  /** Who receives it: `admin:<id>`, `game:<id>:operator`, `game:<id>:public`, ... */
  topic: string;
  /** What happened, namespaced by who speaks: `notification.count`, `server.questionShown`, ... */
  type: string;
  data: unknown;
}

export type EventListener = (event: RealtimeEvent) => void;

export interface EventBus {
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'lt_events';
const MAX_PAYLOAD = 7900;

export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      // Asynchronous like NOTIFY, so publishers never depend on delivery order within their own call.
      queueMicrotask(() => emitter.emit('event', event));
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function createPostgresBus(url: string, log: { warn(obj: object, msg: string): void }): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closed = false;
  let client: pg.Client;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        emitter.emit('event', JSON.parse(message.payload) as RealtimeEvent);
      } catch (error) {
        log.warn({ err: error }, 'ignoring a malformed realtime event');
      }
    });
    next.on('error', (error) => {
      if (closed) return;
      log.warn({ err: error }, 'realtime listener lost its connection; reconnecting');
      void next.end().catch(() => undefined);
      setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
  };
  await connect();

  return {
    async publish(event) {
      const payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`realtime event ${event.type} is too large for NOTIFY`);
      await client.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await client.end().catch(() => undefined);
    },
  };
}
