/**
 * The app factory: builds a complete server (database, plugins, contract routes, SPA) from an
 * explicit config, without listening. The process entry (main.ts) and the tests both call it.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { seedDatabase, type SeedResult } from './features/seed.js';
import apiDocsPlugin from './plugins/api-docs.js';
import compressionPlugin from './plugins/compression.js';
import contractPlugin from './plugins/contract.js';
import errorsPlugin from './plugins/errors.js';
import filesPlugin from './features/file/plugin.js';
import healthPlugin from './plugins/health.js';
import langPlugin from './plugins/lang.js';
import securityPlugin from './plugins/security.js';
import unreadBodyPlugin from './plugins/unread-body.js';
import { registerSpa, sendIndex, spaAvailable } from './plugins/spa.js';
import { operationHandlers, playOperationHandlers } from './features/index.js';
import { livePlaySocketOperations } from './features/live/handlers.js';
import livePlugin from './features/live/plugin.js';
import rehearsalPlugin from './features/rehearsal/plugin.js';
import { SessionService } from './features/access/service.js';
import { loadTokenSecret, TokenSigner } from './features/access/tokens.js';
import accessPlugin from './features/access/plugin.js';
import auditRecorder from './features/audit/recorder.js';
import realtimePlugin from './plugins/realtime.js';
import shutdownPlugin from './plugins/shutdown.js';
import readCachePlugin from './features/read-cache/plugin.js';
import { DEFAULT_LOGIN_LIMITS, LoginThrottle } from './features/session/login-throttle.js';
import type { OperationHandlers } from './contract/handlers.js';
import { createBlobStore, type BlobStore } from './features/file/store/index.js';
import { systemClock, type Clock } from './lib/clock.js';
import { FORM_FIELD_MAX_BYTES } from './lib/small-form.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    seedResult: SeedResult;
    sessions: SessionService;
    /** The login limits: failed logins per address, per (username, address) and per username. */
    loginThrottle: LoginThrottle;
    /** Every route registered, as `METHOD /url` (tests compare them with the contract). */
    registeredRoutes: string[];
    /** Where file and image bytes live (features/file/store): local disk or S3. */
    fileStore: BlobStore;
    /** The clock the live game decides by (lib/clock.ts): the system's, or a test's. */
    clock: Clock;
  }
}

export interface BuildOptions {
  /** Replaces or adds operation handlers (tests use it to exercise the error handler). */
  handlers?: OperationHandlers;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  /** Runs after the app closed its database (tests remove their database and folders). */
  afterClose?: () => Promise<void>;
  /** false leaves the audit trail unrecorded: only for bench/audit-overhead.ts, which measures its cost. */
  recordAudit?: boolean;
}

