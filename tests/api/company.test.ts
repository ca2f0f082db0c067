/**
 * Companies as an agency's administrators meet them: the list (a super admin sees all, others the
 * companies they may act for, with how many admins may act for each), creating and renaming with
 * their 422s in both languages, another company's id answering 404, a company created by an admin
 * who is not a super admin usable as its Cid at once (and its open screens told), /info's list of
 * companies for the navbar's switcher, and the seeded company named in the request's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, companies } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany, createRole } from '../support/fixtures';
import { TestSocket } from '../support/ws';

type CompanyRow = { id: number; name: string; admin_count: number; created_at: string };

let app: FastifyInstance;
let admin: string;
let acme: number;
let globex: number;
/** Holds company.list and company.edit and may act for company 1 and Acme only. */
let manager: string;
let managerId: number;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app);
  acme = await createCompany(app, 'Acme Events');
  globex = await createCompany(app, 'Globex');
  await createRole(app, 'company-manager', ['admin', 'company.index', 'company.list', 'company.edit', 'triviaGame.list']);
  managerId = await createAdmin(app, { username: 'manager', password: 'Manager-pass-1', roles: ['company-manager'], companyIds: [1, acme] });
  manager = await login(app, 'manager', 'Manager-pass-1');
});
afterAll(() => app.close());

const companyList = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await call(app, '/company/list', { page: 1, limit: 100, ...body }, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { list: CompanyRow[]; total: number };
};

describe('the company list', () => {
  it('shows a super admin every company, and anyone else the companies it may act for', async () => {
    const all = await companyList(admin);
    expect(all.list.map((c) => c.name)).toEqual(['Default company', 'Acme Events', 'Globex']);
    expect(all.total).toBe(3);
    expect(Date.parse(all.list[0]!.created_at)).not.toBeNaN();
    const mine = await companyList(manager);
    expect(mine.list.map((c) => c.id)).toEqual([1, acme]);
    expect(mine.total).toBe(2);
  });

  it('counts the admins who may act for each company, super admins left out', async () => {
    await createAdmin(app, { username: 'acme-1', companyIds: [acme] });
    await createAdmin(app, { username: 'acme-2', companyIds: [acme, globex] });
    const counts = Object.fromEntries((await companyList(admin)).list.map((c) => [c.name, c.admin_count]));
    // Company 1: the manager (the super admin's own row is not counted).
    expect(counts).toMatchObject({ 'Default company': 1, 'Acme Events': 3, Globex: 1 });
  });

  it('finds companies by name in any case, and pages', async () => {
    expect((await companyList(admin, { keyword: 'acme' })).list.map((c) => c.name)).toEqual(['Acme Events']);
    expect((await companyList(manager, { keyword: 'GLOBEX' })).total).toBe(0);
    expect((await companyList(admin, { keyword: '%' })).total).toBe(0);
    const page = await call(app, '/company/list', { page: 2, limit: 2 }, { token: admin });
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.list.map((c: CompanyRow) => c.name)).toEqual(['Globex']);
  });

  it('needs company.list', async () => {
    await createAdmin(app, { username: 'operator', password: 'Operator-pass-1', roles: ['operator'] });
    const operator = await login(app, 'operator', 'Operator-pass-1');
    expect((await call(app, '/company/list', { page: 1, limit: 10 }, { token: operator })).status).toBe(403);
    expect((await call(app, '/company/create', { name: 'Sneaky' }, { token: operator })).status).toBe(403);
    expect((await call(app, '/company/update', { id: 1, name: 'Sneaky' }, { token: operator })).status).toBe(403);
  });
});

