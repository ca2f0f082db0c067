/**
 * The error catalogue (docs/api-conventions.md) as openapi-fetch middleware, run for every call of
 * the back office and for uploads (./upload.ts runs the same objects over its XMLHttpRequest):
 *
 * | answer                         | what the user sees                                   | session event        |
 * |--------------------------------|------------------------------------------------------|----------------------|
 * | code 200                       | the response message, only with `{ notify: true }`   | —                    |
 * | code 201                       | the message as an error                               | —                    |
 * | code 202                       | messages closed, the message shown                   | api.needLogin        |
 * | HTTP 401, code 401             | nothing: waits for the one refresh, replays once     | api.tokenExpired     |
 * | HTTP 401, code 430             | confirm box; on confirm the token goes and the page reloads | api.sessionReplaced |
 * | HTTP 422                       | nothing: the form shows `error.fields`               | —                    |
 * | HTTP 500                       | a notification that stays: message, ErrorNumber, promise | —                |
 * | any other code                 | the message as an error for 5 s                      | —                    |
 * | no answer (network, 60 s)      | an alert that only its button closes                 | —                    |
 *
 * `onResponse` throws an `ApiError` for every answer but code 200, so a call resolves only with a
 * success; the replay after a refresh is sent from here with the same `fetch` (the request itself is
 * kept unread for it: `timedFetch` sends a copy). `onError` turns a request without an answer into
 * the alert. Where to go afterwards (/login) is the route guard's business; this module never navigates.
 */
import i18n from 'i18next';
import type { Middleware } from 'openapi-fetch';
import { dialogs } from '@/app/components/ui/dialogs';
import { messages, notifications } from '@/app/components/ui/toaster';
import { asEnvelope, type Envelope, fieldErrorsOf } from '@/shared/envelope';
import { ApiError, type CallOptions, optionsOf, remember, REQUEST_TIMEOUT_MS } from './api';
import { connectedSession, takeRenewedToken, tokenFromHeader, waitForRefresh } from './session-bridge';

/**
 * The client's `fetch`: sends a copy of the request (the request stays unread, for a replay) with the
 * call's timeout. The copy carries the body as bytes, not as the clone's stream, so the browser's
 * tools (and the end-to-end tests watching requests) see what was posted. `fetch` is looked up at each
 * call, not captured once, so a test can stand in for the network.
 *
 * The timeout is a timer that aborts the copy's own controller, and the call settles when that
 * controller aborts even if the runtime's fetch never hears of it: a request made with another's
 * signal may follow it through a weak reference (Node.js does), and a garbage collection in between
 * then loses the abort — the call would never settle. The timer's closure holds the controller.
 */
export async function timedFetch(request: Request): Promise<Response> {
  const timeout = optionsOf(request).timeout ?? REQUEST_TIMEOUT_MS;
  const body = request.body === null ? null : await request.clone().arrayBuffer();
  const controller = new AbortController();
  const abortedBy = (reason: unknown) => controller.abort(reason);
  if (request.signal.aborted) abortedBy(request.signal.reason);
  else request.signal.addEventListener('abort', () => abortedBy(request.signal.reason), { once: true });
  const timer = timeout > 0 ? setTimeout(() => abortedBy(new DOMException('The request timed out', 'TimeoutError')), timeout) : undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    const settle = () => reject(controller.signal.reason);
    if (controller.signal.aborted) settle();
    else controller.signal.addEventListener('abort', settle, { once: true });
  });
  const sent = globalThis.fetch(
    new Request(request.url, { method: request.method, headers: request.headers, body, signal: controller.signal, credentials: request.credentials }),
  );
  try {
    return await Promise.race([sent, aborted]);
  } catch (error) {
    clearTimeout(timer);
    throw error;
  }
  // On an answer the timer keeps running: the timeout covers reading the body too, as it did the headers.
}

/**
 * True from the moment the page starts to be left (a link to another document, a reload, the address
 * bar) until it is shown again. The browser cuts the page's requests off then; such a request is not a
 * network failure and must not act (no alert, and above all no failed info call clearing the token
 * the next page needs). A page still here 10 s after `beforeunload` was not left after all (a
 * download or mailto: link): it counts as staying.
 */
let leavingPage = false;
const NOT_LEFT_AFTER_MS = 10_000;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leavingPage = true;
    window.setTimeout(() => {
      leavingPage = false;
    }, NOT_LEFT_AFTER_MS);
  });
  window.addEventListener('pagehide', () => {
    leavingPage = true;
  });
  window.addEventListener('pageshow', () => {
    leavingPage = false;
  });
}

/** Never settles: for requests cut off because the page is going away. */
const forever = () => new Promise<never>(() => undefined);

