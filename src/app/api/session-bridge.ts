/**
 * The API client's line to the session actor. The token belongs to the session, not to a cookie: the
 * session feature plugs itself in with `connectSession`, and this module only knows the
 * `SessionBridge` shape (it never imports a feature). Requests that met an expired token wait here,
 * keyed by request id, until the session answers through `settleRetries` (its `notifyRetries`
 * action) with the token to replay with or the error to reject with: one refresh for any number of
 * waiting requests.
 */
import i18n from 'i18next';
import type { RetryNotice } from '@machines/session/types';
import { ApiError } from './api';

/** What the API client needs from the session; the session feature implements it. */
export interface SessionBridge {
  /** The access token to send, or null. */
  token(): string | null;
  /** A response carried a new token (`api.tokenRenewed`). */
  tokenRenewed(token: string): void;
  /**
   * A request failed with HTTP 401 (`api.tokenExpired`). The session answers later, through
   * `settleRetries`, with the token to replay with or the error to reject with.
   */
  tokenExpired(requestId: string, sentToken: string | undefined): void;
  /** Body code 202 (`api.needLogin`). */
  needLogin(message: string): void;
  /** Body code 430, after the user confirmed (`api.sessionReplaced`). */
  sessionReplaced(message: string): void;
}

let bridge: SessionBridge | null = null;

/** Plugs the session in (or out, with null: then no token is sent and nothing is reported). */
export function connectSession(next: SessionBridge | null): void {
  bridge = next;
}

export function connectedSession(): SessionBridge | null {
  return bridge;
}

/** Reads `Bearer <token>` or a bare token. */
export function tokenFromHeader(header: string | null): string | null {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

/** A new token in a response's `authorization` header goes to the session (`api.tokenRenewed`). */
export function takeRenewedToken(response: Response): void {
  const token = tokenFromHeader(response.headers.get('authorization'));
  if (token) bridge?.tokenRenewed(token);
}

interface Waiter {
  resolve: (token: string) => void;
  reject: (error: ApiError) => void;
}
const waiting = new Map<string, Waiter>();
let retrySequence = 0;

/** Tells the session a request failed with 401; resolves with the token to replay with. */
export function waitForRefresh(sentToken: string | undefined): Promise<string> {
  const session = connectedSession();
  if (!session) return Promise.reject(new ApiError('tokenExpired', i18n.t('api.tokenExpired'), { status: 401, code: 401 }));
  retrySequence += 1;
  const requestId = `request-${retrySequence}`;
  const promise = new Promise<string>((resolve, reject) => {
    waiting.set(requestId, { resolve, reject });
  });
  // Registered first: the session may answer synchronously (no session → rejected at once).
  session.tokenExpired(requestId, sentToken);
  return promise;
}

/** The session's answer for waiting requests: replay them with `token`, or reject them with `error`. */
export function settleRetries(notice: RetryNotice): void {
  for (const id of notice.ids) {
    const waiter = waiting.get(id);
    if (!waiter) continue;
    waiting.delete(id);
    if ('token' in notice) waiter.resolve(notice.token);
    else waiter.reject(new ApiError('tokenExpired', notice.error, { status: 401, code: 401 }));
  }
}

/** How many requests wait for a refresh (tests and diagnostics). */
export function waitingCount(): number {
  return waiting.size;
}