describe('creating a company', () => {
  it('stores the name trimmed and answers its id', async () => {
    const res = await call(app, '/company/create', { name: '  Initech  ' }, { token: admin });
    expect(res.body.code).toBe(200);
    const row = (await companyList(admin)).list.find((c) => c.id === res.body.data.id);
    expect(row).toMatchObject({ name: 'Initech', admin_count: 0 });
  });

  it('refuses a name another company has, whatever its case and spaces, under name in both languages', async () => {
    for (const [lang, message] of [
      ['en', 'A company with this name already exists'],
      ['zh-TW', '已有同名的公司'],
    ] as const) {
      const res = await call(app, '/company/create', { name: ' acme EVENTS ' }, { token: admin, lang });
      expect(res.status).toBe(422);
      expect(res.body.data.errors).toEqual({ name: [message] });
    }
  });

  it('refuses a blank, too long or control-character name', async () => {
    const blank = await call(app, '/company/create', { name: '   ' }, { token: admin, lang: 'zh-TW' });
    expect(blank.status).toBe(422);
    expect(blank.body.data.errors).toEqual({ name: ['請輸入公司名稱'] });
    const empty = await call(app, '/company/create', { name: '' }, { token: admin });
    expect(Object.keys(empty.body.data.errors)).toEqual(['name']);
    const long = await call(app, '/company/create', { name: 'x'.repeat(101) }, { token: admin });
    expect(long.body.data.errors.name).toEqual(['Must be at most 100 characters']);
    const control = await call(app, '/company/create', { name: 'Tab\there' }, { token: admin });
    expect(control.status).toBe(422);
    expect(Object.keys(control.body.data.errors)).toEqual(['name']);
    expect((await companyList(admin, { keyword: 'here' })).total).toBe(0);
  });

  it('lets an admin who is not a super admin act for its new company at once, and tells its open screens', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const ticket = (await call(app, '/ws/ticket', {}, { token: manager })).body.data.ticket;
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws?ticket=${ticket}`);
    try {
      await socket.next((f) => f.type === 'ready');
      const games = (cid: string) => call(app, '/triviaGame/list', { page: 1, limit: 10, order: 'asc', sort: 'id' }, { token: manager, cid });

      const res = await call(app, '/company/create', { name: 'Umbrella' }, { token: manager });
      expect(res.body.code).toBe(200);
      const id = res.body.data.id as number;
      expect((await games(String(id))).status).toBe(200);
      expect((await games(String(id))).body.data.total).toBe(0);
      expect((await games(String(globex))).status).toBe(403);

      const event = await socket.next((f) => f.type === 'access.changed');
      expect(event).toMatchObject({ topic: `admin:${managerId}`, data: { change: 'companies' } });
      const info = await call(app, '/info', {}, { token: manager });
      expect(info.body.data.companies).toEqual([
        { id: 1, name: 'Default company' },
        { id: acme, name: 'Acme Events' },
        { id, name: 'Umbrella' },
      ]);
      expect((await companyList(manager)).list.find((c) => c.id === id)).toMatchObject({ name: 'Umbrella', admin_count: 1 });
    } finally {
      socket.close();
    }
  });
});

describe('renaming a company', () => {
  it('renames a company the caller may act for; the new name shows in the list and in /info', async () => {
    const res = await call(app, '/company/update', { id: acme, name: ' Acme Live ' }, { token: manager });
    expect(res.body.code).toBe(200);
    expect((await companyList(admin)).list.find((c) => c.id === acme)!.name).toBe('Acme Live');
    const info = await call(app, '/info', {}, { token: manager });
    expect(info.body.data.companies).toContainEqual({ id: acme, name: 'Acme Live' });
    // A change of case only is its own name, not a clash.
    expect((await call(app, '/company/update', { id: acme, name: 'ACME Live' }, { token: manager })).body.code).toBe(200);
  });

  it("answers 404 for another company's id or an unknown one, and leaves it as it was", async () => {
    const other = await call(app, '/company/update', { id: globex, name: 'Mine now' }, { token: manager });
    expect(other.status).toBe(404);
    expect((await companyList(admin)).list.find((c) => c.id === globex)!.name).toBe('Globex');
    expect((await call(app, '/company/update', { id: 999_999, name: 'Nobody' }, { token: admin })).status).toBe(404);
  });

  it('lets a super admin rename any company', async () => {
    expect((await call(app, '/company/update', { id: globex, name: 'Globex Corp' }, { token: admin })).body.code).toBe(200);
    expect((await companyList(admin)).list.find((c) => c.id === globex)!.name).toBe('Globex Corp');
  });

  it("refuses another company's name (any case) and a blank name, in both languages", async () => {
    const taken = await call(app, '/company/update', { id: globex, name: 'default COMPANY' }, { token: admin, lang: 'zh-TW' });
    expect(taken.status).toBe(422);
    expect(taken.body.data.errors).toEqual({ name: ['已有同名的公司'] });
    const blank = await call(app, '/company/update', { id: globex, name: ' ' }, { token: admin });
    expect(blank.body.data.errors).toEqual({ name: ['Please enter a company name'] });
    expect((await companyList(admin)).list.find((c) => c.id === globex)!.name).toBe('Globex Corp');
  });
});

describe('the seeded company (issue 33)', () => {
  it("reads in the request's language until renamed, is found by either name, and saving it as shown renames nothing", async () => {
    const own = await createTestApp();
    try {
      const token = await login(own);
      const listed = async (lang: 'zh-TW' | 'en', keyword?: string) =>
        ((await call(own, '/company/list', { page: 1, limit: 100, ...(keyword ? { keyword } : {}) }, { token, lang })).body.data.list as CompanyRow[]).map((c) => c.name);
      const info = async (lang: 'zh-TW' | 'en') => (await call(own, '/info', {}, { token, lang })).body.data.companies;
      expect(await listed('zh-TW')).toEqual(['預設公司']);
      expect(await listed('en')).toEqual(['Default company']);
      expect(await info('zh-TW')).toEqual([{ id: 1, name: '預設公司' }]);
      expect(await info('en')).toEqual([{ id: 1, name: 'Default company' }]);
      expect(await listed('en', '預設')).toEqual(['Default company']);
      expect(await listed('zh-TW', 'default')).toEqual(['預設公司']);
      expect(await listed('zh-TW', 'nothing like it')).toEqual([]);

      // The company dialog sends the name it shows: in Chinese that is no rename.
      const saved = await call(own, '/company/update', { id: 1, name: '預設公司', time_zone: 'Asia/Tokyo' }, { token, lang: 'zh-TW' });
      expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
      expect(await listed('en')).toEqual(['Default company']);
      const [row] = await own.db.select({ name: companies.name }).from(companies).where(eq(companies.id, 1));
      expect(row!.name).toBe('Default company');

      await call(own, '/company/update', { id: 1, name: 'Harbour Events' }, { token, lang: 'zh-TW' });
      expect(await listed('zh-TW')).toEqual(['Harbour Events']);
      expect(await info('en')).toEqual([{ id: 1, name: 'Harbour Events' }]);
    } finally {
      await own.close();
    }
  });
});

describe('/info', () => {
  it('lists every company for a super admin and only its own for anyone else, by id', async () => {
    const all = (await companyList(admin)).list.map((c) => ({ id: c.id, name: c.name }));
    expect((await call(app, '/info', {}, { token: admin })).body.data.companies).toEqual(all);
    await createAdmin(app, { username: 'globex-only', password: 'Globex-pass-1', roles: ['viewer'], companyIds: [globex] });
    const token = await login(app, 'globex-only', 'Globex-pass-1');
    expect((await call(app, '/info', {}, { token, cid: String(globex) })).body.data.companies).toEqual([{ id: globex, name: 'Globex Corp' }]);
  });
});

describe('the audit trail', () => {
  it('records each company write with the company as target and what changed', async () => {
    const created = await call(app, '/company/create', { name: 'Audited Ltd' }, { token: manager });
    const id = created.body.data.id as number;
    await call(app, '/company/update', { id, name: 'Audited Group' }, { token: manager });
    await call(app, '/company/update', { id, name: 'Globex Corp' }, { token: manager });
    await app.auditTrail.settled();
    const entries = await app.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'company'), eq(auditLog.targetId, String(id)))).orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.operation, e.targetType, e.outcome, e.summary, e.username])).toEqual([
      ['companyCreate', 'company', 'success', 'created Audited Ltd', 'manager'],
      ['companyUpdate', 'company', 'success', 'name Audited Ltd → Audited Group', 'manager'],
      ['companyUpdate', 'company', 'refused', expect.any(String), 'manager'],
    ]);
  });
});
