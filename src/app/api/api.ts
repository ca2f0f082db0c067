/**
 * `api.post(path, body, options)`: every call of the back office, typed by the contract, returning
 * `data` of a code-200 envelope and throwing an `ApiError` otherwise; `api.download` is the same for
 * an operation that answers a file (no timeout; resolves with the blob and its file name); uploads (a
 * multipart form, with progress) are ./upload.ts, over `callOver`. This is where the error
 * catalogue (docs/api-conventions.md) happens, once for the whole app:
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
 * Where to go afterwards (/login and its redirect) is the route guard's business, driven by the
 * session actor; this module never navigates. Waiting requests are kept here, keyed by request id;
 * the session decides when they are replayed or rejected (`settleRetries`, called by its
 * `notifyRetries` action).
 */
import i18n from 'i18next';
import type { paths } from '@openapi/admin-api';
import type { RetryNotice } from '@machines/session/types';
import { dialogs } from '@/app/components/ui/dialogs';
import { messages, notifications } from '@/app/components/ui/toaster';
import { apiBaseUrl, client, connectedSession } from './client';
import { asEnvelope, type Envelope, type FieldErrors, fieldErrorsOf } from '@/shared/envelope';

/** Requests time out after 60 s (uploads and downloads pass `timeout: 0`). */
export const REQUEST_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Types from the contract.

type PostOperation<P extends keyof paths> = paths[P] extends { post: infer Op } ? Op : never;

/** Paths whose operation takes a JSON body (or none): everything but uploads. */
export type JsonPostPath = {
  [P in keyof paths]: PostOperation<P> extends { requestBody?: { content: { 'application/json': unknown } } } ? P : never;
}[keyof paths];

type JsonOf<R> = R extends { content: { 'application/json': infer E } } ? E : never;

/** `data` of the code-200 envelope of an operation. */
export type SuccessData<P extends keyof paths> =
  PostOperation<P> extends { responses: { 200: infer R } }
    ? Extract<JsonOf<R>, { code: 200 }> extends { data: infer D }
      ? D
      : never
    : never;

type BodyArgs<P extends keyof paths> =
  PostOperation<P> extends { requestBody: { content: { 'application/json': infer B } } }
    ? [body: B, options?: CallOptions]
    : PostOperation<P> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? [body?: B, options?: CallOptions]
      : never;

export interface CallOptions {
  /** Show the response message as a success message (code 200 only). */
  notify?: boolean;
  /**
   * Who shows failures: 'app' (default) shows each as the catalogue says; 'caller' leaves code 201 and
   * other-code messages to the caller (the login form shows them inline) but still handles 202, 430,
   * 500 and network failures; 'none' shows nothing and tells the session nothing (logout).
   */
  errors?: 'app' | 'caller' | 'none';
  /** Send this token instead of the session's (the refresh call sends the expired one). */
  token?: string;
  /** On HTTP 401, wait for the session's refresh and replay once (default true). */
  replay?: boolean;
  /** Milliseconds; 0 = no timeout. Default 60 s. */
  timeout?: number;
  signal?: AbortSignal;
}

// ---------------------------------------------------------------------------------------------
// Errors.

export type ApiErrorKind =
  | 'business' // code 201
  | 'needLogin' // code 202
  | 'tokenExpired' // HTTP 401 that could not be refreshed and replayed
  | 'sessionReplaced' // code 430
  | 'validation' // HTTP 422: see `fields`
  | 'server' // HTTP 500: see `errorId`
  | 'http' // any other code
  | 'network' // no answer
  | 'timeout' // no answer within the timeout
  | 'aborted'; // the caller aborted

export type { FieldErrors };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | null;
  readonly code: number | null;
  readonly errorId: string | null;
  readonly fields: FieldErrors;

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    details: { status?: number; code?: number; errorId?: string; fields?: FieldErrors } = {},
  ) {
    super(message);
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.errorId = details.errorId ?? null;
    this.fields = details.fields ?? {};
  }
}

