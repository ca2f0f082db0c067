/**
 * A refreshed access token stops working once the refresh grace is over (features/access/service.ts):
 * before, it stayed valid until it expired (up to 15 minutes), so a copy taken before a refresh
 * outlived it. Within the grace both tokens work (two tabs refreshing together, a lost answer);
 * after it the old one answers the contract's 401 for an expired token, and the successor works.
 * With DATABASE_URL, also across two instances whose memory knew the session before the refresh
 * (features/access/access-cache.ts keeps the session's tokens in use and is told by the bus).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { REFRESH_GRACE_MS } from '@/server/features/access/service';
import { translate } from '@/server/i18n';
import { createSecondInstance, createTestApp, usingPostgres } from '../support/app';
import { call, login } from '../support/api';

/** Moves the server's clock (Date only) forward; no test sleeps. */
const later = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
};

const refresh = async (app: FastifyInstance, token: string) => {
  const res = await call(app, '/refresh', {}, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.access_token as string;
};

const me = (app: FastifyInstance, token: string, lang: 'en' | 'zh-TW' = 'en') => call(app, '/me', {}, { token, lang });

afterEach(() => vi.useRealTimers());

describe('a refreshed token, with the default grace', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('works with its successor within the grace, then answers 401 (token expired) while the successor works', async () => {
    const token = await login(app);
    expect((await me(app, token)).body.code).toBe(200); // the session is now known in memory
    const successor = await refresh(app, token);
    expect(successor).not.toBe(token);
    expect((await me(app, token)).body.code).toBe(200);
    expect((await me(app, successor)).body.code).toBe(200);

    later(REFRESH_GRACE_MS - 1_000);
    expect((await me(app, token)).body.code).toBe(200);

    later(2_000);
    for (const lang of ['en', 'zh-TW'] as const) {
      const old = await me(app, token, lang);
      expect(old.status).toBe(401);
      expect(old.body).toMatchObject({ code: 401, data: null });
      expect(old.body.message).toBe(translate(lang, 'error.tokenExpired'));
    }
    expect((await me(app, successor)).body.code).toBe(200);
    // Refused on every operation, not only /me.
    expect((await call(app, '/info', {}, { token })).status).toBe(401);
  });

  it('a chain of refreshes: only the newest token and those refreshed within the grace work', async () => {
    const first = await login(app);
    const second = await refresh(app, first);
    later(REFRESH_GRACE_MS + 1_000);
    const third = await refresh(app, second);
    expect((await me(app, first)).status).toBe(401);
    expect((await me(app, second)).body.code).toBe(200);
    expect((await me(app, third)).body.code).toBe(200);
    later(REFRESH_GRACE_MS + 1_000);
    expect((await me(app, second)).status).toBe(401);
    expect((await me(app, third)).body.code).toBe(200);
  });
});

describe('a configured grace (config refreshGraceMs)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ refreshGraceMs: 60_000 });
  });
  afterAll(() => app.close());

  it('keeps the predecessor and the repeated refresh for that long, and no longer', async () => {
    const token = await login(app);
    const successor = await refresh(app, token);
    later(30_000);
    expect((await me(app, token)).body.code).toBe(200);
    expect(await refresh(app, token)).toBe(successor);
    later(31_000);
    expect((await me(app, token)).status).toBe(401);
    expect((await me(app, successor)).body.code).toBe(200);
    // Refreshing it now is the reuse of a stolen copy: the session ends (430).
    expect((await call(app, '/refresh', {}, { token })).body.code).toBe(430);
  });
});

describe.runIf(usingPostgres)('across two instances on one PostgreSQL database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createSecondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a refresh on A: B accepts the successor at once and refuses the predecessor after the grace', async () => {
    const token = await login(a);
    expect((await me(b, token)).body.code).toBe(200); // B now holds the session in memory
    const successor = await refresh(a, token);
    expect((await me(b, successor)).body.code).toBe(200);
    expect((await me(b, token)).body.code).toBe(200);
    later(REFRESH_GRACE_MS + 1_000);
    expect((await me(b, token)).status).toBe(401);
    expect((await me(a, token)).status).toBe(401);
    expect((await me(b, successor)).body.code).toBe(200);
  });
});
