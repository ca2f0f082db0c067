/**
 * Every multipart operation of the contract at and over its limit, over real keep-alive connections
 * (issue 33): /file/uploadFile and /file/uploadUnPermission (UPLOAD_LIMIT_MB), /file/uploadImage and
 * /admin/import and /question/import (5 MB each). Over a limit the answer is a 422 in the request's language with
 * `Connection: close`, the server ends that connection promptly (it will not read the rest of the
 * body), nothing is stored — not in the tree, not in the blob store, no admin — and no log line holds
 * a byte of what was uploaded. A file one byte over whose last byte arrives on its own (the parser's
 * blind spot: stored cut at the limit, or an HTTP 500 that logged the sheet) is refused the same way.
 * A client that cancels an upload half way is one info line, "cancelled", and leaves nothing behind.
 * On local disk and on S3 (s3rver).
 */
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admins, fileUploads, files } from '@/server/db/schema';
import { login } from '../support/api';
import { createTestApp } from '../support/app';
import { createAdmin } from '../support/fixtures';
import { multipartBody, type FormPart } from '../support/multipart';
import { connectionAfter, listening, RawConnection, requestHead } from '../support/raw-http';
import { testFileStore, type TestFileStore } from '../support/s3rver';

const UPLOAD_LIMIT = 256 * 1024;
const FIVE_MB = 5 * 1024 * 1024;
/** In every upload's bytes: found in no log line, whatever happens. */
const SECRET = 'Secret-pass-1';

const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(SECRET), Buffer.alloc(size - 8 - SECRET.length, 0x41)]);
const text = (size: number) => Buffer.concat([Buffer.from(`${SECRET}\n`), Buffer.alloc(size - SECRET.length - 1, 'a')]);
const sheet = (size: number) => {
  const head = Buffer.from(`username,password,name,email,roles,status\nbob,${SECRET},Bob,bob@example.com,viewer,1\n`);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 'x')]);
};

const questionSheet = (size: number) => {
  const head = Buffer.from(`kind,title,text,option_A,option_B,answer\nsingle,${SECRET},Q?,a,b,A\n`);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 'x')]);
};

interface LimitCase {
  op: string;
  limit: number;
  field: string;
  fields: FormPart[];
  filename: string;
  bytes: (size: number) => Buffer;
  messages: { en: string; 'zh-TW': string };
}

const CASES: LimitCase[] = [
  { op: '/file/uploadFile', limit: UPLOAD_LIMIT, field: 'file', fields: [], filename: 'notes.txt', bytes: text, messages: { en: 'A file can be at most 256 KB', 'zh-TW': '檔案不可超過 256 KB' } },
  {
    op: '/file/uploadUnPermission',
    limit: UPLOAD_LIMIT,
    field: 'file',
    fields: [{ name: 'directory', value: 'attachments' }],
    filename: 'notes.txt',
    bytes: text,
    messages: { en: 'A file can be at most 256 KB', 'zh-TW': '檔案不可超過 256 KB' },
  },
  { op: '/file/uploadImage', limit: FIVE_MB, field: 'image', fields: [], filename: 'stage.png', bytes: png, messages: { en: 'The image must not be larger than 5 MB', 'zh-TW': '圖片不可超過 5 MB' } },
  {
    op: '/question/import',
    limit: FIVE_MB,
    field: 'file',
    fields: [
      { name: 'trivia_game_id', value: '1' },
      { name: 'dry_run', value: '0' },
    ],
    filename: 'questions.csv',
    bytes: questionSheet,
    messages: { en: 'The file must not be larger than 5 MB', 'zh-TW': '檔案不可超過 5 MB' },
  },
  { op: '/admin/import', limit: FIVE_MB, field: 'file', fields: [{ name: 'dry_run', value: '0' }], filename: 'staff.csv', bytes: sheet, messages: { en: 'The file must not be larger than 5 MB', 'zh-TW': '檔案不可超過 5 MB' } },
];