/** A request that got no answer: an alert that only its button closes (or never settles: the page goes). */
function noAnswer(error: unknown, request: Request): Promise<never> | ApiError {
  if (leavingPage) return forever();
  const call = optionsOf(request);
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'AbortError' && request.signal.aborted) return new ApiError('aborted', i18n.t('api.aborted'));
  const apiError =
    name === 'TimeoutError'
      ? new ApiError('timeout', i18n.t('api.timeout', { count: Math.ceil((call.timeout ?? REQUEST_TIMEOUT_MS) / 1000) }))
      : new ApiError('network', i18n.t('api.networkError'));
  if (call.errors !== 'none') {
    void dialogs.alert({
      key: 'no-answer',
      title: i18n.t('api.noAnswerTitle'),
      message: apiError.message,
      confirmLabel: i18n.t('common.ok'),
      dismissible: false,
    });
  }
  return apiError;
}

/** Shows a plain error message (5 s) unless the caller shows it. */
function failed(error: ApiError, call: CallOptions): ApiError {
  if ((call.errors ?? 'app') === 'app') messages.error(error.message);
  return error;
}

/** The envelope of an answer; null for a download's file or an empty or foreign (non-JSON) error body. */
async function envelopeOf(response: Response, parseAs: string, call: CallOptions): Promise<Envelope | null> {
  if (parseAs === 'blob' && response.ok && !/json/i.test(response.headers.get('content-type') ?? '')) return null;
  const text = await response.clone().text();
  if (!text) return null;
  try {
    return asEnvelope(JSON.parse(text));
  } catch {
    // A success that is not the API's (a proxy's HTML page) is no answer to use.
    if (response.ok) throw failed(new ApiError('http', i18n.t('api.badResponse'), { status: response.status }), call);
    return null;
  }
}

function confirmSessionReplaced(message: string): void {
  void dialogs
    .confirm({
      key: 'session-replaced',
      title: i18n.t('api.sessionReplacedTitle'),
      message,
      confirmLabel: i18n.t('api.loginAgain'),
      cancelLabel: i18n.t('common.cancel'),
    })
    .then((confirmed) => {
      if (!confirmed) return;
      connectedSession()?.sessionReplaced(message);
      window.location.reload();
    });
}

/** Shows what the catalogue says for an answer and throws its `ApiError`; returns for code 200. */
function settle(response: Response, envelope: Envelope | null, call: CallOptions): void {
  const status = response.status;
  const code = envelope?.code ?? status;
  const message = envelope?.message || i18n.t('api.httpError', { status });
  const details = { status, code };
  const quiet = call.errors === 'none';

  if (status === 200 && code === 200) {
    if (call.notify && envelope?.message) messages.success(envelope.message);
    return;
  }
  if (code === 202) {
    if (!quiet) {
      messages.closeAll();
      messages.error(message, { id: 'need-login' });
      connectedSession()?.needLogin(message);
    }
    throw new ApiError('needLogin', message, details);
  }
  if (code === 430) {
    if (!quiet) confirmSessionReplaced(message);
    throw new ApiError('sessionReplaced', message, details);
  }
  if (status === 401) throw failed(new ApiError('tokenExpired', message, details), call);
  if (code === 201) throw failed(new ApiError('business', message, details), call);
  if (status === 422) {
    throw new ApiError('validation', message, { ...details, fields: envelope ? fieldErrorsOf(envelope) : {} });
  }
  if (status === 500) {
    const errorId = String((envelope?.data as { errorId?: unknown } | null)?.errorId ?? '');
    if (!quiet) {
      notifications.error({
        id: errorId ? `server-error:${errorId}` : undefined,
        title: message,
        lines: [...(errorId ? [i18n.t('api.errorNumber', { errorId })] : []), i18n.t('api.willFix')],
        persistent: true,
      });
    }
    throw new ApiError('server', message, { ...details, errorId });
  }
  throw failed(new ApiError('http', message, details), call);
}

export const catalogueMiddleware: Middleware = {
  async onResponse({ request, response, options }) {
    const call = optionsOf(request);
    let answer = response;
    let envelope = await envelopeOf(answer, options.parseAs, call);
    if (answer.status === 401 && envelope?.code === 401) {
      // The caller refreshes itself (the session's own info and logout calls): no UI, no waiting.
      if (call.replay === false) throw new ApiError('tokenExpired', envelope.message, { status: 401, code: 401 });
      const token = await waitForRefresh(tokenFromHeader(request.headers.get('Authorization')) ?? undefined);
      const headers = new Headers(request.headers);
      headers.set('Authorization', `Bearer ${token}`);
      const replay = new Request(request, { headers });
      remember(replay, call);
      try {
        answer = await options.fetch(replay);
      } catch (error) {
        throw await noAnswer(error, replay);
      }
      takeRenewedToken(answer);
      envelope = await envelopeOf(answer, options.parseAs, call);
    }
    settle(answer, envelope, call);
    return answer === response ? undefined : answer;
  },
  onError({ request, error }) {
    return noAnswer(error, request);
  },
};
