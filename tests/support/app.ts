/**
 * Test apps on a real database: an in-memory PGlite by default, or — when DATABASE_URL is set — a
 * fresh PostgreSQL database per app (created here, dropped when the app closes), so test files
 * never share rows. `npm test` runs on PGlite; `.ci/run` runs it again with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '@/server/app';
import type { AppConfig } from '@/server/config';

export const TEST_ADMIN_PASSWORD = 'Test-admin-password-1';
export const TEST_DB_PREFIX = 'lt_test_';

export const usingPostgres = !!process.env.DATABASE_URL;

/** The environment variable naming the migrated PGlite dump global-setup.ts made for this run. */
export const PGLITE_TEMPLATE_ENV = 'LT_PGLITE_TEMPLATE';

let template: Blob | undefined;
/** The migrated dump a PGlite test database starts from (read once per test file); none → a fresh initdb. */
function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!template && file && fs.existsSync(file)) template = new Blob([fs.readFileSync(file)]);
  return template;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The environment variable naming the migrated PostgreSQL database global-setup.ts made for this run. */
export const POSTGRES_TEMPLATE_ENV = 'LT_PG_TEMPLATE';

/** Creates a PostgreSQL database (a copy of the run's migrated template, if any) and returns its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const base = process.env.DATABASE_URL as string;
  const name = `${TEST_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(base, name);
}

export async function dropPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!name.startsWith(TEST_DB_PREFIX)) throw new Error(`refusing to drop ${name}`);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

export async function testAppConfig(overrides: Partial<AppConfig> = {}): Promise<AppConfig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-test-'));
  return {
    database: usingPostgres ? { kind: 'postgres', url: await createPostgresDatabase() } : { kind: 'pglite', dataDir: null, template: pgliteTemplate() },
    dataDir,
    staticDir: null,
    adminPassword: TEST_ADMIN_PASSWORD,
    tokenSecret: 'test-secret-test-secret-test-secret-0123456789',
    accessTokenTtl: 15 * 60,
    loginAttemptsPerMinute: 10,
    logger: false,
    bodyLimit: 1024 * 1024,
    uploadLimit: 10 * 1024 * 1024,
    allowedOrigins: [],
    // Tests stand for clients at many addresses with X-Forwarded-For, as behind a proxy.
    trustProxy: true,
    ...overrides,
  };
}

/** Builds an app; closing it also removes its database and data folder. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = await testAppConfig(overrides);
  return buildApp(config, {
    ...options,
    afterClose: async () => {
      if (config.database.kind === 'postgres') await dropPostgresDatabase(config.database.url);
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      await options.afterClose?.();
    },
  });
}

/**
 * A second app on `a`'s database, as a second process behind a load balancer would be (PostgreSQL
 * only: the embedded PGlite admits one process). Its own data folder goes when it closes; the
 * database stays `a`'s.
 */
export async function createSecondInstance(a: FastifyInstance): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-test-b-'));
  return buildApp({ ...a.config, dataDir }, { afterClose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) });
}
