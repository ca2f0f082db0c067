/**
 * The read cache's place in a request (issue 22; the entries and generations are cache.ts, the design
 * docs/architecture.md "The read cache"):
 *
 * - Which reads: the operations the contract marks `x-cache-tables` (cachedReads below), the hot lists
 *   and details. Their key is the operation, the company (`Cid`, already checked), the admin where the
 *   answer is the admin's own (`x-cache-per-admin`), the language and the request body as the contract
 *   validated it (unknown fields dropped, defaults filled in), canonical. A hit sends the kept JSON text
 *   as it is, without a query (compressed for a client that accepts it, as the compression plugin
 *   would: the compressed copy is kept too): after the access hook (features/access/plugin.ts) has
 *   authenticated the caller and checked the operation's permission and the company, so a permission
 *   taken away is refused on the very next call, cached or not.
 * - Kept: a 200 answer whose envelope says 200, unless a group it depends on changed while it was read.
 * - Invalidated by the database itself: triggers on every table those answers are read from (migration
 *   0010) NOTIFY `lt_events`, the event bus's channel, with the table and company, at commit, whoever
 *   wrote (this instance, another one, a live game's answer batch, SQL typed by hand). On PostgreSQL
 *   the bus's listening connection hears them on every instance; on the embedded PGlite the database
 *   delivers them to this process's LISTEN (PGlite runs the callbacks before the writing query's
 *   caller continues). Access changes arrive as the access cache's own `access.invalidate` events.
 * - Read-your-writes: any other admin operation (a write, or one not known to be a read) invalidates
 *   its company here before it answers (a non-company operation: everything), and on PostgreSQL with
 *   other instances listening it first sends a barrier through the bus and waits until every instance
 *   has answered it: NOTIFY delivers in commit order, so an instance answering the barrier has
 *   applied every invalidation the write's transaction sent. The client's next read, on any instance,
 *   sees the write.
 * - The bus lost its connection (events may be missed): everything dropped and nothing served or kept
 *   until it listens again, then dropped once more.
 * - READ_CACHE=off (config `readCache: false`) turns it off.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getTableName, is, Table } from 'drizzle-orm';
import { BROTLI_OPTIONS, COMPRESSION_ENCODINGS, COMPRESSION_THRESHOLD } from '../../plugins/compression.js';
import { BUS_DOWN, BUS_UP, type RealtimeEvent } from '../../realtime/bus.js';
import { listOperations, loadAdminSpec, type CacheDeclaration, type OperationInfo } from '../../contract/spec.js';
import * as schema from '../../db/schema.js';
import { ACCESS_INVALIDATE, ACCESS_TOPIC } from '../access/access-cache.js';
import { canonicalJson, ReadCache, type CachedEncoding, type ReadPlan } from './cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The read cache of this process (null when turned off). */
    readCache: ReadCache | null;
  }
  interface FastifyRequest {
    readPlan: ReadPlan | null;
  }
}

export const CACHE_TOPIC = 'cache';
/** Sent by the database's triggers: `{table, company}` (company null = any). */
export const CACHE_INVALIDATE = 'cache.invalidate';
const CACHE_BARRIER = 'cache.barrier';
const CACHE_APPLIED = 'cache.applied';
const BARRIER_TIMEOUT_MS = 2_000;
/** The channel the triggers notify: the event bus's own (realtime/bus.ts). */
const CHANNEL = 'lt_events';

/**
 * The cached reads and what each answer is made of, as the contract declares them on each operation
 * (`x-cache-tables`, `x-cache-per-admin`, `x-cache-access`: contract/spec.ts, docs/api-conventions.md):
 * the game list's question_count, answer_count (the live answer batches write answers), player_count
 * (raised by each join, a trivia_games column), join_url (the company's public_url); the question
 * list's status (the game flow); a notification's sender name (admins); /info's menu
 * (admin_nav_settings), unread count (notifications), companies and access. Every listed table must be
 * a table of the schema (checked here, at start) with the change triggers of migration 0010 (checked
 * by tests/api/read-cache-tables.test.ts, which also checks that each operation reads no other table).
 */
