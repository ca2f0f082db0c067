/**
 * Session and access control as a client meets them: login and its throttle per address (the other
 * login limits: login-throttle.test.ts), tokens that expire,
 * refresh exactly once (concurrent refreshes share one successor, a later reuse ends the session),
 * logout, sessions ended by someone else (430), permissions on every operation, and tenancy.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listOperations } from '@/server/contract/spec';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany, createRole, setAdminStatus } from '../support/fixtures';

const later = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
};

describe('login', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await createAdmin(app, { username: 'alice', password: 'Alice-password-1' });
  });
  afterAll(() => app.close());

  it('returns a token for the right password, case-insensitively on the username', async () => {
    const res = await call(app, '/login', { username: 'ALICE', password: 'Alice-password-1' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.token_info.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.data.token_info.token_type).toBe('Bearer');
  });

  it('answers a wrong password and an unknown user with the same 201 message, in the request language', async () => {
    const wrong = await call(app, '/login', { username: 'alice', password: 'nope' });
    const unknown = await call(app, '/login', { username: 'nobody-here', password: 'nope' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ code: 201, message: 'Wrong username or password', data: null });
    expect(unknown.body).toEqual(wrong.body);
    const zh = await call(app, '/login', { username: 'alice', password: 'nope' }, { lang: 'zh-TW' });
    expect(zh.body.message).toBe('帳號或密碼錯誤');
  });

  it('refuses a disabled account', async () => {
    const id = await createAdmin(app, { username: 'carol', password: 'Carol-password-1' });
    await setAdminStatus(app, id, 0);
    const res = await call(app, '/login', { username: 'carol', password: 'Carol-password-1' });
    expect(res.body.code).toBe(201);
    expect(res.body.message).toBe('This account is disabled; please contact an administrator');
  });
});

describe('login throttle', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await createAdmin(app, { username: 'bob', password: 'Bob-password-1' });
    await createAdmin(app, { username: 'ben', password: 'Ben-password-1' });
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('allows 10 failed tries a minute per client address, whatever the usernames', async () => {
    for (let i = 0; i < 10; i++) {
      await call(app, '/login', { username: `guess-${i}`, password: 'x' }, { headers: { 'x-forwarded-for': '192.0.2.7' } });
    }
    const blocked = await call(app, '/login', { username: 'ben', password: 'Ben-password-1' }, { headers: { 'x-forwarded-for': '192.0.2.7' } });
    expect(blocked.status).toBe(429);
    const elsewhere = await call(app, '/login', { username: 'ben', password: 'Ben-password-1' }, { headers: { 'x-forwarded-for': '192.0.2.8' } });
    expect(elsewhere.body.code).toBe(200);
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY says so: a client cannot dodge the limit by inventing addresses', { timeout: 120_000 }, async () => {
    const direct = await createTestApp({ trustProxy: false });
    try {
      for (let i = 0; i < 10; i++) {
        await call(direct, '/login', { username: `guess-${i}`, password: 'x' }, { headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      }
      const blocked = await call(direct, '/login', { username: 'admin', password: 'x' }, { headers: { 'x-forwarded-for': '198.51.100.200' }, lang: 'en' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many requests/);
    } finally {
      await direct.close();
    }
    // Behind one proxy (TRUST_PROXY=1) the address it forwards is the client's.
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      for (let i = 0; i < 10; i++) {
        await call(proxied, '/login', { username: `guess-${i}`, password: 'x' }, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      }
      expect((await call(proxied, '/login', { username: 'admin', password: 'x' }, { headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(429);
      expect((await call(proxied, '/login', { username: 'admin', password: 'x' }, { headers: { 'x-forwarded-for': '198.51.100.8' } })).body.code).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});

describe('tokens, refresh and logout', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  it('gives user info and me to a logged-in admin', async () => {
    const token = await login(app);
    const info = await call(app, '/info', {}, { token });
    expect(info.body.code).toBe(200);
    expect(info.body.data.user_info.roles).toEqual(['super-admin']);
    expect(info.body.data.user_info.name).toBe('Administrator');
    expect(info.body.data.user_info.permissions).toContain('triviaGame.control');
    const menu = info.body.data.accessed_routes as Array<{ name: string; path: string; children?: Array<{ name: string; component: string; hidden: boolean; meta: { activeMenu?: string } }> }>;
    const trivia = menu.find((item) => item.name === 'triviaGame');
    expect(trivia?.path).toBe('/triviaGame');
    const start = trivia?.children?.find((item) => item.name === 'triviaGame.start');
    expect(start).toMatchObject({ component: 'triviaGame/start', hidden: true, meta: { activeMenu: '/triviaGame/index' } });
    expect(info.body.data.unread_notification_count).toBe(0);
    const me = await call(app, '/me', {}, { token });
    expect(me.body.data).toEqual({ name: 'Administrator', email: '' });
  });

  it('answers no token and an unknown token with 202 NEED_LOGIN', async () => {
    const none = await call(app, '/me', {});
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ code: 202, message: 'Please log in', data: null });
    const forged = await call(app, '/me', {}, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' });
    expect(forged.body.code).toBe(202);
  });

  it('answers an expired token with HTTP 401, and refresh gives a working successor', async () => {
    const token = await login(app);
    later(16 * 60_000);
    const expired = await call(app, '/me', {}, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(401);
    const refreshed = await call(app, '/refresh', {}, { token });
    expect(refreshed.body.code).toBe(200);
    const successor = refreshed.body.data.access_token as string;
    expect(successor).not.toBe(token);
    expect((await call(app, '/me', {}, { token: successor })).body.code).toBe(200);
  });

  it('gives 20 concurrent refreshes of one token the same successor, and nobody is logged out', async () => {
    const token = await login(app);
    later(16 * 60_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => call(app, '/refresh', {}, { token })));
    const successors = new Set(results.map((r) => r.body.data?.access_token));
    expect(results.map((r) => r.body.code)).toEqual(Array(20).fill(200));
    expect(successors.size).toBe(1);
    const [successor] = [...successors] as string[];
    expect((await call(app, '/me', {}, { token: successor })).body.code).toBe(200);
  });

  it('ends the session when a refreshed token is replayed after the grace window', async () => {
    const token = await login(app);
    const first = await call(app, '/refresh', {}, { token });
    const successor = first.body.data.access_token as string;
    later(11_000);
    const replay = await call(app, '/refresh', {}, { token });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(430);
    // The thief's replay ended the session for the rightful holder too.
    const victim = await call(app, '/me', {}, { token: successor });
    expect(victim.body.code).toBe(430);
  });

  it('logout kills the token', async () => {
    const token = await login(app);
    expect((await call(app, '/logout', { token }, { token })).body.code).toBe(200);
    const after = await call(app, '/me', {}, { token });
    expect(after.body.code).toBe(202);
    expect((await call(app, '/refresh', {}, { token })).body.code).toBe(202);
  });

  it('answers 430 when the session was replaced, and 202 with the reason when the account was disabled', async () => {
    const id = await createAdmin(app, { username: 'dave', password: 'Dave-password-1', roles: ['viewer'] });
    const token = await login(app, 'dave', 'Dave-password-1');
    await app.sessions.revokeAdminSessions(id, 'password');
    const replaced = await call(app, '/me', {}, { token, lang: 'zh-TW' });
    expect(replaced.status).toBe(401);
    expect(replaced.body.code).toBe(430);
    expect(replaced.body.message).toContain('請重新登入');

    const again = await login(app, 'dave', 'Dave-password-1');
    await setAdminStatus(app, id, 0);
    const disabled = await call(app, '/me', {}, { token: again });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ code: 202, message: 'This account is disabled; please contact an administrator' });
  });
});

describe('permissions on every operation', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    await createRole(app, 'nobody', []);
    await createAdmin(app, { username: 'eve', password: 'Eve-password-1', roles: ['nobody'] });
    token = await login(app, 'eve', 'Eve-password-1');
  });
  afterAll(() => app.close());

  it('denies every operation whose permission the admin lacks, with no data', async () => {
    const guarded = listOperations().filter((op) => op.permission !== 'public' && op.permission !== 'login');
    expect(guarded.length).toBeGreaterThan(30);
    for (const op of guarded) {
      const res = await call(app, op.path, {}, { token });
      expect(res.status, op.operationId).toBe(403);
      expect(res.body, op.operationId).toEqual({ code: 403, message: 'You do not have permission to do this', data: null });
    }
  });

  it('lets the same admin through operations that only need a login', async () => {
    const res = await call(app, '/me', {}, { token });
    expect(res.body.code).toBe(200);
  });

  it('a viewer may list games but not change them', async () => {
    await createAdmin(app, { username: 'vera', password: 'Vera-password-1', roles: ['viewer'] });
    const viewer = await login(app, 'vera', 'Vera-password-1');
    expect((await call(app, '/triviaGame/delete', { id: 1 }, { token: viewer })).status).toBe(403);
    expect((await call(app, '/triviaGame/gameFlow', { trivia_game_id: 1, question_id: 1, type: 2 }, { token: viewer })).status).toBe(403);
    expect((await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token: viewer })).status).not.toBe(403);
  });
});

describe('tenancy', () => {
  let app: FastifyInstance;
  let other: string;
  let superToken: string;
  let company2: number;
  beforeAll(async () => {
    app = await createTestApp();
    company2 = await createCompany(app, 'Second company');
    await createAdmin(app, { username: 'olga', password: 'Olga-password-1', roles: ['operator'], companyIds: [company2] });
    other = await login(app, 'olga', 'Olga-password-1');
    superToken = await login(app);
  });
  afterAll(() => app.close());

  const scoped = () => listOperations().filter((op) => op.companyScoped && ['triviaGame.list', 'triviaGame.edit', 'triviaGame.control', 'notification.send', 'login'].includes(op.permission));

  it("denies an admin of company 2 every company-scoped operation on company 1's data", async () => {
    expect(scoped().length).toBeGreaterThan(10);
    for (const op of scoped()) {
      for (const cid of ['1', undefined]) {
        const res = await call(app, op.path, {}, { token: other, ...(cid ? { cid } : {}) });
        expect(res.status, `${op.operationId} Cid ${cid}`).toBe(403);
        expect(res.body.message).toBe('You may not act for this company');
        expect(res.body.data).toBeNull();
      }
    }
  });

  it('denies a malformed or unknown Cid, even to a super admin', async () => {
    for (const cid of ['abc', '1 OR 1=1', '-1', '0', '99999']) {
      const res = await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token: superToken, cid });
      expect(res.status, cid).toBe(403);
    }
  });

  it('lets each admin act for their own company', async () => {
    const own = await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token: other, cid: String(company2) });
    expect(own.status).not.toBe(403);
    const superOther = await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token: superToken, cid: String(company2) });
    expect(superOther.status).not.toBe(403);
  });
});
