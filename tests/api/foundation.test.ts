/**
 * The foundation as a client sees it: the envelope and error catalogue (docs/api-conventions.md),
 * messages in the request's language, the contract as the only source of /api routes, the 501s of
 * unfinished operations, security headers, the SPA's history fallback, and the seed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listOperations, loadAdminSpec, loadPlaySpec } from '@/server/contract/spec';
import { operationHandlers } from '@/server/features/index';
import { verifyPassword } from '@/server/lib/password';
import { admins } from '@/server/db/schema';
import { createTestApp, TEST_ADMIN_PASSWORD } from '../support/app';
import { login } from '../support/api';
import { sampleFromSchema } from '../support/sample';

/** A multipart body with a small text file under `file`/`image` and short values for other fields. */
function multipartBody(fields: string[], token: string) {
  const boundary = '----lt-test-boundary';
  const parts = fields.map((name) =>
    name === 'file' || name === 'image'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`,
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    payload: `${parts.join('')}--${boundary}--\r\n`,
  };
}

const post = (app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: body as object, headers: { 'content-type': 'application/json', ...headers } });

describe('envelope and error catalogue', () => {
  let app: FastifyInstance;
  const log = new PassThrough();
  let logText = '';
  log.on('data', (chunk: Buffer) => (logText += chunk.toString()));

  beforeAll(async () => {
    app = await createTestApp(
      {},
      {
        logStream: log,
        handlers: {
          // A handler that fails unexpectedly, to see what a client gets.
          login: async () => {
            throw new Error('database exploded at /secret/path/file.ts:12');
          },
        },
      },
    );
  });
  afterAll(() => app.close());

  it('answers an unknown API route with a 404 envelope in the request language', async () => {
    const en = await post(app, '/api/admin/no/such/thing', {});
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 404, message: 'Not found: POST /api/admin/no/such/thing', data: null });
    const zh = await post(app, '/api/admin/no/such/thing', {}, { Lang: 'zh-TW' });
    expect(zh.json().message).toBe('找不到 POST /api/admin/no/such/thing');
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: '{"username": "admin", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^The request body is not valid JSON/);
    expect(body.data).toBeNull();
  });

  it('answers a body that breaks the schema with 422 and messages per field, in both languages', async () => {
    const en = await post(app, '/api/admin/login', { username: 42 });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toMatchObject({
      code: 422,
      message: 'Some fields are invalid; please check the marked fields',
      data: { errors: { username: ['Must be a string'], password: ['This field is required'] } },
    });
    const zh = await post(app, '/api/admin/login', { username: 42 }, { Lang: 'zh-TW' });
    expect(zh.json().data.errors).toEqual({ username: ['格式錯誤，應為文字'], password: ['此欄位必填'] });
    expect(zh.json().message).toBe('輸入的資料有誤，請檢查標示的欄位');
  });

  it('answers an oversized body with a 413 envelope', async () => {
    const res = await post(app, '/api/admin/login', { username: 'a'.repeat(2 * 1024 * 1024), password: 'x' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, message: 'The request is too large (limit 1 MB)', data: null });
  });

  it('turns an unexpected failure into a 500 with an errorId that is logged, and no internals', async () => {
    const res = await post(app, '/api/admin/login', { username: 'admin', password: 'hunter2-secret' }, { authorization: 'Bearer abc.def.ghi' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 500, message: 'Something went wrong on the server' });
    expect(body.data.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain('exploded');
    expect(res.body).not.toContain('/secret/path');
    await new Promise((resolve) => setImmediate(resolve));
    expect(logText).toContain(body.data.errorId);
    expect(logText).toContain('database exploded');
    // Nothing logs a token or a password.
    expect(logText).not.toContain('hunter2-secret');
    expect(logText).not.toContain('abc.def.ghi');
  });

  it('sets security headers with a CSP that allows no inline script', async () => {
    const res = await post(app, '/api/admin/no/such/thing', {});
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('the contract is the only source of API routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('registers exactly the contract operations under /api', () => {
    // GET /api/ws is the one WebSocket (docs/api-conventions.md); its ticket comes from the contract's /ws/ticket.
    // The API reference and the raw contracts (plugins/api-docs.ts) are pages about the API, not operations.
    const documentation = (route: string) => / \/api\/(docs|openapi)(\/|$)/.test(route);
    const routes = app.registeredRoutes.filter((route) => / \/api(\/|$)/.test(route) && !route.startsWith('HEAD ') && route !== 'GET /api/ws' && !documentation(route));
    const contract = [
      ...listOperations().map((op) => `${op.method} /api/admin${op.path}`),
      // The player and display API of the live game (openapi/play-api.yaml).
      ...listOperations(loadPlaySpec()).map((op) => `${op.method} /api/play${op.path}`),
    ];
    expect(routes.sort()).toEqual(contract.sort());
  });

  it('answers every operation that no capability implements yet with a visible 501', async () => {
    const token = await login(app);
    const pending = listOperations().filter((op) => !(op.operationId in operationHandlers));
    console.log(`Operations pending (HTTP 501): ${pending.length} of ${listOperations().length}\n  ${pending.map((op) => op.operationId).join('\n  ')}`);
    const spec = loadAdminSpec() as Record<string, any>;
    for (const op of pending) {
      // The smallest body the contract accepts, so the request reaches the (missing) handler.
      let requestBody = spec.paths[op.path].post.requestBody;
      if (requestBody?.$ref) requestBody = spec.components.requestBodies[requestBody.$ref.split('/').pop()];
      const jsonSchema = requestBody?.content?.['application/json']?.schema;
      const formSchema = requestBody?.content?.['multipart/form-data']?.schema;
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin${op.path}`,
        ...(formSchema
          ? multipartBody(Object.keys(formSchema.properties ?? {}), token)
          : {
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              payload: JSON.stringify(jsonSchema ? sampleFromSchema(jsonSchema, spec) : {}),
            }),
      });
      expect(res.statusCode, `${op.operationId}: ${res.body}`).toBe(501);
      expect(res.json()).toMatchObject({ code: 501, data: { operation_id: op.operationId } });
      expect(res.json().message).toContain(op.operationId);
    }
  });
});

