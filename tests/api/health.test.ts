/**
 * The health checks a load balancer calls (plugins/health.ts): /healthz while the process answers,
 * /readyz only while the database answers with every migration applied; plain JSON, no token, no cache.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';

describe('health checks', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers /healthz and /readyz with 200 and no token, outside the envelope, never cached', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'ok' });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers /readyz with 503 when a migration of this build is not applied, while /healthz stays 200', async () => {
    const [latest] = (
      (await app.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`)) as unknown as {
        rows: Array<{ id: number; hash: string; created_at: string }>;
      }
    ).rows;
    await app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest!.id}`);
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'migrations' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest!.id}, ${latest!.hash}, ${latest!.created_at})`);
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('readiness without a database', () => {
  it('answers /readyz with 503 "database" once the database is gone', async () => {
    const app = await createTestApp();
    try {
      await app.database.close();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
