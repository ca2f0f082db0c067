/**
 * The one HTTP client of the back office: openapi-fetch typed by the generated contract
 * (`@openapi/admin-api`, never edited by hand). Every call gets the headers of docs/api-conventions.md:
 * `Lang`, `Cid` and, when there is a token, `Authorization: Bearer`. A new token in a response's
 * `authorization` header is handed to the session.
 *
 * The token belongs to the session actor, not to a cookie: the session feature plugs itself in with
 * `connectSession` (the API client talks to the session actor, never to cookies). This module
 * never imports a feature; it only knows the `SessionBridge` shape. Envelope handling (codes, error UI,
 * refresh-and-replay) lives in ./api.ts.
 */
import type { paths } from '@openapi/admin-api';
import createClient, { type Middleware } from 'openapi-fetch';
import { currentLanguage } from '@/app/i18n';
import { CID_KEY, session } from '@/app/lib/storage';

export const API_BASE_URL = '/api/admin';
export const DEFAULT_CID = '1';

/** What the API client needs from the session; the session feature implements it. */
export interface SessionBridge {
  /** The access token to send, or null. */
  token(): string | null;
  /** A response carried a new token (`api.tokenRenewed`). */
  tokenRenewed(token: string): void;
  /**
   * A request failed with HTTP 401 (`api.tokenExpired`). The session answers later, through
   * `settleRetries` in ./api.ts, with the token to replay with or the error to reject with.
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

function currentCid(): string {
  return session.get(CID_KEY) || DEFAULT_CID;
}

/** Reads `Bearer <token>` or a bare token. */
export function tokenFromHeader(header: string | null): string | null {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

export const headersMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('Lang', currentLanguage());
    request.headers.set('Cid', currentCid());
    // A caller may name the token itself (the refresh call sends the expired one).
    if (!request.headers.has('Authorization')) {
      const token = bridge?.token();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
  onResponse({ response }) {
    const token = tokenFromHeader(response.headers.get('authorization'));
    if (token) bridge?.tokenRenewed(token);
    return undefined;
  },
};

/** The API base as an absolute address of the page's origin (also where there is no page: tests). */
export function apiBaseUrl(): string {
  return typeof location === 'undefined' ? API_BASE_URL : new URL(API_BASE_URL, location.href).toString();
}

// `fetch` is looked up at each call, not captured once, so a test can stand in for the network.
export const client = createClient<paths>({ baseUrl: API_BASE_URL, fetch: (request: Request) => globalThis.fetch(request) });
client.use(headersMiddleware);
