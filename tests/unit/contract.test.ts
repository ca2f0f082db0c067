/**
 * The contract, openapi/admin-api.yaml: valid OpenAPI 3.1, generated types up to date, every call of
 * the back office (with the paths docs/api-conventions.md names) present, and every operation declaring what the
 * server's access hooks read (docs/api-conventions.md).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const rootDir = fileURLToPath(new URL('../../', import.meta.url));
const yamlPath = fileURLToPath(new URL('../../openapi/admin-api.yaml', import.meta.url));
const dtsPath = fileURLToPath(new URL('../../openapi/admin-api.d.ts', import.meta.url));

const yamlText = readFileSync(yamlPath, 'utf8');
// uniqueKeys (the default) makes a duplicate key a parse error.
const doc = parse(yamlText, { uniqueKeys: true, prettyErrors: true }) as OpenApiDoc;

interface Operation {
  operationId?: string;
  'x-permission'?: string;
  'x-company-scoped'?: boolean;
  'x-audit'?: boolean;
  security?: Record<string, string[]>[];
  parameters?: { $ref?: string }[];
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
  responses?: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
interface OpenApiDoc {
  openapi: string;
  servers: { url: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>>; parameters: Record<string, unknown> };
}

/** Every call the back office makes, at the paths docs/api-conventions.md (The calls) names. */
const EXPECTED_PATHS = [
  // session
  '/login',
  '/logout',
  '/refresh',
  '/info', // user info
  '/me',
  '/ws/ticket', // ticket for the one WebSocket at /api/ws
  // profile and navigation
  '/admin/updateSelf', // profile update
  '/nav', // nav settings list
  '/nav/set/noCache',
  '/nav/set/affix',
  // notifications
  '/notification/list',
  '/notification/detail',
  '/notification/allRead',
  '/notification/unReadCount',
  '/notification/read',
  '/notification/send',
  '/notification/admins',
  // trivia games
  '/triviaGame/list',
  '/triviaGame/create',
  '/triviaGame/update', // game update
  '/triviaGame/delete',
  '/triviaGame/reset', // after a rehearsal (issue 16)
  '/triviaGame/duplicate', // copy a game (issue 16)
  '/triviaGame/detail',
  '/triviaGame/allLevel',
  '/triviaGame/updateLevel', // save levels
  '/triviaGame/getRank',
  '/triviaGame/gameFlow',
  '/triviaGame/control', // co-hosting: request, accept, decline or release control of a live game (issue 21)
  '/triviaGame/rehearsal', // a rehearsal with simulated players from the control screen (issue 21)
  '/triviaGame/autopilot', // pause or resume a game's autopilot (issue 36)
  '/triviaGame/stageMessage', // a title card on the display and the phones (issue 36)
  '/triviaGame/displayCode', // single-use code that opens the quiz display
  '/triviaGame/pairDisplay', // display pairing: bind the display showing a code (issue 16)
  '/triviaGame/unpairDisplay',
  '/triviaGame/displayList',
  '/triviaGame/exportResults', // a game's results as CSV or Excel (issue 7)
  '/triviaGame/venue', // the join address and the server's LAN addresses for the control screen (issue 16)
  '/triviaGame/preflight', // the pre-flight check before the first question (issue 21)
  '/triviaGame/fairPlay', // fair winners (issue 21): flags, disqualification, winners, statistics
  '/triviaGame/disqualify',
  '/triviaGame/requalify',
  '/triviaGame/winners',
  '/triviaGame/showWinners',
  '/triviaGame/questionStats',
  // questions
  '/question/list',
  '/question/detail',
  '/question/create',
  '/question/update',
  '/question/delete',
  '/question/import',
  '/question/importTemplate',
  '/question/export',
  '/question/copy',
  '/question/move',
  '/question/deleteBatch',
  // files
  '/file/download',
  '/file/list',
  '/file/delete',
  '/file/deleteDirectory',
  '/file/makeDirectory',
  '/file/uploadUnPermission',
  '/file/uploadImage',
  '/file/uploadFile',
  // admins
  '/admin/list',
  '/admin/detail',
  '/admin/delete',
  '/admin/create',
  '/admin/update',
  '/admin/syncPermissions',
  '/admin/import',
  '/admin/importTemplate', // the sheet template of /admin/import (issue 15)
  // roles, permissions, companies and the audit trail (docs/accounts.md)
  '/role/list',
  '/role/create',
  '/role/update',
  '/role/delete',
  '/permission/tree',
  '/company/list',
  '/company/create',
  '/company/update',
  '/audit/list',
  '/audit/export',
  // website
  '/website/privacy', // public privacy content
  '/website/privacyDetail',
  '/website/privacyUpdate',
];

