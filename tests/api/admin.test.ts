/**
 * Admin accounts as an agency's staff managers meet them: creating, listing (pages, sort, keyword,
 * role and status filters), reading, updating, re-permissioning and deleting admins of their company;
 * every 422 of the account rules under its field, in both languages; every guard rail as a code 201
 * with its sentence in zh-TW and en, changing nothing; another company's admins not found; sessions
 * of a disabled, deleted or reset account ending at once (202 on its next call); a change of access
 * effective on the very next call and announced on the admin's own WebSocket topic; the audit
 * trail's summary, never a password; no response carrying a hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { formatDomainMessage, type DomainMessageKey } from '@/domain/messages';
import { auditLog } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { call, login, type ApiResult } from '../support/api';
import { createAdmin, createCompany, createRole } from '../support/fixtures';
import { TestSocket } from '../support/ws';

let app: FastifyInstance;
let root: string; // the seeded super admin, id 1, company 1
let company2: number;
let manager: string; // a staff manager of company 1
let managerId: number;
let zed: string; // a staff manager of company 2
let zedId: number;

/** A staff manager: the admin screens and all a viewer holds (so it may grant the viewer role), none of an operator's game control. */
const MANAGER_PERMISSIONS = [
  ...['admin', 'admin.index', 'admin.list', 'admin.edit'],
  ...['triviaGame', 'triviaGame.index', 'triviaGame.update', 'triviaGame.list', 'notification', 'notification.index'],
];

beforeAll(async () => {
  app = await createTestApp();
  root = await login(app);
  company2 = await createCompany(app, 'Second agency');
  await createRole(app, 'staff-manager', MANAGER_PERMISSIONS);
  await createRole(app, 'notifier', ['notification', 'notification.index']);
  managerId = await createAdmin(app, { username: 'manager', password: 'Manager-pass-1', roles: ['staff-manager'], companyIds: [1] });
  zedId = await createAdmin(app, { username: 'zed', password: 'Zed-pass-1', roles: ['staff-manager'], companyIds: [company2] });
  manager = await login(app, 'manager', 'Manager-pass-1');
  zed = await login(app, 'zed', 'Zed-pass-1');
});
afterAll(() => app.close());

const GAME_LIST = { page: 1, limit: 10, order: 'desc', sort: 'id' };

const newAdmin = (over: Record<string, unknown> = {}) => ({
  username: 'new.user',
  name: 'New User',
  email: 'new.user@example.com',
  password: 'Password-123',
  roles: ['viewer'],
  status: 1,
  ...over,
});

async function create(token: string, over: Record<string, unknown> = {}, options: { cid?: string; lang?: 'zh-TW' | 'en' } = {}): Promise<number> {
  const res = await call(app, '/admin/create', newAdmin(over), { token, ...options });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

const detail = async (id: number, token = root, cid?: string) => (await call(app, '/admin/detail', { id }, { token, ...(cid ? { cid } : {}) })).body.data?.item;

/** The fields of an update request from an admin as it is now. */
const asUpdate = (item: Record<string, any>, over: Record<string, unknown> = {}) => ({
  id: item.id,
  username: item.username,
  name: item.name,
  email: item.email,
  roles: item.roles,
  status: item.status,
  ...over,
});

function noHash(res: ApiResult) {
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/argon2|password_hash|passwordHash/);
}

