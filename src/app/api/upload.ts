/**
 * The one upload client of the back office: a multipart form POSTed over XMLHttpRequest, because
 * fetch cannot report how much of a request body has been sent and an upload of a video needs a
 * progress bar. Everything else is the API client's (./api.ts, `callOver`): the headers of its
 * middleware (Lang, Cid, Authorization), a renewed token in the answer handed to the session, an
 * expired token refreshed once and the same form sent again, and the error catalogue (202 need login,
 * 430, 422 field errors, 500, no answer, aborted) with the same `ApiError`s and the same messages and
 * dialogs as every other call. Uploads have no timeout; an `AbortSignal` cancels one.
 *
 * The form is sent as built: a caller that needs an order (the file store reads `directory` and
 * `replace` before `file`) appends the file last.
 */
import { type CallOptions, callOver, type SuccessData, type UploadPath, type Wire } from './api';
import { apiBaseUrl, connectedSession, headersMiddleware, tokenFromHeader } from './client';

/** How far an upload is: bytes sent of the form's `total` (null while the browser cannot tell). */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

export interface UploadOptions extends Omit<CallOptions, 'token' | 'replay'> {
  /** Called as the form goes out (again from 0 if the upload is replayed after a token refresh). */
  onProgress?: (progress: UploadProgress) => void;
}

/** The headers the API client's middleware puts on a request to `url` (with `token` instead of the session's). */
async function clientHeaders(url: string, token: string | undefined): Promise<Headers> {
  const request = new Request(url, { method: 'POST', ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) });
  const params = { request, schemaPath: url, params: {}, id: 'upload', options: {} };
  const result = await headersMiddleware.onRequest?.(params as unknown as Parameters<NonNullable<typeof headersMiddleware.onRequest>>[0]);
  return (result instanceof Request ? result : request).headers;
}

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** One attempt over XMLHttpRequest, failing as fetch fails (see `Wire`). */
function xhrWire(url: string, form: FormData, onProgress: UploadOptions['onProgress']): Wire {
  return async (token, signal) => {
    const headers = await clientHeaders(url, token);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'text';
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
      xhr.onerror = () => {
        settle();
        reject(new TypeError('Failed to fetch'));
      };
      xhr.onabort = () => {
        settle();
        reject(signal?.reason ?? new DOMException('The upload was aborted', 'AbortError'));
      };
      xhr.onload = () => {
        settle();
        // A status of 0 or 1xx is no HTTP answer a Response can hold.
        if (xhr.status < 200 || xhr.status > 599) {
          reject(new TypeError('Failed to fetch'));
          return;
        }
        const renewed = tokenFromHeader(xhr.getResponseHeader('authorization'));
        if (renewed) connectedSession()?.tokenRenewed(renewed);
        const text = xhr.responseText;
        let body: unknown;
        try {
          body = text === '' ? undefined : JSON.parse(text);
        } catch (error) {
          reject(error); // SyntaxError: an answer that is not the API's (a proxy's HTML page)
          return;
        }
        resolve({ response: new Response(null, { status: xhr.status, statusText: xhr.statusText, headers: responseHeaders(xhr) }), body });
      };
      onProgress?.({ loaded: 0, total: null });
      xhr.send(form);
    });
  };
}

/**
 * Sends `form` to the multipart operation `path`; resolves with `data` of the code-200 envelope and
 * rejects with the API client's `ApiError` otherwise (422: `fields`, shown by the form; the rest
 * shown as every call's failures are, unless `errors` says otherwise).
 */
export async function upload<P extends UploadPath>(path: P, form: FormData, options: UploadOptions = {}): Promise<SuccessData<P>> {
  const { onProgress, ...call } = options;
  const wire = xhrWire(`${apiBaseUrl()}${path}`, form, onProgress);
  return (await callOver(wire, { timeout: 0, ...call })) as SuccessData<P>;
}

/**
 * Upload speed over the last few seconds: feed it each progress's `loaded` (bytes sent so far) and it
 * answers bytes per second, or null until it has two samples a moment apart. A sliding window, so
 * the figure follows a connection that slows down instead of averaging over the whole upload; a
 * `loaded` that goes back (the upload started again after a token refresh) starts over.
 */
export function createSpeedMeter(windowMs = 3000): (loaded: number, now?: number) => number | null {
  let samples: { at: number; loaded: number }[] = [];
  return (loaded, now = performance.now()) => {
    const last = samples.at(-1);
    if (last && loaded < last.loaded) samples = [];
    samples.push({ at: now, loaded });
    while (samples.length > 2 && now - samples[1]!.at >= windowMs) samples.shift();
    const first = samples[0]!;
    const elapsed = now - first.at;
    if (elapsed < 200) return null;
    return ((loaded - first.loaded) * 1000) / elapsed;
  };
}
