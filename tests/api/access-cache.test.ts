/**
 * Sign-in and permissions come from memory on every instance (src/server/features/access/access-cache.ts),
 * yet a change made on one instance takes effect on the very next call on another: two apps on one
 * PostgreSQL database (DATABASE_URL), the change made through A, the next call sent to B, whose
 * memory was filled by a call just before. The embedded PGlite admits one process only, so there
 * both calls go to the one app (the same code path: the in-process bus).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSecondInstance, createTestApp, usingPostgres } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany, createRole } from '../support/fixtures';

const setting = usingPostgres ? 'two instances on one PostgreSQL database' : 'one instance (the embedded PGlite admits one process)';

let a: FastifyInstance;
let b: FastifyInstance;
let root: string;

beforeAll(async () => {
  a = await createTestApp();
  // B: a second app on A's database (PostgreSQL), as a second process behind a load balancer would be.
  b = usingPostgres ? await createSecondInstance(a) : a;
  root = await login(a);
});

afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
});

const detail = async (id: number) => (await call(a, '/admin/detail', { id }, { token: root })).body.data.item as Record<string, any>;
const asUpdate = (item: Record<string, any>, over: Record<string, unknown> = {}) => ({
  id: item.id,
  username: item.username,
  name: item.name,
  email: item.email,
  roles: item.roles,
  status: item.status,
  ...over,
});
const ok = (res: { body: { code: number } }) => expect(res.body.code, JSON.stringify(res.body)).toBe(200);

describe(`a change on A takes effect on B's very next call (${setting})`, () => {
  it('an admin disabled on A answers 202 on B, with the reason', async () => {
    const id = await createAdmin(a, { username: 'dis.abled', password: 'Disabled-pass-1', roles: ['viewer'] });
    const token = await login(b, 'dis.abled', 'Disabled-pass-1');
    ok(await call(b, '/triviaGame/list', { page: 1, limit: 10 }, { token }));
    ok(await call(a, '/admin/update', asUpdate(await detail(id), { status: 0 }), { token: root }));
    const next = await call(b, '/triviaGame/list', { page: 1, limit: 10 }, { token });
    expect(next.body).toMatchObject({ code: 202, message: 'This account is disabled; please contact an administrator' });
  });

  it("a permission taken from a role on A is refused on B (403), and given back it is allowed again", async () => {
    await createRole(a, 'crew', ['triviaGame.index', 'triviaGame.list', 'notification.index', 'notification.list']);
    await createAdmin(a, { username: 'crew.member', password: 'Crew-member-pass-1', roles: ['crew'] });
    const token = await login(b, 'crew.member', 'Crew-member-pass-1');
    ok(await call(b, '/triviaGame/list', { page: 1, limit: 10 }, { token }));
    const roles = (await call(a, '/role/list', { page: 1, limit: 100 }, { token: root })).body.data.list as Array<{ id: number; identifier: string; permissions: string[] }>;
    const crew = roles.find((role) => role.identifier === 'crew')!;
    const without = crew.permissions.filter((p) => p !== 'triviaGame.list');
    ok(await call(a, '/role/update', { id: crew.id, title: 'crew', permissions: without }, { token: root }));
    expect((await call(b, '/triviaGame/list', { page: 1, limit: 10 }, { token })).status).toBe(403);
    ok(await call(b, '/notification/list', { page: 1, limit: 10 }, { token }));
    ok(await call(a, '/role/update', { id: crew.id, title: 'crew', permissions: crew.permissions }, { token: root }));
    ok(await call(b, '/triviaGame/list', { page: 1, limit: 10 }, { token }));
  });

  it("roles, direct permissions and companies changed on A hold on B's next call", async () => {
    const second = await createCompany(a, 'Second venue');
    const id = await createAdmin(a, { username: 'moving.staff', password: 'Moving-staff-pass-1', roles: ['viewer'], companyIds: [1, second] });
    const token = await login(b, 'moving.staff', 'Moving-staff-pass-1');
    ok(await call(b, '/triviaGame/list', { page: 1, limit: 10 }, { token, cid: String(second) }));

    ok(await call(a, '/admin/update', asUpdate(await detail(id), { company_ids: [1] }), { token: root }));
    const elsewhere = await call(b, '/triviaGame/list', { page: 1, limit: 10 }, { token, cid: String(second) });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe('You may not act for this company');
    ok(await call(b, '/triviaGame/list', { page: 1, limit: 10 }, { token }));

    ok(await call(a, '/admin/syncPermissions', { id, roles: ['viewer'], permissions: ['admin.list'] }, { token: root }));
    ok(await call(b, '/role/list', { page: 1, limit: 10 }, { token }));
    ok(await call(a, '/admin/syncPermissions', { id, roles: ['viewer'], permissions: [] }, { token: root }));
    expect((await call(b, '/role/list', { page: 1, limit: 10 }, { token })).status).toBe(403);

    ok(await call(a, '/admin/syncPermissions', { id, roles: ['operator'], permissions: [] }, { token: root }));
    expect((await call(b, '/info', {}, { token })).body.data.user_info.roles).toEqual(['operator']);
    ok(await call(a, '/admin/update', asUpdate(await detail(id), { name: 'Renamed staff' }), { token: root }));
    expect((await call(b, '/me', {}, { token })).body.data.name).toBe('Renamed staff');
  });

  it('a logout on A ends the session on B (202)', async () => {
    await createAdmin(a, { username: 'leaving', password: 'Leaving-pass-1', roles: ['viewer'] });
    const token = await login(b, 'leaving', 'Leaving-pass-1');
    ok(await call(b, '/me', {}, { token }));
    ok(await call(a, '/logout', { token }, { token }));
    expect((await call(b, '/me', {}, { token })).body).toEqual({ code: 202, message: 'Please log in', data: null });
  });

  it('a password reset by an administrator on A ends the sessions on B (202, with the reason); a deleted admin answers 202', async () => {
    const id = await createAdmin(a, { username: 'reset.me', password: 'Reset-me-pass-1', roles: ['viewer'] });
    const token = await login(b, 'reset.me', 'Reset-me-pass-1');
    ok(await call(b, '/me', {}, { token }));
    ok(await call(a, '/admin/update', asUpdate(await detail(id), { password: 'Brand-new-pass-2' }), { token: root }));
    const reset = await call(b, '/me', {}, { token });
    expect(reset.body.code).toBe(202);
    expect(reset.body.message).toBe((await call(b, '/me', {}, { token })).body.message);
    expect(reset.body.message).not.toBe('Please log in');

    const again = await login(b, 'reset.me', 'Brand-new-pass-2');
    ok(await call(b, '/me', {}, { token: again }));
    ok(await call(a, '/admin/delete', { id }, { token: root }));
    expect((await call(b, '/me', {}, { token: again })).body.code).toBe(202);
  });

  it("one's own new password on A ends one's other sessions on B (430), not the one that changed it", async () => {
    await createAdmin(a, { username: 'two.tabs', password: 'Two-tabs-pass-1', roles: ['viewer'] });
    const here = await login(a, 'two.tabs', 'Two-tabs-pass-1');
    const there = await login(b, 'two.tabs', 'Two-tabs-pass-1');
    ok(await call(b, '/me', {}, { token: there }));
    ok(await call(a, '/admin/updateSelf', { name: 'Two tabs', email: 'two.tabs@example.com', password: 'Two-tabs-pass-2' }, { token: here }));
    const replaced = await call(b, '/me', {}, { token: there });
    expect(replaced.status).toBe(401);
    expect(replaced.body.code).toBe(430);
    expect((await call(b, '/me', {}, { token: here })).body.data).toEqual({ name: 'Two tabs', email: 'two.tabs@example.com' });
  });

  it('a company created on A is one B acts for at once; a renamed one is listed by its new name', async () => {
    const created = await call(a, '/company/create', { name: 'Pop-up venue' }, { token: root });
    ok(created);
    const id = created.body.data.id as number;
    ok(await call(b, '/triviaGame/list', { page: 1, limit: 10 }, { token: root, cid: String(id) }));
    ok(await call(a, '/company/update', { id, name: 'Pop-up venue (north)' }, { token: root }));
    const companies = (await call(b, '/info', {}, { token: root })).body.data.companies as Array<{ id: number; name: string }>;
    expect(companies.find((company) => company.id === id)?.name).toBe('Pop-up venue (north)');
  });
});

// On PGlite the bus is in process and cannot lose a connection: nothing to test there.
describe.skipIf(!usingPostgres)('an instance whose bus connection drops (PostgreSQL only: the embedded bus has no connection)', () => {
  it('answers from the database until it listens again, so a change it could not hear still holds at once', async () => {
    const id = await createAdmin(a, { username: 'unheard', password: 'Unheard-pass-1', roles: ['viewer'] });
    const token = await login(b, 'unheard', 'Unheard-pass-1');
    ok(await call(b, '/me', {}, { token }));

    const heard = (type: string) =>
      new Promise<void>((resolve) => {
        const stop = b.bus.subscribe((event) => {
          if (event.type !== type) return;
          stop();
          resolve();
        });
      });
    const down = heard('bus.down');
    const up = heard('bus.up');
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`lt-bus:${b.bus.instanceId}`}`);
    await down;
    ok(await call(a, '/admin/update', asUpdate(await detail(id), { status: 0 }), { token: root }));
    expect((await call(b, '/me', {}, { token })).body.code).toBe(202);
    await up;
    expect((await call(b, '/me', {}, { token })).body.code).toBe(202);
    ok(await call(b, '/me', {}, { token: root }));
  });
});