/** Fastify's per-request lines: none on arrival, one on completion (debug, or warn for 429 and 5xx). */
class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const level = error || status >= 500 || status === 429 ? 'warn' : 'debug';
    // The path without its query: a WebSocket's ticket travels there.
    reply.log[level]({ method: request.method, url: request.url.split('?')[0], status, ms: Math.round(reply.elapsedTime) }, 'request completed');
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logger === false && !options.logStream
        ? false
        : {
            ...(typeof config.logger === 'object' ? config.logger : {}),
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Nothing logs a token or a password.
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers.authorization', '*.password', '*.token'],
              censor: '[redacted]',
            },
          },
    // One line per request, at debug (LOG_LEVEL=debug shows them) and at warn for a refusal worth a look
    // (429, 5xx): a rehearsal no longer floods the log with thousands of info lines.
    logController: new RequestLogController(),
    // Every line a request logs carries its id; the id is ours (a client's x-request-id is not trusted) and
    // comes back in the response's x-request-id header, so a user's report can be found in the log.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimit,
    // A hop count as Fastify's own (proxy-addr) reading of a number: the first n addresses are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    forceCloseConnections: true,
    // Registering the contracts' routes (compiling their schemas) takes a few seconds of one core; on a
    // host busy with other work Fastify's default 10 s per plugin was exceeded and the start failed
    // ("Plugin did not start in time: 'contract'"). A restart mid-show must not fail for being slow.
    pluginTimeout: 120_000,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const registeredRoutes: string[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push(`${method} ${route.url}`);
  });

  const database = await openDatabase(config.database, {
    onPoolError: (error) => app.log.warn({ err: error }, 'a database connection was lost; the pool opens a new one'),
  });
  app.addHook('onClose', async () => {
    await database.close();
    await options.afterClose?.();
  });
  try {
    const fileStore = await createBlobStore(config.fileStore, config.dataDir);
    app.addHook('onClose', async () => fileStore.close());
    app.decorate('fileStore', fileStore);
    app.decorate('config', config);
    app.decorate('clock', config.clock ?? systemClock);
    app.decorate('database', database);
    app.decorate('db', database.db);
    // Instances starting together on one database seed one at a time (the others find it seeded).
    const [seedResult, secret] = await database.exclusive(async () => [
      await seedDatabase(database.db, { adminPassword: config.adminPassword, files: fileStore }),
      await loadTokenSecret(database.db, config.tokenSecret),
    ] as const);
    app.decorate('seedResult', seedResult);
    const signer = new TokenSigner(secret, config.accessTokenTtl, app.clock);
    app.decorate('sessions', new SessionService(database.db, signer, config.refreshGraceMs, app.clock));
    app.decorate(
      'loginThrottle',
      new LoginThrottle({
        ...DEFAULT_LOGIN_LIMITS,
        perAddress: { max: config.loginAttemptsPerMinute, windowMs: 60_000 },
        ...config.loginLimits,
      }),
    );

    // An empty body sent as JSON means "no fields", not an error.
    const parseJson = app.getDefaultJsonParser('error', 'remove');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, {});
      return parseJson(request, body as string, done);
    });

    const serveSpa = spaAvailable(config.staticDir);
    await app.register(langPlugin);
    await app.register(errorsPlugin, {
      bodyLimit: config.bodyLimit,
      ...(serveSpa ? { spaFallback: (request, reply) => sendIndex(reply, request.url.split('?')[0]) } : {}),
    });
    await app.register(securityPlugin);
    // An answer sent before its request's body arrived closes the connection (plugins/unread-body.ts).
    await app.register(unreadBodyPlugin);
    await app.register(accessPlugin, { sessions: app.sessions });
    // Uploads: one file per request (one file at a time, the product's rule); handlers read the form's parts
    // (features/file/upload.ts streams into the blob store; lib/small-form.ts holds an image or a sheet).
    await app.register(multipart, { limits: { files: 1, fileSize: config.uploadLimit, fields: 20, fieldSize: FORM_FIELD_MAX_BYTES } });
    await app.register(realtimePlugin, { secret, allowedOrigins: config.allowedOrigins });
    // app.shutdown: the graceful shutdown main.ts runs on SIGTERM (plugins/shutdown.ts).
    await app.register(shutdownPlugin);
    // The live game: player/display access, the game topics of the real-time channel.
    await app.register(livePlugin, { autoPublishAfterMs: config.autoPublishAfterMs });
    for (const [operationId, operation] of Object.entries(livePlaySocketOperations(app))) app.hub.registerOperation(operationId, operation);
    // Rehearsals with simulated players run by this server (features/rehearsal).
    await app.register(rehearsalPlugin);
    // The audit trail of x-audit operations (hooks before the contract's routes, which they apply to).
    await app.register(auditRecorder, { enabled: options.recordAudit !== false });
    // The read cache of the hot lists and details (features/read-cache): before the compression, whose
    // answer-writing hook must see the JSON text it keeps and sends again.
    await app.register(readCachePlugin, { enabled: config.readCache !== false });
    // JSON and other text answers of 1 KB or more, brotli or gzip (plugins/compression.ts); not the WebSocket above.
    await app.register(compressionPlugin);
    await app.register(contractPlugin, { handlers: { ...operationHandlers, ...options.handlers }, playHandlers: playOperationHandlers });
    // Uploaded images, outside /api (features/file/plugin.ts).
    await app.register(filesPlugin);
    // GET /healthz and /readyz for load balancers (plugins/health.ts).
    await app.register(healthPlugin);
    // GET /api/docs (the API reference) and the raw contracts under /api/openapi (plugins/api-docs.ts).
    await app.register(apiDocsPlugin);
    if (serveSpa) await registerSpa(app, config.staticDir as string);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
