/**
 * Image upload (POST /file/uploadImage, field `image`) and serving (GET /files/images/...) as a client
 * meets them: real images are accepted by their bytes whatever their name or declared type, stored
 * under a server-made name and served back with their type, nosniff and a long cache; anything else
 * (HTML, SVG, text renamed .png), a file too large, no login, and any path that does not name a
 * stored image are refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { solidPng } from '@/server/lib/png';
import { createTestApp } from '../support/app';
import { checkedResult, login } from '../support/api';
import { createAdmin } from '../support/fixtures';

let app: FastifyInstance;
let token: string;

// With the built SPA present, as in production: an unknown GET outside /api would get index.html.
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-upload-spa-'));
fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');

beforeAll(async () => {
  app = await createTestApp({ staticDir });
  token = await login(app);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

interface FilePart {
  field?: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

function upload(part: FilePart, options: { token?: string | null; lang?: string } = {}) {
  const boundary = '----lt-upload-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'image'}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const bearer = options.token === undefined ? token : options.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (options.lang) headers.lang = options.lang;
  return app.inject({ method: 'POST', url: '/api/admin/file/uploadImage', payload, headers }).then((res) => checkedResult('/file/uploadImage', res));
}

const png = solidPng(16, 9, [0x40, 0x9e, 0xff]);
// The smallest JPEG start and a GIF/WebP header: the server looks at the bytes, not further.
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest-of-a-jpeg')]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 rest')]);

const imagesDir = () => path.join(app.config.dataDir, 'files', 'images');
const storedFiles = (): string[] =>
  fs.existsSync(imagesDir()) ? fs.readdirSync(imagesDir(), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];

describe('uploading an image', () => {
  it('stores a PNG under a server-made name and serves it back as image/png with nosniff and a long cache', async () => {
    const res = await upload({ filename: '../../../evil name.png', type: 'image/png', bytes: png });
    expect(res.body).toMatchObject({ code: 200 });
    const url = res.body.data.path as string;
    // Kept per company: /files/images/<cid>/<yyyy-mm>/<name>.
    expect(url).toMatch(/^\/files\/images\/1\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    expect(url.slice(16, 23)).toBe(new Date().toISOString().slice(0, 7));

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it.each([
    ['JPEG', jpeg, 'jpg', 'image/jpeg'],
    ['GIF', gif, 'gif', 'image/gif'],
    ['WebP', webp, 'webp', 'image/webp'],
  ])('recognises a %s by its bytes, whatever its name and declared type', async (_kind, bytes, ext, mime) => {
    const res = await upload({ filename: 'holiday.txt', type: 'application/octet-stream', bytes });
    expect(res.body.code).toBe(200);
    expect(res.body.data.path).toMatch(new RegExp(`\\.${ext}$`));
    const served = await app.inject({ method: 'GET', url: res.body.data.path });
    expect(served.headers['content-type']).toBe(mime);
  });

  it.each([
    ['an HTML page renamed .png', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'image/png', 'photo.png'],
    ['an SVG image (it can carry script)', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml', 'logo.svg'],
    ['an SVG renamed .png', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png', 'logo.png'],
    ['a text file renamed .png', 'just some text', 'image/png', 'notes.png'],
    ['an empty file', '', 'image/png', 'empty.png'],
  ])('refuses %s, in both languages, and stores nothing', async (_name, content, type, filename) => {
    const before = storedFiles().length;
    const en = await upload({ filename, type, bytes: Buffer.from(content) });
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      code: 422,
      message: 'Some fields are invalid; please check the marked fields',
      data: { errors: { image: ['Only images can be uploaded (PNG, JPEG, GIF or WebP)'] } },
    });
    const zh = await upload({ filename, type, bytes: Buffer.from(content) }, { lang: 'zh-TW' });
    expect(zh.body.data.errors).toEqual({ image: ['只能上傳圖片（PNG、JPEG、GIF 或 WebP）'] });
    expect(storedFiles().length).toBe(before);
  });

  it('accepts an image of 5 MB and refuses a larger one', async () => {
    const limit = 5 * 1024 * 1024;
    const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    expect((await upload({ filename: 'big.png', type: 'image/png', bytes: padded(limit) })).body.code).toBe(200);
    const before = storedFiles().length;
    const tooBig = await upload({ filename: 'huge.png', type: 'image/png', bytes: padded(limit + 1) });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.data.errors).toEqual({ image: ['The image must not be larger than 5 MB'] });
    const zh = await upload({ filename: 'huge.png', type: 'image/png', bytes: padded(limit + 1) }, { lang: 'zh-TW' });
    expect(zh.body.data.errors).toEqual({ image: ['圖片不可超過 5 MB'] });
    expect(storedFiles().length).toBe(before);
  });

  it('asks for an image when the form has none under `image`', async () => {
    const res = await upload({ field: 'file', filename: 'a.png', type: 'image/png', bytes: png });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({ image: ['Please choose an image'] });
  });

  it('needs a login, and the upload permission', async () => {
    const anonymous = await upload({ filename: 'a.png', type: 'image/png', bytes: png }, { token: null });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ code: 202, message: 'Please log in', data: null });
    await createAdmin(app, { username: 'vivian', password: 'Vivian-password-1', roles: ['viewer'] });
    const viewer = await login(app, 'vivian', 'Vivian-password-1');
    expect((await upload({ filename: 'a.png', type: 'image/png', bytes: png }, { token: viewer })).status).toBe(403);
  });

  it('refuses a JSON body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/file/uploadImage',
      payload: { image: png.toString('base64') },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });
});

describe('serving /files', () => {
  beforeAll(() => {
    // Things on disk that must never be served: outside the images folder, and a name the server did not make.
    fs.mkdirSync(path.join(imagesDir(), '2026-01'), { recursive: true });
    fs.writeFileSync(path.join(app.config.dataDir, 'secret.txt'), 'top secret');
    fs.writeFileSync(path.join(app.config.dataDir, 'files', 'notes.txt'), 'private notes');
    fs.writeFileSync(path.join(imagesDir(), '2026-01', 'planted.png'), png);
    fs.writeFileSync(path.join(imagesDir(), '2026-01', '0123456789abcdef0123456789abcdef.html'), '<script>alert(1)</script>');
  });

  it('still serves an image stored before images were kept per company', async () => {
    fs.writeFileSync(path.join(imagesDir(), '2026-01', 'abcdefabcdefabcdefabcdefabcdefab.png'), png);
    const res = await app.inject({ method: 'GET', url: '/files/images/2026-01/abcdefabcdefabcdefabcdefabcdefab.png' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('leaves other paths to the SPA', async () => {
    const res = await app.inject({ method: 'GET', url: '/triviaGame/index' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it.each([
    '/files/images/../../secret.txt',
    '/files/images/2026-01/../../../secret.txt',
    '/files/images/%2e%2e/%2e%2e/secret.txt',
    '/files/images/2026-01%2f..%2f..%2f..%2fsecret.txt',
    '/files/..%2fsecret.txt',
    '/files/notes.txt',
    '/files/images/2026-01/planted.png',
    '/files/images/2026-01/0123456789abcdef0123456789abcdef.html',
    '/files/images/2026-01/0123456789abcdef0123456789abcdef.png',
    '/files/images/',
    '/files/',
  ])('answers %s with 404 and nothing of the file', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, data: null });
    expect(res.body).not.toContain('top secret');
    expect(res.body).not.toContain('private notes');
    expect(res.body).not.toContain('alert(1)');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
