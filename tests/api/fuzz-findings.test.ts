/**
 * What the contract fuzzing (contract-fuzz.test.ts) found, each kept fixed by a focused test: a
 * request that answered 500, crashed the process or hung, answers as the conventions say
 * (docs/api-conventions.md) instead.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDomainMessage } from '@/domain/messages';
import { call, login } from '../support/api';
import { createTestApp } from '../support/app';
import { multipartBody } from '../support/multipart';

const BROKEN_FORM = 'The form (multipart/form-data) is malformed or incomplete: Unexpected end of multipart data';

describe('what the fuzzing found', () => {
  let app: FastifyInstance;
  let token: string;
  const post = (url: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, ...headers } });

  beforeAll(async () => {
    app = await createTestApp();
    token = await login(app);
  });
  afterAll(() => app.close());

  it('takes a POST without a body (so without a content type) as an empty JSON object: its required fields reported, not a 500', async () => {
    const bare = await app.inject({ method: 'POST', url: '/api/admin/login', headers: { lang: 'zh-TW' } });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().data.errors).toEqual({ username: ['此欄位必填'], password: ['此欄位必填'] });
    const joined = await app.inject({ method: 'POST', url: '/api/play/join' });
    expect(joined.statusCode).toBe(422);
    expect(Object.keys(joined.json().data.errors).sort()).toEqual(['nickname', 'pin']);
    // An operation without required fields simply runs.
    const info = await post('/api/admin/info', '');
    expect(info.json().code).toBe(200);
    // An upload is a form: without one, the content type it needs is named.
    const upload = await post('/api/admin/file/uploadFile', '');
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({ code: 400, message: 'The request has no content type; this call takes multipart/form-data', data: null });
  });

  it('bounds ids and other integers to the database column range (a larger id was a 500 from PostgreSQL)', async () => {
    const json = { 'content-type': 'application/json' };
    for (const [url, body, field] of [
      ['/api/admin/admin/delete', { id: 8273758323855980 }, 'id'],
      ['/api/admin/role/update', { id: 9007199254740991, title: 'x', permissions: [] }, 'id'],
      ['/api/admin/triviaGame/detail', { id: 2147483648 }, 'id'],
      ['/api/admin/question/create', { trivia_game_id: 1, score: 2147483648 }, 'score'],
    ] as const) {
      const res = await post(url, JSON.stringify(body), json);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().data.errors[field], url).toEqual(['Must be at most 2147483647']);
    }
  });

  it('bounds every list a request carries (100,000 ids went past the database driver’s parameter limit: a 500)', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    for (const [path, body, field, limit] of [
      ['/notification/read', { id: ids(100_000) }, 'id', 1000],
      ['/notification/send', { admins: ids(1001), message: '<p>x</p>' }, 'admins', 1000],
      ['/file/delete', { paths: ids(1001).map((i) => `f${i}.txt`) }, 'paths', 1000],
      ['/admin/syncPermissions', { id: 1, roles: ids(501).map(String), permissions: [] }, 'roles', 500],
      ['/triviaGame/updateLevel', { trivia_game_id: 1, trivia_game_level: ids(1001).map((level) => ({ level, promotion_score: 1 })) }, 'trivia_game_level', 1000],
      ['/nav/set/affix', { list: ids(201).map((i) => ({ name: `m${i}`, affix: 1 })) }, 'list', 200],
    ] as const) {
      const res = await call(app, path, body, { token });
      expect(res.status, path).toBe(422);
      expect(res.body.data.errors[field], path).toEqual([`Must have at most ${limit} items`]);
    }
  });

  it('reports at most 50 field errors: 100,000 wrong items took a second and answered 4 MB', async () => {
    const started = performance.now();
    const res = await post('/api/admin/nav/set/affix', `{"list":[${'1,'.repeat(99_999)}1]}`, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().data.errors as Record<string, string[]>;
    expect(errors.list).toEqual(['Must have at most 200 items']);
    expect(errors['list.0']).toEqual(['Must be an object']);
    expect(Object.keys(errors).length).toBeLessThanOrEqual(50);
    expect(res.body.length).toBeLessThan(10_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('answers a text upload that is not text with a 422, not an uncaught exception that ends the process', async () => {
    const uncaught: unknown[] = [];
    const listener = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listener);
    try {
      // Sent whole, the part reaches the text check before the store has made its folder.
      for (const [directory, name, bytes] of [
        ['fresh-a', 'a.txt', Buffer.from([0xff, 0xfe, 0x00])],
        ['fresh-b', 'b.csv', Buffer.from([0xc0, 0xaf])],
        ['', 'c.txt', Buffer.from([0xff])],
      ] as const) {
        const { body, contentType } = multipartBody([{ name: 'directory', value: directory }, { name: 'file', filename: name, bytes }]);
        const res = await post('/api/admin/file/uploadFile', body, { 'content-type': contentType });
        expect(res.statusCode, name).toBe(422);
        expect(res.json().data.errors.file[0], name).toMatch(/content is not a/);
      }
      // The check errors its stream before the answer leaves; a stream's error is emitted on the next
      // tick: one turn of the event loop lets any still queued reach the listener.
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', listener);
    }
  });

  it('answers a form cut off with a 400 (it hung a text upload, holding the one-upload slot, and was a 500 elsewhere)', async () => {
    const cut = (name: string, filename: string) => `--x\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n\r\nabc`;
    const formHeaders = { 'content-type': 'multipart/form-data; boundary=x', lang: 'en' };
    for (const [url, payload] of [
      ['/api/admin/file/uploadFile', cut('file', 'a.txt')],
      ['/api/admin/file/uploadFile', cut('file', 'a.pdf')],
      ['/api/admin/file/uploadUnPermission', `--x\r\nContent-Disposition: form-data; name="directory"\r\n\r\n\r\n${cut('file', 'a.txt')}`],
      ['/api/admin/file/uploadImage', cut('image', 'a.png')],
      ['/api/admin/admin/import', cut('file', 'a.csv')],
    ] as const) {
      const res = await Promise.race([post(url, payload, formHeaders), new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000))]);
      expect(res, `${url}: no answer within 5 s`).not.toBeNull();
      expect(res!.statusCode, url).toBe(400);
      expect(res!.json(), url).toEqual({ code: 400, message: BROKEN_FORM, data: null });
    }
    const zh = await post('/api/admin/file/uploadFile', cut('file', 'a.txt'), { ...formHeaders, lang: 'zh-TW' });
    expect(zh.json().message).toBe('表單（multipart/form-data）格式錯誤或不完整：Unexpected end of multipart data');
    // The one-upload slot was given back: a whole upload goes through.
    const { body, contentType } = multipartBody([{ name: 'directory', value: 'after' }, { name: 'file', filename: 'ok.txt', bytes: Buffer.from('一行文字\n') }]);
    const ok = await post('/api/admin/file/uploadFile', body, { 'content-type': contentType });
    expect(ok.json()).toMatchObject({ code: 200, data: { path: 'after/ok.txt' } });
  });

  it('refuses a directory name of 900 KB at once (counting all its characters took minutes, holding the whole server)', async () => {
    const started = performance.now();
    const res = await call(app, '/file/makeDirectory', { directory: '', name: '臺'.repeat(300_000) }, { token });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({ name: [formatDomainMessage('en', 'file.directoryNameTooLong', { max: 60 })] });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('records a half surrogate pair in a field a handler checks later escaped in the audit trail (PGlite refused the entry: a 500)', async () => {
    const res = await post('/api/admin/file/deleteDirectory', '{"directory":"靗\\udf2f䈁"}', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors).toEqual({ directory: [formatDomainMessage('en', 'file.invalidCharacters')] });
    await app.auditTrail.settled();
    const listed = await call(app, '/audit/list', { page: 1, limit: 1, operation: 'fileDeleteDirectory' }, { token });
    expect(listed.body.data.list[0]).toMatchObject({ operation: 'fileDeleteDirectory', outcome: 'refused', summary: 'directory: 靗\\udf2f䈁' });
  });
});