describe('create and detail', () => {
  it('creates an admin of the company who can log in, and shows it without a hash', async () => {
    const res = await call(app, '/admin/create', newAdmin({ username: 'Carol.W', name: ' Carol ', email: 'carol@example.com', permissions: ['file.list'] }), {
      token: root,
      lang: 'zh-TW',
    });
    expect(res.body).toMatchObject({ code: 200, message: '新增管理員成功' });
    const id = res.body.data.id as number;
    const shown = await call(app, '/admin/detail', { id }, { token: root });
    noHash(shown);
    expect(shown.body.data.item).toMatchObject({
      id,
      username: 'Carol.W',
      name: 'Carol',
      email: 'carol@example.com',
      avatar: '',
      status: 1,
      roles: ['viewer'],
      permissions: ['file.list'],
      company_ids: [1],
    });
    expect(Date.parse(shown.body.data.item.created_at)).toBeGreaterThan(Date.now() - 60_000);
    // Usernames log in whatever their case.
    expect(await login(app, 'carol.w', 'Password-123')).toBeTruthy();
  });

  it('creates for the companies named, and adds the parent menu of a menu granted directly', async () => {
    const id = await create(root, { username: 'two.companies', company_ids: [1, company2], permissions: ['role.index'] });
    expect(await detail(id)).toMatchObject({ company_ids: [1, company2], permissions: ['admin', 'role.index'] });
  });

  it('answers a missing admin, or one of another company, with 404', async () => {
    const other = await create(zed, { username: 'other.co' }, { cid: String(company2) });
    for (const id of [other, zedId, 99999]) {
      const res = await call(app, '/admin/detail', { id }, { token: manager });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.data).toBeNull();
    }
    // The super admin in company 2 sees it.
    expect((await detail(other, root, String(company2)))?.username).toBe('other.co');
  });
});

