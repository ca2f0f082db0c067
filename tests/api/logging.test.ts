/**
 * What the server writes to its log: at the default level a rehearsal's thousands of requests write no
 * line each (request lines are debug), a refusal worth a look (429, 5xx) is a warning, every line a
 * request writes carries its id, and the response's x-request-id header names that id.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, TEST_ADMIN_PASSWORD } from '../support/app';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  url?: string;
  status?: number;
}

function captureLog() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return {
    stream,
    async lines(): Promise<LogLine[]> {
      await new Promise((resolve) => setImmediate(resolve));
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine);
    },
  };
}

const login = (app: FastifyInstance, password: string) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password }, headers: { 'content-type': 'application/json' } });

describe('request log at the default level (info)', () => {
  let app: FastifyInstance;
  const log = captureLog();
  beforeAll(async () => {
    app = await createTestApp({ logger: { level: 'info' }, loginAttemptsPerMinute: 2 }, { logStream: log.stream });
  });
  afterAll(() => app.close());

  it('writes no line for ordinary requests, a warning with the request id for a 429', async () => {
    const ok = await login(app, TEST_ADMIN_PASSWORD);
    expect(ok.json().code).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/admin/no-such' })).statusCode).toBe(404);
    expect((await log.lines()).filter((line) => line.msg === 'request completed')).toEqual([]);

    let refused;
    for (let attempt = 0; attempt < 5; attempt++) {
      refused = await login(app, 'wrong password');
      if (refused.statusCode === 429) break;
    }
    expect(refused?.statusCode).toBe(429);
    const requestId = refused?.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const warnings = (await log.lines()).filter((line) => line.msg === 'request completed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, reqId: requestId, url: '/api/admin/login', status: 429 });
  });

  it('gives every response its own request id', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/admin/no-such' });
    const second = await app.inject({ method: 'GET', url: '/api/admin/no-such', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect(second.headers['x-request-id']).not.toBe('chosen-by-client');
  });
});

describe('request log at debug', () => {
  let app: FastifyInstance;
  const log = captureLog();
  beforeAll(async () => {
    app = await createTestApp({ logger: { level: 'debug' } }, { logStream: log.stream });
  });
  afterAll(() => app.close());

  it('writes one line per request with its id, status and path without the query', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/no-such?ticket=secret-ticket' });
    const lines = (await log.lines()).filter((line) => line.msg === 'request completed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 20, reqId: res.headers['x-request-id'], url: '/api/admin/no-such', status: 404 });
    expect(JSON.stringify(lines)).not.toContain('secret-ticket');
  });
});
