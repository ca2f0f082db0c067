/**
 * The audit trail as an administrator reads it: every write of the admin API, login, failed login
 * and logout leaves one entry saying who, for which company, what, on what, in short, from where and
 * how it ended — never a password; requests refused for a permission, a company, a validation or a
 * business rule too; an entry exists before the operation runs (a crash leaves it `pending`); each
 * company sees its own entries (super admins also those tied to no company); filters; the CSV export;
 * the company's time zone, answered with the list for the screen, in which the CSV writes its times.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { formatZoned } from '@/domain/zoned-time';
import { auditLog, companies } from '@/server/db/schema';
import { noteAudit } from '@/server/lib/audit-note';
import { solidPng } from '@/server/lib/png';
import { createTestApp, TEST_ADMIN_PASSWORD } from '../support/app';
import { call, checkedResult, login, type CallOptions } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { bench } from './live-support';

const BROWSER = 'Mozilla/5.0 (audit test) Chrome/130';

interface Entry {
  id: number;
  created_at: string;
  admin_id: number | null;
  username: string;
  company_id: number | null;
  operation: string;
  target_type: string;
  target_id: string | null;
  summary: string;
  ip: string;
  user_agent: string;
  outcome: string;
  code: number | null;
}

/** The entries an admin with `token` lists, newest first (after the background writes settled). */
async function listAudit(app: FastifyInstance, token: string, filters: Record<string, unknown> = {}, options: CallOptions = {}) {
  await app.auditTrail.settled();
  const res = await call(app, '/audit/list', { page: 1, limit: 100, ...filters }, { token, ...options });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { list: Entry[]; total: number };
}