describe('seed', () => {
  it('creates company 1, the roles and the super admin with an argon2id hash of ADMIN_PASSWORD', async () => {
    const app = await createTestApp();
    try {
      const [admin] = await app.db.select().from(admins);
      expect(admin?.username).toBe('admin');
      expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(admin!.passwordHash, TEST_ADMIN_PASSWORD)).toBe(true);
      expect(app.seedResult).toEqual({ generatedAdminPassword: null, createdAdmin: true });
    } finally {
      await app.close();
    }
  });

  it('generates a password when none is configured, never a fixed default', async () => {
    const first = await createTestApp({ adminPassword: null });
    const second = await createTestApp({ adminPassword: null });
    try {
      const a = first.seedResult.generatedAdminPassword;
      const b = second.seedResult.generatedAdminPassword;
      expect(a).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(b).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(a).not.toBe(b);
      const [admin] = await first.db.select().from(admins);
      expect(await verifyPassword(admin!.passwordHash, a!)).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('the built SPA', () => {
  it('is served with a history fallback, while unknown API paths stay JSON 404s', async () => {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-spa-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = await createTestApp({ staticDir });
    try {
      // A bad game id that looks like a number with a dot is still a page (the SPA says the game does not exist).
      for (const url of ['/', '/dashboard', '/triviaGame/start/3?x=1', '/triviaGame/update/1.5']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const missingAsset = await app.inject({ method: 'GET', url: '/assets/app-old999.js' });
      expect(missingAsset.statusCode).toBe(404);
      const missingFile = await app.inject({ method: 'GET', url: '/favicon-old.png' });
      expect(missingFile.statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: '/api/admin/whatever' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
  });

  it('serves the player page under /play and the quiz display under /quiz, without a referrer', async () => {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-spa-'));
    for (const page of ['index', 'play', 'quiz']) fs.writeFileSync(path.join(staticDir, `${page}.html`), `<!doctype html><title>${page}</title>`);
    const app = await createTestApp({ staticDir });
    try {
      const pages: Record<string, string> = {
        '/play': 'play',
        '/play/': 'play',
        '/play?pin=123456': 'play',
        '/quiz?token=abc&company_id=1&trivia_game_id=2': 'quiz',
        '/quizzes': 'index',
        '/player': 'index',
        '/triviaGame/index': 'index',
      };
      for (const [url, page] of Object.entries(pages)) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<title>${page}</title>`);
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      }
    } finally {
      await app.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

describe('content types', () => {
  it('answers a body of a type the operation does not take with a 400 envelope', async () => {
    const app = await createTestApp();
    try {
      const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: 'username=admin', headers: { 'content-type': 'text/plain' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'Unsupported content type: text/plain', data: null });
    } finally {
      await app.close();
    }
  });
});

describe('plain text', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('refuses control characters in plain-text fields under the field, in both languages', async () => {
    const token = await login(app);
    const auth = { authorization: `Bearer ${token}` };
    for (const [path, body, field] of [
      ['/api/admin/company/create', { name: 'Bad\u0000name' }, 'name'],
      ['/api/admin/role/list', { page: 1, limit: 10, keyword: 'line\nbreak' }, 'keyword'],
      ['/api/admin/admin/create', { username: 'ok.user', name: 'Tab\there', email: 'a@example.com', password: 'Password-1', roles: [], status: 1 }, 'name'],
    ] as const) {
      const en = await post(app, path, body, auth);
      expect(en.statusCode, path).toBe(422);
      expect(en.json().data.errors[field], path).toEqual(['Must not contain control characters (such as a line break or NUL)']);
      const zh = await post(app, path, body, { ...auth, Lang: 'zh-TW' });
      expect(zh.json().data.errors[field], path).toEqual(['不可包含控制字元（例如換行或 NUL）']);
    }
  });
});