/** x-permission of every operation (the brief of the contract; identifiers are seeded in src/server/db/seed-data.ts). */
const PERMISSIONS: Record<string, string[]> = {
  public: ['login', 'refresh', 'websitePrivacy'],
  login: [
    'info',
    'me',
    'wsTicket',
    'logout',
    'adminUpdateSelf',
    'nav',
    'navSetNoCache',
    'navSetAffix',
    'notificationList',
    'notificationDetail',
    'notificationAllRead',
    'notificationUnReadCount',
    'notificationRead',
    'permissionTree',
    'fileUploadUnPermission',
  ],
  'notification.send': ['notificationSend', 'notificationAdmins'],
  'triviaGame.list': ['triviaGameList', 'triviaGameDetail', 'triviaGameAllLevel', 'triviaGameGetRank', 'triviaGameExportResults', 'triviaGameFairPlay', 'triviaGameWinners', 'triviaGameQuestionStats', 'questionList', 'questionDetail', 'questionExport'],
  'triviaGame.edit': [
    'triviaGameCreate',
    'triviaGameUpdate',
    'triviaGameDelete',
    'triviaGameReset',
    'triviaGameDuplicate',
    'triviaGameUpdateLevel',
    'questionCreate',
    'questionUpdate',
    'questionDelete',
    'questionImport',
    'questionImportTemplate',
    'questionCopy',
    'questionMove',
    'questionDeleteBatch',
  ],
  'triviaGame.control': ['triviaGameGameFlow', 'triviaGameControl', 'triviaGameRehearsal', 'triviaGameDisplayCode', 'triviaGamePairDisplay', 'triviaGameUnpairDisplay', 'triviaGameDisplayList', 'triviaGameVenue', 'triviaGamePreflight', 'triviaGameDisqualify', 'triviaGameRequalify', 'triviaGameShowWinners', 'triviaGameAutopilot', 'triviaGameStageMessage'],
  'file.uploadImage': ['fileUploadImage'],
  'file.list': ['fileList', 'fileDownload'],
  'file.edit': ['fileDelete', 'fileDeleteDirectory', 'fileMakeDirectory', 'fileUploadFile'],
  'admin.list': ['adminList', 'adminDetail', 'roleList'],
  'admin.edit': ['adminCreate', 'adminUpdate', 'adminDelete', 'adminSyncPermissions', 'adminImport', 'adminImportTemplate'],
  'role.edit': ['roleCreate', 'roleUpdate', 'roleDelete'],
  'company.list': ['companyList'],
  'company.edit': ['companyCreate', 'companyUpdate'],
  'audit.list': ['auditList', 'auditExport'],
  'website.privacy': ['websitePrivacyDetail', 'websitePrivacyUpdate'],
};

/** Operations the audit trail records (x-audit): every write of the back office, login and logout. */
const AUDITED = [
  'login',
  'logout',
  'adminUpdateSelf',
  'notificationSend',
  'triviaGameCreate',
  'triviaGameUpdate',
  'triviaGameDelete',
  'triviaGameReset',
  'triviaGameDuplicate',
  'triviaGameUpdateLevel',
  'triviaGameGameFlow',
  'triviaGameControl',
  'triviaGameRehearsal',
  'triviaGameAutopilot',
  'triviaGameStageMessage',
  'triviaGameDisplayCode',
  'triviaGamePairDisplay',
  'triviaGameUnpairDisplay',
  'triviaGameDisqualify',
  'triviaGameRequalify',
  'triviaGameShowWinners',
  'questionCreate',
  'questionUpdate',
  'questionDelete',
  'questionImport',
  'questionCopy',
  'questionMove',
  'questionDeleteBatch',
  'fileDelete',
  'fileDeleteDirectory',
  'fileMakeDirectory',
  'fileUploadUnPermission',
  'fileUploadImage',
  'fileUploadFile',
  'adminCreate',
  'adminUpdate',
  'adminDelete',
  'adminSyncPermissions',
  'adminImport',
  'roleCreate',
  'roleUpdate',
  'roleDelete',
  'companyCreate',
  'companyUpdate',
  'websitePrivacyUpdate',
];

/** Downloads: the content types of their code-200 answer (the file, or a JSON error envelope). */
const DOWNLOADS: Record<string, string[]> = {
  '/file/download': ['application/octet-stream', 'application/json'],
  '/triviaGame/exportResults': ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
  '/admin/importTemplate': ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
  '/question/importTemplate': ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
  '/question/export': ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
  '/audit/export': ['text/csv', 'application/json'],
};

/** multipart/form-data uploads and their file fields. */
const MULTIPART: Record<string, string[]> = {
  '/file/uploadImage': ['image'],
  '/file/uploadFile': ['file', 'directory', 'replace'],
  '/file/uploadUnPermission': ['file', 'directory', 'replace'],
  '/admin/import': ['file', 'dry_run'],
  '/question/import': ['file', 'trivia_game_id', 'dry_run'],
};

