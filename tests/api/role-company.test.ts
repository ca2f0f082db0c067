/**
 * Roles × companies (issue 33): roles are agency-wide, so a role's change reaches its holders in
 * every company. An admin holding every permission but acting only for company 2 walks every write
 * operation on roles and admins against what company 1's staff hold: each is refused (code 201 with
 * the rule's sentence in both languages, 403 for a company it may not name, 404 for an admin its
 * company does not see) and reading back shows nothing changed. Then the legitimate cases: a role held
 * only in company 2 (and by super admins), an admin of both companies and a super admin may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq, like } from 'drizzle-orm';
import { formatDomainMessage } from '@/domain/messages';
import { admins } from '@/server/db/schema';
import { flattenPermissions } from '@/server/db/seed-data';
import { createTestApp } from '../support/app';
import { call, checkedResult, login } from '../support/api';
import { createAdmin, createCompany, createRole } from '../support/fixtures';

type RoleRow = { id: number; identifier: string; title: string; permissions: string[]; admin_count: number };
type AdminRow = { id: number; username: string; name: string; email: string; status: number; roles: string[]; permissions: string[]; company_ids: number[] };

let app: FastifyInstance;
let root: string;
let company2: number;
/** Every permission of the tree, held through a role that is not a super role. */
let everything: string[];
/** Holds every permission, acts only for company 2. */
let outsider: string;
let outsiderId: number;
/** Holds every permission, acts for companies 1 and 2. */
let both: string;
const ids: Record<string, number> = {};

const PASSWORD = 'Company-pass-1';

beforeAll(async () => {
  app = await createTestApp();
  root = await login(app);
  company2 = await createCompany(app, 'Company 2');
  everything = flattenPermissions().map((p) => p.identifier);
  await createRole(app, 'all-rights', everything);
  await createRole(app, 'c1-desk', ['triviaGame.list']);
  await createRole(app, 'c2-desk', ['triviaGame.list']);
  await createRole(app, 'shared-desk', ['triviaGame.list']);
  await createRole(app, 'nobodys', ['triviaGame.list']);

  outsiderId = await createAdmin(app, { username: 'c2-boss', password: PASSWORD, roles: ['all-rights', 'c2-desk', 'shared-desk'], companyIds: [company2] });
  await createAdmin(app, { username: 'c12-boss', password: PASSWORD, roles: ['all-rights'], companyIds: [1, company2] });
  ids.viewer = await createAdmin(app, { username: 'c1-viewer', roles: ['viewer'], companyIds: [1] });
  ids.operator = await createAdmin(app, { username: 'c1-operator', roles: ['operator', 'c1-desk', 'shared-desk'], companyIds: [1] });
  ids.straddler = await createAdmin(app, { username: 'c12-viewer', roles: ['viewer'], companyIds: [1, company2] });
  // A super admin holding a lesser role too: it holds everything whatever that role says.
  await createAdmin(app, { username: 'super-2', roles: ['super-admin', 'c2-desk'], companyIds: [1] });
  outsider = await login(app, 'c2-boss', PASSWORD);
  both = await login(app, 'c12-boss', PASSWORD);
});
afterAll(() => app.close());

const asOutsider = (path: string, body: unknown, lang: 'zh-TW' | 'en' = 'en') => call(app, path, body, { token: outsider, cid: String(company2), lang });

const roles = async (): Promise<RoleRow[]> => {
  const res = await call(app, '/role/list', { page: 1, limit: 100 }, { token: root });
  return res.body.data.list as RoleRow[];
};
const role = async (identifier: string) => (await roles()).find((r) => r.identifier === identifier);
const adminItem = async (id: number): Promise<AdminRow> => {
  const res = await call(app, '/admin/detail', { id }, { token: root, cid: '1' });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.item as AdminRow;
};
/** What company 1's staff hold and may do, as a super admin reads it back. */
const companyOneState = async () => ({
  roles: (await roles()).map(({ identifier, title, permissions, admin_count }) => ({ identifier, title, permissions, admin_count })),
  admins: await Promise.all(Object.values(ids).map(adminItem)),
  usernames: (await app.db.select({ username: admins.username }).from(admins).orderBy(asc(admins.id))).map((a) => a.username),
});

const heldElsewhere = (lang: 'zh-TW' | 'en', companies = '1') => formatDomainMessage(lang, 'access.roleHeldInOtherCompanies', { companies });

