/**
 * The contract documents, loaded once, and what the server needs to know about their operations.
 * openapi/admin-api.yaml (the back office, /api/admin) and openapi/play-api.yaml (players and the
 * quiz display, /api/play) are the single source of truth for routes (docs/api-conventions.md).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ADMIN_API_PREFIX = '/api/admin';

export const PLAY_API_PREFIX = '/api/play';

export const adminSpecPath = fileURLToPath(new URL('../../../openapi/admin-api.yaml', import.meta.url));
export const playSpecPath = fileURLToPath(new URL('../../../openapi/play-api.yaml', import.meta.url));

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  permission: string;
  companyScoped: boolean;
  /** x-audit: the audit trail records the operation (features/audit). */
  audit: boolean;
}

type SpecOperation = { operationId?: string; 'x-permission'?: string; 'x-company-scoped'?: boolean; 'x-audit'?: boolean };

const cache = new Map<string, Record<string, unknown>>();

function loadSpec(file: string): Record<string, unknown> {
  let spec = cache.get(file);
  if (!spec) cache.set(file, (spec = parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>));
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
      });
    }
  }
  return result;
}
