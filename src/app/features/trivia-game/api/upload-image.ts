/**
 * POST /file/uploadImage (multipart field `image`) with upload progress. openapi-fetch cannot report
 * progress, so this one call goes through XMLHttpRequest; its headers come from the API client's own
 * middleware (Lang, Cid, Authorization), and a renewed token in the answer goes to the session, as for
 * every other call. Answers become the API client's `ApiError`s (422 → `fields.image`).
 */
import i18n from 'i18next';
import { ApiError } from '@/app/api/api';
import { apiBaseUrl, connectedSession, headersMiddleware, tokenFromHeader } from '@/app/api/client';

const UPLOAD_PATH = '/file/uploadImage';

/** The headers the API client would send with this request. */
async function clientHeaders(url: string): Promise<Headers> {
  const request = new Request(url, { method: 'POST' });
  const params = { request, schemaPath: UPLOAD_PATH, params: {}, id: 'upload-image', options: {} };
  const result = await headersMiddleware.onRequest?.(params as unknown as Parameters<NonNullable<typeof headersMiddleware.onRequest>>[0]);
  return (result instanceof Request ? result : request).headers;
}

interface Envelope {
  code?: number;
  message?: string;
  data?: { path?: string; errors?: Record<string, string[]> } | null;
}

/**
 * Uploads one image; `onProgress` gets the sent fraction (0–1), or null while the size is unknown.
 * Resolves with the image's path (`data.path`). Uploads have no timeout (SPEC.md §9).
 */
export async function uploadImage(file: File, onProgress: (fraction: number | null) => void, signal?: AbortSignal): Promise<string> {
  const url = `${apiBaseUrl()}${UPLOAD_PATH}`;
  const headers = await clientHeaders(url);
  const body = new FormData();
  body.append('image', file, file.name);

  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? event.loaded / event.total : null);
    xhr.onerror = () => reject(new ApiError('network', i18n.t('api.networkError')));
    xhr.onabort = () => reject(new ApiError('aborted', i18n.t('api.aborted')));
    xhr.onload = () => {
      const token = tokenFromHeader(xhr.getResponseHeader('authorization'));
      if (token) connectedSession()?.tokenRenewed(token);
      const envelope = (xhr.response ?? {}) as Envelope;
      const code = envelope.code ?? xhr.status;
      const message = envelope.message || i18n.t('api.httpError', { status: xhr.status });
      if (xhr.status === 200 && code === 200 && envelope.data?.path) return resolve(envelope.data.path);
      const details = { status: xhr.status, code, fields: envelope.data?.errors ?? {} };
      const kind = xhr.status === 422 ? 'validation' : code === 201 ? 'business' : code === 202 ? 'needLogin' : 'http';
      reject(new ApiError(kind, message, details));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    onProgress(0);
    xhr.send(body);
  });
}
