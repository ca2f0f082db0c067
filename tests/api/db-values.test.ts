/**
 * What the database hands the server, whichever engine (src/server/db/client.ts): Drizzle's selects
 * give timestamps as Dates, raw rows keep dates, intervals and numeric arrays as PostgreSQL's text, in
 * a transaction as outside one. On PGlite the client no longer receives Drizzle's parsers with every
 * query (they sit in its own map, issue 22's per-query cost): these values must not change with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { companies } from '@/server/db/schema';
import { createTestApp } from '../support/app';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const RAW = sql`select timestamptz '2026-01-02 03:04:05.678+00' as at, interval '1 day' as span, date '2026-01-02' as day, array[1.5, 2]::numeric[] as amounts, 7::int as n, '{"a":1}'::jsonb as doc`;

function expectRawText(row: Record<string, unknown>): void {
  expect(typeof row.at).toBe('string');
  expect(new Date(String(row.at)).toISOString()).toBe('2026-01-02T03:04:05.678Z');
  expect(row.span).toBe('1 day');
  expect(row.day).toBe('2026-01-02');
  expect(row.amounts).toBe('{1.5,2}');
  // Other types are still parsed.
  expect(row.n).toBe(7);
  expect(row.doc).toEqual({ a: 1 });
}

describe('values read from the database', () => {
  it('raw rows keep timestamps, intervals, dates and numeric arrays as text, inside a transaction too', async () => {
    const outside = (await app.db.execute(RAW)) as unknown as { rows: Array<Record<string, unknown>> };
    expectRawText(outside.rows[0]!);
    await app.db.transaction(async (tx) => {
      const inside = (await tx.execute(RAW)) as unknown as { rows: Array<Record<string, unknown>> };
      expectRawText(inside.rows[0]!);
    });
  });

  it("Drizzle's selects give Dates for timestamp columns, inside a transaction too", async () => {
    const [company] = await app.db.insert(companies).values({ name: 'values' }).returning();
    expect(company!.createdAt).toBeInstanceOf(Date);
    await app.db.transaction(async (tx) => {
      const [again] = await tx.select().from(companies).where(sql`${companies.id} = ${company!.id}`);
      expect(again!.createdAt).toBeInstanceOf(Date);
      expect(again!.createdAt.getTime()).toBe(company!.createdAt.getTime());
    });
  });
});
