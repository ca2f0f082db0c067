/**
 * The admin's own profile and navigation settings: 422s per field in the request's language, a blank
 * password left unchanged, a new password ending the other sessions, the seeded super admin (which has
 * no email) setting its password with the email left blank, and menu settings that /info's routes follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { TEST_ADMIN_PASSWORD } from '../support/app';
import { createAdmin } from '../support/fixtures';

describe('profile', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await createAdmin(app, { username: 'pat', name: 'Pat', password: 'Pat-password-1', roles: ['operator'] });
  });
  afterAll(() => app.close());

  it('answers bad fields with 422 messages under each field, in both languages', async () => {
    const token = await login(app, 'pat', 'Pat-password-1');
    const zh = await call(app, '/admin/updateSelf', { name: '  ', email: 'pat@example.com', password: 'short' }, { token, lang: 'zh-TW' });
    expect(zh.status).toBe(422);
    expect(zh.body.data.errors).toEqual({ name: ['請輸入名稱'], password: ['密碼至少 8 個字元，且須同時包含英文字母與數字'] });
    const en = await call(app, '/admin/updateSelf', { name: 'Pat', email: 'not-an-email', password: 'lettersonly' }, { token });
    expect(en.status).toBe(422);
    expect(Object.keys(en.body.data.errors).sort()).toEqual(['email', 'password']);
    expect(en.body.data.errors.password).toEqual(['The password must have at least 8 characters, with letters and digits']);
  });

  it('saves name and email, leaves a blank password unchanged', async () => {
    const token = await login(app, 'pat', 'Pat-password-1');
    const res = await call(app, '/admin/updateSelf', { name: 'Patricia', email: 'patricia@example.com', password: '' }, { token });
    expect(res.body).toMatchObject({ code: 200, data: { name: 'Patricia', email: 'patricia@example.com' } });
    expect((await call(app, '/me', {}, { token })).body.data).toEqual({ name: 'Patricia', email: 'patricia@example.com' });
    await login(app, 'pat', 'Pat-password-1');
  });

  it('the seeded super admin, which has no email, sets a new password with the email left blank (issue 33)', async () => {
    const token = await login(app);
    expect((await call(app, '/me', {}, { token })).body.data).toEqual({ name: 'Administrator', email: '' });
    const res = await call(app, '/admin/updateSelf', { name: 'Administrator', email: '', password: 'Fresh-admin-pass-9' }, { token, lang: 'zh-TW' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: { name: 'Administrator', email: '' } });
    await login(app, 'admin', 'Fresh-admin-pass-9');
    expect((await call(app, '/login', { username: 'admin', password: TEST_ADMIN_PASSWORD })).body.code).not.toBe(200);
    // A blank email is none; one given must still be an address.
    const bad = await call(app, '/admin/updateSelf', { name: 'Administrator', email: 'admin@' }, { token, lang: 'zh-TW' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.errors).toEqual({ email: ['請輸入有效的電子郵件'] });
  });

  it('a new password keeps this session and ends the others with 430', async () => {
    const other = await login(app, 'pat', 'Pat-password-1');
    const token = await login(app, 'pat', 'Pat-password-1');
    await call(app, '/admin/updateSelf', { name: 'Pat', email: 'pat@example.com', password: 'New-password-2' }, { token });
    expect((await call(app, '/me', {}, { token })).body.code).toBe(200);
    expect((await call(app, '/me', {}, { token: other })).body.code).toBe(430);
    await login(app, 'pat', 'New-password-2');
  });
});

describe('navigation settings', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    await createAdmin(app, { username: 'nina', password: 'Nina-password-1', roles: ['viewer'] });
    token = await login(app, 'nina', 'Nina-password-1');
  });
  afterAll(() => app.close());

  it('lists the menus the admin can open, with both switches off by default', async () => {
    const res = await call(app, '/nav', {}, { token });
    expect(res.body.data.list).toEqual([
      { name: 'triviaGame.index', icon: 'list', no_cache: 0, affix: 0 },
      { name: 'notification.index', icon: 'bell', no_cache: 0, affix: 0 },
    ]);
  });

  it('saves no-cache and affix, and /info carries them in the routes', async () => {
    await call(app, '/nav/set/noCache', { list: [{ name: 'notification.index', no_cache: 1 }] }, { token });
    await call(app, '/nav/set/affix', { list: [{ name: 'triviaGame.index', affix: 1 }] }, { token });
    const list = (await call(app, '/nav', {}, { token })).body.data.list;
    expect(list).toEqual([
      { name: 'triviaGame.index', icon: 'list', no_cache: 0, affix: 1 },
      { name: 'notification.index', icon: 'bell', no_cache: 1, affix: 0 },
    ]);
    const info = await call(app, '/info', {}, { token });
    const children = info.body.data.accessed_routes.flatMap((r: { children?: unknown[] }) => r.children ?? []);
    expect(children.find((c: { name: string }) => c.name === 'triviaGame.index').meta).toMatchObject({ affix: true, noCache: false });
    expect(children.find((c: { name: string }) => c.name === 'notification.index').meta).toMatchObject({ affix: false, noCache: true });
  });

  it('refuses a menu the admin cannot open', async () => {
    const res = await call(app, '/nav/set/affix', { list: [{ name: 'admin.index', affix: 1 }] }, { token });
    expect(res.status).toBe(422);
    expect(res.body.data.errors['list.0.name']).toEqual(['There is no such menu: admin.index']);
  });
});
