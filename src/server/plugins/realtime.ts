/**
 * The one WebSocket endpoint, GET /api/ws (docs/api-conventions.md). A client connects with a single-use
 * ticket from POST /api/admin/ws/ticket (or the player API) in the `ticket` query parameter; a browser
 * from another origin is refused. Events published on the bus by any instance reach the clients of
 * every instance. Admins are subscribed to their own topic `admin:<id>` at once.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveLang, translate } from '../i18n.js';
import type { Envelope } from '../lib/envelope.js';
import { createLocalBus, createPostgresBus, type EventBus, type RealtimeEvent } from '../realtime/bus.js';
import { Hub, RESTART_CLOSE_REASON, type HubClient } from '../realtime/hub.js';
import { DEFAULT_MESSAGE_RATE, FLOOD_CLOSE_CODE, FLOOD_CLOSE_REASON, fullBucket, takeFrame } from '../realtime/message-rate.js';
import { recentEvents } from '../realtime/recent-events.js';
import { TicketService, type TicketSubject } from '../realtime/tickets.js';
import { resultEnvelope } from './contract.js';
import { errorReply } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
    hub: Hub;
    tickets: TicketService;
    /** Publishes an event to every instance's subscribers. */
    publish(event: RealtimeEvent): Promise<void>;
  }
  interface FastifyRequest {
    wsSubject: TicketSubject | null;
  }
}

export const WS_PATH = '/api/ws';
/** Requests one client may have waiting for their reply; more is not a phone answering, it is a flood. */
export const MAX_REQUESTS_IN_FLIGHT = 4;
/**
 * How long an admin's access change is told again to the admin's sockets that connect after it: more
 * than a screen takes from reading its info to its socket listening (a page load on a slow network).
 */
export const ACCESS_CHANGE_REPLAY_MS = 30_000;

/** A client's frame, as parsed: nothing in it is trusted. */
interface ClientFrame {
  type?: unknown;
  topic?: unknown;
  t?: unknown;
  id?: unknown;
  operation?: unknown;
  lang?: unknown;
  body?: unknown;
}
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_SLOTS = 30;
/** A connection closed for flooding that still sends this long after the close is cut off. */
const FLOOD_CUT_OFF_MS = 2_000;

