/**
 * The one upload client of the back office: a multipart form POSTed over XMLHttpRequest, because
 * fetch cannot report how much of a request body has been sent and an upload of a video needs a
 * progress bar. Everything else is the API client's: the request goes through the client's own
 * middleware (`runMiddleware`, ./client.ts) — the headers (Lang, Cid, Authorization), a renewed token
 * handed to the session, an expired token refreshed once and the same form sent again, and the error
 * catalogue (202 need login, 430, 422 field errors, 500, no answer, aborted) with the same `ApiError`s,
 * messages and dialogs as every other call. Uploads have no timeout; an `AbortSignal` cancels one.
 *
 * The form is sent as built: a caller that needs an order (the file store reads `directory` and
 * `replace` before `file`) appends the file last. (openapi-fetch's own POST cannot carry it: the
 * generated types call a binary field a string.)
 */
import { type CallOptions, remember, type SuccessData, type UploadPath } from './api';
import { apiBaseUrl, runMiddleware } from './client';

/** How far an upload is: bytes sent of the form's `total` (null while the browser cannot tell). */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

export interface UploadOptions extends Omit<CallOptions, 'replay' | 'timeout'> {
  /** Called as the form goes out (again from 0 if the upload is replayed after a token refresh). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` that sends `form` (not the request's body) over XMLHttpRequest with the request's
 * address, headers and signal, and fails as fetch fails: a TypeError for the network, the signal's
 * reason when aborted. The catalogue's replay calls it again with the refreshed token.
 */
function xhrFetch(form: FormData, onProgress: UploadOptions['onProgress']): typeof globalThis.fetch {
  return (input, init) => {
    const request = new Request(input, init);
    const signal = request.signal;
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open('POST', request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'text';
      const onAbort = () => xhr.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal.removeEventListener('abort', onAbort);
      xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
      xhr.onerror = () => {
        settle();
        reject(new TypeError('Failed to fetch'));
      };
      xhr.onabort = () => {
        settle();
        reject(signal.aborted ? signal.reason : new DOMException('The upload was aborted', 'AbortError'));
      };
      xhr.onload = () => {
        settle();
        // A status of 0 or 1xx is no HTTP answer a Response can hold.
        if (xhr.status < 200 || xhr.status > 599) {
          reject(new TypeError('Failed to fetch'));
          return;
        }
        const body = xhr.responseText === '' ? null : xhr.responseText;
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: responseHeaders(xhr) }));
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
  const { onProgress, signal, ...call } = options;
  const request = new Request(`${apiBaseUrl()}${path}`, { method: 'POST', ...(signal ? { signal } : {}) });
  remember(request, { timeout: 0, ...call });
  const response = await runMiddleware(request, path, xhrFetch(form, onProgress));
  // The catalogue let only a code-200 envelope through; its `data` is the operation's, by the contract.
  const envelope: { data: SuccessData<P> } = await response.json();
  return envelope.data;
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
