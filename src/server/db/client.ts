/**
 * Opens the database the config names: embedded PGlite (a folder, or memory for tests) or a
 * PostgreSQL server, both through Drizzle with the same schema, and applies the migrations.
 * The rest of the server sees only `Database`; it never knows which engine is underneath.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  /**
   * Runs `work` (migrations, seeding) while no other instance starting on the same database runs its
   * own: a PostgreSQL session advisory lock. On PGlite the folder lock already makes this process the
   * only one, so it just runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
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
 * A dump of a new in-memory PGlite database with every migration applied. Creating PGlite runs initdb
 * (seconds); loading this dump instead is several times faster, so a test run makes it once and
 * starts each test database from it.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client, schema }) as never, { migrationsFolder });
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
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const exclusive = <T>(work: () => Promise<T>) => underAdvisoryLock(pool, work);
    try {
      // Two instances starting together on one database: one migrates, the other waits and finds it done.
      await exclusive(() => migratePg(db as never, { migrationsFolder }));
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
    lock = acquireFolderLock(config.dataDir);
  }
  try {
    const client = config.dataDir ? await PGlite.create(config.dataDir) : await PGlite.create(config.template ? { loadDataDir: config.template } : {});
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      exclusive: (work) => work(),
      async close() {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