describe('list', () => {
  beforeAll(async () => {
    for (const [username, name, email, roles, status] of [
      ['list.anna', 'Anna Lee', 'anna@Agency.example', ['viewer'], 1],
      ['list.bert', 'Bert Kim', 'bert@example.com', ['operator'], 0],
      ['list.cleo', '王 Cleo', 'cleo@example.com', ['viewer', 'notifier'], 1],
    ] as const) {
      await create(root, { username, name, email, roles: [...roles], status });
    }
  });

  const list = (filters: Record<string, unknown> = {}, token = root, cid?: string) =>
    call(app, '/admin/list', { page: 1, limit: 100, ...filters }, { token, ...(cid ? { cid } : {}) });
  const names = (res: ApiResult) => (res.body.data.list as Array<{ username: string }>).map((a) => a.username);

  it('lists the company’s admins and every super admin, newest first by default, never a hash', async () => {
    const res = await list();
    noHash(res);
    const usernames = names(res);
    expect(usernames.slice(0, 3)).toEqual(['list.cleo', 'list.bert', 'list.anna']);
    expect(usernames).toContain('admin');
    expect(usernames).toContain('manager');
    expect(usernames).not.toContain('zed');
    expect(res.body.data.total).toBe(usernames.length);
    const inCompany2 = names(await list({}, root, String(company2)));
    expect(inCompany2).toContain('zed');
    expect(inCompany2).toContain('admin'); // a super admin may act for any company
    expect(inCompany2).not.toContain('manager');
  });

  it('pages, and sorts by a named column either way', async () => {
    // Text columns sort regardless of case, by code point (the same on every database's collation).
    const all = names(await list({ sort: 'username', order: 'asc' }));
    expect(all).toEqual([...all].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(names(await list({ sort: 'username', order: 'desc' }))).toEqual([...all].reverse());
    const page2 = await list({ sort: 'username', order: 'asc', page: 2, limit: 2 });
    expect(names(page2)).toEqual(all.slice(2, 4));
    expect(page2.body.data.total).toBe(all.length);
    expect(names(await list({ sort: 'no_such_column', order: 'desc' })).slice(0, 1)).toEqual(['list.cleo']);
  });

  it('finds a keyword in username, name or email in any case', async () => {
    expect(names(await list({ keyword: 'LIST.A' }))).toEqual(['list.anna']);
    expect(names(await list({ keyword: 'kim' }))).toEqual(['list.bert']);
    expect(names(await list({ keyword: 'agency.EXAMPLE' }))).toEqual(['list.anna']);
    expect(names(await list({ keyword: '王' }))).toEqual(['list.cleo']);
    expect(names(await list({ keyword: '%' }))).toEqual([]);
  });

  it('filters by role and status', async () => {
    expect(names(await list({ role: 'notifier' }))).toEqual(['list.cleo']);
    expect(names(await list({ status: 0, keyword: 'list.' }))).toEqual(['list.bert']);
    expect(names(await list({ status: 1, role: 'viewer', keyword: 'list.' }))).toEqual(['list.cleo', 'list.anna']);
  });
});

describe('field errors (422)', () => {
  let existing: number;
  beforeAll(async () => {
    existing = await create(root, { username: 'Taken.Name' });
  });

  const cases: Array<[string, Record<string, unknown>, string, DomainMessageKey, Record<string, string | number>?]> = [
    ['a username too short', { username: 'ab' }, 'username', 'account.usernameFormat'],
    ['a username with a space', { username: 'new user' }, 'username', 'account.usernameFormat'],
    ['a username taken in another case', { username: 'taken.name' }, 'username', 'account.usernameTaken'],
    ['a blank name', { name: '   ' }, 'name', 'account.nameRequired'],
    ['a weak password', { password: 'password' }, 'password', 'account.passwordWeak'],
    ['the username as password', { username: 'alice2024', password: 'ALICE2024' }, 'password', 'account.passwordIsUsername'],
    ['no role', { roles: [] }, 'roles', 'account.rolesRequired'],
    ['an unknown role', { roles: ['viewer', 'ghost'] }, 'roles', 'account.unknownRoles', { roles: 'ghost' }],
    ['an unknown permission', { permissions: ['nope'] }, 'permissions', 'account.unknownPermissions', { permissions: 'nope' }],
    ['no company', { company_ids: [] }, 'company_ids', 'account.companiesRequired'],
    ['an unknown company', { company_ids: [1, 777] }, 'company_ids', 'account.unknownCompanies', { companies: 777 }],
  ];

  it.each(cases)('create: %s → 422 on %s, in both languages', async (_case, over, field, key, params) => {
    for (const lang of ['zh-TW', 'en'] as const) {
      const res = await call(app, '/admin/create', newAdmin(over), { token: root, lang });
      expect(res.status).toBe(422);
      expect(res.body.data.errors[field]).toEqual([formatDomainMessage(lang, key, params)]);
    }
  });

  it('update: the same rules; a username another admin holds, but not its own', async () => {
    const item = await detail(existing);
    const taken = await call(app, '/admin/update', asUpdate(item, { username: 'MANAGER' }), { token: root, lang: 'zh-TW' });
    expect(taken.status).toBe(422);
    expect(taken.body.data.errors.username).toEqual(['此帳號已有人使用']);
    const own = await call(app, '/admin/update', asUpdate(item, { username: 'TAKEN.name' }), { token: root });
    expect(own.body.code).toBe(200);
    const weak = await call(app, '/admin/update', asUpdate(item, { password: 'short' }), { token: root });
    expect(weak.body.data.errors.password).toEqual(['The password must have at least 8 characters, with letters and digits']);
    const ghost = await call(app, '/admin/update', asUpdate(item, { company_ids: [888] }), { token: root });
    expect(ghost.body.data.errors.company_ids).toEqual(['These companies do not exist: 888']);
  });

  it('syncPermissions: unknown roles or permissions, or no role', async () => {
    const res = await call(app, '/admin/syncPermissions', { id: existing, roles: ['ghost'], permissions: ['nope'] }, { token: root });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({ roles: ['These roles do not exist: ghost'], permissions: ['These permissions do not exist: nope'] });
    const none = await call(app, '/admin/syncPermissions', { id: existing, roles: [], permissions: [] }, { token: root, lang: 'zh-TW' });
    expect(none.body.data.errors.roles).toEqual(['請至少選擇一個角色']);
  });

  it('an empty form: every field its own sentence at once, in both languages, none generic (issue 33)', async () => {
    const empty = { username: '', name: '', email: '', password: '', roles: [], company_ids: [], status: 1 };
    for (const lang of ['zh-TW', 'en'] as const) {
      const res = await call(app, '/admin/create', empty, { token: root, lang });
      expect(res.status).toBe(422);
      expect(res.body.data.errors).toEqual({
        username: [formatDomainMessage(lang, 'account.usernameRequired')],
        name: [formatDomainMessage(lang, 'account.nameRequired')],
        password: [formatDomainMessage(lang, 'account.passwordRequired')],
        roles: [formatDomainMessage(lang, 'account.rolesRequired')],
        company_ids: [formatDomainMessage(lang, 'account.companiesRequired')],
      });
    }
    expect((await call(app, '/admin/create', empty, { token: root, lang: 'zh-TW' })).body.data.errors.name).toEqual(['請輸入名稱']);
    const item = await detail(existing);
    const update = await call(app, '/admin/update', asUpdate(item, { username: '', name: ' ', email: 'not-an-email' }), { token: root, lang: 'zh-TW' });
    expect(update.body.data.errors).toEqual({ username: ['請輸入帳號'], name: ['請輸入名稱'], email: ['請輸入有效的電子郵件'] });
  });

  it('an email is optional: a blank one is none (the seeded super admin has none)', async () => {
    const id = await create(root, { username: 'no.email', email: '' });
    expect(await detail(id)).toMatchObject({ username: 'no.email', email: '' });
  });

  it('the contract refuses control characters before the rules (which then check the rest)', async () => {
    const res = await call(app, '/admin/create', newAdmin({ name: 'Bad\u0007name', email: 'not-an-email' }), { token: root });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors)).toEqual(['name']);
    const email = await call(app, '/admin/create', newAdmin({ email: 'not-an-email' }), { token: root });
    expect(email.body.data.errors).toEqual({ email: ['Please enter a valid email address'] });
  });
});

