/**
 * Opens the database the config names: embedded PGlite (a folder, or memory for tests) or a
 * PostgreSQL server, both through Drizzle with the same schema, and applies the migrations.
 * The rest of the server sees only `Database`; it never knows which engine is underneath.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
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

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 20 });
    // An idle client whose connection the server dropped (a restart, pg_terminate_backend, a dropped
    // database) is discarded by the pool, which then emits 'error': without a listener that event
    // would crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    try {
      await migratePg(db as never, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
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
