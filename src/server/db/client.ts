/**
 * Opens the database the config names: embedded PGlite (a folder, or memory for tests) or a
 * PostgreSQL server, both through Drizzle with the same schema, and applies the migrations.
 * The rest of the server sees only `Database`; it never knows which engine is underneath.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import * as schema from './schema.js';
import { acquireFolderLock, type FolderLock } from './lock.js';
import { migrationsFolder } from '../runtime-files.js';

/**
 * What a raw query (`db.execute`) answers on either engine: node-postgres's `QueryResult` and
 * PGlite's `Results` both carry the rows as `rows`, and the server reads nothing else of them.
 */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
export interface QueryRows<Row> {
  rows: Row[];
}

/**
 * The database as the server uses it, whichever engine: both Drizzle drivers' databases (and their
 * transactions) are this type as they are, no cast.
 */
export type Db = PgDatabase<RowsQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /**
   * Runs `work` (migrations, seeding) while no other instance starting on the same database runs its
   * own: a PostgreSQL session advisory lock. On PGlite the folder lock already makes this process the
   * only one, so it just runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: hears the NOTIFYs sent on `channel` (the database's triggers; features/read-cache).
   * On PostgreSQL the event bus's own listening connection hears them.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Hears what the PostgreSQL pool reports (an idle connection the server dropped): logged, never swallowed. */
  onPoolError?: (error: Error) => void;
}

/** The advisory lock key of start-up work (migrations, seeding): any constant all instances share. */
const STARTUP_LOCK_KEY = 7_215_001;

async function underAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * The embedded database's shared buffer pool (PostgreSQL's cache of table and index pages, inside
 * PGlite's WebAssembly memory). PGlite's default is PostgreSQL's 128 MB, and PGlite touches the whole
 * pool at start, so every megabyte of it is resident from the first second. 32 MB holds a live game
 * of 25,000 players with its answers (tables and indexes), and the operating system's page cache
 * holds the files besides; measured in bench/README.md (Memory).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite's own start parameters (single user, no parallel workers...) with our buffer pool. */
export const pgliteStartParams = (): string[] => [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/**
 * The types Drizzle's PGlite driver keeps as text (dates, times, intervals and their arrays, numeric
 * arrays): the parsers it passes with every query, each the identity.
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const keepText = (value: string) => value;

/**
 * Drizzle sends its parsers with every PGlite query, and PGlite then copies its own map of about 300
 * type parsers to merge them in, once per query: about 100 µs of CPU, as much again as the rest of a
 * small query in PGlite (bench/README.md, "CPU per answer"). `withoutRepeatedParsers` puts the same
 * parsers in the client's own map and drops them from each query's options — only when they are
 * exactly Drizzle's set (those types, nothing else), so a query that asks for other parsers still gets
 * them. The map is checked before each query (PGlite rebuilds its array types' parsers when it reads
 * the types again). What a query returns does not change.
 */
function withoutRepeatedParsers(client: PGlite): PGlite {
  const withoutParsers = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options || !isDrizzleTextParsers(options.parsers)) return options;
    for (const type of DRIZZLE_TEXT_TYPES) if (client.parsers[type] !== keepText) client.parsers[type] = keepText;
    return { ...options, parsers: undefined };
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => query(text, params, withoutParsers(options))) as PGlite['query'];
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      // The transaction as PGlite made it (its `closed` getter included), with the same query filter.
      const filtered = Object.create(tx, {
        query: { value: (text: string, params?: unknown[], options?: QueryOptions) => tx.query(text, params, withoutParsers(options)) },
      }) as Transaction;
      return callback(filtered);
    })) as PGlite['transaction'];
  return client;
}

function isDrizzleTextParsers(parsers: QueryOptions['parsers']): boolean {
  if (!parsers) return false;
  const keys = Object.keys(parsers);
  return keys.length === DRIZZLE_TEXT_TYPES.length && DRIZZLE_TEXT_TYPES.every((type) => typeof parsers[type] === 'function');
}

/**
 * Creates a new PGlite data folder in a short-lived process of its own. PGlite runs initdb in a
 * second WebAssembly instance whose memory the opening process then keeps (about 450 MB resident
 * for the life of the server, measured in bench/README.md); created elsewhere, the server opens an
 * existing folder and never holds it. Built in a folder beside `dir`, then moved in entry by entry
 * with PG_VERSION last, so a creation cut short is never taken for a database.
 */
async function createPgliteFolder(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const staging = `${dir}.creating-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const code = `const m = await import(${JSON.stringify(entry)}); const P = m.PGlite ?? m.default.PGlite; const db = await P.create(${JSON.stringify(staging)}); await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (status) => (status === 0 ? resolve() : reject(new Error(`creating the embedded database in ${dir} failed (exit ${status}): ${errors}`))));
  });
  const names = fs.readdirSync(staging).filter((name) => name !== 'PG_VERSION');
  for (const name of [...names, 'PG_VERSION']) fs.renameSync(path.join(staging, name), path.join(dir, name));
  fs.rmSync(staging, { recursive: true, force: true });
}

/**
 * A dump of a new in-memory PGlite database with every migration applied. Creating PGlite runs initdb
 * (seconds); loading this dump instead is several times faster, so a test run makes it once and
 * starts each test database from it.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 20 });
    // An idle client whose connection the server dropped (a restart, pg_terminate_backend, a dropped
    // database) is discarded by the pool, which then emits 'error': without a listener that event
    // would crash the process. The pool opens a new connection at the next query.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzlePg({ client: pool, schema });
    const exclusive = <T>(work: () => Promise<T>) => underAdvisoryLock(pool, work);
    try {
      // Two instances starting together on one database: one migrates, the other waits and finds it done.
      await exclusive(() => migratePg(db, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', exclusive, close: () => pool.end() };
  }

  let lock: FolderLock | null = null;
  if (config.dataDir) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    // Two processes writing one PGlite folder would corrupt it: refuse to start instead.
    lock = await acquireFolderLock(config.dataDir);
  }
  try {
    if (config.dataDir) await createPgliteFolder(config.dataDir);
    const startParams = pgliteStartParams();
    const client = config.dataDir ? await PGlite.create(config.dataDir, { startParams }) : await PGlite.create(config.template ? { loadDataDir: config.template, startParams } : { startParams });
    const db = drizzlePglite({ client: withoutRepeatedParsers(client), schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      exclusive: (work) => work(),
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      async close() {
        await client.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}
