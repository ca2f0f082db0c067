/**
 * Compressed answers (plugins/compression.ts, plugins/spa.ts, the build's precompression in
 * vite.config.ts), against the production build in dist/ (`npm test` builds it first; E2E_DIST names
 * another folder): a hashed asset goes out as brotli or gzip as the browser asks, or as it is, always the
 * same bytes once decoded, cached for a year; the HTML pages are compressed but never cached; a large
 * JSON list is compressed on the fly and a small one is not; a stored file downloaded (streamed as
 * application/octet-stream) and a spreadsheet (already compressed) go out as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { createCompany } from '../support/fixtures';

const DIST_DIR = path.resolve(process.env.E2E_DIST || 'dist');

function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload);
  expect(encoding ?? 'identity').toBe('identity');
  return res.rawPayload;
}

describe('compressed answers', () => {
  let app: FastifyInstance;
  let token: string;
  let entryScript: string;

  beforeAll(async () => {
    const manifestFile = path.join(DIST_DIR, '.vite', 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npx vite build\` first (npm test does)`);
    entryScript = (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>)['index.html']!.file;
    app = await createTestApp({ staticDir: DIST_DIR });
    token = await login(app);
  });
  afterAll(() => app?.close());

  const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a hashed asset as brotli, gzip or as it is, the same bytes each way, cached for a year', async () => {
    const original = fs.readFileSync(path.join(DIST_DIR, entryScript));
    const cases: Array<[string | undefined, string | undefined]> = [
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await get(`/${entryScript}`, accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(res.headers['content-type'], String(accept)).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control'], String(accept)).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary), String(accept)).toMatch(/accept-encoding/i);
      expect(decoded(res).equals(original), String(accept)).toBe(true);
      if (expected) expect(res.rawPayload.length, String(accept)).toBeLessThan(original.length / 2);
    }
  });

  it('compresses the HTML pages, also as the fallback of a client route, and never caches them', async () => {
    const page = fs.readFileSync(path.join(DIST_DIR, 'index.html'));
    for (const url of ['/', '/dashboard', '/triviaGame/index']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res).equals(page), url).toBe(true);
    }
  });

  it('compresses a large JSON list, and leaves a small one as it is', async () => {
    for (let i = 1; i <= 30; i++) await createCompany(app, `Compression test company ${i} with a fairly long name`);
    const list = (acceptEncoding: string, url: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin${url}`,
        payload: JSON.stringify({ page: 1, limit: 100, order: 'asc', sort: 'id' }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding },
      });

    const large = await list('gzip, deflate, br', '/company/list');
    expect(large.headers['content-encoding']).toBe('br');
    expect(String(large.headers.vary)).toMatch(/accept-encoding/i);
    const body = JSON.parse(decoded(large).toString('utf8'));
    expect(body.code).toBe(200);
    expect(body.data.list.length).toBeGreaterThanOrEqual(30);
    expect(decoded(large).length).toBeGreaterThan(1024);
    expect(large.rawPayload.length).toBeLessThan(decoded(large).length / 3);

    const gzipped = await list('gzip', '/company/list');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzipped).toString('utf8'))).toEqual(body);

    const plain = await list('identity', '/company/list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);

    const small = await list('gzip, deflate, br', '/notification/list');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(200);
  });

  it('sends a spreadsheet, already compressed, as it is', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/admin/importTemplate',
      payload: JSON.stringify({ format: 'xlsx' }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK'); // the workbook itself, a zip
  });

  it('streams a downloaded file as it is, with its length, however compressible', async () => {
    const csv = Buffer.from(`name,email\n${'Ada Lovelace,ada@example.com\n'.repeat(400)}`);
    const boundary = '----compression-test';
    const form = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="guests.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      csv,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { authorization: `Bearer ${token}`, lang: 'en' };
    const uploaded = await app.inject({ method: 'POST', url: '/api/admin/file/uploadFile', payload: form, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(uploaded.json()).toMatchObject({ code: 200, data: { path: 'guests.csv' } });

    const got = await app.inject({
      method: 'POST',
      url: '/api/admin/file/download',
      payload: JSON.stringify({ path: 'guests.csv' }),
      headers: { ...headers, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-encoding']).toBeUndefined();
    expect(got.headers['content-length']).toBe(String(csv.length));
    expect(got.rawPayload.equals(csv)).toBe(true);
  });
});
