/**
 * The response envelope `{code, message, data}` and the errors that become one (docs/api-conventions.md).
 * Handlers throw these errors; the one error handler (plugins/errors.ts) turns them into responses.
 */
import type { MessageKey } from '../i18n.js';

export const ResponseCode = {
  OK: 200,
  ERROR: 201,
  NEED_LOGIN: 202,
  SESSION_REPLACED: 430,
} as const;

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

type Params = Record<string, string | number>;

/** An error with a known meaning for the client: HTTP status, body code, message key, data. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params: Params = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

/** Code 201: a business rule refused the request; the message is shown to the user. */
export const businessError = (key: MessageKey, params?: Params) => new ApiError(200, ResponseCode.ERROR, key, params);
export const needLogin = () => new ApiError(200, ResponseCode.NEED_LOGIN, 'error.needLogin');
export const sessionReplaced = () => new ApiError(401, ResponseCode.SESSION_REPLACED, 'error.sessionReplaced');
export const tokenExpired = () => new ApiError(401, 401, 'error.tokenExpired');
export const forbidden = (key: MessageKey = 'error.forbidden') => new ApiError(403, 403, key);
export const recordNotFound = () => new ApiError(404, 404, 'error.recordNotFound');
export const notImplemented = (operation: string) =>
  new ApiError(501, 501, 'error.notImplemented', { operation }, { operation_id: operation });

/** HTTP 422 with messages per field; messages are already in the request's language. */
export class FieldErrors extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('validation failed');
    this.name = 'FieldErrors';
  }
}

/** A successful result with a message the SPA shows (e.g. 公佈排名成功); plain return values get 'OK'. */
export class Success<T = unknown> {
  constructor(
    readonly data: T,
    readonly messageKey: MessageKey,
    readonly params: Params = {},
  ) {}
}

export const success = <T>(data: T, key: MessageKey, params?: Params) => new Success(data, key, params);
