/**
 * What a call site of the back office needs besides `client` (./client.ts): the `ApiError` every
 * failed call rejects with, `dataOf` (the `data` of the code-200 envelope a call answered), `fileOf`
 * and `asFile` (a download: the blob and its file name), and `withOptions` (what one call asks of the
 * error catalogue: notify, who shows failures, no replay, a timeout). A call reads
 *
 *   const { list } = await dataOf(client.POST('/role/list', { body, ...withOptions({ notify: true }) }));
 *
 * typed by the generated contract alone. The catalogue itself is middleware (./catalogue.ts): by the
 * time `dataOf` sees an answer, anything but code 200 has been shown and thrown.
 */
import i18n from 'i18next';
import type { Middleware } from 'openapi-fetch';
import type { components, paths } from '@openapi/admin-api';
import type { FieldErrors } from '@/shared/envelope';

export type { FieldErrors };

/** Requests time out after 60 s (uploads and downloads: none). */
export const REQUEST_TIMEOUT_MS = 60_000;

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
// One call's options, carried from the call to the catalogue by a per-request middleware.

export interface CallOptions {
  /** Show the response message as a success message (code 200 only). */
  notify?: boolean;
  /**
   * Who shows failures: 'app' (default) shows each as the catalogue says; 'caller' leaves code 201 and
   * other-code messages to the caller (the login form shows them inline) but still handles 202, 430,
   * 500 and network failures; 'none' shows nothing and tells the session nothing (logout).
   */
  errors?: 'app' | 'caller' | 'none';
  /** On HTTP 401, wait for the session's refresh and replay once (default true). */
  replay?: boolean;
  /** Milliseconds; 0 = no timeout. Default 60 s. */
  timeout?: number;
}

const optionsByRequest = new WeakMap<Request, CallOptions>();

/** The options a request was sent with (none: the defaults). */
export function optionsOf(request: Request): CallOptions {
  return optionsByRequest.get(request) ?? {};
}

/** Gives `request` the options `options` (the upload client and the replay of a request use it). */
export function remember(request: Request, options: CallOptions): void {
  optionsByRequest.set(request, options);
}

/** `{ middleware }` for a call's init: `client.POST(path, { body, ...withOptions({ notify: true }) })`. */
export function withOptions(options: CallOptions): { middleware: Middleware[] } {
  return { middleware: [{ onRequest: ({ request }) => remember(request, options) }] };
}

// ---------------------------------------------------------------------------------------------
// Answers.

type Failure = components['schemas']['BusinessErrorEnvelope'];

/** What openapi-fetch answers for a JSON operation whose code-200 envelope carries `D`. */
interface JsonResult<D> {
  data?: { code: 200; data: D } | Failure;
  response: Response;
}

/** `data` of the code-200 envelope a call answered (the catalogue threw for anything else). */
export async function dataOf<D>(pending: Promise<JsonResult<D>>): Promise<D> {
  const { data: envelope, response } = await pending;
  if (envelope?.code === 200) return envelope.data;
  // Only an answer the catalogue let through without an envelope (an empty body) gets here.
  throw new ApiError('http', i18n.t('api.badResponse'), { status: response.status });
}

/** The init of a download: a blob, no timeout. `client.POST(path, { body, ...asFile() })`. */
export function asFile(options: CallOptions = {}): { parseAs: 'blob'; middleware: Middleware[] } {
  return { parseAs: 'blob', ...withOptions({ timeout: 0, ...options }) };
}

/** A downloaded file and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * The file of a download and its name from `Content-Disposition`. `data` is checked, not typed:
 * openapi-fetch's types follow `parseAs` only for some bodies (and the contract types a file as a string).
 */
export async function fileOf(pending: Promise<{ data?: unknown; response: Response }>): Promise<DownloadedFile> {
  const { data, response } = await pending;
  if (!(data instanceof Blob)) throw new ApiError('http', i18n.t('api.badResponse'), { status: response.status });
  return { blob: data, filename: dispositionFilename(response.headers.get('content-disposition'), 'download') };
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

// ---------------------------------------------------------------------------------------------
// Types from the contract (for the upload client, whose multipart bodies openapi-fetch cannot type).

type PostOperation<P extends keyof paths> = paths[P] extends { post: infer Op } ? Op : never;
type JsonOf<R> = R extends { content: { 'application/json': infer E } } ? E : never;

/** `data` of the code-200 envelope of an operation. */
export type SuccessData<P extends keyof paths> =
  PostOperation<P> extends { responses: { 200: infer R } }
    ? Extract<JsonOf<R>, { code: 200 }> extends { data: infer D }
      ? D
      : never
    : never;

/** Paths whose operation takes a multipart form (uploads: ./upload.ts). */
export type UploadPath = {
  [P in keyof paths]: PostOperation<P> extends { requestBody: { content: { 'multipart/form-data': unknown } } } ? P : never;
}[keyof paths];
