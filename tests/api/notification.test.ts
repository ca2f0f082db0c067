/**
 * Notifications as admins meet them: sending (to chosen admins or to all of the company), the inbox
 * list with its filters, sort and pages, read states (detail, selected, all), the unread count and its
 * push over the WebSocket, only-own access, company isolation, and the 422s of a bad message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { notifications } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { TestSocket } from '../support/ws';

describe('notifications', () => {
  let app: FastifyInstance;
  let admin: string; // the seeded super admin (id 1), sender
  let bobId: number;
  let bob: string;
  let carolId: number;
  let carol: string;

  beforeAll(async () => {
    app = await createTestApp();
    admin = await login(app);
    bobId = await createAdmin(app, { username: 'bob', name: 'Bob', password: 'Bob-password-1', roles: ['operator'] });
    carolId = await createAdmin(app, { username: 'carol', name: 'Carol', password: 'Carol-password-1', roles: ['viewer'] });
    bob = await login(app, 'bob', 'Bob-password-1');
    carol = await login(app, 'carol', 'Carol-password-1');
  });
  afterAll(() => app.close());

  const inbox = (token: string, filters: Record<string, unknown> = {}) =>
    call(app, '/notification/list', { page: 1, limit: 10, order: 'desc', ...filters }, { token });

  it('lists the admins of the company as recipients', async () => {
    const res = await call(app, '/notification/admins', {}, { token: admin });
    expect(res.body.data.admins.map((a: { name: string }) => a.name)).toEqual(['Administrator', 'Bob', 'Carol']);
  });

  it('sends sanitized rich text to the chosen admins and counts it unread', async () => {
    const res = await call(app, '/notification/send', { admins: [bobId], message: '<p>Hello <strong>Bob</strong><script>alert(1)</script></p>' }, { token: admin });
    expect(res.body).toMatchObject({ code: 200, data: { count: 1 } });
    const list = await inbox(bob);
    expect(list.body.data.total).toBe(1);
    const [item] = list.body.data.list;
    expect(item).toMatchObject({ plain_text: 'Hello Bob', read_at: null, data: { form: 'Administrator', message: '<p>Hello <strong>Bob</strong></p>' } });
    expect((await call(app, '/notification/unReadCount', {}, { token: bob })).body.data.count).toBe(1);
    expect((await inbox(carol)).body.data.total).toBe(0);
  });

  it('sends to every admin of the company when no one is chosen', async () => {
    const res = await call(app, '/notification/send', { admins: [], message: '<p>All hands meeting</p>' }, { token: bob });
    expect(res.body.data.count).toBe(3);
    expect((await inbox(carol, { message: 'hands' })).body.data.total).toBe(1);
  });

  it('refuses an empty, whitespace-only, script-only or oversized message under the message field', async () => {
    for (const message of ['', '   ', '<p> </p>', '<script>alert(1)</script>', '<p><br></p>']) {
      const res = await call(app, '/notification/send', { admins: [], message }, { token: admin, lang: 'zh-TW' });
      expect(res.status, message).toBe(422);
      expect(res.body.data.errors.message).toEqual(['請輸入訊息內容']);
    }
    const big = await call(app, '/notification/send', { admins: [], message: `<p>${'x'.repeat(20_001)}</p>` }, { token: admin });
    expect(big.status).toBe(422);
    expect(big.body.data.errors.message[0]).toMatch(/too long/);
  });

  it('refuses recipients who are not admins of the company', async () => {
    const res = await call(app, '/notification/send', { admins: [bobId, 9999], message: '<p>x</p>' }, { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.admins[0]).toContain('9999');
  });

  it('filters by text, read state and created time, sorts and pages', async () => {
    for (let i = 1; i <= 12; i++) await call(app, '/notification/send', { admins: [carolId], message: `<p>Batch ${i}</p>` }, { token: admin });
    const page1 = await inbox(carol, { message: 'batch', limit: 10 });
    expect(page1.body.data.total).toBe(12);
    expect(page1.body.data.list).toHaveLength(10);
    expect(page1.body.data.list[0].plain_text).toBe('Batch 12');
    const page2 = await inbox(carol, { message: 'batch', page: 2, limit: 10 });
    expect(page2.body.data.list.map((n: { plain_text: string }) => n.plain_text)).toEqual(['Batch 2', 'Batch 1']);
    const asc = await inbox(carol, { message: 'batch', order: 'asc', sort: 'created_at', limit: 1 });
    expect(asc.body.data.list[0].plain_text).toBe('Batch 1');
    const offset = await inbox(carol, { message: 'batch', offset: 11, limit: 10 });
    expect(offset.body.data.list.map((n: { plain_text: string }) => n.plain_text)).toEqual(['Batch 1']);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect((await inbox(carol, { created_at: [past, future] })).body.data.total).toBe(13);
    expect((await inbox(carol, { created_at: [future, future] })).body.data.total).toBe(0);
    expect((await inbox(carol, { message: '100%_' })).body.data.total).toBe(0);
  });

  it('marks read by opening, by selection and all at once; unread and read filters follow', async () => {
    const unread = (await inbox(carol, { is_read: 2, limit: 50 })).body.data.list as Array<{ id: number }>;
    expect(unread).toHaveLength(13);
    const opened = await call(app, '/notification/detail', { id: unread[0]!.id }, { token: carol });
    expect(opened.body.data.item.read_at).not.toBeNull();
    expect((await inbox(carol, { is_read: 1 })).body.data.total).toBe(1);

    await call(app, '/notification/read', { id: [unread[1]!.id, unread[2]!.id] }, { token: carol });
    expect((await call(app, '/notification/unReadCount', {}, { token: carol })).body.data.count).toBe(10);

    await call(app, '/notification/allRead', {}, { token: carol });
    expect((await call(app, '/notification/unReadCount', {}, { token: carol })).body.data.count).toBe(0);
    expect((await inbox(carol, { is_read: 2 })).body.data.total).toBe(0);
  });

  it("never shows or marks another admin's notification", async () => {
    const bobs = (await inbox(bob)).body.data.list as Array<{ id: number }>;
    const id = bobs[0]!.id;
    const peek = await call(app, '/notification/detail', { id }, { token: carol });
    expect(peek.status).toBe(404);
    expect(peek.body.data).toBeNull();
    const mark = await call(app, '/notification/read', { id: [id] }, { token: carol });
    expect(mark.status).toBe(404);
    const [row] = await app.db.select().from(notifications).where((await import('drizzle-orm')).eq(notifications.id, id));
    expect(row?.readAt).toBeNull();
  });

  it('pushes the new unread count to the recipient over the WebSocket', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const ticket = (await call(app, '/ws/ticket', {}, { token: bob })).body.data.ticket;
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws?ticket=${ticket}`);
    try {
      await socket.next((f) => f.type === 'ready');
      const before = (await call(app, '/notification/unReadCount', {}, { token: bob })).body.data.count as number;
      await call(app, '/notification/send', { admins: [bobId], message: '<p>ping</p>' }, { token: admin });
      const pushed = await socket.next((f) => f.type === 'notification.count' && f.data.count === before + 1);
      expect(pushed.data.company_id).toBe(1);
      await call(app, '/notification/allRead', {}, { token: bob });
      await socket.next((f) => f.type === 'notification.count' && f.data.count === 0);
    } finally {
      socket.close();
    }
  });

  it('keeps companies apart', async () => {
    const company2 = await createCompany(app, 'Other');
    await createAdmin(app, { username: 'zed', name: 'Zed', password: 'Zed-password-1', roles: ['operator'], companyIds: [company2] });
    const zed = await login(app, 'zed', 'Zed-password-1');
    expect((await call(app, '/notification/send', { admins: [bobId], message: '<p>x</p>' }, { token: zed, cid: '1' })).status).toBe(403);
    const res = await call(app, '/notification/send', { admins: [bobId], message: '<p>x</p>' }, { token: zed, cid: String(company2) });
    expect(res.status).toBe(422);
    const list = await call(app, '/notification/admins', {}, { token: zed, cid: String(company2) });
    expect(list.body.data.admins.map((a: { name: string }) => a.name)).toEqual(['Zed']);
  });
});