describe('guard rails (code 201, nothing changes)', () => {
  let viewerId: number;
  let sharedId: number;
  beforeAll(async () => {
    viewerId = await create(root, { username: 'guard.viewer' });
    sharedId = await create(root, { username: 'guard.shared', company_ids: [1, company2] });
  });

  /** [situation, the rule's key, the attempt in a language, the key's values (read once the cast exists)] */
  const rails: Array<[string, DomainMessageKey, (lang: 'zh-TW' | 'en') => Promise<ApiResult>, (() => Record<string, string | number>)?]> = [
    [
      'a manager changes the super admin',
      'access.targetAboveYou',
      async (lang) => call(app, '/admin/update', asUpdate(await detail(1), { name: 'Hacked', email: 'root@example.com' }), { token: manager, lang }),
    ],
    [
      'a manager changes an admin who also acts for company 2',
      'access.targetOtherCompanies',
      async (lang) => call(app, '/admin/update', asUpdate(await detail(sharedId), { name: 'Renamed' }), { token: manager, lang }),
      () => ({ companies: String(company2) }),
    ],
    ['a manager deletes itself', 'access.deleteSelf', (lang) => call(app, '/admin/delete', { id: managerId }, { token: manager, lang })],
    [
      'a manager disables itself',
      'access.disableSelf',
      async (lang) => call(app, '/admin/update', asUpdate(await detail(managerId), { status: 0 }), { token: manager, lang }),
    ],
    [
      'a manager adds a role to itself',
      'access.raiseSelf',
      (lang) => call(app, '/admin/syncPermissions', { id: managerId, roles: ['staff-manager', 'operator'], permissions: [] }, { token: manager, lang }),
    ],
    [
      'a manager grants a role beyond it',
      'access.roleNotGrantable',
      (lang) => call(app, '/admin/create', newAdmin({ username: 'guard.op', roles: ['operator'] }), { token: manager, lang }),
      () => ({ roles: 'operator' }),
    ],
    [
      'a manager grants the super role',
      'access.roleNotGrantable',
      (lang) => call(app, '/admin/syncPermissions', { id: viewerId, roles: ['super-admin'], permissions: [] }, { token: manager, lang }),
      () => ({ roles: 'super-admin' }),
    ],
    [
      'a manager grants a permission it lacks',
      'access.permissionNotGrantable',
      (lang) => call(app, '/admin/syncPermissions', { id: viewerId, roles: ['viewer'], permissions: ['role.edit'] }, { token: manager, lang }),
      () => ({ permissions: 'role.edit' }),
    ],
    [
      'a manager creates an admin for company 2',
      'access.companyNotGrantable',
      (lang) => call(app, '/admin/create', newAdmin({ username: 'guard.co2', company_ids: [company2] }), { token: manager, lang }),
      () => ({ companies: String(company2) }),
    ],
    [
      'the last enabled super admin demotes itself',
      'access.lastSuperAdmin',
      (lang) => call(app, '/admin/syncPermissions', { id: 1, roles: ['viewer'], permissions: [] }, { token: root, lang }),
    ],
  ];

  it.each(rails)('%s → 201 %s, in zh-TW and en', async (_case, key, attempt, params) => {
    const before = await call(app, '/admin/list', { page: 1, limit: 100, sort: 'id', order: 'asc' }, { token: root });
    for (const lang of ['zh-TW', 'en'] as const) {
      const res = await attempt(lang);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 201, message: formatDomainMessage(lang, key, params?.()), data: null });
    }
    const after = await call(app, '/admin/list', { page: 1, limit: 100, sort: 'id', order: 'asc' }, { token: root });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('a manager may do what the rails allow: create, edit and delete a viewer of its company', async () => {
    const id = await create(manager, { username: 'guard.ok', roles: ['viewer'] });
    const item = await detail(id, manager);
    expect((await call(app, '/admin/update', asUpdate(item, { name: 'Fine' }), { token: manager })).body.code).toBe(200);
    expect((await call(app, '/admin/delete', { id }, { token: manager })).body.code).toBe(200);
    expect((await call(app, '/admin/detail', { id }, { token: manager })).status).toBe(404);
  });

  it('with a second super admin, the first may be demoted, and then the second is the last', async () => {
    const secondId = await create(root, { username: 'guard.root2', roles: ['super-admin'], password: 'Root2-pass-1' });
    const second = await login(app, 'guard.root2', 'Root2-pass-1');
    const demote = await call(app, '/admin/syncPermissions', { id: 1, roles: ['staff-manager'], permissions: [] }, { token: second });
    expect(demote.body.code).toBe(200);
    const last = await call(app, '/admin/update', asUpdate(await detail(secondId, second), { status: 0 }), { token: second });
    expect(last.body.message).toBe('You cannot disable your own account');
    const rootAgain = await login(app);
    expect((await call(app, '/admin/delete', { id: secondId }, { token: rootAgain })).body.code).toBe(201);
    // Put the seeded admin back as it was.
    expect((await call(app, '/admin/syncPermissions', { id: 1, roles: ['super-admin'], permissions: [] }, { token: second })).body.code).toBe(200);
    expect((await call(app, '/admin/delete', { id: secondId }, { token: await login(app) })).body.code).toBe(200);
  });
});