describe('an admin of company 2 with every permission, against what company 1 holds', () => {
  it('cannot change a role company 1 holds: not its permissions, not its title, not by emptying it (201, both languages)', async () => {
    const before = await companyOneState();
    const viewer = (await role('viewer'))!;
    const operator = (await role('operator'))!;
    const shared = (await role('shared-desk'))!;

    // What the attack did: gave `admin.edit` to company 1's viewers, emptied the operator role.
    for (const lang of ['en', 'zh-TW'] as const) {
      const grant = await asOutsider('/role/update', { id: viewer.id, title: viewer.title, permissions: [...viewer.permissions, 'admin.list', 'admin.edit'] }, lang);
      expect(grant.body).toMatchObject({ code: 201, message: heldElsewhere(lang) });
    }
    expect((await asOutsider('/role/update', { id: operator.id, title: operator.title, permissions: [] })).body).toMatchObject({ code: 201, message: heldElsewhere('en') });
    expect((await asOutsider('/role/update', { id: operator.id, title: 'Renamed', permissions: operator.permissions })).body).toMatchObject({
      code: 201,
      message: heldElsewhere('en'),
    });
    // Held in both companies (its own staff too): still company 1's.
    expect((await asOutsider('/role/update', { id: shared.id, title: shared.title, permissions: [] })).body).toMatchObject({ code: 201, message: heldElsewhere('en') });

    expect(await companyOneState()).toEqual(before);
    // Company 1's viewer still cannot edit admins on its very next call.
    const viewerToken = await login(app, 'c1-viewer', 'Password-123');
    expect((await call(app, '/admin/create', { username: 'x-viewer-made', name: 'x', email: 'x@example.com', password: PASSWORD, roles: ['viewer'], status: 1 }, { token: viewerToken })).body.code).not.toBe(200);
  });

  it('cannot delete a role company 1 holds, and is told why rather than to take it away from them first', async () => {
    const before = await companyOneState();
    for (const identifier of ['viewer', 'c1-desk', 'shared-desk']) {
      const { id } = (await role(identifier))!;
      for (const lang of ['en', 'zh-TW'] as const) {
        expect((await asOutsider('/role/delete', { id }, lang)).body, identifier).toMatchObject({ code: 201, message: heldElsewhere(lang) });
      }
    }
    // A role held by an admin of both companies.
    const straddled = (await role('viewer'))!;
    expect((await asOutsider('/role/delete', { id: straddled.id })).body.code).toBe(201);
    expect(await companyOneState()).toEqual(before);
  });

  it('cannot reach company 1 admins through the admin operations: 404 for those its company does not see, 201 for one of both, 403 for company 1', async () => {
    const before = await companyOneState();
    const viewer = await adminItem(ids.viewer!);
    const straddler = await adminItem(ids.straddler!);
    const body = (item: AdminRow, over: Partial<AdminRow> & { password?: string } = {}) => ({
      id: item.id,
      username: item.username,
      name: item.name,
      email: item.email,
      roles: item.roles,
      permissions: item.permissions,
      company_ids: item.company_ids,
      status: item.status,
      ...over,
    });
    const otherCompanies = (lang: 'zh-TW' | 'en') => formatDomainMessage(lang, 'access.targetOtherCompanies', { companies: '1' });

    // Only company 1's: company 2 does not see it.
    expect((await asOutsider('/admin/update', body(viewer, { roles: ['all-rights'] }))).body.code).toBe(404);
    expect((await asOutsider('/admin/update', body(viewer, { password: 'Taken-over-1' }))).body.code).toBe(404);
    expect((await asOutsider('/admin/syncPermissions', { id: viewer.id, roles: ['all-rights'], permissions: [] })).body.code).toBe(404);
    expect((await asOutsider('/admin/delete', { id: viewer.id })).body.code).toBe(404);
    expect((await asOutsider('/admin/detail', { id: viewer.id })).body.code).toBe(404);

    // Of both companies: seen, and refused.
    for (const lang of ['en', 'zh-TW'] as const) {
      expect((await asOutsider('/admin/update', body(straddler, { roles: ['all-rights'] }), lang)).body).toMatchObject({ code: 201, message: otherCompanies(lang) });
    }
    expect((await asOutsider('/admin/update', body(straddler, { status: 0 }))).body).toMatchObject({ code: 201, message: otherCompanies('en') });
    expect((await asOutsider('/admin/update', body(straddler, { company_ids: [company2] }))).body.code).toBe(201);
    expect((await asOutsider('/admin/update', body(straddler, { password: 'Taken-over-1' }))).body).toMatchObject({ code: 201, message: otherCompanies('en') });
    expect((await asOutsider('/admin/syncPermissions', { id: straddler.id, roles: ['viewer', 'all-rights'], permissions: [] })).body).toMatchObject({
      code: 201,
      message: otherCompanies('en'),
    });
    expect((await asOutsider('/admin/delete', { id: straddler.id })).body).toMatchObject({ code: 201, message: otherCompanies('en') });

    // Naming company 1 itself.
    for (const [path, payload] of [
      ['/admin/update', body(viewer, { roles: ['all-rights'] })],
      ['/admin/syncPermissions', { id: viewer.id, roles: ['all-rights'], permissions: [] }],
      ['/admin/delete', { id: viewer.id }],
      ['/admin/create', { username: 'c1-planted', name: 'Planted', email: 'p@example.com', password: PASSWORD, roles: ['viewer'], status: 1 }],
    ] as const) {
      expect((await call(app, path, payload, { token: outsider, cid: '1' })).status, path).toBe(403);
    }

    // Creating an admin for company 1 from company 2.
    const planted = { username: 'c1-planted', name: 'Planted', email: 'p@example.com', password: PASSWORD, roles: ['viewer'], status: 1 };
    expect((await asOutsider('/admin/create', { ...planted, company_ids: [1] })).body).toMatchObject({
      code: 201,
      message: formatDomainMessage('en', 'access.companyNotGrantable', { companies: '1' }),
    });
    expect((await asOutsider('/admin/create', { ...planted, company_ids: [1, company2] })).body.code).toBe(201);

    // Importing into company 1.
    const boundary = '----lt-role-company';
    const csv = `username,name,email,password,roles,status\nc1-imported,Imported,i@example.com,${PASSWORD},viewer,1\n`;
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="admins.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\n0\r\n--${boundary}--\r\n`,
    );
    const imported = await app.inject({
      method: 'POST',
      url: '/api/admin/admin/import',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${outsider}`, cid: '1' },
    });
    expect(checkedResult('/admin/import', imported).status).toBe(403);

    // Its own profile gives it no company: the fields it may change are name, email and password.
    const self = await call(app, '/admin/updateSelf', { name: 'Boss of 2', email: 'boss2@example.com', company_ids: [1], roles: ['super-admin'] }, { token: outsider, cid: String(company2) });
    expect(self.status).not.toBe(500);
    const own = await call(app, '/admin/detail', { id: outsiderId }, { token: root, cid: String(company2) });
    expect(own.body.data.item).toMatchObject({ company_ids: [company2], roles: expect.not.arrayContaining(['super-admin']) });

    const after = await companyOneState();
    expect(after.roles).toEqual(before.roles);
    expect(after.admins).toEqual(before.admins);
    expect(after.usernames.filter((u) => u.startsWith('c1-'))).toEqual(before.usernames.filter((u) => u.startsWith('c1-')));
    expect(await app.db.select().from(admins).where(like(admins.username, 'c1-planted%'))).toEqual([]);
    expect(await app.db.select().from(admins).where(eq(admins.username, 'c1-imported'))).toEqual([]);
  });
});

describe('what stays allowed', () => {
  it('an admin of company 2 changes a role held only in company 2 and by super admins, creates a role, and deletes one nobody holds', async () => {
    const desk = (await role('c2-desk'))!;
    const res = await asOutsider('/role/update', { id: desk.id, title: 'Desk of 2', permissions: ['triviaGame.list', 'triviaGame.edit'] });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(await role('c2-desk')).toMatchObject({ title: 'Desk of 2', permissions: ['triviaGame.edit', 'triviaGame.list'] });

    const created = await asOutsider('/role/create', { identifier: 'c2-new', title: 'New of 2', permissions: ['triviaGame.list'] });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    expect((await asOutsider('/role/delete', { id: (await role('nobodys'))!.id })).body.code).toBe(200);
    expect(await role('nobodys')).toBeUndefined();
  });

  it('an admin of both companies, and a super admin, change and delete roles company 1 holds', async () => {
    const viewer = (await role('viewer'))!;
    const byBoth = await call(app, '/role/update', { id: viewer.id, title: viewer.title, permissions: [...viewer.permissions, 'notification.index'] }, { token: both, cid: '1' });
    expect(byBoth.body.code, JSON.stringify(byBoth.body)).toBe(200);
    expect((await role('viewer'))!.permissions).toContain('notification.index');

    const bySuper = await call(app, '/role/update', { id: viewer.id, title: viewer.title, permissions: viewer.permissions }, { token: root });
    expect(bySuper.body.code).toBe(200);
    expect((await role('viewer'))!.permissions).toEqual(viewer.permissions);

    // Deleting: once nobody holds it (taken away from the operator by an admin of both companies).
    const operator = await adminItem(ids.operator!);
    const sync = await call(app, '/admin/syncPermissions', { id: operator.id, roles: ['operator', 'shared-desk'], permissions: operator.permissions }, { token: both, cid: '1' });
    expect(sync.body.code, JSON.stringify(sync.body)).toBe(200);
    expect((await call(app, '/role/delete', { id: (await role('c1-desk'))!.id }, { token: both, cid: '1' })).body.code).toBe(200);
    expect(await role('c1-desk')).toBeUndefined();
  });
});