export function cachedReads(operations: OperationInfo[] = listOperations(loadAdminSpec())): Map<string, CacheDeclaration> {
  const known = new Set<string>(Object.values(schema).flatMap((value) => (is(value, Table) ? [getTableName(value)] : [])));
  const reads = new Map<string, CacheDeclaration>();
  for (const operation of operations) {
    if (!operation.cache) continue;
    const unknown = operation.cache.tables.filter((table) => !known.has(table));
    if (unknown.length > 0) throw new Error(`${operation.operationId}: x-cache-tables names no table of the schema: ${unknown.join(', ')}`);
    if (NOT_WRITES.has(operation.operationId)) throw new Error(`${operation.operationId}: cached by its x-cache-tables, it must not be listed in NOT_WRITES too`);
    reads.set(operation.operationId, operation.cache);
  }
  return reads;
}

/**
 * Admin operations that change nothing any cached answer shows: they do not invalidate. Any other
 * operation does, so an operation added later is taken for a write until it is listed here. The
 * cached reads (cachedReads) are not writes either.
 */
const NOT_WRITES = new Set([
  'login',
  'refresh',
  'logout',
  'me',
  'wsTicket',
  'nav',
  'notificationAdmins',
  'triviaGameGetRank',
  'triviaGameDisplayList',
  'triviaGameExportResults',
  'questionExport',
  'fileList',
  'fileDownload',
  'adminList',
  'adminDetail',
  'adminImportTemplate',
  'questionImportTemplate',
  'roleList',
  'permissionTree',
  'companyList',
  'auditList',
  'auditExport',
  'websitePrivacy',
  'websitePrivacyDetail',
]);

const JSON_TYPE = 'application/json; charset=utf-8';
/** The longest request body (as its canonical JSON) a cached read is keyed by; a longer one is not cached. */
const MAX_KEYED_BODY = 2_048;

/** Compressed as plugins/compression.ts compresses an answer on the fly (its brotli settings, gzip's default level). */
const COMPRESS: Record<CachedEncoding, (body: string) => Buffer> = {
  br: (body) => zlib.brotliCompressSync(body, BROTLI_OPTIONS),
  gzip: (body) => zlib.gzipSync(body),
};

const ENCODINGS: string[] = [...COMPRESSION_ENCODINGS];

/** The encoding the compression plugin would choose for this request (the same negotiation), or null for none. */
function acceptedEncoding(request: FastifyRequest): CachedEncoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return null;
  // The compression plugin takes `*` and `x-gzip` for gzip.
  const encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

function cidOf(request: FastifyRequest): string {
  const header = request.headers.cid;
  return (Array.isArray(header) ? header[0] : header)?.trim() || '1';
}

