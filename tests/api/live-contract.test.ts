/**
 * The player and display contract, openapi/play-api.yaml: valid OpenAPI 3.1, generated types up to
 * date, operations named after their paths with an x-permission the server knows, the same envelope
 * and error responses as the admin API, and every operation served by a handler (none left 501).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { listOperations, loadPlaySpec } from '@/server/contract/spec';
import { playOperationHandlers } from '@/server/features/index';

const rootDir = fileURLToPath(new URL('../../', import.meta.url));
const yamlText = readFileSync(join(rootDir, 'openapi/play-api.yaml'), 'utf8');
const doc = parse(yamlText, { uniqueKeys: true }) as Record<string, any>;

const camelCasePath = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');

describe('openapi/play-api.yaml', () => {
  it('is a valid OpenAPI 3.1 document served under /api/play', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api/play' }]);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('matches the generated types in openapi/play-api.d.ts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'play-api-'));
    try {
      const generated = join(dir, 'play-api.d.ts');
      const cli = join(rootDir, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      execFileSync(process.execPath, [cli, 'openapi/play-api.yaml', '-o', generated], { cwd: rootDir, stdio: 'pipe' });
      const fresh = readFileSync(generated, 'utf8');
      const committed = readFileSync(join(rootDir, 'openapi/play-api.d.ts'), 'utf8');
      expect(committed === fresh, 'openapi/play-api.d.ts is stale: regenerate it with openapi-typescript').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('names every operation after its path, with the permission the server checks', () => {
    const operations = listOperations(loadPlaySpec());
    expect(Object.fromEntries(operations.map((op) => [op.operationId, op.permission]))).toEqual({
      join: 'public',
      answer: 'player',
      state: 'player',
      ticket: 'player',
      displayExchange: 'public',
      displayState: 'display',
      displayTicket: 'display',
      displayPair: 'public',
      displayPairStatus: 'public',
    });
    for (const op of operations) {
      expect(op.operationId).toBe(camelCasePath(op.path));
      expect(op.method).toBe('POST');
      const operation = doc.paths[op.path].post;
      if (op.permission === 'public') expect(operation.security, op.operationId).toEqual([]);
      else expect(operation.security, op.operationId).toBeUndefined();
      // The answer also says when the server is shutting down (503: nothing stored, send it again).
      const shuttingDown = op.operationId === 'answer' ? ['503'] : [];
      expect(Object.keys(operation.responses).sort(), op.operationId).toEqual(['200', '400', '413', '422', '429', '500', '501', ...shuttingDown]);
      expect(operation.parameters).toEqual([{ $ref: '#/components/parameters/Lang' }]);
      const schema = doc.components.schemas[operation.requestBody.content['application/json'].schema.$ref.split('/').pop()];
      expect(schema.type, `${op.operationId}: flat request schema (Ajv removeAdditional)`).toBe('object');
    }
  });

  it('has a handler for every operation', () => {
    expect(listOperations(loadPlaySpec()).filter((op) => !(op.operationId in playOperationHandlers))).toEqual([]);
  });
});
