/**
 * The contract documents, loaded once, and what the server needs to know about their operations.
 * openapi/admin-api.yaml (the back office, /api/admin) and openapi/play-api.yaml (players and the
 * quiz display, /api/play) are the single source of truth for routes (docs/api-conventions.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { bundled, contractFolder } from '../runtime-files.js';

export const ADMIN_API_PREFIX = '/api/admin';

export const PLAY_API_PREFIX = '/api/play';

export const adminSpecPath = path.join(contractFolder, 'admin-api.yaml');
export const playSpecPath = path.join(contractFolder, 'play-api.yaml');

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  permission: string;
  companyScoped: boolean;
  /** x-audit: the audit trail records the operation (features/audit). */
  audit: boolean;
  /** x-cache-tables (with x-cache-per-admin, x-cache-access): the read cache keeps its answers (features/read-cache). */
  cache?: CacheDeclaration;
}

/**
 * A cached read, as the contract declares it (docs/api-conventions.md): the tables its answer is read
 * from (`x-cache-tables`, each watched by a change trigger), whether the answer is the calling admin's
 * own (`x-cache-per-admin`) and whether it shows the caller's access (`x-cache-access`).
 */
export interface CacheDeclaration {
  tables: string[];
  perAdmin: boolean;
  access: boolean;
}

type SpecOperation = {
  operationId?: string;
  'x-permission'?: string;
  'x-company-scoped'?: boolean;
  'x-audit'?: boolean;
  'x-cache-tables'?: unknown;
  'x-cache-per-admin'?: unknown;
  'x-cache-access'?: unknown;
};

/** The operation's cache declaration, if any; a malformed one throws (the server does not start). */
function cacheDeclaration(operationId: string, operation: SpecOperation): CacheDeclaration | undefined {
  const tables = operation['x-cache-tables'];
  const perAdmin = operation['x-cache-per-admin'];
  const access = operation['x-cache-access'];
  if (tables === undefined) {
    if (perAdmin !== undefined || access !== undefined) throw new Error(`${operationId}: x-cache-per-admin and x-cache-access need x-cache-tables`);
    return undefined;
  }
  if (!Array.isArray(tables) || tables.length === 0 || !tables.every((table) => typeof table === 'string' && table !== '') || new Set(tables).size !== tables.length) {
    throw new Error(`${operationId}: x-cache-tables must list table names, each once`);
  }
  for (const [name, value] of [['x-cache-per-admin', perAdmin], ['x-cache-access', access]] as const) {
    if (value !== undefined && typeof value !== 'boolean') throw new Error(`${operationId}: ${name} must be true or false`);
  }
  return { tables: tables as string[], perAdmin: perAdmin === true, access: access === true };
}

const cache = new Map<string, Record<string, unknown>>();

/** The YAML document, or in the compiled server the JSON the build parsed it into (src/server/runtime-files.ts). */
function readSpec(file: string): Record<string, unknown> {
  if (bundled) return JSON.parse(fs.readFileSync(file.replace(/\.yaml$/, '.json'), 'utf8')) as Record<string, unknown>;
  return parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function loadSpec(file: string): Record<string, unknown> {
  let spec = cache.get(file);
  if (!spec) cache.set(file, (spec = readSpec(file)));
  // Callers (the glue) may mutate what they get: hand out a copy.
  return structuredClone(spec);
}

export const loadAdminSpec = (): Record<string, unknown> => loadSpec(adminSpecPath);
export const loadPlaySpec = (): Record<string, unknown> => loadSpec(playSpecPath);

export function listOperations(spec: Record<string, unknown> = loadAdminSpec()): OperationInfo[] {
  const paths = (spec.paths ?? {}) as Record<string, Record<string, SpecOperation>>;
  const result: OperationInfo[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== 'object' || !operation.operationId) continue;
      result.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        permission: operation['x-permission'] ?? 'login',
        companyScoped: operation['x-company-scoped'] === true,
        audit: operation['x-audit'] === true,
        cache: cacheDeclaration(operation.operationId, operation),
      });
    }
  }
  return result;
}