describe('the audit trail', () => {
  let app: FastifyInstance;
  let superToken: string;
  let olgaId: number;
  let olgaToken: string;
  let vicId: number;
  let annToken: string;
  let bobId: number;
  let company2: number;
  const asOlga: CallOptions = { headers: { 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.7' } };

  /** The newest entry of `operation` the super admin sees for company `cid`. */
  async function latest(operation: string, cid = '1'): Promise<Entry> {
    const { list } = await listAudit(app, superToken, { operation, limit: 1 }, { cid });
    expect(list.length, `an entry of ${operation}`).toBe(1);
    return list[0]!;
  }

  beforeAll(async () => {
    app = await createTestApp();
    company2 = await createCompany(app, 'Second company');
    olgaId = await createAdmin(app, { username: 'olga', password: 'Olga-password-1', roles: ['operator'] });
    vicId = await createAdmin(app, { username: 'vic', password: 'Vic-password-1', roles: ['viewer'] });
    await createAdmin(app, { username: 'ann', password: 'Ann-password-1', permissions: ['audit.list'] });
    bobId = await createAdmin(app, { username: 'bob', password: 'Bob-password-1', roles: ['operator'], companyIds: [company2] });
    superToken = await login(app);
    olgaToken = await login(app, 'olga', 'Olga-password-1');
    annToken = await login(app, 'ann', 'Ann-password-1');
  });
  afterAll(() => app.close());

  describe('a write of each kind leaves one entry', () => {
    let gameId: number;
    let questionId: number;
    const olga = () => bench(app, () => olgaToken);

    it('a game created: who, company, operation, the new game, its fields, client address and browser', async () => {
      const created = await call(app, '/triviaGame/create', { title: 'Audit quiz', type: 1 }, { token: olgaToken, ...asOlga });
      expect(created.body.code).toBe(200);
      gameId = created.body.data.id;
      const { list } = await listAudit(app, superToken, { operation: 'triviaGameCreate' });
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        admin_id: olgaId,
        username: 'olga',
        company_id: 1,
        operation: 'triviaGameCreate',
        target_type: 'triviaGame',
        target_id: String(gameId),
        ip: '203.0.113.7',
        user_agent: BROWSER,
        outcome: 'success',
        code: 200,
      });
      expect(list[0]!.summary).toContain('title: Audit quiz');
      expect(list[0]!.summary).toContain('type: 1');
      expect(Date.now() - Date.parse(list[0]!.created_at)).toBeLessThan(60_000);
    });

    it('a game-flow step: the game, the question and the step', async () => {
      questionId = await olga().addQuestion(gameId, {}, 'Mountain');
      const shown = await olga().flow(gameId, questionId, 2);
      expect(shown.body.code).toBe(200);
      const entry = await latest('triviaGameGameFlow');
      expect(entry).toMatchObject({ admin_id: olgaId, company_id: 1, target_type: 'triviaGame', target_id: String(gameId), outcome: 'success', code: 200 });
      expect(entry.summary).toContain(`question_id: ${questionId}`);
      expect(entry.summary).toContain('type: 2');
    });

    it('a question created then updated: the question and its new fields', async () => {
      const created = await latest('questionCreate');
      expect(created).toMatchObject({ target_type: 'question', target_id: String(questionId), outcome: 'success' });
      const other = await olga().addQuestion(gameId, {}, 'River');
      const detail = await call(app, '/question/detail', { id: other }, { token: olgaToken });
      const { id: _id, status: _status, ...item } = detail.body.data.item;
      const updated = await call(app, '/question/update', { ...item, id: other, title: 'Longest river' }, { token: olgaToken });
      expect(updated.body.code, JSON.stringify(updated.body)).toBe(200);
      const entry = await latest('questionUpdate');
      expect(entry).toMatchObject({ admin_id: olgaId, company_id: 1, target_type: 'question', target_id: String(other), outcome: 'success' });
      expect(entry.summary).toContain('title: Longest river');
    });

    it('a notification sent: the message in short', async () => {
      const sent = await call(app, '/notification/send', { admins: [], message: '<p>Doors open at <b>7</b></p>' }, { token: olgaToken });
      expect(sent.body.code).toBe(200);
      const entry = await latest('notificationSend');
      expect(entry).toMatchObject({ admin_id: olgaId, company_id: 1, target_type: 'notification', outcome: 'success' });
      expect(entry.summary).toContain('Doors open at');
    });

    it('the privacy page updated', async () => {
      const saved = await call(app, '/website/privacyUpdate', { content: '<p>We keep your data safe.</p>' }, { token: superToken, cid: String(company2) });
      expect(saved.body.code).toBe(200);
      const entry = await latest('websitePrivacyUpdate', String(company2));
      expect(entry).toMatchObject({ username: 'admin', company_id: company2, target_type: 'website', outcome: 'success' });
      expect(entry.summary).toContain('We keep your data safe.');
    });

    it('an image uploaded: the file name', async () => {
      const boundary = '----audit-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="stage-photo.png"\r\nContent-Type: image/png\r\n\r\n`),
        solidPng(4, 4, [10, 20, 30]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/file/uploadImage',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${olgaToken}` },
      });
      expect(checkedResult('/file/uploadImage', res).body.code).toBe(200);
      const entry = await latest('fileUploadImage');
      expect(entry).toMatchObject({ admin_id: olgaId, company_id: 1, target_type: 'file', summary: 'image: stage-photo.png', outcome: 'success' });
    });

    it('a new password of ones own: the admin, never the password', async () => {
      const patId = await createAdmin(app, { username: 'pat', password: 'Pat-password-1' });
      const token = await login(app, 'pat', 'Pat-password-1');
      const res = await call(app, '/admin/updateSelf', { name: 'Pat', email: 'pat@example.com', password: 'Secret-new-pass-9' }, { token });
      expect(res.body.code).toBe(200);
      const entry = await latest('adminUpdateSelf');
      expect(entry).toMatchObject({ admin_id: patId, username: 'pat', company_id: 1, target_type: 'admin', target_id: String(patId), outcome: 'success' });
      expect(entry.summary).toBe('name: Pat, email: pat@example.com, password changed');
      expect(JSON.stringify(await listAudit(app, superToken, { keyword: 'Secret-new-pass' }))).not.toContain('Secret-new-pass-9');
    });
  });

  describe('logins and logouts', () => {
    it('a login: the admin as stored, the Cid company it may act for, no password', async () => {
      const res = await call(app, '/login', { username: 'OLGA', password: 'Olga-password-1' }, { cid: '1', headers: { 'user-agent': BROWSER } });
      expect(res.body.code).toBe(200);
      const entry = await latest('login');
      expect(entry).toMatchObject({ admin_id: olgaId, username: 'olga', company_id: 1, target_type: 'admin', target_id: String(olgaId), user_agent: BROWSER, outcome: 'success', code: 200 });
      expect(entry.summary).not.toContain('Olga-password-1');
      // A Cid the admin may not act for is no company of the entry.
      await call(app, '/login', { username: 'olga', password: 'Olga-password-1' }, { cid: String(company2) });
      expect(await latest('login')).toMatchObject({ admin_id: olgaId, company_id: null, outcome: 'success' });
    });

    it('a wrong password and an unknown username: refused, the username as typed, no admin, no company', async () => {
      await call(app, '/login', { username: 'Olga', password: 'wrong-password' });
      const wrong = await latest('login');
      expect(wrong).toMatchObject({ admin_id: null, username: 'Olga', company_id: null, target_type: 'admin', target_id: null, outcome: 'refused', code: 201 });
      expect(wrong.summary).not.toContain('wrong-password');
      await call(app, '/login', { username: 'nobody', password: 'whatever-1' });
      expect(await latest('login')).toMatchObject({ admin_id: null, username: 'nobody', outcome: 'refused', code: 201 });
    });

    it('a throttled login is recorded with its 429', async () => {
      const from = { headers: { 'x-forwarded-for': '198.51.100.9' } };
      let res;
      do res = await call(app, '/login', { username: 'hammer', password: 'guess-1' }, from);
      while (res.status !== 429);
      expect(await latest('login')).toMatchObject({ username: 'hammer', ip: '198.51.100.9', outcome: 'refused', code: 429 });
    });

    it('a login refused by validation is recorded too', async () => {
      const res = await call(app, '/login', { username: 'vic', password: '' });
      expect(res.status).toBe(422);
      expect(await latest('login')).toMatchObject({ admin_id: null, username: 'vic', outcome: 'refused', code: 422 });
    });

    it('a logout: the admin who left', async () => {
      const token = await login(app, 'olga', 'Olga-password-1');
      expect((await call(app, '/logout', { token }, { token })).body.code).toBe(200);
      const entry = await latest('logout');
      expect(entry).toMatchObject({ admin_id: olgaId, username: 'olga', company_id: 1, target_type: 'admin', target_id: String(olgaId), summary: '', outcome: 'success' });
    });
  });

  describe('refused requests', () => {
    it('403 for a permission: who tried what, in the Cid company', async () => {
      const token = await login(app, 'vic', 'Vic-password-1');
      const res = await call(app, '/triviaGame/create', { title: 'Not mine to make', type: 1 }, { token });
      expect(res.status).toBe(403);
      const entry = await latest('triviaGameCreate');
      // Refused before its body was read: the entry has no summary.
      expect(entry).toMatchObject({ admin_id: vicId, username: 'vic', company_id: 1, target_type: 'triviaGame', summary: '', outcome: 'refused', code: 403 });
    });

    it('403 for a company: no company on the entry, so only super admins see it', async () => {
      const res = await call(app, '/triviaGame/create', { title: 'Elsewhere', type: 1 }, { token: olgaToken, cid: String(company2) });
      expect(res.status).toBe(403);
      const entry = await latest('triviaGameCreate');
      expect(entry).toMatchObject({ admin_id: olgaId, company_id: null, outcome: 'refused', code: 403 });
      expect((await listAudit(app, annToken)).list.some((e) => e.id === entry.id)).toBe(false);
    });

    it('422 for a field: recorded with the fields sent', async () => {
      const res = await call(app, '/triviaGame/create', { title: '', type: 7 }, { token: olgaToken });
      expect(res.status).toBe(422);
      const entry = await latest('triviaGameCreate');
      expect(entry).toMatchObject({ admin_id: olgaId, company_id: 1, outcome: 'refused', code: 422 });
      expect(entry.summary).toContain('type: 7');
    });

    it('201 for a business rule: recorded as refused', async () => {
      const b = bench(app, () => olgaToken);
      const game = await b.createGame({ title: 'Rules', type: 1 });
      const question = await b.addQuestion(game.id);
      const res = await b.flow(game.id, question, 3);
      expect(res.body.code).toBe(201);
      expect(await latest('triviaGameGameFlow')).toMatchObject({ target_id: String(game.id), outcome: 'refused', code: 201 });
    });

    it('a NUL or a half surrogate pair in what was sent is kept escaped, never the entry lost (66 were, fuzzing)', async () => {
      const logged: unknown[] = [];
      const spy = vi.spyOn(app.log, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
      try {
        // An id of the wrong type (refused before the handler), an id the handler takes, a body key,
        // a name a handler checks later: each request answers as it would, and each has its entry.
        const sent: Array<{ path: string; body: unknown; operation: string; expected: Partial<Entry> }> = [
          { path: '/triviaGame/delete', body: { id: '7\u0000' }, operation: 'triviaGameDelete', expected: { target_id: '7\\u0000', outcome: 'refused', code: 422 } },
          { path: '/triviaGame/update', body: { id: '\ud800', title: 'Half' }, operation: 'triviaGameUpdate', expected: { target_id: '\\ud800', outcome: 'refused', code: 422 } },
          { path: '/admin/delete', body: { id: ['1\u0000', '\udfff2'] }, operation: 'adminDelete', expected: { target_id: '1\\u0000,\\udfff2', outcome: 'refused', code: 422 } },
          { path: '/triviaGame/create', body: { title: 'Quiz \ud83d night', type: 1 }, operation: 'triviaGameCreate', expected: { summary: 'title: Quiz \\ud83d night, type: 1' } },
          { path: '/file/deleteDirectory', body: { directory: 'a\u0000b\udc00' }, operation: 'fileDeleteDirectory', expected: { outcome: 'refused', code: 422 } },
        ];
        for (const request of sent) {
          const before = (await listAudit(app, superToken, { operation: request.operation }, { cid: '1' })).total;
          const res = await call(app, request.path, request.body, { token: superToken });
          expect(res.status, `${request.path} answers`).toBeLessThan(500);
          const after = await listAudit(app, superToken, { operation: request.operation, limit: 1 }, { cid: '1' });
          expect(after.total, `${request.path}: one more entry`).toBe(before + 1);
          expect(after.list[0], request.path).toMatchObject({ username: 'admin', company_id: 1, ...request.expected });
        }
        expect((await latest('fileDeleteDirectory')).summary, 'a value keeps the summary rule (control characters as spaces)').toBe('directory: a b\\udc00');
        expect(logged, 'no entry failed to be written').toEqual([]);
      } finally {
        spy.mockRestore();
      }
    });

    it('no entry for a read, nor for a caller nobody knows', async () => {
      const before = (await listAudit(app, superToken)).total;
      await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token: olgaToken });
      expect((await call(app, '/triviaGame/create', { title: 'Anonymous', type: 1 })).body.code).toBe(202);
      expect((await listAudit(app, superToken)).total).toBe(before);
    });
  });

  describe('reading the trail', () => {
    it('needs audit.list', async () => {
      expect((await call(app, '/audit/list', { page: 1, limit: 10 }, { token: olgaToken })).status).toBe(403);
      const res = await app.inject({ method: 'POST', url: '/api/admin/audit/export', payload: {}, headers: { authorization: `Bearer ${olgaToken}` } });
      expect(res.statusCode).toBe(403);
    });

    it('each company sees its own entries; entries of no company only super admins', async () => {
      const bobToken = await login(app, 'bob', 'Bob-password-1');
      const made = await call(app, '/triviaGame/create', { title: 'Company two quiz', type: 1 }, { token: bobToken, cid: String(company2) });
      expect(made.body.code).toBe(200);

      const annSees = await listAudit(app, annToken);
      expect(annSees.total).toBeGreaterThan(0);
      expect(annSees.list.every((entry) => entry.company_id === 1)).toBe(true);
      expect(annSees.list.some((entry) => entry.admin_id === bobId)).toBe(false);
      // ann may not act for company 2 at all.
      expect((await call(app, '/audit/list', { page: 1, limit: 10 }, { token: annToken, cid: String(company2) })).status).toBe(403);

      const superSees = await listAudit(app, superToken);
      expect(superSees.list.some((entry) => entry.company_id === null && entry.username === 'nobody')).toBe(true);
      expect(superSees.list.some((entry) => entry.company_id === company2)).toBe(false);
      const inCompany2 = await listAudit(app, superToken, {}, { cid: String(company2) });
      expect(inCompany2.list.some((entry) => entry.admin_id === bobId && entry.operation === 'triviaGameCreate')).toBe(true);
      expect(inCompany2.list.every((entry) => entry.company_id === company2 || entry.company_id === null)).toBe(true);
    });

    it('filters by keyword (any case), admin, operation and time, pages newest first', async () => {
      const byKeyword = await listAudit(app, annToken, { keyword: 'AUDIT QUIZ' });
      expect(byKeyword.list.map((e) => e.operation)).toEqual(['triviaGameCreate']);
      expect((await listAudit(app, annToken, { keyword: 'stage-PHOTO' })).list.map((e) => e.operation)).toEqual(['fileUploadImage']);
      expect((await listAudit(app, annToken, { keyword: 'olga' })).list.every((e) => e.username === 'olga')).toBe(true);

      const byAdmin = await listAudit(app, annToken, { admin_id: vicId });
      expect(byAdmin.total).toBeGreaterThan(0);
      expect(byAdmin.list.every((e) => e.admin_id === vicId)).toBe(true);

      const byOperation = await listAudit(app, annToken, { operation: 'questionCreate' });
      expect(byOperation.total).toBeGreaterThanOrEqual(2);
      expect(byOperation.list.every((e) => e.operation === 'questionCreate')).toBe(true);

      const all = await listAudit(app, annToken);
      const now = Date.now();
      expect((await listAudit(app, annToken, { created_at: [new Date(now - 3_600_000).toISOString(), new Date(now + 1000).toISOString()] })).total).toBe(all.total);
      expect((await listAudit(app, annToken, { created_at: [new Date(now + 3_600_000).toISOString(), new Date(now + 7_200_000).toISOString()] })).total).toBe(0);

      const ids = all.list.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const page2 = await listAudit(app, annToken, { page: 2, limit: 3 });
      expect(page2.list.map((e) => e.id)).toEqual(ids.slice(3, 6));
      expect(page2.total).toBe(all.total);
    });

    it('exports the filtered entries as CSV: BOM, headers in the request language, typed text neutralised', async () => {
      await call(app, '/login', { username: '=HYPERLINK("http://evil.example")', password: 'x-password' });
      await app.auditTrail.settled();
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/audit/export',
        payload: { operation: 'login' },
        headers: { authorization: `Bearer ${superToken}`, lang: 'zh-TW' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('操作紀錄'));
      const text = res.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe('時間（Asia/Taipei）,管理員 ID,帳號,公司 ID,操作,對象類型,對象 ID,內容摘要,IP 位址,瀏覽器,結果,回應代碼');
      const logins = await listAudit(app, superToken, { operation: 'login' });
      expect(lines).toHaveLength(1 + logins.total);
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(lines[1]).toContain(',已拒絕,201');
      // The time in the company's zone (Asia/Taipei, UTC+8 all year), as a spreadsheet reads a date.
      const written = lines[1]!.split(',')[0]!;
      expect(written).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const [entry] = (await listAudit(app, superToken, { operation: 'login' })).list;
      expect(written).toBe(new Date(Date.parse(entry!.created_at) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '));
      expect(lines.slice(1).every((line) => line.includes(',login,'))).toBe(true);
      expect(text).not.toContain('x-password');
    });
  });
});