describe.each(['local', 's3'] as const)('uploads at their limits on the %s store', (storeKind) => {
  let app: FastifyInstance;
  let token: string;
  let store: TestFileStore | null = null;
  let port: number;
  let serverSocket: () => Socket | null;
  let log = '';

  beforeAll(async () => {
    store = await testFileStore(storeKind);
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    app = await createTestApp({ fileStore: store.config, uploadLimit: UPLOAD_LIMIT, logger: { level: 'debug' } }, { logStream: stream });
    token = await login(app);
    ({ port, serverSocket } = await listening(app));
  });
  afterAll(async () => {
    await app?.close();
    await store?.stop();
  });

  /** Every blob in the store (images and company files), and on local disk any temporary file too. */
  async function blobs(): Promise<string[]> {
    if (storeKind === 'local') {
      const root = path.join(app.config.dataDir, 'files');
      if (!fs.existsSync(root)) return [];
      return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
    }
    const s3 = store!.s3!;
    const client = new S3Client({ ...s3.config, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
    try {
      const objects = (await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }))).Contents ?? [];
      const unfinished = (await client.send(new ListMultipartUploadsCommand({ Bucket: s3.config.bucket }))).Uploads ?? [];
      return [...objects.map((object) => object.Key ?? ''), ...unfinished.map((upload) => `unfinished upload of ${upload.Key}`)];
    } finally {
      client.destroy();
    }
  }
  /** What the server holds: blobs, file rows and admins. */
  const holdings = async () => ({ blobs: (await blobs()).sort(), files: (await app.db.select({ path: files.path }).from(files)).length, admins: (await app.db.select({ id: admins.id }).from(admins)).length });

  function form(c: LimitCase, size: number) {
    return multipartBody([...c.fields, { name: c.field, filename: c.filename, bytes: c.bytes(size), type: 'application/octet-stream' }]);
  }
  const head = (c: LimitCase, contentType: string, length: number, lang: string) =>
    requestHead(`/api/admin${c.op}`, { 'content-type': contentType, 'content-length': length, authorization: `Bearer ${token}`, lang });

  it.each(CASES)('$op over its limit: a 422 in the request language, the connection closed, nothing stored', async (c) => {
    const before = await holdings();
    for (const lang of ['en', 'zh-TW'] as const) {
      // A large file still on its way: only its first limit + 64 KB are sent, and the answer must not wait for the rest.
      const { body, contentType } = form(c, c.limit + 4 * 1024 * 1024);
      const connection = await RawConnection.open(port);
      await connection.write(head(c, contentType, body.length, lang));
      await connection.write(body.subarray(0, c.limit + 64 * 1024));
      const answer = await connection.answer();
      expect(answer, 'an answer').not.toBeNull();
      expect(answer!.status).toBe(422);
      expect(JSON.parse(answer!.body)).toMatchObject({ code: 422, data: { errors: { [c.field]: [c.messages[lang]] } } });
      expect(Object.keys(JSON.parse(answer!.body).data.errors)).toEqual([c.field]);
      expect(answer!.headers.connection).toBe('close');
      // The server ends the connection it will not read further (measured: a few ms; before, 72 s).
      expect(await connection.ends()).toBe(true);
      connection.destroy();
    }
    // Sent whole, a little over: closed, or read to its end and served again on the same connection.
    const { body, contentType } = form(c, c.limit + 1024);
    const connection = await RawConnection.open(port);
    await connection.write(head(c, contentType, body.length, 'en'));
    void connection.write(body);
    const answer = await connection.answer();
    expect(answer?.status).toBe(422);
    const next = requestHead('/api/admin/file/list', { 'content-type': 'application/json', 'content-length': 2, authorization: `Bearer ${token}` }) + '{}';
    expect((await connectionAfter(connection, answer!, next)).problem).toBeNull();
    connection.destroy();
    await vi.waitFor(async () => expect(await app.db.select().from(fileUploads)).toEqual([]));
    expect(await holdings()).toEqual(before);
  });

  it.each(CASES)('$op one byte over, its last byte arriving on its own: refused, never stored cut at the limit', async (c) => {
    const before = await holdings();
    const { body, contentType } = form(c, c.limit + 1);
    // Up to the file's last byte (exactly the limit), read by the server; then the rest.
    const tail = `\r\n--${contentType.split('boundary=')[1]}--\r\n`.length + 1;
    const connection = await RawConnection.open(port);
    const requestHeadText = head(c, contentType, body.length, 'en');
    await connection.write(requestHeadText);
    await connection.write(body.subarray(0, body.length - tail));
    const served = serverSocket()!;
    await vi.waitFor(() => expect(served.bytesRead).toBe(Buffer.byteLength(requestHeadText) + body.length - tail), { timeout: 10_000, interval: 5 });
    await connection.write(body.subarray(body.length - tail));
    const answer = await connection.answer();
    expect(answer?.status).toBe(422);
    expect(JSON.parse(answer!.body).data.errors[c.field]).toEqual([c.messages.en]);
    connection.destroy();
    await vi.waitFor(async () => expect(await app.db.select().from(fileUploads)).toEqual([]));
    expect(await holdings()).toEqual(before);
  });

  it('an upload refused before its body is read (no permission, no login) closes the connection too', async () => {
    await createAdmin(app, { username: `viewer-${storeKind}`, roles: ['viewer'] });
    const viewer = await login(app, `viewer-${storeKind}`, 'Password-123');
    const c = CASES[0]!;
    const { body, contentType } = form(c, 2 * 1024 * 1024);
    for (const [authorization, status] of [[`Bearer ${viewer}`, 403], ['Bearer not-a-token', 200]] as const) {
      const connection = await RawConnection.open(port);
      await connection.write(requestHead(`/api/admin${c.op}`, { 'content-type': contentType, 'content-length': body.length, authorization, lang: 'en' }));
      await connection.write(body.subarray(0, 64 * 1024));
      const answer = await connection.answer();
      expect(answer?.status).toBe(status);
      expect(answer!.headers.connection).toBe('close');
      expect(await connection.ends()).toBe(true);
      connection.destroy();
    }
  });

  it('an image of exactly 5 MB, sent the same way, is stored whole', async () => {
    const c = CASES.find((x) => x.op === '/file/uploadImage')!;
    const { body, contentType } = form(c, FIVE_MB);
    const connection = await RawConnection.open(port);
    await connection.write(head(c, contentType, body.length, 'en'));
    await connection.write(body);
    const answer = await connection.answer();
    expect(answer?.status).toBe(200);
    const url = JSON.parse(answer!.body).data.path as string;
    // A body read to its end keeps its connection: the next request is served on it.
    expect(answer!.headers.connection).not.toBe('close');
    const after = await connectionAfter(connection, answer!, requestHead('/api/admin/file/list', { 'content-type': 'application/json', 'content-length': 2, authorization: `Bearer ${token}` }) + '{}');
    expect(after).toEqual({ closed: false, problem: null });
    connection.destroy();
    const served = await app.inject({ method: 'GET', url });
    expect(served.rawPayload.equals(png(FIVE_MB))).toBe(true);
  });

  it('a cancelled upload is one info line saying so, and leaves nothing behind', async () => {
    const c = CASES[0]!;
    const before = await holdings();
    const mark = log.length;
    const logged = () => log.slice(mark);
    // Cancelled while the file streams, then once the whole file has arrived but the form has not
    // (its directory still to come: the file waits in its pending blob).
    const cuts = [
      { parts: [{ name: 'file', filename: 'half.txt', bytes: text(200 * 1024) }], cutAt: 100 * 1024 },
      { parts: [{ name: 'file', filename: 'pending.txt', bytes: text(1024) }, { name: 'directory', value: 'later' }], cutAt: -30 },
    ];
    for (const [index, cut] of cuts.entries()) {
      const { body, contentType } = multipartBody(cut.parts);
      const connection = await RawConnection.open(port);
      const sent = body.subarray(0, cut.cutAt > 0 ? cut.cutAt : body.length + cut.cutAt);
      await connection.write(head(c, contentType, body.length, 'en'));
      await connection.write(sent);
      const served = serverSocket()!;
      await vi.waitFor(() => expect(served.bytesRead).toBeGreaterThanOrEqual(sent.length), { timeout: 10_000, interval: 5 });
      connection.destroy();
      await vi.waitFor(() => expect(logged().match(/upload cancelled by the client/g)?.length ?? 0).toBe(index + 1), { timeout: 10_000, interval: 10 });
    }
    await vi.waitFor(async () => expect(await app.db.select().from(fileUploads)).toEqual([]));
    const lines = logged()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
    const cancelled = lines.filter((line) => line.msg.startsWith('upload cancelled by the client'));
    expect(cancelled).toHaveLength(2);
    expect(cancelled.every((line) => line.level === 30 && !JSON.stringify(line).includes('stack'))).toBe(true);
    expect(lines.filter((line) => line.level >= 50 || /unhandled/i.test(line.msg))).toEqual([]);
    expect(await holdings()).toEqual(before);
    // The admin's upload slot is free again.
    const { body, contentType } = multipartBody([{ name: 'file', filename: 'after.txt', bytes: text(100) }]);
    const connection = await RawConnection.open(port);
    await connection.write(head(c, contentType, body.length, 'en'));
    await connection.write(body);
    expect(JSON.parse((await connection.answer())!.body)).toMatchObject({ code: 200, data: { path: 'after.txt' } });
    connection.destroy();
  });

  it('no log line holds a byte of any upload, and none is an error', () => {
    // As text, or as a logged Buffer's bytes (the 500 of an import logged its first 100: `"data":[117,115,…]`).
    const bytes = Buffer.from(SECRET);
    for (const form of [SECRET, [...bytes].join(','), bytes.toString('hex'), bytes.toString('base64')]) expect(log).not.toContain(form);
    const lines = log.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('what the log keeps of an unexpected error', () => {
  let app: FastifyInstance;
  let log = '';

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    app = await createTestApp(
      { logger: { level: 'info' } },
      {
        logStream: stream,
        handlers: {
          // As the multipart parser's "file too large" did: an error carrying the upload's part.
          fileUploadImage: async () => {
            throw Object.assign(new Error('request file too large'), { code: 'SOME_PARSER_ERROR', part: { _buf: sheet(200), fields: { note: { value: SECRET } } }, body: SECRET });
          },
        },
      },
    );
  });
  afterAll(() => app?.close());

  it('is its kind, message, code and stack, never the content it carries', async () => {
    const token = await login(app);
    const { body, contentType } = multipartBody([{ name: 'image', filename: 'a.png', bytes: png(100) }]);
    const res = await app.inject({ method: 'POST', url: '/api/admin/file/uploadImage', payload: body, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(500);
    const errorId = res.json().data.errorId as string;
    const line = log.split('\n').find((text) => text.includes(errorId));
    expect(JSON.parse(line!)).toMatchObject({ level: 50, msg: 'unhandled error', err: { type: 'Error', message: 'request file too large', code: 'SOME_PARSER_ERROR' } });
    const bytes = Buffer.from(SECRET);
    for (const form of [SECRET, [...bytes].join(','), bytes.toString('hex'), bytes.toString('base64')]) expect(log).not.toContain(form);
  });

  it('a JSON body over the body limit, still on its way, is refused with the connection closed', async () => {
    const { port } = await listening(app);
    const connection = await RawConnection.open(port);
    const length = app.config.bodyLimit * 4;
    await connection.write(requestHead('/api/admin/login', { 'content-type': 'application/json', 'content-length': length }));
    await connection.write(`{"username":"${'a'.repeat(app.config.bodyLimit + 1024)}`);
    const answer = await connection.answer();
    expect(answer?.status).toBe(413);
    expect(answer!.headers.connection).toBe('close');
    expect(await connection.ends()).toBe(true);
    connection.destroy();
  });
});
