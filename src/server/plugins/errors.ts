/**
 * The one place where failures become responses (docs/api-conventions.md, "The envelope"):
 * ApiError and FieldErrors from handlers, Fastify's own errors (bad JSON, body too large, schema
 * validation, unsupported media type), rate limiting, unknown routes, and anything unexpected,
 * which becomes HTTP 500 with an errorId that is logged with the error. Never a stack trace in a reply.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translate, type Lang, type MessageKey } from '../i18n.js';
import { formatDomainMessage } from '../../domain/messages.js';
import { DomainRefusal } from '../lib/domain-errors.js';
import { ApiError, FieldErrors, ResponseCode, type Envelope } from '../lib/envelope.js';
import { PLAIN_TEXT_KEYWORD } from '../contract/plain-text.js';

interface AjvLikeError {
  instancePath?: string;
  keyword: string;
  params?: Record<string, unknown>;
}

/** The pattern for text without control characters, which a schema may still name itself. */
export const CONTROL_CHARACTERS_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';

function fieldName(error: AjvLikeError): string {
  const parts = (error.instancePath ?? '').split('/').filter(Boolean);
  if (error.keyword === 'required' && typeof error.params?.missingProperty === 'string') parts.push(error.params.missingProperty);
  if (error.keyword === 'dependentRequired' && typeof error.params?.missingProperty === 'string') parts.push(error.params.missingProperty);
  return parts.length ? parts.join('.') : 'body';
}

function fieldMessage(error: AjvLikeError, lang: Lang): string {
  const params = error.params ?? {};
  switch (error.keyword) {
    case 'required':
    case 'dependentRequired':
      return translate(lang, 'field.required');
    case 'type': {
      const types = String(params.type ?? '').split(',');
      const names = types.map((type) => translate(lang, typeKey(type)));
      return translate(lang, 'field.type', { type: names.join(lang === 'zh-TW' ? '或' : ' or ') });
    }
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minItems':
    case 'maxItems':
      return translate(lang, `field.${error.keyword}`, { limit: String(params.limit) });
    case 'uniqueItems':
      return translate(lang, 'field.uniqueItems');
    case 'enum':
      return translate(lang, 'field.enum', { values: ((params.allowedValues as unknown[]) ?? []).join(', ') });
    case 'const':
      return translate(lang, 'field.const', { value: String(params.allowedValue) });
    case 'format':
      return translate(lang, 'field.format', { format: String(params.format) });
    case 'pattern':
      // The contract's one pattern for plain text (no control characters) gets a sentence of its own.
      return translate(lang, params.pattern === CONTROL_CHARACTERS_PATTERN ? 'field.controlCharacters' : 'field.pattern');
    case PLAIN_TEXT_KEYWORD:
      // The text rule of every request string (contract/plain-text.ts).
      if (params.problem === 'invalidCharacters') return translate(lang, 'field.invalidCharacters');
      return translate(lang, params.mode === 'multiline' ? 'field.controlCharactersMultiline' : 'field.controlCharacters');
    default:
      return translate(lang, 'field.invalid');
  }
}

function typeKey(type: string): MessageKey {
  switch (type) {
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
    case 'array':
    case 'object':
    case 'null':
      return `type.${type}`;
    default:
      return 'field.invalid';
  }
}

/** Ajv errors → `{field: [messages]}` in the request's language. */
export function fieldErrorsFromValidation(errors: AjvLikeError[], lang: Lang): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const error of errors) {
    // anyOf/oneOf wrappers only repeat what their branches said.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const name = fieldName(error);
    const message = fieldMessage(error, lang);
    const list = (result[name] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
}

/**
 * What the log keeps of an unexpected error: its kind, message, code, stack and causes — never the
 * other properties an error may carry. A parser's error can hold the request's own content (the
 * multipart parser's "file too large" held the upload's part, its bytes and its form fields: a
 * password of an import sheet reached the log that way), and the logger would write them all.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> | string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error.slice(0, 200) : typeof error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  // Without a prototype, the logger's error serializer takes the kind from `name` (not from "Object").
  return Object.assign(Object.create(null) as Record<string, unknown>, {
    name: error.constructor.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    stack: error.stack,
    ...(error.cause !== undefined && depth < 3 ? { cause: loggableError(error.cause, depth + 1) } : {}),
  });
}

/** What a failure answers, wherever the request came from (HTTP, or a WebSocket request frame). */
export interface ErrorReply {
  status: number;
  body: Envelope;
}

/**
 * The envelope of the errors every operation may throw, HTTP or not: ApiError and FieldErrors from
 * handlers, Ajv's validation errors, and anything unexpected (HTTP 500 with an errorId, logged with
 * the error under that id).
 */
export function errorReply(error: unknown, lang: Lang, log: FastifyBaseLogger): ErrorReply {
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: { code: error.code, message: translate(lang, error.messageKey, error.params), data: error.data } };
  }
  if (error instanceof DomainRefusal) {
    return { status: 200, body: { code: ResponseCode.ERROR, message: formatDomainMessage(lang, error.key, error.params), data: null } };
  }
  if (error instanceof FieldErrors) {
    return { status: 422, body: { code: 422, message: translate(lang, 'error.validation'), data: { errors: error.errors } } };
  }
  const validation = (error as { validation?: unknown } | null)?.validation;
  if (Array.isArray(validation)) {
    const errors = fieldErrorsFromValidation(validation as AjvLikeError[], lang);
    return { status: 422, body: { code: 422, message: translate(lang, 'error.validation'), data: { errors } } };
  }
  const errorId = randomUUID();
  log.error({ err: loggableError(error), errorId }, 'unhandled error');
  return { status: 500, body: { code: 500, message: translate(lang, 'error.internal'), data: { errorId } } };
}

