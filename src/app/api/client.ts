/**
 * The one HTTP client of the back office: openapi-fetch typed by the generated contract
 * (`@openapi/admin-api`, never edited by hand), with two middleware objects every call goes through:
 * the headers of docs/api-conventions.md (`Lang`, `Cid` and, when there is a token,
 * `Authorization: Bearer`; a renewed token in the answer handed to the session) and the error
 * catalogue (./catalogue.ts: the envelope's codes, the refresh-and-replay, the error UI). Calls use
 * `client.POST(path, { body })` with `dataOf`/`withOptions` from ./api.ts; uploads (./upload.ts)
 * run the same middleware over their own request through `runMiddleware`.
 */
import type { paths } from '@openapi/admin-api';
import createClient, { createQuerySerializer, defaultBodySerializer, defaultPathSerializer, type Middleware } from 'openapi-fetch';
import { currentLanguage } from '@/app/i18n';
import { CID_KEY, session } from '@/app/lib/storage';
import { catalogueMiddleware, timedFetch } from './catalogue';
import { connectedSession, takeRenewedToken } from './session-bridge';

export const API_BASE_URL = '/api/admin';
export const DEFAULT_CID = '1';

function currentCid(): string {
  return session.get(CID_KEY) || DEFAULT_CID;
}

export const headersMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('Lang', currentLanguage());
    request.headers.set('Cid', currentCid());
    // A caller may name the token itself (the refresh call sends the expired one).
    if (!request.headers.has('Authorization')) {
      const token = connectedSession()?.token();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
  onResponse({ response }) {
    takeRenewedToken(response);
    return undefined;
  },
};

/** The API base as an absolute address of the page's origin (also where there is no page: tests). */
export function apiBaseUrl(): string {
  return typeof location === 'undefined' ? API_BASE_URL : new URL(API_BASE_URL, location.href).toString();
}

// The catalogue first: its `onResponse` runs last (openapi-fetch runs them in reverse), after the
// headers' has handed a renewed token to the session, even from an answer the catalogue throws for.
const middleware = [catalogueMiddleware, headersMiddleware];

export const client = createClient<paths>({ baseUrl: API_BASE_URL, fetch: timedFetch });
client.use(...middleware);

/**
 * Runs the client's middleware around `send` for a request openapi-fetch cannot make (a multipart
 * form sent over XMLHttpRequest, for its progress): headers on the way out, the renewed token and the
 * catalogue (throwing its `ApiError`, replaying through `send`) on the way back, as openapi-fetch does.
 */
export async function runMiddleware(request: Request, schemaPath: string, send: typeof globalThis.fetch): Promise<Response> {
  const options = {
    baseUrl: API_BASE_URL,
    parseAs: 'json' as const,
    querySerializer: createQuerySerializer(),
    bodySerializer: defaultBodySerializer,
    pathSerializer: defaultPathSerializer,
    fetch: send,
  };
  const params = { schemaPath, params: {}, id: crypto.randomUUID(), options };
  for (const m of middleware) {
    const next = await m.onRequest?.({ ...params, request });
    if (next instanceof Request) request = next;
  }
  let response: Response | undefined;
  try {
    response = await send(request);
  } catch (error) {
    let failure = error;
    for (const m of [...middleware].reverse()) {
      const handled = await m.onError?.({ ...params, request, error: failure });
      if (handled instanceof Response) {
        response = handled;
        break;
      }
      if (handled instanceof Error) failure = handled;
    }
    if (!response) throw failure;
  }
  for (const m of [...middleware].reverse()) {
    const next: Response | void | undefined = await m.onResponse?.({ ...params, request, response });
    if (next instanceof Response) response = next;
  }
  return response;
}