describe('company isolation', () => {
  it('answers 404 to update, syncPermissions and delete of another company’s admin, and changes nothing', async () => {
    const ours = await create(root, { username: 'iso.ours' });
    const theirs = await detail(zedId, root, String(company2));
    const attempts: Array<[string, string, unknown, string]> = [
      ['/admin/update', manager, asUpdate(theirs, { name: 'X' }), '1'],
      ['/admin/syncPermissions', manager, { id: zedId, roles: ['viewer'], permissions: [] }, '1'],
      ['/admin/delete', manager, { id: zedId }, '1'],
      ['/admin/update', zed, asUpdate(await detail(ours), { name: 'X' }), String(company2)],
      ['/admin/delete', zed, { id: ours }, String(company2)],
    ];
    for (const [path, token, body, cid] of attempts) {
      const res = await call(app, path, body, { token, cid });
      expect(res.status, path).toBe(404);
    }
    expect((await detail(zedId, root, String(company2))).name).toBe(theirs.name);
    expect((await detail(ours)).name).toBe('New User');
    // Naming company 1 in Cid is a 403 for zed, as for any company it may not act for.
    expect((await call(app, '/admin/list', { page: 1, limit: 10 }, { token: zed, cid: '1' })).status).toBe(403);
  });
});

describe('sessions and access', () => {
  it('disabling ends every session at once: the next call answers 202 with the reason; enabling lets it log in again', async () => {
    const id = await create(root, { username: 'sess.dana', password: 'Dana-pass-1', roles: ['operator'] });
    const first = await login(app, 'sess.dana', 'Dana-pass-1');
    const second = await login(app, 'sess.dana', 'Dana-pass-1');
    const res = await call(app, '/admin/update', asUpdate(await detail(id), { status: 0 }), { token: root, lang: 'zh-TW' });
    expect(res.body).toMatchObject({ code: 200, message: '更新管理員成功' });
    for (const token of [first, second]) {
      expect((await call(app, '/info', {}, { token, lang: 'zh-TW' })).body).toEqual({ code: 202, message: '此帳號已停用，請聯絡管理員', data: null });
    }
    expect((await call(app, '/login', { username: 'sess.dana', password: 'Dana-pass-1' })).body.code).toBe(201);
    await call(app, '/admin/update', asUpdate(await detail(id), { status: 1 }), { token: root });
    expect(await login(app, 'sess.dana', 'Dana-pass-1')).toBeTruthy();
  });

  it('a new password set by an administrator ends every session at once and the new one logs in', async () => {
    const id = await create(root, { username: 'sess.erin', password: 'Erin-pass-1' });
    const token = await login(app, 'sess.erin', 'Erin-pass-1');
    await call(app, '/admin/update', asUpdate(await detail(id), { password: 'Erin-new-pass-2' }), { token: root });
    expect((await call(app, '/info', {}, { token })).body).toEqual({
      code: 202,
      message: 'An administrator changed your password; please log in with the new one',
      data: null,
    });
    expect((await call(app, '/login', { username: 'sess.erin', password: 'Erin-pass-1' })).body.code).toBe(201);
    expect(await login(app, 'sess.erin', 'Erin-new-pass-2')).toBeTruthy();
  });

  it('a blank password on update leaves it as it is, and sessions live on', async () => {
    const id = await create(root, { username: 'sess.finn', password: 'Finn-pass-1' });
    const token = await login(app, 'sess.finn', 'Finn-pass-1');
    expect((await call(app, '/admin/update', asUpdate(await detail(id), { password: '', name: 'Finn' }), { token: root })).body.code).toBe(200);
    expect((await call(app, '/info', {}, { token })).body.code).toBe(200);
    expect(await login(app, 'sess.finn', 'Finn-pass-1')).toBeTruthy();
  });

  it('changing one’s own password through /admin/update keeps this session and ends the others', async () => {
    const id = await create(root, { username: 'sess.gail', password: 'Gail-pass-1', roles: ['staff-manager'] });
    const here = await login(app, 'sess.gail', 'Gail-pass-1');
    const elsewhere = await login(app, 'sess.gail', 'Gail-pass-1');
    const res = await call(app, '/admin/update', asUpdate(await detail(id), { password: 'Gail-new-pass-2' }), { token: here });
    expect(res.body.code).toBe(200);
    expect((await call(app, '/info', {}, { token: here })).body.code).toBe(200);
    expect((await call(app, '/info', {}, { token: elsewhere })).body.code).toBe(430);
  });

  it('deleting ends every session at once: the next call answers 202 and the account is gone', async () => {
    const id = await create(root, { username: 'sess.hugo', password: 'Hugo-pass-1' });
    const token = await login(app, 'sess.hugo', 'Hugo-pass-1');
    expect((await call(app, '/admin/delete', { id }, { token: root, lang: 'zh-TW' })).body).toMatchObject({ code: 200, message: '刪除管理員成功' });
    expect((await call(app, '/info', {}, { token })).body).toMatchObject({ code: 202, data: null });
    expect((await call(app, '/admin/detail', { id }, { token: root })).status).toBe(404);
    expect((await call(app, '/login', { username: 'sess.hugo', password: 'Hugo-pass-1' })).body.code).toBe(201);
  });

  it('a change of roles applies to the very next call, and the admin’s socket hears access.changed', async () => {
    const id = await create(root, { username: 'sess.olga', password: 'Olga-pass-1', roles: ['operator'] });
    const token = await login(app, 'sess.olga', 'Olga-pass-1');
    expect((await call(app, '/triviaGame/list', GAME_LIST, { token })).status).toBe(200);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const ticket = (await call(app, '/ws/ticket', {}, { token })).body.data.ticket;
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws?ticket=${ticket}`);
    try {
      await socket.next((f) => f.type === 'ready');
      const res = await call(app, '/admin/syncPermissions', { id, roles: ['notifier'], permissions: [] }, { token: root, lang: 'zh-TW' });
      expect(res.body).toMatchObject({ code: 200, message: '角色與權限已更新' });
      expect((await call(app, '/triviaGame/list', GAME_LIST, { token })).status).toBe(403);
      const event = await socket.next((f) => f.type === 'access.changed');
      expect(event).toMatchObject({ topic: `admin:${id}`, data: { change: 'permissions' } });
      const info = await call(app, '/info', {}, { token });
      expect(info.body.data.user_info.roles).toEqual(['notifier']);

      // A direct permission gives it back, again on the next call.
      await call(app, '/admin/syncPermissions', { id, roles: ['notifier'], permissions: ['triviaGame.list'] }, { token: root });
      expect((await call(app, '/triviaGame/list', GAME_LIST, { token })).status).toBe(200);
      expect(await detail(id)).toMatchObject({ roles: ['notifier'], permissions: ['triviaGame.list'] });
    } finally {
      socket.close();
    }
  });
});

describe('the audit trail', () => {
  it('notes each write with the admin as target and what changed, never the password', async () => {
    const id = await create(root, { username: 'audit.ivy', name: 'Ivy', email: 'ivy@example.com', password: 'Ivy-secret-1' });
    await call(app, '/admin/update', asUpdate(await detail(id), { name: 'Ivy B', status: 0, roles: ['notifier'], password: 'Ivy-secret-2' }), { token: root });
    await call(app, '/admin/syncPermissions', { id, roles: ['notifier', 'viewer'], permissions: ['file.list'] }, { token: root });
    await call(app, '/admin/delete', { id: 1 }, { token: root });
    await call(app, '/admin/delete', { id }, { token: root });
    await app.auditTrail.settled();
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'admin'), eq(auditLog.username, 'admin')))
      .orderBy(asc(auditLog.id));
    const mine = entries.filter((e) => e.targetId === String(id) || (e.operation === 'adminDelete' && e.targetId === '1'));
    expect(mine.map((e) => [e.operation, e.outcome, e.summary])).toEqual([
      ['adminCreate', 'success', 'created audit.ivy: name Ivy; email ivy@example.com; status 1; roles viewer; permissions -; companies 1'],
      ['adminUpdate', 'success', 'audit.ivy: name Ivy → Ivy B; status 1 → 0; roles added notifier, removed viewer; password changed'],
      ['adminSyncPermissions', 'success', 'audit.ivy: roles added viewer; permissions added file.list'],
      ['adminDelete', 'refused', expect.any(String)],
      ['adminDelete', 'success', 'deleted audit.ivy'],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Ivy-secret|argon2/);
  });
});
