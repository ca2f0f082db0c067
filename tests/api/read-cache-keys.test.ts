/**
 * The read cache's keys (src/server/features/read-cache, issue 22): a request body the cache cannot or
 * should not key — nested thousands of levels deep, or far longer than a list request — is answered
 * from the database like any other read, never with a 500 and never kept. Found by the contract fuzz
 * (a deeply nested body to /info and /notification/unReadCount).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
});
afterAll(async () => {
  await app.close();
});

describe('bodies the read cache does not key', () => {
  // Sent as text: the test's own JSON.stringify could not write it out either.
  const nested = (depth: number) => `{"extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  it('answers a read with a body nested 40,000 levels deep from the database, as without the cache', async () => {
    for (const op of ['/info', '/notification/unReadCount']) {
      const before = app.readCache!.snapshot().entries;
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin${op}`,
        payload: nested(40_000),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, lang: 'en' },
      });
      expect(res.statusCode, op).toBe(200);
      expect(res.json().code, res.body.slice(0, 200)).toBe(200);
      expect(app.readCache!.snapshot().entries, op).toBe(before);
    }
  });

  it('does not keep the answer of a read whose body is longer than a list request', async () => {
    const before = app.readCache!.snapshot().entries;
    const res = await call(app, '/triviaGame/list', { page: 1, limit: 10, padding: 'x'.repeat(5_000) }, { token });
    expect(res.body.code).toBe(200);
    const plain = await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token });
    expect(plain.body.data).toEqual(res.body.data);
    // Only the ordinary request's answer was kept.
    expect(app.readCache!.snapshot().entries).toBe(before + 1);
  });
});