async function readCachePlugin(app: FastifyInstance, options: { enabled: boolean }): Promise<void> {
  app.decorateRequest('readPlan', null);
  if (!options.enabled) {
    app.decorate('readCache', null);
    return;
  }
  const reads = cachedReads();
  const cache = new ReadCache();
  app.decorate('readCache', cache);

  // ------------------------------------------------------------ invalidations

  /** Barriers this instance sent, by id: the instances whose answer it still waits for. */
  const waiting = new Map<string, { instances: Set<string>; done: () => void }>();

  const onEvent = (event: RealtimeEvent): void => {
    if (event.type === BUS_DOWN) {
      cache.bypass = true;
      cache.clear();
      return;
    }
    if (event.type === BUS_UP) {
      cache.clear();
      cache.bypass = false;
      return;
    }
    if (event.topic === ACCESS_TOPIC) {
      if (event.type === ACCESS_INVALIDATE) cache.invalidate('access:*');
      return;
    }
    if (event.topic !== CACHE_TOPIC) return;
    const data = event.data as { table?: unknown; company?: unknown; id?: unknown; by?: unknown } | null;
    if (event.type === CACHE_INVALIDATE) {
      if (typeof data?.table !== 'string') return;
      cache.invalidate(typeof data.company === 'number' ? `${data.table}:${data.company}` : `${data.table}:*`);
    } else if (event.type === CACHE_BARRIER) {
      // Every invalidation committed before the barrier was sent has been applied above.
      if (typeof data?.id !== 'string') return;
      app.bus.publish({ topic: CACHE_TOPIC, type: CACHE_APPLIED, data: { id: data.id, by: app.bus.instanceId } }).catch((error: unknown) => app.log.warn({ err: error }, 'could not answer a read cache barrier'));
    } else if (event.type === CACHE_APPLIED) {
      const wait = typeof data?.id === 'string' ? waiting.get(data.id) : undefined;
      if (!wait || typeof data?.by !== 'string') return;
      wait.instances.delete(data.by);
      if (wait.instances.size === 0) wait.done();
    }
  };
  const unsubscribe = app.bus.subscribe(onEvent);
  let unlisten: (() => Promise<void>) | null = null;
  if (app.database.listen) {
    // PGlite: the triggers' notifications reach this process through the database's own LISTEN (the
    // in-process bus never sees them). Until it listens, nothing is kept.
    cache.bypass = true;
    try {
      unlisten = await app.database.listen(CHANNEL, (payload) => {
        try {
          onEvent(JSON.parse(payload) as RealtimeEvent);
        } catch (error) {
          app.log.warn({ err: error }, 'ignoring a malformed database notification');
        }
      });
      cache.bypass = false;
    } catch (error) {
      app.log.warn({ err: error }, 'the read cache could not listen to the database: it stays off');
    }
  }
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const wait of waiting.values()) wait.done();
    await unlisten?.().catch(() => undefined);
  });

  /** Waits until every other instance listening on the bus has applied what was committed so far. */
  const barrier = async (): Promise<void> => {
    const others = new Set((await app.bus.peers().catch(() => [] as string[])).filter((id) => id !== app.bus.instanceId));
    if (others.size === 0) return;
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    try {
      const applied = new Promise<void>((resolve) => {
        waiting.set(id, { instances: others, done: resolve });
        timer = setTimeout(() => {
          app.log.warn({ instances: [...others] }, `read cache barrier: no answer within ${BARRIER_TIMEOUT_MS} ms`);
          resolve();
        }, BARRIER_TIMEOUT_MS);
      });
      await app.bus.publish({ topic: CACHE_TOPIC, type: CACHE_BARRIER, data: { id } });
      await applied;
    } catch (error) {
      app.log.warn({ err: error }, 'could not send a read cache barrier');
    } finally {
      clearTimeout(timer);
      waiting.delete(id);
    }
  };

  // ------------------------------------------------------------ requests

  // After the access hook (onRequest) and the body's validation: the caller may read this, and the body
  // is the one the handler would see.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const spec = reads.get(operation.operationId);
    if (!spec || !request.auth) return;
    const company = operation.companyScoped ? String(request.companyId) : cidOf(request);
    const groups = [`company:${company}`];
    for (const table of spec.tables) groups.push(`${table}:${company}`, `${table}:*`);
    if (spec.access) groups.push('access:*');
    // A body too deep to write out (a fuzzer's thousands of nested arrays) or too long to be a real
    // list request is read without the cache: it would only fill the cache with keys nobody asks again.
    let bodyKey: string;
    try {
      bodyKey = canonicalJson(request.body ?? {});
    } catch {
      return undefined;
    }
    if (bodyKey.length > MAX_KEYED_BODY) return undefined;
    const key = `${operation.operationId}\u0000${company}\u0000${spec.perAdmin ? request.auth.adminId : ''}\u0000${request.lang}\u0000${bodyKey}`;
    const plan = cache.plan(key, groups);
    const answer = cache.get(plan);
    if (answer !== null) {
      reply.type(JSON_TYPE);
      const encoding = answer.body.length >= COMPRESSION_THRESHOLD ? acceptedEncoding(request) : null;
      if (!encoding) return reply.send(answer.body);
      // The copy compressed for an earlier hit: the compression plugin leaves an answer that says its
      // own Content-Encoding as it is.
      reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
      return reply.send(cache.encode(answer, encoding, COMPRESS[encoding]));
    }
    request.readPlan = plan;
    return undefined;
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return payload;
    const plan = request.readPlan;
    if (plan) {
      if (reply.statusCode === 200 && typeof payload === 'string' && payload.startsWith('{"code":200,')) cache.store(plan, payload);
      return payload;
    }
    // Refused before its handler ran (no session, no permission): it wrote nothing.
    if (reads.has(operation.operationId) || NOT_WRITES.has(operation.operationId) || !request.auth) return payload;
    // A write (or what may be one): this client's next read, here or on another instance, sees it.
    if (operation.companyScoped && request.companyId) cache.invalidate(`company:${request.companyId}`);
    else cache.clear();
    if (app.config.database.kind === 'postgres') await barrier();
    return payload;
  });
}

export default fp(readCachePlugin, { name: 'read-cache', dependencies: ['access', 'realtime'] });
