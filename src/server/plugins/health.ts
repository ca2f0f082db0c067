/**
 * Health checks for load balancers and orchestrators, outside /api and outside the envelope:
 * - `GET /healthz`: the process answers (liveness). Nothing else is touched.
 * - `GET /readyz`: this instance can serve (readiness): the database answers a query and every
 *   migration this build carries is applied, and it is not shutting down. 503 with the reason otherwise,
 *   so a balancer sends no traffic to an instance whose database is gone or behind, or that is stopping.
 * Both are plain JSON, never cached, need no token and never say more than `status` and `reason`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { migrationsFolder } from '../runtime-files.js';

const journal = path.join(migrationsFolder, 'meta', '_journal.json');

/** How many migrations this build carries (drizzle-kit's journal). */
function expectedMigrations(): number {
  return (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

async function healthPlugin(app: FastifyInstance): Promise<void> {
  const expected = expectedMigrations();

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Shutting down (plugins/shutdown.ts): finishing what is in flight, taking nothing new.
    if (app.draining) return reply.code(503).send({ status: 'unavailable', reason: 'shutting down' });
    let applied: number;
    try {
      const result = await app.db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      applied = Number(result.rows[0]?.count ?? 0);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    }
    if (applied < expected) return reply.code(503).send({ status: 'unavailable', reason: 'migrations' });
    return { status: 'ok' };
  });
}

export default fp(healthPlugin, { name: 'health' });
