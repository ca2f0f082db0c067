/**
 * Vitest global setup: removes PostgreSQL test databases left behind by an interrupted run. Their
 * names carry the pid of the process that created them (lt_test_<pid>_<hex>); only those whose process
 * is gone are dropped, so two test runs on one PostgreSQL never drop each other's databases.
 * It also makes the migrated database every test database starts from: a PGlite dump, or a PostgreSQL
 * template database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migratedPgliteDump, openDatabase } from '@/server/db/client';
import { createPostgresDatabase, dropPostgresDatabase, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, TEST_DB_PREFIX } from './app';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropLeftovers(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${TEST_DB_PREFIX}%`]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(TEST_DB_PREFIX.length).split('_')[0]);
      if (Number.isInteger(pid) && isRunning(pid)) continue;
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

let templateFile: string | null = null;
let templateDatabase: string | null = null;

export async function setup(): Promise<void> {
  await dropLeftovers();
  if (process.env.DATABASE_URL) {
    // Every PostgreSQL test database is created as a copy of one migrated database.
    templateDatabase = await createPostgresDatabase();
    const database = await openDatabase({ kind: 'postgres', url: templateDatabase });
    await database.close();
    process.env[POSTGRES_TEMPLATE_ENV] = new URL(templateDatabase).pathname.slice(1);
  } else {
    // Every PGlite test database starts from one migrated dump (tests/support/app.ts reads it).
    templateFile = path.join(os.tmpdir(), `lt-pglite-template-${process.pid}.tar`);
    fs.writeFileSync(templateFile, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = templateFile;
  }
}

export async function teardown(): Promise<void> {
  await dropLeftovers();
  if (templateFile) fs.rmSync(templateFile, { force: true });
  if (templateDatabase) {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await dropPostgresDatabase(templateDatabase);
  }
}
