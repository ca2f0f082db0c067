/**
 * Several instances starting at once on one new PostgreSQL database (a deploy of N replicas): the
 * migrations and the seed run one instance at a time under an advisory lock, so every instance
 * starts, and the database holds each migration, one super admin and one token secret.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { dropPostgresDatabase, TEST_DB_PREFIX, testAppConfig, usingPostgres } from '../support/app';
import journal from '@/server/db/migrations/meta/_journal.json';

/** An empty database (not a copy of the migrated template), so the instances have migrations to race for. */
async function emptyDatabase(): Promise<string> {
  const name = `${TEST_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

const count = async (app: FastifyInstance, query: ReturnType<typeof sql>) =>
  Number(((await app.db.execute(query)) as unknown as { rows: Array<{ count: number }> }).rows[0]!.count);

describe.runIf(usingPostgres)('instances starting together on one new PostgreSQL database', () => {
  const apps: FastifyInstance[] = [];
  let url: string;
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    if (url) await dropPostgresDatabase(url);
  });

  it('all start; the migrations and the seed are applied once', async () => {
    url = await emptyDatabase();
    const config = await testAppConfig({ database: { kind: 'postgres', url }, tokenSecret: null });
    apps.push(...(await Promise.all([buildApp(config), buildApp(config), buildApp(config)])));
    const [first] = apps;
    expect(await count(first!, sql`select count(*)::int as count from drizzle.__drizzle_migrations`)).toBe(journal.entries.length);
    expect(await count(first!, sql`select count(*)::int as count from admins where username = 'admin'`)).toBe(1);
    expect(await count(first!, sql`select count(*)::int as count from settings where key = 'token_secret'`)).toBe(1);
    for (const app of apps) expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
