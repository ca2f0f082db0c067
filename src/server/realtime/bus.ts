/**
 * The event bus between server instances: on PostgreSQL, events travel through
 * LISTEN/NOTIFY, so N stateless instances sharing one database deliver each event to every
 * WebSocket client whichever instance it is connected to. On the embedded PGlite only one process can
 * own the database, so an in-process bus is exact there. Events are small (a notification's payload is
 * limited to 8000 bytes): they carry ids and counts, and clients fetch anything bigger.
 */
import { randomUUID } from 'node:crypto';
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
  /** This instance's name on the bus (random, per process start). */
  readonly instanceId: string;
  /**
   * The instances listening on the bus now, this one included. On PostgreSQL each instance's
   * listening connection carries its id as application_name, so pg_stat_activity lists them; a
   * publisher that must know every instance acted on an event waits for their answers.
   */
  peers(): Promise<string[]>;
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'lt_events';
/**
 * Local events (never sent through PostgreSQL) telling subscribers the listener lost its connection
 * and, later, listens again: events published meanwhile did not reach this instance.
 */
export const BUS_DOWN = 'bus.down';
export const BUS_UP = 'bus.up';
const MAX_PAYLOAD = 7900;

/** What precedes the instance id in the application_name of a listening connection. */
const LISTENER_NAME = 'lt-bus:';

export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const instanceId = randomUUID();
  return {
    instanceId,
    async peers() {
      return [instanceId];
    },
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
  let client: pg.Client | undefined;
  const instanceId = randomUUID();

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: `${LISTENER_NAME}${instanceId}` });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        emitter.emit('event', JSON.parse(message.payload) as RealtimeEvent);
      } catch (error) {
        log.warn({ err: error }, 'ignoring a malformed realtime event');
      }
    });
    next.on('error', (error) => {
      if (closed || client !== next) return;
      log.warn({ err: error }, 'realtime listener lost its connection; reconnecting');
      // Events sent until the new connection listens are lost: subscribers that keep state hear so.
      emitter.emit('event', { topic: 'bus', type: BUS_DOWN, data: null } satisfies RealtimeEvent);
      void next.end().catch(() => undefined);
      setTimeout(reconnect, 1000);
    });
    await next.connect();
    try {
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  };
  /** Tries again every second until it listens again (or the bus is closed). */
  const reconnect = (): void => {
    if (closed) return;
    connect().then(
      () => {
        log.warn({}, 'realtime listener reconnected');
        emitter.emit('event', { topic: 'bus', type: BUS_UP, data: null } satisfies RealtimeEvent);
      },
      (error: unknown) => {
        log.warn({ err: error }, 'realtime listener could not reconnect; trying again in a second');
        setTimeout(reconnect, 1000);
      },
    );
  };
  await connect();

  // One statement at a time on the listening connection: events published together (a notification
  // to many admins), or a publish during a peers() read, would otherwise be handed to it while it
  // runs another, which pg queues today but deprecates (a warning, and an error from pg 9). In
  // order, so a topic's events keep theirs.
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = previous.then(work);
    previous = turn.catch(() => undefined);
    return turn;
  };

  return {
    instanceId,
    async peers() {
      if (!client) throw new Error('the realtime listener is not connected');
      const listening = client;
      const result = await inTurn(() =>
        listening.query<{ name: string }>(
          `select application_name as name from pg_stat_activity where datname = current_database() and starts_with(application_name, $1)`,
          [LISTENER_NAME],
        ),
      );
      return result.rows.map((row) => row.name.slice(LISTENER_NAME.length));
    },
    async publish(event) {
      const payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`realtime event ${event.type} is too large for NOTIFY`);
      try {
        if (!client) throw new Error('the realtime listener is not connected');
        const listening = client;
        await inTurn(() => listening.query('select pg_notify($1, $2)', [CHANNEL, payload]));
      } catch (error) {
        if (closed) throw error;
        // The listening connection is down (it reconnects meanwhile): the event still reaches the other instances.
        const once = new pg.Client({ connectionString: url });
        try {
          await once.connect();
          await once.query('select pg_notify($1, $2)', [CHANNEL, payload]);
        } finally {
          await once.end().catch(() => undefined);
        }
      }
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await client?.end().catch(() => undefined);
    },
  };
}