describe('the entry comes before the change', () => {
  let app: FastifyInstance;
  let token: string;
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  let seenInside: Array<typeof auditLog.$inferSelect> | null = null;

  beforeAll(async () => {
    app = await createTestApp(
      {},
      {
        handlers: {
          // Stands for a handler that has made its change and not answered yet: the process could die here.
          async questionDelete() {
            seenInside = await app.db.select().from(auditLog).where(eq(auditLog.operation, 'questionDelete'));
            await gate;
            return {};
          },
          // Notes a summary a spreadsheet would take for a formula, then fails unexpectedly.
          async roleDelete(request) {
            noteAudit(request, { targetType: 'role', targetId: request.body.id, summary: '=1+2 deleted' });
            throw new Error('crashed after its change');
          },
        },
      },
    );
    token = await login(app);
  });
  afterAll(() => app.close());

  it('is pending before the handler runs, and stays so, visible to others, until it answers', async () => {
    gate = new Promise<void>((resolve) => (release = resolve));
    const answer = call(app, '/question/delete', { id: 424242 }, { token });
    await vi.waitFor(() => expect(seenInside).not.toBeNull());
    // What the handler found when it started: its own entry, already there.
    expect(seenInside).toHaveLength(1);
    expect(seenInside![0]).toMatchObject({ outcome: 'pending', code: null, username: 'admin', companyId: 1, targetType: 'question', targetId: '424242' });
    // Committed, not in a transaction of the request's: another request lists it.
    const during = await listAudit(app, token, { operation: 'questionDelete' });
    expect(during.list).toHaveLength(1);
    expect(during.list[0]).toMatchObject({ outcome: 'pending', code: null });
    release();
    expect((await answer).body.code).toBe(200);
    const after = await listAudit(app, token, { operation: 'questionDelete' });
    expect(after.list).toHaveLength(1);
    expect(after.list[0]).toMatchObject({ id: during.list[0]!.id, outcome: 'success', code: 200 });
  });

  it('an unexpected failure is recorded as failed, with what the handler noted; its CSV cell neutralised', async () => {
    const res = await call(app, '/role/delete', { id: 7 }, { token });
    expect(res.status).toBe(500);
    const { list } = await listAudit(app, token, { operation: 'roleDelete' });
    expect(list[0]).toMatchObject({ target_type: 'role', target_id: '7', summary: '=1+2 deleted', outcome: 'failed', code: 500, company_id: 1 });
    const file = await app.inject({ method: 'POST', url: '/api/admin/audit/export', payload: { operation: 'roleDelete' }, headers: { authorization: `Bearer ${token}` } });
    const text = file.rawPayload.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFTime (Asia/Taipei),Admin ID,Username,Company ID,Operation,Target type,Target ID,Summary,IP address,User agent,Outcome,Code');
    expect(text).toContain(",'=1+2 deleted,");
    expect(text).toContain(',failed,500');
  });

  it("answers the company's time zone with the list, the zone the CSV writes its times in (one rule for screen and file)", async () => {
    const csvTimes = async () => {
      const file = await app.inject({ method: 'POST', url: '/api/admin/audit/export', payload: { operation: 'roleDelete' }, headers: { authorization: `Bearer ${token}` } });
      const lines = file.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
      return { header: lines[0]!.split(',')[0], first: lines[1]!.split(',')[0] };
    };
    const before = await call(app, '/audit/list', { page: 1, limit: 1, operation: 'roleDelete' }, { token });
    expect(before.body.data.time_zone).toBe('Asia/Taipei');
    const entry = before.body.data.list[0] as Entry;
    expect(await csvTimes()).toEqual({ header: 'Time (Asia/Taipei)', first: formatZoned(new Date(entry.created_at), 'Asia/Taipei') });

    await app.db.update(companies).set({ timeZone: 'America/New_York' }).where(eq(companies.id, 1));
    try {
      const after = await call(app, '/audit/list', { page: 1, limit: 1, operation: 'roleDelete' }, { token });
      expect(after.body.data.time_zone).toBe('America/New_York');
      expect(await csvTimes()).toEqual({ header: 'Time (America/New_York)', first: formatZoned(new Date(entry.created_at), 'America/New_York') });
    } finally {
      await app.db.update(companies).set({ timeZone: 'Asia/Taipei' }).where(eq(companies.id, 1));
    }
  });

  it('the password of the test admin never reaches the trail', async () => {
    const { list } = await listAudit(app, token);
    expect(list.some((entry) => entry.operation === 'login')).toBe(true);
    expect(JSON.stringify(list)).not.toContain(TEST_ADMIN_PASSWORD);
  });
});