const camelCasePath = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');

const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);

const isCompanyScoped = (operationId: string) =>
  /^(triviaGame|question|notification|file|admin|website|audit)/.test(operationId) && !['adminUpdateSelf', 'adminImportTemplate', 'questionImportTemplate'].includes(operationId);

const schemaOf = (ref: string | undefined) => {
  expect(ref, 'request schemas are $refs to components/schemas').toMatch(/^#\/components\/schemas\//);
  return doc.components.schemas[ref!.split('/').pop()!]!;
};

describe('openapi/admin-api.yaml', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api/admin' }]);
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('matches the generated types in openapi/admin-api.d.ts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-api-'));
    try {
      const generated = join(dir, 'admin-api.d.ts');
      // Exactly what `npm run gen:api` runs, from the repo root.
      const cli = join(rootDir, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      execFileSync(process.execPath, [cli, 'openapi/admin-api.yaml', '-o', generated], { cwd: rootDir, stdio: 'pipe' });
      const fresh = readFileSync(generated, 'utf8');
      const committed = readFileSync(dtsPath, 'utf8');
      expect(committed === fresh, 'openapi/admin-api.d.ts is stale: run `npm run gen:api` and commit the result').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('describes every call the back office makes, all as POST, and nothing else', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([...EXPECTED_PATHS].sort());
    for (const path of EXPECTED_PATHS) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(['post']);
    }
  });

  it('names every operation after its path, with Lang and Cid headers and an allowed x-permission', () => {
    const publicIds: string[] = [];
    for (const { path, operation } of operations) {
      const id = operation.operationId;
      expect(id, path).toBe(camelCasePath(path));
      const permission = operation['x-permission'];
      expect(
        permission === 'public' || permission === 'login' || /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/.test(permission ?? ''),
        `${path}: x-permission ${String(permission)}`,
      ).toBe(true);
      if (permission === 'public') publicIds.push(id!);
      const refs = (operation.parameters ?? []).map((p) => p.$ref);
      expect(refs, path).toContain('#/components/parameters/Lang');
      expect(refs, path).toContain('#/components/parameters/Cid');
    }
    expect(publicIds.sort()).toEqual(['login', 'refresh', 'websitePrivacy']);
    expect(new Set(operations.map((o) => o.operation.operationId)).size).toBe(operations.length);
  });

  it('gives every operation its permission, company scope and security', () => {
    const expected = new Map(Object.entries(PERMISSIONS).flatMap(([permission, ids]) => ids.map((id) => [id, permission] as const)));
    expect(expected.size).toBe(EXPECTED_PATHS.length);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const { operation } of operations) {
      const id = operation.operationId!;
      expect(operation['x-permission'], id).toBe(expected.get(id));
      expect(operation['x-company-scoped'], id).toBe(isCompanyScoped(id));
      expect(operation['x-audit'] ?? false, `${id} x-audit`).toBe(AUDITED.includes(id));
      if (operation['x-permission'] === 'public') expect(operation.security, id).toEqual([]);
      else expect(operation.security, `${id} uses the global bearerAuth`).toBeUndefined();
    }
  });

  it('answers with the envelope and the shared error responses', () => {
    for (const { path, operation } of operations) {
      const responses = operation.responses ?? {};
      const codes = Object.keys(responses);
      for (const code of ['200', '400', '403', '413', '422', '429', '500', '501']) expect(codes, path).toContain(code);
      if (operation['x-permission'] !== 'public') expect(codes, path).toContain('401');
      for (const code of codes.filter((c) => c !== '200')) {
        expect(responses[code]!.$ref, `${path} ${code}`).toMatch(/^#\/components\/responses\/[A-Za-z]+$/);
      }
      const content = Object.keys(responses['200']!.content ?? {});
      expect(content, path).toEqual(DOWNLOADS[path] ?? ['application/json']);
    }
  });

  it('takes JSON bodies, except the multipart uploads, with flat request schemas', () => {
    for (const { path, operation } of operations) {
      const content = operation.requestBody?.content ?? {};
      const multipartFields = MULTIPART[path];
      expect(Object.keys(content), path).toEqual([multipartFields ? 'multipart/form-data' : 'application/json']);
      const schema = schemaOf(Object.values(content)[0]!.schema?.$ref);
      // The server validates with Ajv removeAdditional: 'all', which would strip the fields of one
      // allOf/oneOf/anyOf branch while checking another: request schemas must be plain objects.
      expect(schema.type, path).toBe('object');
      for (const keyword of ['allOf', 'oneOf', 'anyOf']) expect(schema[keyword], `${path} ${keyword}`).toBeUndefined();
      if (multipartFields) expect(Object.keys(schema.properties as object).sort(), path).toEqual([...multipartFields].sort());
    }
  });
});
