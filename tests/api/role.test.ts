/**
 * Roles and the permission tree as an agency's administrators meet them: the tree and the role list
 * in both languages, creating, changing and deleting roles with their 422s and refusals (201, in both
 * languages), the guard rails for an admin who is not a super admin, the effect of a change on the
 * holders' very next call and on their open screens (access.changed), and a restart (the seed run
 * again) that keeps what the administrators changed.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { seedDatabase } from '@/server/features/seed';
import { adminRoles, auditLog, roles } from '@/server/db/schema';
import { flattenPermissions, roleSeeds } from '@/server/db/seed-data';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createRole } from '../support/fixtures';
import { TestSocket } from '../support/ws';

type Node = { identifier: string; title: string; type: 'nav' | 'button'; children?: Node[] };
type RoleRow = { id: number; identifier: string; title: string; is_super: 0 | 1; permissions: string[]; admin_count: number };

const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

const locale = (lang: 'zh-TW' | 'en') =>
  JSON.parse(fs.readFileSync(new URL(`../../src/app/i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const lookup = (tree: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app);
});
afterAll(() => app.close());

const roleList = async (body: Record<string, unknown> = {}, token = admin, lang: 'zh-TW' | 'en' = 'en') => {
  const res = await call(app, '/role/list', { page: 1, limit: 100, ...body }, { token, lang });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { list: RoleRow[]; total: number };
};
const roleNamed = async (identifier: string) => (await roleList()).list.find((role) => role.identifier === identifier);

describe('the permission tree', () => {
  it('gives every permission once, menus with their sub-menus and buttons as children, titled like the SPA in both languages', async () => {
    for (const lang of ['zh-TW', 'en'] as const) {
      const res = await call(app, '/permission/tree', {}, { token: admin, lang });
      const tree = res.body.data.list as Node[];
      expect(tree.map((node) => node.identifier)).toEqual(['triviaGame', 'notification', 'admin', 'file', 'website']);
      const trivia = tree[0]!;
      expect(trivia.children!.map((node) => [node.identifier, node.type])).toEqual([
        ['triviaGame.index', 'nav'],
        ['triviaGame.update', 'nav'],
        ['triviaGame.start', 'nav'],
        ['triviaGame.list', 'button'],
        ['triviaGame.edit', 'button'],
        ['triviaGame.control', 'button'],
      ]);
      const nodes = flatten(tree);
      const seeded = flattenPermissions();
      expect(nodes.map((node) => node.identifier).sort()).toEqual(seeded.map((p) => p.identifier).sort());
      const texts = locale(lang);
      for (const permission of seeded) {
        const node = nodes.find((n) => n.identifier === permission.identifier)!;
        // The same words as the SPA's menu and permission labels, never the bare key.
        expect(node.title, permission.identifier).toBe(lookup(texts, permission.title));
      }
    }
    const zh = (await call(app, '/permission/tree', {}, { token: admin, lang: 'zh-TW' })).body.data.list as Node[];
    expect(zh[0]!.title).toBe('問答遊戲');
    const en = (await call(app, '/permission/tree', {}, { token: admin, lang: 'en' })).body.data.list as Node[];
    expect(en[0]!.title).toBe('Trivia games');
  });

  it('is open to any logged-in admin and to nobody else', async () => {
    await createAdmin(app, { username: 'tree-viewer', password: 'Viewer-pass-1', roles: ['viewer'] });
    const viewer = await login(app, 'tree-viewer', 'Viewer-pass-1');
    expect((await call(app, '/permission/tree', {}, { token: viewer })).body.code).toBe(200);
    expect((await call(app, '/permission/tree', {})).body.code).toBe(202);
  });
});

describe('the role list', () => {
  it('shows the seeded roles titled in the request language, their permissions and how many admins hold each', async () => {
    const en = await roleList();
    const operator = en.list.find((role) => role.identifier === 'operator')!;
    expect(operator).toMatchObject({ title: 'Operator', is_super: 0 });
    expect(operator.permissions).toEqual([...roleSeeds.find((r) => r.identifier === 'operator')!.permissions].sort());
    const superAdmin = en.list.find((role) => role.identifier === 'super-admin')!;
    expect(superAdmin).toMatchObject({ title: 'Super admin', is_super: 1, permissions: [] });
    expect(superAdmin.admin_count).toBeGreaterThanOrEqual(1);

    const zh = await roleList({}, admin, 'zh-TW');
    expect(zh.list.map((role) => role.title)).toEqual(expect.arrayContaining(['超級管理員', '全權管理員', '營運人員', '檢視人員']));

    const before = operator.admin_count;
    await createAdmin(app, { username: 'count-1', roles: ['operator'] });
    await createAdmin(app, { username: 'count-2', roles: ['operator', 'viewer'] });
    expect((await roleNamed('operator'))!.admin_count).toBe(before + 2);
  });

  it('finds roles by identifier, by title as typed, and a seeded role by the title the user reads', async () => {
    await createRole(app, 'event-staff', ['triviaGame.list']);
    await app.db.update(roles).set({ title: 'Night shift crew' }).where(eq(roles.identifier, 'event-staff'));
    expect((await roleList({ keyword: 'EVENT' })).list.map((r) => r.identifier)).toEqual(['event-staff']);
    expect((await roleList({ keyword: 'shift' })).list.map((r) => r.title)).toEqual(['Night shift crew']);
    expect((await roleList({ keyword: '營運' }, admin, 'zh-TW')).list.map((r) => r.identifier)).toEqual(['operator']);
    expect((await roleList({ keyword: 'viewer' })).list.map((r) => r.identifier)).toEqual(['viewer']);
    expect((await roleList({ keyword: '100%' })).total).toBe(0);
  });

  it('pages', async () => {
    const all = await roleList();
    const page = await call(app, '/role/list', { page: 2, limit: 2 }, { token: admin });
    expect(page.body.data.total).toBe(all.total);
    expect(page.body.data.list.map((r: RoleRow) => r.id)).toEqual(all.list.slice(2, 4).map((r) => r.id));
  });

  it('needs admin.list', async () => {
    await createAdmin(app, { username: 'no-admin-list', password: 'Password-123', roles: ['operator'] });
    const token = await login(app, 'no-admin-list', 'Password-123');
    expect((await call(app, '/role/list', { page: 1, limit: 10 }, { token })).status).toBe(403);
  });
});

describe('creating a role', () => {
  it('creates it with the title as typed and answers its id; the list shows it held by nobody', async () => {
    const res = await call(app, '/role/create', { identifier: 'cashier', title: '  收銀員  ', permissions: ['notification.index', 'notification', 'triviaGame.list'] }, { token: admin });
    expect(res.body.code).toBe(200);
    const role = await roleNamed('cashier');
    expect(role).toEqual({
      id: res.body.data.id,
      identifier: 'cashier',
      title: '收銀員',
      is_super: 0,
      permissions: ['notification', 'notification.index', 'triviaGame.list'],
      admin_count: 0,
    });
    expect((await roleList({}, admin, 'zh-TW')).list.find((r) => r.identifier === 'cashier')!.title).toBe('收銀員');
  });

  it('adds the parent menus of the menus it holds, so they show in the sidebar', async () => {
    const res = await call(app, '/role/create', { identifier: 'game-index-only', title: 'Games', permissions: ['triviaGame.index'] }, { token: admin });
    expect(res.body.code).toBe(200);
    expect((await roleNamed('game-index-only'))!.permissions).toEqual(['triviaGame', 'triviaGame.index']);
    const button = await call(app, '/role/create', { identifier: 'button-only', title: 'Button', permissions: ['admin.list'] }, { token: admin });
    expect(button.body.code).toBe(200);
    expect((await roleNamed('button-only'))!.permissions).toEqual(['admin.list']);
  });

  it('refuses an identifier already taken, under identifier, in both languages', async () => {
    for (const [lang, message] of [
      ['en', 'This role identifier is taken'],
      ['zh-TW', '此角色代碼已有人使用'],
    ] as const) {
      const res = await call(app, '/role/create', { identifier: 'operator', title: 'Again', permissions: [] }, { token: admin, lang });
      expect(res.status).toBe(422);
      expect(res.body.data.errors).toEqual({ identifier: [message] });
    }
  });

  it('refuses unknown permissions under permissions, naming them, in both languages', async () => {
    const en = await call(app, '/role/create', { identifier: 'ghosts', title: 'Ghosts', permissions: ['triviaGame.list', 'ghost.walk', 'ghost.haunt'] }, { token: admin });
    expect(en.status).toBe(422);
    expect(en.body.data.errors).toEqual({ permissions: ['These permissions do not exist: ghost.walk, ghost.haunt'] });
    const zh = await call(app, '/role/create', { identifier: 'ghosts', title: 'Ghosts', permissions: ['ghost.walk'] }, { token: admin, lang: 'zh-TW' });
    expect(zh.body.data.errors).toEqual({ permissions: ['沒有這些權限：ghost.walk'] });
    expect(await roleNamed('ghosts')).toBeUndefined();
  });

  it('refuses a blank title, a malformed identifier and control characters', async () => {
    const blank = await call(app, '/role/create', { identifier: 'blank', title: '   ', permissions: [] }, { token: admin, lang: 'zh-TW' });
    expect(blank.status).toBe(422);
    expect(blank.body.data.errors).toEqual({ title: ['請輸入角色名稱'] });
    for (const identifier of ['Upper', 'has space', '1st', 'a', 'x'.repeat(41)]) {
      const res = await call(app, '/role/create', { identifier, title: 'T', permissions: [] }, { token: admin });
      expect(res.status, identifier).toBe(422);
      expect(Object.keys(res.body.data.errors), identifier).toEqual(['identifier']);
    }
    const control = await call(app, '/role/create', { identifier: 'control', title: 'Bad\u0007title', permissions: [] }, { token: admin });
    expect(control.status).toBe(422);
    expect(Object.keys(control.body.data.errors)).toEqual(['title']);
    expect(await roleNamed('control')).toBeUndefined();
  });

  it('needs role.edit', async () => {
    await createAdmin(app, { username: 'no-role-edit', password: 'Password-123', roles: ['operator'], permissions: ['admin.list'] });
    const token = await login(app, 'no-role-edit', 'Password-123');
    expect((await call(app, '/role/create', { identifier: 'nope', title: 'Nope', permissions: [] }, { token })).status).toBe(403);
  });
});

describe('an admin who is not a super admin, holding role.edit', () => {
  let manager: string;

  beforeAll(async () => {
    await createRole(app, 'staff-manager', ['admin', 'admin.index', 'admin.list', 'role.index', 'role.edit', 'triviaGame', 'triviaGame.index', 'triviaGame.list']);
    await createAdmin(app, { username: 'manager', password: 'Manager-pass-1', roles: ['staff-manager'] });
    manager = await login(app, 'manager', 'Manager-pass-1');
  });

  it('creates a role with permissions it holds', async () => {
    const res = await call(app, '/role/create', { identifier: 'game-watcher', title: 'Watcher', permissions: ['triviaGame.list'] }, { token: manager });
    expect(res.body.code).toBe(200);
  });

  it('cannot create a role with permissions it lacks: 201 naming them, in both languages, and nothing is created', async () => {
    const body = { identifier: 'too-strong', title: 'Too strong', permissions: ['triviaGame.list', 'triviaGame.edit', 'file.edit'] };
    const en = await call(app, '/role/create', body, { token: manager });
    expect(en.status).toBe(200);
    expect(en.body).toEqual({ code: 201, message: 'You can only grant or remove permissions you hold: file.edit, triviaGame.edit', data: null });
    const zh = await call(app, '/role/create', body, { token: manager, lang: 'zh-TW' });
    expect(zh.body).toEqual({ code: 201, message: '您只能指派自己擁有的權限：file.edit, triviaGame.edit', data: null });
    expect(await roleNamed('too-strong')).toBeUndefined();
  });

  it('cannot add or remove a permission it lacks, but may retitle a role that holds one and keep it', async () => {
    const operator = (await roleNamed('operator'))!;
    const add = await call(app, '/role/update', { id: operator.id, title: 'Operator', permissions: [...operator.permissions, 'admin.edit'] }, { token: manager });
    expect(add.body).toMatchObject({ code: 201, message: 'You can only grant or remove permissions you hold: admin.edit' });
    const remove = await call(
      app,
      '/role/update',
      { id: operator.id, title: 'Operator', permissions: operator.permissions.filter((p) => p !== 'triviaGame.control') },
      { token: manager, lang: 'zh-TW' },
    );
    expect(remove.body).toMatchObject({ code: 201, message: '您只能指派自己擁有的權限：triviaGame.control' });
    expect((await roleNamed('operator'))!.permissions).toEqual(operator.permissions);

    const watcher = (await roleNamed('game-watcher'))!;
    await createRole(app, 'mixed', ['triviaGame.list', 'file.edit']);
    const mixed = (await roleNamed('mixed'))!;
    const retitle = await call(app, '/role/update', { id: mixed.id, title: 'Mixed bag', permissions: mixed.permissions }, { token: manager });
    expect(retitle.body.code).toBe(200);
    expect((await roleNamed('mixed'))!).toMatchObject({ title: 'Mixed bag', permissions: ['file.edit', 'triviaGame.list'] });
    const widen = await call(app, '/role/update', { id: watcher.id, title: 'Watcher', permissions: ['triviaGame.list', 'admin.list'] }, { token: manager });
    expect(widen.body.code).toBe(200);
  });

  it('cannot touch a super role, nor delete a role holding permissions it lacks', async () => {
    const superAdmin = (await roleNamed('super-admin'))!;
    const update = await call(app, '/role/update', { id: superAdmin.id, title: 'Mine now', permissions: [] }, { token: manager });
    expect(update.body).toEqual({ code: 201, message: 'Super roles cannot be changed or deleted', data: null });
    const del = await call(app, '/role/delete', { id: superAdmin.id }, { token: manager, lang: 'zh-TW' });
    expect(del.body).toEqual({ code: 201, message: '超級管理員角色不可修改或刪除', data: null });
    const mixed = (await roleNamed('mixed'))!;
    const delMixed = await call(app, '/role/delete', { id: mixed.id }, { token: manager });
    expect(delMixed.body).toMatchObject({ code: 201, message: 'You can only grant or remove permissions you hold: file.edit' });
    expect(await roleNamed('mixed')).toBeDefined();
  });
});

describe('changing a role', () => {
  it('changes the title and permissions; the holders lose a removed permission on their very next call', async () => {
    await createRole(app, 'game-host', ['triviaGame', 'triviaGame.index', 'triviaGame.list', 'triviaGame.edit']);
    await createAdmin(app, { username: 'host', password: 'Host-pass-1', roles: ['game-host'] });
    const host = await login(app, 'host', 'Host-pass-1');
    const games = () => call(app, '/triviaGame/list', { page: 1, limit: 10, order: 'asc', sort: 'id' }, { token: host });
    expect((await games()).status).toBe(200);

    const role = (await roleNamed('game-host'))!;
    const res = await call(app, '/role/update', { id: role.id, title: 'Game host', permissions: ['triviaGame', 'triviaGame.index', 'triviaGame.edit', 'notification.index'] }, { token: admin });
    expect(res.body.code).toBe(200);
    expect((await games()).status).toBe(403);
    expect(await roleNamed('game-host')).toMatchObject({
      title: 'Game host',
      permissions: ['notification', 'notification.index', 'triviaGame', 'triviaGame.edit', 'triviaGame.index'],
      admin_count: 1,
    });
    const info = await call(app, '/info', {}, { token: host });
    expect(info.body.data.user_info.permissions).toContain('notification.index');
    expect(info.body.data.accessed_routes.map((route: { name: string }) => route.name)).toContain('notification');
  });

  it("tells the holders' open screens (access.changed), and only when the permissions changed", async () => {
    await createRole(app, 'listener', ['triviaGame.list']);
    const holderId = await createAdmin(app, { username: 'listener', password: 'Listener-pass-1', roles: ['listener'] });
    await createAdmin(app, { username: 'bystander', password: 'Bystander-pass-1', roles: ['viewer'] });
    const holder = await login(app, 'listener', 'Listener-pass-1');
    const bystander = await login(app, 'bystander', 'Bystander-pass-1');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const open = async (token: string) => {
      const ticket = (await call(app, '/ws/ticket', {}, { token })).body.data.ticket;
      const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws?ticket=${ticket}`);
      await socket.next((f) => f.type === 'ready');
      return socket;
    };
    const [holderSocket, bystanderSocket] = [await open(holder), await open(bystander)];
    try {
      const role = (await roleNamed('listener'))!;
      await call(app, '/role/update', { id: role.id, title: 'Renamed only', permissions: ['triviaGame.list'] }, { token: admin });
      await call(app, '/role/update', { id: role.id, title: 'Renamed only', permissions: ['triviaGame.list', 'file.list'] }, { token: admin });
      const event = await holderSocket.next((f) => f.type === 'access.changed');
      expect(event).toMatchObject({ topic: `admin:${holderId}`, data: { change: 'permissions' } });
      // The title-only change came first and sent nothing: the one event is the permission change's.
      expect(holderSocket.frames.filter((f) => f.type === 'access.changed')).toHaveLength(1);
      expect(bystanderSocket.frames.some((f) => f.type === 'access.changed')).toBe(false);
    } finally {
      holderSocket.close();
      bystanderSocket.close();
    }
  });

  it('refuses a super role (201, both languages), an unknown id (404) and unknown permissions (422)', async () => {
    const adminNone = (await roleNamed('admin-none'))!;
    const en = await call(app, '/role/update', { id: adminNone.id, title: 'x', permissions: ['triviaGame.list'] }, { token: admin });
    expect(en.body).toEqual({ code: 201, message: 'Super roles cannot be changed or deleted', data: null });
    const zh = await call(app, '/role/update', { id: adminNone.id, title: 'x', permissions: [] }, { token: admin, lang: 'zh-TW' });
    expect(zh.body.message).toBe('超級管理員角色不可修改或刪除');
    expect((await roleNamed('admin-none'))!.title).toBe('Unrestricted admin');

    const missing = await call(app, '/role/update', { id: 999_999, title: 'x', permissions: [] }, { token: admin });
    expect(missing.status).toBe(404);
    const viewer = (await roleNamed('viewer'))!;
    const unknown = await call(app, '/role/update', { id: viewer.id, title: 'Viewer', permissions: ['nope'] }, { token: admin, lang: 'zh-TW' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.errors).toEqual({ permissions: ['沒有這些權限：nope'] });
    const blank = await call(app, '/role/update', { id: viewer.id, title: ' ', permissions: [] }, { token: admin });
    expect(blank.body.data.errors).toEqual({ title: ['Please enter a title'] });
    expect((await roleNamed('viewer'))!.permissions.length).toBeGreaterThan(0);
  });

  it('shows a retitled seeded role as typed, in every language', async () => {
    const viewer = (await roleNamed('viewer'))!;
    await call(app, '/role/update', { id: viewer.id, title: 'Spectators', permissions: viewer.permissions }, { token: admin });
    expect((await roleList({}, admin, 'zh-TW')).list.find((r) => r.identifier === 'viewer')!.title).toBe('Spectators');
    await call(app, '/role/update', { id: viewer.id, title: 'role.viewer', permissions: viewer.permissions }, { token: admin });
  });
});

describe('deleting a role', () => {
  it('is refused while admins hold it, giving their number in both languages; then deleted', async () => {
    await createRole(app, 'short-lived', ['triviaGame.list']);
    const a = await createAdmin(app, { username: 'holder-a', roles: ['short-lived'] });
    const b = await createAdmin(app, { username: 'holder-b', roles: ['short-lived', 'viewer'] });
    const role = (await roleNamed('short-lived'))!;
    const en = await call(app, '/role/delete', { id: role.id }, { token: admin });
    expect(en.body).toEqual({ code: 201, message: '2 admins still hold this role; take it away from them first', data: null });
    const zh = await call(app, '/role/delete', { id: role.id }, { token: admin, lang: 'zh-TW' });
    expect(zh.body.message).toBe('仍有 2 位管理員擁有此角色，請先移除他們的此角色');

    await app.db.delete(adminRoles).where(eq(adminRoles.adminId, a));
    expect((await call(app, '/role/delete', { id: role.id }, { token: admin })).body.message).toContain('1 admin still holds this role');
    await app.db.delete(adminRoles).where(eq(adminRoles.adminId, b));
    expect((await call(app, '/role/delete', { id: role.id }, { token: admin })).body.code).toBe(200);
    expect(await roleNamed('short-lived')).toBeUndefined();
    expect((await call(app, '/role/delete', { id: role.id }, { token: admin })).status).toBe(404);
  });

  it('never deletes a super role, even one nobody holds', async () => {
    const adminNone = (await roleNamed('admin-none'))!;
    expect(adminNone.admin_count).toBe(0);
    const res = await call(app, '/role/delete', { id: adminNone.id }, { token: admin });
    expect(res.body).toEqual({ code: 201, message: 'Super roles cannot be changed or deleted', data: null });
    expect(await roleNamed('admin-none')).toBeDefined();
  });
});

describe('a restart', () => {
  it("keeps an administrator's changes to the seeded roles, and a seeded role it deleted stays deleted", async () => {
    const operator = (await roleNamed('operator'))!;
    const trimmed = operator.permissions.filter((p) => p !== 'triviaGame.control');
    expect((await call(app, '/role/update', { id: operator.id, title: 'Floor staff', permissions: trimmed }, { token: admin })).body.code).toBe(200);
    const viewer = (await roleNamed('viewer'))!;
    await app.db.delete(adminRoles).where(eq(adminRoles.roleId, viewer.id));
    expect((await call(app, '/role/delete', { id: viewer.id }, { token: admin })).body.code).toBe(200);

    await seedDatabase(app.db, { adminPassword: null, files: app.fileStore });
    await seedDatabase(app.db, { adminPassword: null, files: app.fileStore });

    expect(await roleNamed('operator')).toMatchObject({ title: 'Floor staff', permissions: trimmed });
    expect(await roleNamed('viewer')).toBeUndefined();
    expect(await roleNamed('super-admin')).toMatchObject({ is_super: 1, title: 'Super admin' });
    expect((await call(app, '/info', {}, { token: admin })).body.code).toBe(200);
  });
});

describe('the audit trail', () => {
  it('records each role write with the role as target and what changed', async () => {
    const created = await call(app, '/role/create', { identifier: 'audited', title: 'Audited', permissions: ['triviaGame.list'] }, { token: admin });
    const id = created.body.data.id as number;
    await call(app, '/role/update', { id, title: 'Audited twice', permissions: ['triviaGame.list', 'file.list'] }, { token: admin });
    await call(app, '/role/update', { id, title: 'x', permissions: ['ghost'] }, { token: admin });
    await call(app, '/role/delete', { id }, { token: admin });
    await app.auditTrail.settled();
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'role'), eq(auditLog.targetId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.operation, e.outcome, e.summary])).toEqual([
      ['roleCreate', 'success', 'created audited: title Audited; permissions triviaGame.list'],
      ['roleUpdate', 'success', 'audited: title Audited → Audited twice; permissions added file.list'],
      ['roleUpdate', 'refused', expect.any(String)],
      ['roleDelete', 'success', 'deleted audited'],
    ]);
    expect(entries.every((e) => e.username === 'admin')).toBe(true);
  });
});