/**
 * An error of the multipart parser: @fastify/multipart's own (FST_PARTS_LIMIT, FST_PROTO_VIOLATION,
 * FST_MP_PREMATURE_CLOSE…, each with its 4xx status) or busboy's plain errors about the form's
 * structure ("Unexpected end of multipart data", "File terminated early due to unexpected end of
 * multipart data", "Multipart: Boundary not found").
 */
const MULTIPART_ERROR_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PROTO_VIOLATION', 'FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_MP_PREMATURE_CLOSE']);
const BUSBOY_MESSAGE = /unexpected end of multipart data|^multipart: boundary not found/i;

function isBrokenForm(error: FastifyError): boolean {
  if (typeof error.code === 'string' && MULTIPART_ERROR_CODES.has(error.code)) return true;
  return Object.getPrototypeOf(error) === Error.prototype && BUSBOY_MESSAGE.test(error.message);
}

function send(reply: FastifyReply, status: number, body: Envelope): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

export interface ErrorsOptions {
  /** Serves the SPA for unknown GET paths outside /api (history fallback). */
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
  bodyLimit: number;
}

/**
 * The client went away before its request's body arrived (an upload cancelled, a tab closed, a lost
 * network): whatever failed after that — the parser, the blob store's stream — failed because of it.
 */
function cancelledByClient(request: FastifyRequest): boolean {
  const raw = request.raw;
  return raw.complete === false && (raw.destroyed || raw.socket?.destroyed === true);
}

async function errorsPlugin(app: FastifyInstance, options: ErrorsOptions): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang;
    if (cancelledByClient(request)) {
      // Not a failure of the server: one line that says so, without a stack. The answer below goes
      // nowhere; the handler has already removed what it had stored of the request.
      const kind = request.isMultipart() ? 'upload' : 'request';
      request.log.info({ method: request.method, url: request.url.split('?')[0], reason: error.message.slice(0, 100) }, `${kind} cancelled by the client before its body arrived`);
      return send(reply, 400, { code: 400, message: translate(lang, 'error.badForm', { detail: 'cancelled' }), data: null });
    }
    if (error instanceof ApiError || error instanceof DomainRefusal || error instanceof FieldErrors || error.validation) {
      const { status, body } = errorReply(error, lang, request.log);
      return send(reply, status, body);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, { code: 400, message: translate(lang, 'error.badJson', { detail: error.message }), data: null });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, {
          code: 413,
          message: translate(lang, 'error.payloadTooLarge', { limit: formatBytes(options.bodyLimit) }),
          data: null,
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        // A body the server cannot parse: the contract's 400 (docs/api-conventions.md).
        return send(reply, 400, {
          code: 400,
          message: translate(lang, 'error.unsupportedMediaType', { type: String(request.headers['content-type'] ?? '') }),
          data: null,
        });
      default:
        break;
    }
    if (error.statusCode === 429) {
      return send(reply, 429, { code: 429, message: error.message, data: null });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      // A file over the parser's limit that a handler did not turn into its own 422 (each upload has one).
      return send(reply, 413, { code: 413, message: translate(lang, 'upload.partTooLarge'), data: null });
    }
    if (isBrokenForm(error)) {
      // A multipart form cut off or malformed (the client's fault, never the server's): its limits
      // (413) keep their status, anything else is a 400.
      const status = error.statusCode === 413 ? 413 : 400;
      return send(reply, status, { code: status, message: translate(lang, 'error.badForm', { detail: error.message }), data: null });
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return send(reply, 400, { code: 400, message: translate(lang, 'error.badJson', { detail: error.message }), data: null });
    }
    const { status, body } = errorReply(error, lang, request.log);
    return send(reply, status, body);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing file (a stale hashed asset, an upload) is a 404, not the SPA: only page routes fall back.
    // A file's extension has a letter: /triviaGame/update/1.5 is a page address (the SPA says "no such game").
    const isFile = pathname.startsWith('/assets/') || pathname.startsWith('/files/') || /\.[a-z0-9]*[a-z][a-z0-9]*$/i.test(pathname);
    if (!isApi && !isFile && options.spaFallback && (request.method === 'GET' || request.method === 'HEAD')) {
      return options.spaFallback(request, reply);
    }
    return send(reply, 404, {
      code: 404,
      message: translate(request.lang, 'error.notFound', { method: request.method, url: pathname }),
      data: null,
    });
  });
}

export default fp(errorsPlugin, { name: 'errors', dependencies: ['lang'] });
