/**
 * The read cache's tables, declared once (src/server/features/read-cache): each cached operation
 * names the tables its answer is read from in the contract (`x-cache-tables`, openapi/admin-api.yaml).
 * The cache is only as fresh as that list, so:
 * - every listed table has the change triggers that invalidate it (migration 0010: insert, update and
 *   delete, each calling lt_cache_invalidate) on the test database, PGlite or PostgreSQL;
 * - each cached operation, called with data present, reads no table it does not list: the SQL its
 *   handler sends is collected at the database driver (the queries of this request only, by async
 *   context) and the schema's table names it references (`from x`, `join x`, `"x"`) must be listed.
 *   Tables of the caller's access (roles, permissions, sessions...) are the access hook's, which runs
 *   before the cache; the reads run once the access cache holds the caller, so none is queried. An
 *   operation marked `x-cache-access` (its answer shows the caller's access) may also read what the
 *   access cache loads (features/access/access.ts, access-cache.ts): its entries are dropped by the
 *   access cache's own `access.invalidate` events, not by triggers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getTableName, is, sql, Table } from 'drizzle-orm';
import pg from 'pg';
import { listOperations, loadAdminSpec } from '@/server/contract/spec';
import * as schema from '@/server/db/schema';
import { cachedReads } from '@/server/features/read-cache/plugin';
import { createTestApp, usingPostgres } from '../support/app';
import { call, login } from '../support/api';

const setting = usingPostgres ? 'PostgreSQL' : 'PGlite';
const cached = listOperations(loadAdminSpec()).filter((operation) => operation.cache);
/** What the access cache loads, invalidated by its `access.invalidate` events (features/access/access-cache.ts). */
const ACCESS_TABLES = ['admins', 'admin_roles', 'admin_permissions', 'admin_companies', 'roles', 'role_permissions', 'permissions', 'companies', 'admin_sessions', 'access_tokens'];
const schemaTables: string[] = Object.values(schema).flatMap((value) => (is(value, Table) ? [getTableName(value)] : []));

/** The schema's tables a statement references. */
function tablesIn(text: string): string[] {
  const statement = text.toLowerCase();
  return schemaTables.filter((table) => new RegExp(`(\\b(from|join)\\s+${table}\\b)|("${table}")`).test(statement));
}

let app: FastifyInstance;
let token: string;
const capture = new AsyncLocalStorage<string[]>();
let restore: () => void = () => undefined;

/** Sees every statement sent through the app's database client within `capture`. */
function observeStatements(target: FastifyInstance): () => void {
  const note = (text: unknown) => {
    const statement = typeof text === 'string' ? text : (text as { text?: unknown } | null)?.text;
    if (typeof statement === 'string') capture.getStore()?.push(statement);
  };
  if (usingPostgres) {
    // The pool's queries and its transactions' both go through a pg.Client.
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      note(args[0]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    return () => {
      pg.Client.prototype.query = original;
    };
  }
  const client = (target.db as unknown as { $client: { query: (...a: unknown[]) => unknown; exec: (...a: unknown[]) => unknown; transaction: (cb: (tx: object) => unknown) => unknown } }).$client;
  const { query, exec, transaction } = client;
  client.query = (...args) => (note(args[0]), query.apply(client, args));
  client.exec = (...args) => (note(args[0]), exec.apply(client, args));
  client.transaction = (callback) =>
    transaction.call(client, (tx) =>
      callback(
        Object.create(tx, {
          query: { value: (...args: unknown[]) => (note(args[0]), (tx as { query: (...a: unknown[]) => unknown }).query(...args)) },
          exec: { value: (...args: unknown[]) => (note(args[0]), (tx as { exec: (...a: unknown[]) => unknown }).exec(...args)) },
        }),
      ),
    );
  return () => Object.assign(client, { query, exec, transaction });
}

/** A body for each cached operation, reading the data made in beforeAll. */
let bodies: Record<string, object>;

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  const ok = <T extends { body: { code: number } }>(res: T): T => {
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res;
  };
  const gameId = ok(await call(app, '/triviaGame/create', { title: 'Tables read', type: 1 }, { token })).body.data.id as number;
  ok(
    await call(
      app,
      '/question/create',
      {
        trivia_game_id: gameId,
        title: 'Read',
        question_text: 'Read?',
        question_img: '',
        pre_video_url: '',
        have_answering_time: 1,
        answering_time: 20,
        score: 0,
        question_type: 1,
        is_bonus: 0,
        options: ['A', 'B'].map((letter) => ({ title: letter, text: letter, img: '' })),
        answer: ['A'],
      },
      { token },
    ),
  );
  const questionId = (ok(await call(app, '/question/list', { trivia_game_id: gameId, page: 1, limit: 1 }, { token })).body.data.list as Array<{ id: number }>)[0]!.id;
  const inserted = (await app.db.execute(sql`insert into players (trivia_game_id, nickname, token_hash, join_order) values (${gameId}, 'Reader', 'hash-of-reader', 1) returning id`)) as unknown as { rows: Array<{ id: number }> };
  await app.db.execute(sql`insert into answers (player_id, question_id, trivia_game_id, choices, elapsed_ms, received_at) values (${inserted.rows[0]!.id}, ${questionId}, ${gameId}, '["A"]', 1200, now())`);
  ok(await call(app, '/notification/send', { admins: [], message: '<p>Tables read</p>' }, { token }));
  bodies = {
    triviaGameList: { page: 1, limit: 10 },
    triviaGameDetail: { id: gameId },
    triviaGameAllLevel: { trivia_game_id: gameId },
    questionList: { trivia_game_id: gameId, page: 1, limit: 10 },
    questionDetail: { id: questionId },
    notificationList: { page: 1, limit: 10, order: 'desc' },
    notificationUnReadCount: {},
    info: {},
  };
  // The caller's session and access are in the access cache from here on.
  ok(await call(app, '/me', {}, { token }));
  restore = observeStatements(app);
});
afterAll(async () => {
  restore();
  await app?.close();
});

