/**
 * A small client for API tests: POSTs to /api/admin/<path> with the headers the SPA sends, and
 * checks every JSON response against the contract's schema for that operation and status, so a
 * handler that drifts from openapi/admin-api.yaml fails the test that called it.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadAdminSpec } from '@/server/contract/spec';
import { TEST_ADMIN_PASSWORD } from './app';

const spec = loadAdminSpec() as {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components?: { responses?: Record<string, unknown> };
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(spec as object, 'contract');
const validators = new Map<string, ValidateFunction | null>();

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function responseValidator(path: string, status: number): ValidateFunction | null {
  const key = `${path} ${status}`;
  if (validators.has(key)) return validators.get(key)!;
  const responses = spec.paths[path]?.post?.responses ?? {};
  const statusKey = String(status) in responses ? String(status) : 'default' in responses ? 'default' : null;
  let validator: ValidateFunction | null = null;
  if (statusKey) {
    let ref = `contract#/${pointer('paths', path, 'post', 'responses', statusKey)}`;
    let response = responses[statusKey] as { $ref?: string; content?: Record<string, unknown> };
    if (response.$ref) {
      ref = `contract${response.$ref}`;
      const name = response.$ref.split('/').pop()!;
      response = spec.components!.responses![name] as typeof response;
    }
    if (response.content?.['application/json']) {
      validator = ajv.compile({ $ref: `${ref}/content/${pointer('application/json')}/schema` });
    }
  }
  validators.set(key, validator);
  return validator;
}

export interface CallOptions {
  token?: string | null;
  lang?: 'zh-TW' | 'en';
  cid?: string;
  headers?: Record<string, string>;
}

export interface ApiResult {
  status: number;
  body: { code: number; message: string; data: any };
  headers: LightMyRequestResponse['headers'];
}

export async function call(app: FastifyInstance, path: string, payload: unknown = {}, options: CallOptions = {}): Promise<ApiResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers.lang = options.lang;
  if (options.cid !== undefined) headers.cid = options.cid;
  const res = await app.inject({ method: 'POST', url: `/api/admin${path}`, payload: JSON.stringify(payload), headers });
  return checkedResult(path, res);
}

/** Checks a response of `path` (e.g. a multipart upload sent with app.inject) against the contract. */
export function checkedResult(path: string, res: LightMyRequestResponse): ApiResult {
  const body = res.json();
  const validate = responseValidator(path, res.statusCode);
  if (validate && !validate(body)) {
    throw new Error(`Response of ${path} (HTTP ${res.statusCode}) breaks the contract: ${ajv.errorsText(validate.errors)}\n${res.body}`);
  }
  if (!validate && spec.paths[path]) {
    throw new Error(`The contract describes no HTTP ${res.statusCode} response for ${path}; got ${res.body}`);
  }
  return { status: res.statusCode, body, headers: res.headers };
}

export async function login(app: FastifyInstance, username = 'admin', password = TEST_ADMIN_PASSWORD): Promise<string> {
  const res = await call(app, '/login', { username, password });
  if (res.body.code !== 200) throw new Error(`login as ${username} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token_info.token as string;
}
