/**
 * The API reference (plugins/api-docs.ts): /api/docs answers Swagger UI's page with every file it needs
 * served by the app itself (nothing from another site), under the app's own Content-Security-Policy;
 * the page lists both contracts; the raw contracts answer at /api/openapi/*.yaml with every operation of
 * openapi/; an unknown path under /api still answers the JSON 404 envelope.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { adminSpecPath, listOperations, loadAdminSpec, loadPlaySpec, playSpecPath } from '@/server/contract/spec';
import { securityHeaders } from '@/server/plugins/security';
import { createTestApp } from '../support/app';

describe('API reference', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('answers /api/docs with a page whose scripts and styles all come from this server', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(securityHeaders()['content-security-policy']);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.filter((url) => url.endsWith('.js'))).toHaveLength(3);
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/); // no inline script
    for (const url of assets) {
      expect(url, url).toMatch(/^\/api\/docs\/static\//);
      const asset = await get(url);
      expect(asset.statusCode, url).toBe(200);
      expect(asset.rawPayload.length, url).toBeGreaterThan(0);
    }
    for (const url of assets) {
      const asset = await get(url);
      expect(asset.body, url).not.toMatch(/https?:\/\/(?:unpkg\.com|cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com|fonts\.googleapis\.com)/);
    }
  });

  it('lists both contracts in the page, by the addresses that serve them', async () => {
    const initializer = await get('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('"/api/openapi/admin-api.yaml"');
    expect(initializer.body).toContain('"/api/openapi/play-api.yaml"');
  });

  it('serves the contracts as written, with every operation', async () => {
    for (const [url, file, spec] of [
      ['/api/openapi/admin-api.yaml', adminSpecPath, loadAdminSpec()],
      ['/api/openapi/play-api.yaml', playSpecPath, loadPlaySpec()],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/yaml/);
      expect(res.body, url).toBe(fs.readFileSync(file, 'utf8'));
      const served = parse(res.body) as Record<string, unknown>;
      const operationIds = listOperations(spec).map((operation) => operation.operationId);
      expect(operationIds.length, url).toBeGreaterThan(5);
      expect(listOperations(served).map((operation) => operation.operationId), url).toEqual(operationIds);
      for (const id of operationIds) expect(res.body, `${url} ${id}`).toContain(`operationId: ${id}`);
    }
  });

  it("answers Swagger UI's own JSON with the back office's contract", async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(listOperations(res.json())).toEqual(listOperations(loadAdminSpec()));
  });

  it('keeps the JSON 404 envelope for an unknown path under /api and under /api/docs', async () => {
    for (const url of ['/api/nothing-here', '/api/docs/static/nothing.js', '/api/openapi/other.yaml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 404 });
    }
  });
});
