/**
 * Where the bytes of files and images live: a flat store of blobs under keys the server makes up
 * (ASCII: `images/2026-11/<hex>.png`, `companies/<cid>/<yyyy-mm>/<uuid>`). The company file tree —
 * names, directories, sizes — is in the database (schema `files`); a blob store knows no names a
 * client chose, so no client input ever becomes a disk path or an S3 key.
 *
 * Two implementations share this interface and one test suite (tests/api/blob-store.test.ts): local
 * disk under `DATA_DIR/files` (local.ts, the default) and S3-compatible (s3.ts, when S3_BUCKET is set).
 */
import type { Readable } from 'node:stream';

/** A blob as it is read back: its bytes as a stream and its total size. */
export interface BlobRead {
  body: Readable;
  size: number;
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` into `key` (created or overwritten) without holding it in memory; resolves with the
   * bytes written. If `body` errors or `signal` aborts, rejects and leaves no blob under `key`.
   */
  put(key: string, body: Readable, options?: { contentType?: string; signal?: AbortSignal }): Promise<{ size: number }>;
  /** The blob's bytes, or null when there is none under `key`. */
  get(key: string): Promise<BlobRead | null>;
  /** `length` bytes from `offset` (fewer at the end of the blob); for checking a stored file's content. */
  read(key: string, offset: number, length: number): Promise<Buffer>;
  /** The blob's size, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the blobs; keys without a blob are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** Releases connections (S3) ; the store is not used afterwards. */
  close(): Promise<void>;
}

/** Keys are made by the server only; anything else is a bug, refused before it reaches a disk or bucket. */
export const BLOB_KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/;

export function assertBlobKey(key: string): void {
  if (!BLOB_KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..' || /^\.+$/.test(part))) {
    throw new Error(`not a blob key: ${JSON.stringify(key)}`);
  }
}