describe(`the tables of the read cache (${setting})`, () => {
  it('the contract declares the cached reads, each listing tables of the schema', () => {
    expect(cached.map((operation) => operation.operationId).sort()).toEqual(
      ['info', 'notificationList', 'notificationUnReadCount', 'questionDetail', 'questionList', 'triviaGameAllLevel', 'triviaGameDetail', 'triviaGameList'],
    );
    expect(ACCESS_TABLES.filter((table) => !schemaTables.includes(table))).toEqual([]);
    for (const operation of cached) expect(operation.cache!.tables.filter((table) => !schemaTables.includes(table)), operation.operationId).toEqual([]);
  });

  it('refuses to start on a malformed declaration: a table the schema lacks, per-admin without tables, an empty list', () => {
    const list = cached.find((operation) => operation.operationId === 'triviaGameList')!;
    expect(cachedReads(cached).get('triviaGameList')).toEqual(list.cache);
    expect(() => cachedReads([{ ...list, cache: { ...list.cache!, tables: ['trivia_games', 'nope'] } }])).toThrow(/names no table of the schema: nope/);
    const contract = (extensions: object) => ({ paths: { '/x': { post: { operationId: 'x', ...extensions } } } });
    expect(() => listOperations(contract({ 'x-cache-per-admin': true }))).toThrow(/need x-cache-tables/);
    expect(() => listOperations(contract({ 'x-cache-tables': [] }))).toThrow(/must list table names/);
  });

  it('every table an x-cache-tables lists has the change triggers (insert, update, delete)', async () => {
    const result = (await app.db.execute(
      sql`select event_object_table as "table", event_manipulation as "event" from information_schema.triggers where action_statement like '%lt_cache_invalidate%'`,
    )) as unknown as { rows: Array<{ table: string; event: string }> };
    const watched = new Map<string, Set<string>>();
    for (const row of result.rows) watched.set(row.table, (watched.get(row.table) ?? new Set()).add(row.event));
    const missing = cached.flatMap((operation) =>
      operation.cache!.tables.flatMap((table) =>
        ['INSERT', 'UPDATE', 'DELETE'].filter((event) => !watched.get(table)?.has(event)).map((event) => `${operation.operationId}: ${table} ${event}`),
      ),
    );
    expect(missing, 'listed tables without a change trigger').toEqual([]);
  });

  it('each cached operation reads only the tables it lists', async () => {
    const unlisted: string[] = [];
    for (const operation of cached) {
      const statements: string[] = [];
      const path = operation.path;
      const res = await capture.run(statements, () => call(app, path, bodies[operation.operationId], { token }));
      expect(res.body.code, `${operation.operationId}: ${JSON.stringify(res.body)}`).toBe(200);
      // Read from the database, not from the cache (a first call), and so seen here.
      expect(statements.length, operation.operationId).toBeGreaterThan(0);
      const read = new Set(statements.flatMap(tablesIn));
      const allowed = [...operation.cache!.tables, ...(operation.cache!.access ? ACCESS_TABLES : [])];
      for (const table of read) if (!allowed.includes(table)) unlisted.push(`${operation.operationId} reads ${table}`);
    }
    expect(unlisted, 'tables read but not in x-cache-tables').toEqual([]);
  });

  it('finds the tables of a statement as Drizzle and hand-written SQL name them', () => {
    expect(tablesIn('select "trivia_games"."id" from "trivia_games" left join "questions" on true').sort()).toEqual(['questions', 'trivia_games']);
    expect(tablesIn('select count(*) from answers a join players p on p.id = a.player_id').sort()).toEqual(['answers', 'players']);
    expect(tablesIn("select 'answers' as label")).toEqual([]);
  });
});
