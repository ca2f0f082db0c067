/**
 * The company file store through its seven operations, as an admin's browser meets them, on both
 * stores: local disk and S3 (s3rver, an S3-compatible server started here). Directories, uploads
 * (names, types by content, sizes, a name already present, replace, one upload at a time), downloads
 * byte for byte with their file name, deletes, the attachment upload any admin of the company may use,
 * and company isolation: another company neither sees, downloads nor deletes these files.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileUploads, files } from '@/server/db/schema';
import { call, checkedResult, login, type ApiResult } from '../support/api';
import { createTestApp } from '../support/app';
import { createAdmin, createCompany, createRole } from '../support/fixtures';
import { multipartBody, type FormPart } from '../support/multipart';
import { testFileStore, type TestFileStore } from '../support/s3rver';

const UPLOAD_LIMIT = 256 * 1024;
const csv = Buffer.from('名稱,分數\n小明,10\n小華,8\n', 'utf8');
// The smallest file a PDF reader opens: the content check reads its header.
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe.each(['local', 's3'] as const)('the file store on %s', (storeKind) => {
  let app: FastifyInstance;
  let token: string;
  let store: TestFileStore | null = null;

  beforeAll(async () => {
    store = await testFileStore(storeKind);
    app = await createTestApp({ fileStore: store.config, uploadLimit: UPLOAD_LIMIT, logger: { level: 'error' } });
    token = await login(app);
  });
  afterAll(async () => {
    await app?.close();
    await store?.stop();
  });

  const api = (path: string, body: unknown, options: { lang?: 'zh-TW' | 'en'; as?: string; cid?: string } = {}) =>
    call(app, path, body, { token: options.as ?? token, lang: options.lang ?? 'en', ...(options.cid ? { cid: options.cid } : {}) });

  function upload(parts: FormPart[], options: { op?: string; lang?: string; as?: string; cid?: string } = {}): Promise<ApiResult> {
    const op = options.op ?? '/file/uploadFile';
    const { body, contentType } = multipartBody(parts);
    const headers: Record<string, string> = { 'content-type': contentType, authorization: `Bearer ${options.as ?? token}`, lang: options.lang ?? 'en' };
    if (options.cid) headers.cid = options.cid;
    return app.inject({ method: 'POST', url: `/api/admin${op}`, payload: body, headers }).then((res) => checkedResult(op, res));
  }
  const file = (filename: string, bytes: Buffer): FormPart => ({ name: 'file', filename, bytes, type: 'application/octet-stream' });

  async function download(path: string, options: { as?: string; cid?: string } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${options.as ?? token}`, lang: 'en' };
    if (options.cid) headers.cid = options.cid;
    return app.inject({ method: 'POST', url: '/api/admin/file/download', payload: JSON.stringify({ path }), headers });
  }
  const listing = async (directory: string) => (await api('/file/list', { directory })).body.data.list as Array<Record<string, unknown>>;
  const storedKey = async (path: string) =>
    (await app.db.select({ key: files.storageKey }).from(files).where(eq(files.path, path)))[0]?.key ?? null;

  it('starts empty and says how large an upload may be', async () => {
    const res = await api('/file/list', {});
    expect(res.body).toMatchObject({ code: 200, data: { list: [], total: 0, upload_limit: UPLOAD_LIMIT } });
  });

  it('makes directories, nested ones level by level, and refuses a name already there or against the rules', async () => {
    expect((await api('/file/makeDirectory', { directory: '', name: '報名資料' })).body).toMatchObject({ code: 200, data: { path: '報名資料' } });
    expect((await api('/file/makeDirectory', { directory: '報名資料', name: '2024/q1' })).body.data).toEqual({ path: '報名資料/2024/q1' });
    expect((await listing('報名資料')).map((e) => [e.name, e.type])).toEqual([['2024', 'directory']]);
    expect((await listing('報名資料/2024')).map((e) => e.path)).toEqual(['報名資料/2024/q1']);

    const again = await api('/file/makeDirectory', { directory: '', name: '報名資料' }, { lang: 'zh-TW' });
    expect(again.status).toBe(422);
    expect(again.body.data.errors.name).toEqual(['此目錄已有名為「報名資料」的檔案或目錄']);
    const cases: Array<[string, string]> = [
      ['派對🎉', 'A directory name must not contain emoticons'],
      ['/top', 'A name must not start or end with / or have two / in a row'],
      ['a//b', 'A name must not start or end with / or have two / in a row'],
      ['x'.repeat(61), 'A directory name has 1 to 60 characters'],
      ['..', 'No part of a name or path can be . or ..'],
    ];
    for (const [name, message] of cases) {
      const res = await api('/file/makeDirectory', { directory: '', name });
      expect(res.status, name).toBe(422);
      expect(res.body.data.errors.name, name).toEqual([message]);
    }
    const sixty = await api('/file/makeDirectory', { directory: '', name: '字'.repeat(60) });
    expect(sixty.body.code).toBe(200);
    const orphan = await api('/file/makeDirectory', { directory: 'nowhere', name: 'x' });
    expect(orphan.body).toMatchObject({ code: 201, message: 'Directory "nowhere" not found' });
  });

  it('uploads a CSV into a directory, lists it, and downloads the same bytes under its name', async () => {
    const res = await upload([{ name: 'directory', value: '報名資料/2024' }, file('名單 2024.csv', csv)], { lang: 'zh-TW' });
    expect(res.body).toMatchObject({ code: 200, message: '上傳成功', data: { path: '報名資料/2024/名單 2024.csv' } });

    const entries = await listing('報名資料/2024');
    expect(entries.map((e) => [e.name, e.type])).toEqual([
      ['q1', 'directory'],
      ['名單 2024.csv', 'file'],
    ]);
    expect(entries[1]).toMatchObject({ size: csv.length, mime: 'text/csv', file_count: 0 });
    expect((await listing('')).find((e) => e.name === '報名資料')).toMatchObject({ type: 'directory', size: 0, mime: null, file_count: 1 });

    const got = await download('報名資料/2024/名單 2024.csv');
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="_ 2024.csv"; filename*=UTF-8''${encodeURIComponent('名單 2024.csv')}`);
    expect(got.rawPayload.equals(csv)).toBe(true);
  });

  it('takes the form\'s fields in any order (file first, then directory, as attachment clients send them), with every check, and a refusal leaves nothing', async () => {
    const rows = async () => (await app.db.select({ path: files.path, key: files.storageKey }).from(files)).map((row) => `${row.path} ${row.key}`).sort();
    // The order attachment clients send: the file, then its directory.
    const attached = await upload([file('late.csv', csv), { name: 'directory', value: '報名資料' }], { op: '/file/uploadUnPermission', lang: 'zh-TW' });
    expect(attached.body).toMatchObject({ code: 200, data: { realPath: '報名資料/late.csv' } });
    expect((await download('報名資料/late.csv')).rawPayload.equals(csv)).toBe(true);
    // replace, then the file, then the directory; and the file between them.
    const newer = Buffer.from('名稱,分數\n小明,11\n', 'utf8');
    const replaced = await upload([{ name: 'replace', value: '1' }, file('late.csv', newer), { name: 'directory', value: '報名資料' }]);
    expect(replaced.body).toMatchObject({ code: 200, data: { path: '報名資料/late.csv' } });
    expect((await download('報名資料/late.csv')).rawPayload.equals(newer)).toBe(true);

    // Every check still holds when the field that decides it comes after the file.
    const before = await rows();
    const refusals: Array<[FormPart[], string, string, string?]> = [
      [[file('late.csv', csv), { name: 'directory', value: '報名資料' }], 'file', 'This directory already holds a file or directory named "late.csv"'],
      [[file('late.csv', csv), { name: 'directory', value: '報名資料' }, { name: 'replace', value: '0' }], 'file', 'This directory already holds a file or directory named "late.csv"'],
      [[file('ok.txt', csv), { name: 'directory', value: '../up' }], 'directory', 'No part of a name or path can be . or ..'],
      [[file('ok.txt', csv), { name: 'directory', value: '/etc' }], 'directory', 'A path starts at the root of the files: it must not start with /'],
      [[file('ok.txt', csv), { name: 'replace', value: 'yes' }], 'replace', 'Must be one of: 0, 1'],
      [[file('ok.txt', csv), { name: 'directory', value: 'a' }, { name: 'directory', value: 'b' }], 'directory', 'The form\'s "directory" field can be sent only once'],
      [[file('ok.txt', csv)], 'directory', 'This field is required', '/file/uploadUnPermission'],
      [[file('invoice.pdf', Buffer.from('MZ a program')), { name: 'directory', value: 'x' }], 'file', "The file's content is not a PDF file (checked by its content, not its name)"],
      [[file('big.txt', Buffer.alloc(UPLOAD_LIMIT + 1, 'a')), { name: 'directory', value: 'x' }], 'file', 'A file can be at most 256 KB'],
    ];
    for (const [parts, field, message, op] of refusals) {
      const res = await upload(parts, op ? { op } : {});
      expect(res.status, message).toBe(422);
      expect(res.body.data.errors[field], message).toEqual([message]);
    }
    // Nothing stored in the tree, and no pending blob left in the store.
    expect(await rows()).toEqual(before);
    if (storeKind === 'local') {
      const { readdirSync } = await import('node:fs');
      const blobs = readdirSync(`${app.config.dataDir}/files/companies`, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      expect(blobs.length).toBe(before.filter((row) => !row.endsWith(' null')).length);
    } else {
      const s3 = store!.s3!;
      const client = new S3Client({ ...s3.config, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
      try {
        const objects = (await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: 'trivia/companies/' }))).Contents ?? [];
        expect(objects.map((object) => object.Key!.slice('trivia/'.length)).sort()).toEqual(before.map((row) => row.split(' ').pop()!).filter((key) => key !== 'null').sort());
        expect((await client.send(new ListMultipartUploadsCommand({ Bucket: s3.config.bucket }))).Uploads ?? []).toEqual([]);
      } finally {
        client.destroy();
      }
    }
  });

  it('refuses a name already present unless asked to replace it, and then keeps only the new bytes', async () => {
    await upload([file('rules.pdf', pdf)]);
    const firstKey = await storedKey('rules.pdf');
    const twice = await upload([file('rules.pdf', pdf)]);
    expect(twice.status).toBe(422);
    expect(twice.body.data.errors.file).toEqual(['This directory already holds a file or directory named "rules.pdf"']);

    const newer = Buffer.concat([pdf, Buffer.from('% second version\n')]);
    const replaced = await upload([{ name: 'replace', value: '1' }, file('rules.pdf', newer)]);
    expect(replaced.body.code).toBe(200);
    expect((await download('rules.pdf')).rawPayload.equals(newer)).toBe(true);
    expect(await app.fileStore.head(firstKey!)).toBeNull();
    // A directory is never replaced by a file.
    const overDirectory = await upload([{ name: 'replace', value: '1' }, file('報名資料', csv)]);
    expect(overDirectory.status).toBe(422);
  });

  it('checks the type by the content, the size, and the name, and a refused upload leaves nothing', async () => {
    const before = await app.db.select({ key: files.storageKey }).from(files);
    const refusals: Array<[FormPart[], string, string]> = [
      [[file('setup.exe', Buffer.from('MZ\x90\x00'))], 'file', 'Only Word (doc, docx), PDF, text (txt), CSV, Excel (xls, xlsx) or video (mp4) files can be uploaded'],
      [[file('invoice.pdf', Buffer.from('MZ\x90\x00 a program'))], 'file', "The file's content is not a PDF file (checked by its content, not its name)"],
      [[file('page.txt', Buffer.from([0x68, 0x69, 0xff, 0xfe]))], 'file', "The file's content is not a text (txt) file (checked by its content, not its name)"],
      [[file('empty.csv', Buffer.alloc(0))], 'file', 'The file is empty'],
      [[file('big.txt', Buffer.alloc(UPLOAD_LIMIT + 1, 'a'))], 'file', 'A file can be at most 256 KB'],
      [[file('a\\b.txt', csv)], 'file', 'A name must not contain a backslash (\\)'],
      [[file('../escape.txt', csv)], 'file', 'A file name must not contain /'],
      [[{ name: 'directory', value: '../up' }, file('ok.txt', csv)], 'directory', 'No part of a name or path can be . or ..'],
      [[{ name: 'replace', value: 'yes' }, file('ok.txt', csv)], 'replace', 'Must be one of: 0, 1'],
      [[{ name: 'directory', value: '' }], 'file', 'Please choose a file'],
      [[file('a.txt', csv), file('b.txt', csv)], 'file', 'One file at a time: an upload carries a single file'],
    ];
    for (const [parts, field, message] of refusals) {
      const res = await upload(parts);
      expect(res.status, message).toBe(422);
      expect(res.body.data.errors[field], message).toEqual([message]);
    }
    expect(await app.db.select({ key: files.storageKey }).from(files)).toEqual(before);
    if (storeKind === 'local') {
      const { readdirSync, existsSync } = await import('node:fs');
      const root = `${app.config.dataDir}/files/companies`;
      const blobs = existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];
      expect(blobs.length).toBe(before.filter((row) => row.key).length);
    }
  });

  it('refuses a second upload while the first is still streaming: one file at a time', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const { body, contentType } = multipartBody([file('slow.txt', Buffer.alloc(64 * 1024, 'x'))]);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/admin/file/uploadFile', headers: { 'content-type': contentType, 'content-length': body.length, authorization: `Bearer ${token}`, lang: 'en' } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body.subarray(0, 1000));
      // Once the first upload is under way (it holds the admin's upload slot), a second one waits its turn.
      void (async () => {
        try {
          await vi.waitFor(async () => expect(await app.db.select().from(fileUploads)).toHaveLength(1), { timeout: 10_000, interval: 10 });
          const second = await upload([file('second.txt', csv)]);
          expect(second.body).toMatchObject({ code: 201, message: 'A file is already being uploaded: one file at a time, please wait for it to finish' });
          request.end(body.subarray(1000));
        } catch (error) {
          request.destroy();
          reject(error);
        }
      })();
    });
    const first = await answer;
    expect(JSON.parse(first.body)).toMatchObject({ code: 200, data: { path: 'slow.txt' } });
    expect((await upload([file('after.txt', csv)])).body.code).toBe(200);
  });

  it('deletes files all or nothing, and a directory with everything in it', async () => {
    await upload([{ name: 'directory', value: 'old' }, file('a.csv', csv)]);
    await upload([{ name: 'directory', value: 'old/deeper' }, file('b.csv', csv)]);
    const keys = [await storedKey('old/a.csv'), await storedKey('old/deeper/b.csv')];
    expect((await listing('')).find((e) => e.name === 'old')).toMatchObject({ file_count: 2 });

    const partly = await api('/file/delete', { paths: ['after.txt', 'missing.txt'] });
    expect(partly.body).toMatchObject({ code: 201, message: 'File "missing.txt" not found' });
    expect((await download('after.txt')).statusCode).toBe(200);
    expect((await api('/file/delete', { paths: ['after.txt', 'slow.txt'] })).body.code).toBe(200);
    expect((await listing('')).map((e) => e.name)).not.toContain('after.txt');

    expect((await api('/file/deleteDirectory', { directory: '' })).body).toMatchObject({ code: 201, message: 'The root directory cannot be deleted' });
    expect((await api('/file/deleteDirectory', { directory: 'old' })).body.code).toBe(200);
    expect((await listing('')).map((e) => e.name)).not.toContain('old');
    for (const key of keys) expect(await app.fileStore.head(key!)).toBeNull();
    expect((await api('/file/list', { directory: 'old' })).body).toMatchObject({ code: 201, message: 'Directory "old" not found' });
  });

  it('lets any admin of the company upload an attachment, and keeps other companies out', async () => {
    const other = await createCompany(app, `Other ${storeKind}`);
    await createRole(app, `nofiles-${storeKind}`, []);
    await createRole(app, `files-${storeKind}`, ['file.index', 'file.list', 'file.edit']);
    await createAdmin(app, { username: `clerk-${storeKind}`, roles: [`nofiles-${storeKind}`], companyIds: [1] });
    await createAdmin(app, { username: `outsider-${storeKind}`, roles: [`files-${storeKind}`], companyIds: [other] });
    const clerk = await login(app, `clerk-${storeKind}`, 'Password-123');
    const outsider = await login(app, `outsider-${storeKind}`, 'Password-123');

    const attached = await upload([{ name: 'directory', value: 'attachments/2026' }, file('note.txt', csv)], { op: '/file/uploadUnPermission', as: clerk });
    expect(attached.body).toMatchObject({ code: 200, data: { realPath: 'attachments/2026/note.txt' } });
    const noDirectory = await upload([file('note.txt', csv)], { op: '/file/uploadUnPermission', as: clerk });
    expect(noDirectory.status).toBe(422);
    expect(noDirectory.body.data.errors.directory).toEqual(['This field is required']);
    // Without file.list / file.edit the clerk sees and changes nothing else.
    expect((await api('/file/list', {}, { as: clerk })).status).toBe(403);
    expect((await upload([file('x.txt', csv)], { as: clerk })).status).toBe(403);

    // The other company's admin: their own empty tree; these paths do not exist for them.
    const cid = String(other);
    expect((await api('/file/list', {}, { as: outsider, cid })).body.data.list).toEqual([]);
    expect((await api('/file/list', { directory: 'attachments' }, { as: outsider, cid })).body.code).toBe(201);
    const stolen = await download('attachments/2026/note.txt', { as: outsider, cid });
    expect(stolen.json()).toMatchObject({ code: 201, message: 'File "attachments/2026/note.txt" not found' });
    expect((await api('/file/delete', { paths: ['attachments/2026/note.txt'] }, { as: outsider, cid })).body.code).toBe(201);
    expect((await api('/file/deleteDirectory', { directory: 'attachments' }, { as: outsider, cid })).body.code).toBe(201);
    // Asking for company 1 with their token is refused outright.
    expect((await api('/file/list', {}, { as: outsider, cid: '1' })).status).toBe(403);
    expect((await download('attachments/2026/note.txt')).rawPayload.equals(csv)).toBe(true);
  });
});