export function isApiError(error: unknown, kind?: ApiErrorKind): error is ApiError {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}

// ---------------------------------------------------------------------------------------------
// Requests waiting for the refresh.

interface Waiter {
  resolve: (token: string) => void;
  reject: (error: ApiError) => void;
}
const waiting = new Map<string, Waiter>();
let retrySequence = 0;

/** Tells the session a request failed with 401; resolves with the token to replay with. */
function waitForRefresh(sentToken: string | undefined): Promise<string> {
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

// ---------------------------------------------------------------------------------------------
// One round trip.

interface Attempt {
  response: Response;
  envelope: Envelope | null;
  sentToken: string | undefined;
  /** A download's file (a non-JSON answer), when asked for one. */
  file?: Blob;
}

type LoosePost = (
  path: string,
  init: { baseUrl: string; body: unknown; headers?: Record<string, string>; signal?: AbortSignal; parseAs?: 'json' | 'blob' },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

function requestSignal(options: CallOptions): AbortSignal | undefined {
  const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;
  const signals = [options.signal, timeout > 0 ? AbortSignal.timeout(timeout) : undefined].filter(
    (signal): signal is AbortSignal => signal !== undefined,
  );
  if (signals.length <= 1) return signals[0];
  return AbortSignal.any(signals);
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

/** What one request's wire answered: the response and its parsed body (a download's file apart). */
export interface WireAnswer {
  response: Response;
  /** The parsed JSON body (an envelope, normally); undefined when there was none. */
  body: unknown;
  /** A download's file (a non-JSON answer). */
  file?: Blob;
}

/**
 * Puts one request on the wire with the API client's headers and answers what came back. `token`:
 * send this one instead of the session's (the replay after a refresh); `signal`: abort the request.
 * With no answer it throws as `fetch` does — a TypeError for the network, the signal's reason
 * (AbortError, TimeoutError) when aborted, a SyntaxError for a body that is not JSON — and
 * `send` turns that into the catalogue's `network`, `timeout`, `aborted` or `badResponse`.
 * openapi-fetch is the wire of `post` and `download`; the upload client (./upload.ts) has its own
 * over XMLHttpRequest, for the progress fetch cannot report.
 */
export type Wire = (token: string | undefined, signal: AbortSignal | undefined) => Promise<WireAnswer>;

function fetchWire(path: string, body: unknown, parseAs: 'json' | 'blob'): Wire {
  return async (token, signal) => {
    const { data, error, response } = await (client.POST as unknown as LoosePost)(path, {
      baseUrl: apiBaseUrl(),
      body: body ?? {},
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      ...(signal ? { signal } : {}),
      ...(parseAs === 'blob' ? { parseAs } : {}),
    });
    if (data instanceof Blob) {
      // A download answers its file, or (code 201/202 with HTTP 200) a JSON envelope.
      if (!/json/i.test(response.headers.get('content-type') ?? '')) return { response, body: undefined, file: data };
      return { response, body: JSON.parse(await data.text()) };
    }
    return { response, body: data ?? error };
  };
}

async function send(wire: Wire, options: CallOptions): Promise<Attempt> {
  const sentToken = options.token ?? connectedSession()?.token() ?? undefined;
  const signal = requestSignal(options);
  try {
    const { response, body, file } = await wire(options.token, signal);
    return { response, envelope: asEnvelope(body), sentToken, ...(file ? { file } : {}) };
  } catch (error) {
    if (leavingPage) return forever();
    throw noAnswer(error, options);
  }
}

/** A request that got no (usable) answer: an alert that only its button closes. */
function noAnswer(error: unknown, options: CallOptions): ApiError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'AbortError' && options.signal?.aborted) return new ApiError('aborted', i18n.t('api.aborted'));
  if (name === 'SyntaxError') return failed(new ApiError('http', i18n.t('api.badResponse')), options);
  const timedOut = name === 'TimeoutError';
  const apiError = timedOut
    ? new ApiError('timeout', i18n.t('api.timeout', { count: Math.ceil((options.timeout ?? REQUEST_TIMEOUT_MS) / 1000) }))
    : new ApiError('network', i18n.t('api.networkError'));
  if (options.errors !== 'none') {
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
function failed(error: ApiError, options: CallOptions): ApiError {
  if ((options.errors ?? 'app') === 'app') messages.error(error.message);
  return error;
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

function outcome(attempt: Attempt, options: CallOptions): unknown {
  const { response, envelope } = attempt;
  const status = response.status;
  const code = envelope?.code ?? status;
  const message = envelope?.message || i18n.t('api.httpError', { status });
  const details = { status, code };
  const quiet = options.errors === 'none';

  if (status === 200 && code === 200) {
    if (options.notify && envelope?.message) messages.success(envelope.message);
    return envelope?.data;
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
  if (status === 401) throw failed(new ApiError('tokenExpired', message, details), options);
  if (code === 201) throw failed(new ApiError('business', message, details), options);
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
  throw failed(new ApiError('http', message, details), options);
}

/** One request, replayed once with the refreshed token after an HTTP 401 (one refresh at a time). */
async function sendWithReplay(wire: Wire, options: CallOptions): Promise<Attempt> {
  const attempt = await send(wire, options);
  if (attempt.response.status === 401 && attempt.envelope?.code === 401) {
    // The caller refreshes itself (the session's own info and logout calls): no UI, no waiting.
    if (options.replay === false) throw new ApiError('tokenExpired', attempt.envelope.message, { status: 401, code: 401 });
    const token = await waitForRefresh(attempt.sentToken);
    return send(wire, { ...options, token });
  }
  return attempt;
}

/**
 * A call over a wire of its own (the upload client's XMLHttpRequest): the same refresh-and-replay,
 * the same error catalogue and the same `ApiError`s as `post`; resolves with `data` of a code-200
 * envelope. The wire is called again, with the new token, for the replay.
 */
export async function callOver(wire: Wire, options: CallOptions = {}): Promise<unknown> {
  return outcome(await sendWithReplay(wire, options), options);
}

async function post<P extends JsonPostPath>(path: P, ...[body, options = {}]: BodyArgs<P>): Promise<SuccessData<P>> {
  return outcome(await sendWithReplay(fetchWire(path, body, 'json'), options), options) as SuccessData<P>;
}

/** A downloaded file and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a `Content-Disposition` header: `filename*` (UTF-8) first, else `filename`. */
export function dispositionFilename(header: string | null, fallback: string): string {
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header ?? '');
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // a malformed name: try the plain one
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header ?? '');
  return (plain?.[1] ?? plain?.[2])?.trim() || fallback;
}

/**
 * A download (an operation answering a file): the same headers, the same refresh-and-replay on an
 * expired token and the same error catalogue as `post`, no timeout. Resolves with the
 * file; a JSON envelope in its place (code 201, 202, ...) is handled as `post` handles it.
 */
async function download<P extends JsonPostPath>(path: P, ...[body, options = {}]: BodyArgs<P>): Promise<DownloadedFile> {
  const settings: CallOptions = { timeout: 0, ...options };
  const attempt = await sendWithReplay(fetchWire(path, body, 'blob'), settings);
  if (attempt.file && attempt.response.status === 200) {
    return { blob: attempt.file, filename: dispositionFilename(attempt.response.headers.get('content-disposition'), 'download') };
  }
  outcome(attempt, settings);
  throw failed(new ApiError('http', i18n.t('api.badResponse'), { status: attempt.response.status }), settings);
}

/** Paths whose operation takes a multipart form (uploads: ./upload.ts). */
export type UploadPath = {
  [P in keyof paths]: PostOperation<P> extends { requestBody: { content: { 'multipart/form-data': unknown } } } ? P : never;
}[keyof paths];

export const api = { post, download };
