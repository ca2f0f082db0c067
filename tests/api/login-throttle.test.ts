/**
 * The login limits as an attacker and an admin meet them (features/session/login-throttle.ts):
 * guessing from one address, or from many, cannot keep the owner out when the owner logs in from an
 * address that has not been guessing; the guessers stay refused; every lockout is in the audit trail.
 * Addresses come from X-Forwarded-For (test apps trust it, as behind a proxy).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin } from '../support/fixtures';

const PASSWORD = 'Alice-password-1';
const from = (address: string, lang: 'en' | 'zh-TW' = 'en') => ({ headers: { 'x-forwarded-for': address }, lang });
const attempt = (app: FastifyInstance, username: string, password: string, address: string, lang: 'en' | 'zh-TW' = 'en') =>
  call(app, '/login', { username, password }, from(address, lang));

const later = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
};

interface Entry {
  username: string;
  ip: string;
  summary: string;
  outcome: string;
  code: number | null;
  operation: string;
}

async function loginEntries(app: FastifyInstance, keyword: string): Promise<Entry[]> {
  await app.auditTrail.settled();
  const token = await login(app);
  const res = await call(app, '/audit/list', { page: 1, limit: 100, operation: 'login', keyword }, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list as Entry[];
}

describe('login limits', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    for (const username of ['alice', 'amos', 'anna', 'boris']) await createAdmin(app, { username, password: PASSWORD });
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('an attacker guessing from one address is refused after 5 tries; the owner logs in from another', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(app, 'alice', `guess-${i}`, '203.0.113.1')).body.code).toBe(201);
    // Refused whatever the password, in the request's language, with retry-after.
    const refused = await attempt(app, 'alice', PASSWORD, '203.0.113.1', 'zh-TW');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, data: null });
    expect(refused.body.message).toMatch(/^請求過於頻繁，請 \d+ 秒後再試$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(app, 'alice', 'guess-x', '203.0.113.1')).body.message).toMatch(/^Too many requests; please try again in \d+ s$/);

    const owner = await attempt(app, 'alice', PASSWORD, '198.51.100.20');
    expect(owner.body.code).toBe(200);
    // The attacker's address is still refused, for this username.
    expect((await attempt(app, 'alice', PASSWORD, '203.0.113.1')).status).toBe(429);
    // A minute later the window is over.
    later(61_000);
    expect((await attempt(app, 'alice', PASSWORD, '203.0.113.1')).body.code).toBe(200);
  });

  it('many addresses exhausting the per-username bound lock the username, but not for its owner at a clean address', async () => {
    // 10 addresses x 5 wrong passwords = 50 failures for amos within 15 minutes.
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 5; i++) expect((await attempt(app, 'amos', `guess-${a}-${i}`, `203.0.113.${100 + a}`)).body.code).toBe(201);
    }
    // A fresh address is still checked, but a wrong password gets the lock's 429, and the address
    // now has a recent failure: even the right password is refused from it.
    const fresh = await attempt(app, 'amos', 'guess-fresh', '203.0.113.200');
    expect(fresh.status).toBe(429);
    expect((await attempt(app, 'amos', PASSWORD, '203.0.113.200')).status).toBe(429);
    // A guesser that found the password cannot use it from an address that failed.
    expect((await attempt(app, 'amos', PASSWORD, '203.0.113.100')).status).toBe(429);
    // One that failed on another username: refused too.
    expect((await attempt(app, 'boris', 'guess', '203.0.113.201')).body.code).toBe(201);
    expect((await attempt(app, 'amos', PASSWORD, '203.0.113.201')).status).toBe(429);

    // The owner, from an address that has not failed: in.
    const owner = await attempt(app, 'amos', PASSWORD, '198.51.100.30');
    expect(owner.body.code).toBe(200);
    expect(owner.body.data.token_info.token).toBeTruthy();

    // The username lock lasts its 15 minutes; the per-address windows ended long before.
    later(2 * 60_000);
    expect((await attempt(app, 'amos', PASSWORD, '203.0.113.100')).status).toBe(429);
    later(16 * 60_000);
    expect((await attempt(app, 'amos', PASSWORD, '203.0.113.100')).body.code).toBe(200);
  }, 120_000);

  it('an address guessing across many usernames is refused after 10 failures, for every username', async () => {
    const usernames = ['anna', 'boris', 'nobody-1', 'nobody-2', 'nobody-3', 'nobody-4', 'nobody-5', 'nobody-6', 'nobody-7', 'nobody-8'];
    for (const username of usernames) expect((await attempt(app, username, 'guess', '192.0.2.50')).body.code).toBe(201);
    expect((await attempt(app, 'anna', PASSWORD, '192.0.2.50')).status).toBe(429);
    expect((await attempt(app, 'admin', 'anything', '192.0.2.50')).status).toBe(429);
    // Nobody else is affected.
    expect((await attempt(app, 'anna', PASSWORD, '192.0.2.51')).body.code).toBe(200);
  });

  it('records each lockout in the audit trail, and the attempts it refused', async () => {
    for (let i = 0; i < 5; i++) await attempt(app, 'boris', `guess-${i}`, '203.0.113.77');
    await attempt(app, 'boris', PASSWORD, '203.0.113.77');

    const lockouts = (await loginEntries(app, 'lockout')).filter((entry) => entry.ip === '203.0.113.77');
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({
      operation: 'login',
      username: 'boris',
      outcome: 'refused',
      code: 201,
      summary: 'lockout: username from this address (5 failed logins in 60 s)',
    });
    const refusals = (await loginEntries(app, 'throttled')).filter((entry) => entry.ip === '203.0.113.77');
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ username: 'boris', outcome: 'refused', code: 429 });
    expect(refusals[0]!.summary).toMatch(/^throttled: username from this address, \d+ s left$/);
  });

  it('records the per-username and per-address lockouts with their bounds', async () => {
    const small = await createTestApp({ loginAttemptsPerMinute: 3, loginLimits: { perUsername: { max: 4, windowMs: 10 * 60_000 } } });
    try {
      await createAdmin(small, { username: 'carl', password: PASSWORD });
      for (let i = 0; i < 4; i++) await attempt(small, 'carl', `guess-${i}`, `203.0.113.${i + 1}`);
      for (const username of ['x1', 'x2', 'x3']) await attempt(small, username, 'guess', '192.0.2.9');
      const summaries = (await loginEntries(small, 'lockout')).map((entry) => `${entry.username} ${entry.ip} ${entry.summary}`);
      expect(summaries.sort()).toEqual([
        'carl 203.0.113.4 lockout: username (4 failed logins in 600 s)',
        'x3 192.0.2.9 lockout: address (3 failed logins in 60 s)',
      ]);
      // The owner still gets in from a clean address.
      expect((await attempt(small, 'carl', PASSWORD, '198.51.100.1')).body.code).toBe(200);
    } finally {
      await small.close();
    }
  }, 120_000);
});