/** Same origin as the page that serves the app, or one the config allows; non-browser clients send none. */
function originAllowed(request: FastifyRequest, allowed: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

async function realtimePlugin(app: FastifyInstance, options: { secret: Uint8Array; allowedOrigins: string[] }): Promise<void> {
  const rate = DEFAULT_MESSAGE_RATE;
  const bus = app.config.database.kind === 'postgres' ? await createPostgresBus(app.config.database.url, app.log) : createLocalBus();
  const hub = new Hub(() => app.clock.now());
  const tickets = new TicketService(options.secret, app.clock);
  app.decorate('bus', bus);
  app.decorate('hub', hub);
  app.decorate('tickets', tickets);
  app.decorate('publish', (event: RealtimeEvent) => bus.publish(event));
  app.decorateRequest('wsSubject', null);

  const unsubscribe = bus.subscribe((event) => hub.deliver(event));

  // An admin's socket, subscribed at connect, first hears an access change announced in the last
  // ACCESS_CHANGE_REPLAY_MS: its screen may have read its info just before that (realtime/recent-events.ts).
  // Once per socket: its client subscribes to the topic again at `ready`, as to every topic it holds.
  const accessChanges = recentEvents(bus, 'access.changed', ACCESS_CHANGE_REPLAY_MS, () => app.clock.now());
  const toldOfAccess = new WeakSet<HubClient>();
  hub.registerTopic('admin', {
    authorize: (client, topic) => client.subject.kind === 'admin' && topic === `admin:${client.subject.id}`,
    snapshot: (client, topic) => {
      if (toldOfAccess.has(client)) return [];
      toldOfAccess.add(client);
      return accessChanges.of(topic);
    },
  });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // Each client is pinged every HEARTBEAT_MS, and one that did not answer the last ping is dropped.
  // The clients are spread over HEARTBEAT_SLOTS ticks (a slot given at their first tick, for good):
  // pinging 10,000 at once would hold the event loop for a quarter of a second, delaying whatever
  // question or answer arrives meanwhile.
  let tick = 0;
  let nextSlot = 0;
  const heartbeat = setInterval(() => {
    const slot = tick++ % HEARTBEAT_SLOTS;
    for (const client of hub.clients) {
      const socket = client.socket as typeof client.socket & { isAlive?: boolean; heartbeatSlot?: number };
      socket.heartbeatSlot ??= nextSlot++ % HEARTBEAT_SLOTS;
      if (socket.heartbeatSlot !== slot) continue;
      if (socket.isAlive === false) {
        socket.terminate();
        continue;
      }
      socket.isAlive = false;
      socket.ping();
    }
  }, HEARTBEAT_MS / HEARTBEAT_SLOTS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    accessChanges.close();
    for (const client of hub.clients) client.socket.terminate();
    await bus.close();
  });

  /**
   * A request frame: the operation's contract validation, then the operation, then one reply with the
   * HTTP status and the envelope its POST would have answered (errors mapped by plugins/errors.ts).
   */
  function runRequest(client: HubClient, message: ClientFrame, receivedAt: Date): void {
    const id = message.id as string | number;
    if (!((typeof id === 'string' && id.length >= 1 && id.length <= 64) || Number.isSafeInteger(id))) {
      return hub.sendTo(client, { type: 'error', message: 'a request needs an id (a string of 1 to 64 characters, or an integer)' });
    }
    const lang = resolveLang(typeof message.lang === 'string' ? message.lang : undefined);
    const reply = (status: number, body: Envelope) => hub.sendTo(client, { type: 'reply', id, status, body });
    const operation = typeof message.operation === 'string' ? hub.operation(message.operation) : undefined;
    if (!operation) {
      return reply(404, { code: 404, message: translate(lang, 'error.notFound', { method: 'request', url: String(message.operation) }), data: null });
    }
    if (hub.draining) {
      // The server is shutting down: the phone keeps the answer (503 is worth sending again) and
      // sends it after reconnecting, to an instance that is up.
      return reply(503, { code: 503, message: translate(lang, 'error.restarting'), data: null });
    }
    if (client.requests >= MAX_REQUESTS_IN_FLIGHT) {
      return reply(429, { code: 429, message: translate(lang, 'error.tooManyRequests', { after: translate(lang, 'time.seconds', { count: 1 }) }), data: null });
    }
    hub.requestStarted(client);
    void (async () => {
      try {
        const body = message.body ?? null;
        if (!operation.validate(body)) throw { validation: operation.validate.errors ?? [] };
        reply(200, resultEnvelope(await operation.run(client, body as never, lang, receivedAt), lang));
      } catch (error) {
        const { status, body } = errorReply(error, lang, app.log);
        reply(status, body);
      } finally {
        hub.requestSettled(client);
      }
    })();
  }

  app.get(
    WS_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (hub.draining) return reply.code(503).send({ code: 503, message: RESTART_CLOSE_REASON, data: null });
        if (!originAllowed(request, options.allowedOrigins)) {
          return reply.code(403).send({ code: 403, message: 'origin not allowed', data: null });
        }
        const ticket = (request.query as { ticket?: string }).ticket;
        const subject = ticket ? await tickets.redeem(ticket) : null;
        if (!subject) return reply.code(401).send({ code: 202, message: 'a valid ticket is required', data: null });
        request.wsSubject = subject;
      },
    },
    (socket, request) => {
      const client: HubClient = { subject: request.wsSubject!, socket, topics: new Set(), requests: 0, bucket: fullBucket(rate, app.clock.now()) };
      const alive = socket as typeof socket & { isAlive?: boolean };
      alive.isAlive = true;
      socket.on('pong', () => (alive.isAlive = true));
      hub.add(client);
      socket.on('close', () => hub.remove(client));
      // Frames that arrive after the flood close are dropped unread. Those the client sent before it
      // got the close are still on their way for a round trip; one still sending FLOOD_CUT_OFF_MS later
      // ignores the close and is cut off (ws would wait 30 s for its closing handshake).
      let floodClosedAt = 0;
      socket.on('message', (raw: Buffer) => {
        const receivedAt = new Date(app.clock.now());
        if (socket.readyState !== socket.OPEN) {
          if (floodClosedAt && receivedAt.getTime() - floodClosedAt > FLOOD_CUT_OFF_MS) socket.terminate();
          return;
        }
        if (!takeFrame(client.bucket, rate, receivedAt.getTime())) {
          request.log.warn({ subject: client.subject.kind, id: client.subject.id }, 'websocket closed: too many messages');
          floodClosedAt = receivedAt.getTime();
          hub.remove(client);
          socket.close(FLOOD_CLOSE_CODE, FLOOD_CLOSE_REASON);
          return;
        }
        let message: ClientFrame;
        try {
          message = JSON.parse(raw.toString());
        } catch {
          return hub.sendTo(client, { type: 'error', message: 'frames must be JSON' });
        }
        if (message === null || typeof message !== 'object') return hub.sendTo(client, { type: 'error', message: 'frames must be JSON objects' });
        if (message.type === 'ping') return hub.sendTo(client, { type: 'pong', t: message.t ?? null });
        if (message.type === 'request') return runRequest(client, message, receivedAt);
        if (typeof message.topic !== 'string') return hub.sendTo(client, { type: 'error', message: 'topic required' });
        const topic = message.topic;
        if (message.type === 'unsubscribe') return hub.unsubscribe(client, topic);
        if (message.type === 'subscribe') {
          void hub
            .subscribe(client, topic)
            .then((ok) => hub.sendTo(client, ok ? { type: 'subscribed', topic } : { type: 'refused', topic }))
            .catch((error: unknown) => {
              request.log.error({ err: error, topic }, 'subscribe failed');
              hub.sendTo(client, { type: 'refused', topic });
            });
        }
      });
      if (client.subject.kind === 'admin') {
        void hub.subscribe(client, `admin:${client.subject.id}`).then(() => hub.sendTo(client, { type: 'ready' }));
      } else {
        hub.sendTo(client, { type: 'ready' });
      }
    },
  );
}

export default fp(realtimePlugin, { name: 'realtime' });
