/**
 * An S3-compatible server for tests and benchmarks: s3rver (an npm package, Koa, files on disk) on a
 * free port of 127.0.0.1, with one bucket in a temporary directory, silent. `stop()` closes it and
 * removes the directory.
 *
 * s3rver 3.7.1 lacks two operations the S3 store relies on, added here on its own files:
 * - AbortMultipartUpload (`DELETE /<bucket>/<key>?uploadId=`): lib-storage sends it when an upload
 *   fails or is aborted; s3rver answers 405, the parts stay and the caller gets that error instead
 *   of the upload's own.
 * - ListMultipartUploads (`GET /<bucket>?uploads`): how a test sees that no unfinished upload is left.
 * s3rver keeps an unfinished upload as `<directory>/<bucket>/._S3rver_uploads/<uploadId>/` (a `key`
 * file, a `metadata` file and the parts); both operations read or remove those folders. They are
 * served without checking the request's signature (every other request is checked by s3rver).
 * And it answers a put before the bytes are on disk: see answerPutsOnceWritten.
 * `requests` tells a test each request s3rver has handled, so it waits for a condition on the bucket
 * (an upload begun) by checking it as requests arrive, not at intervals.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FileStoreConfig } from '@/server/config';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

/** The credentials s3rver accepts by default. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInstance {
  middleware: Middleware[];
  /** Its file store (lib/stores/filesystem.js). */
  store: unknown;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: never[] }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const UPLOADS_DIR = '._S3rver_uploads';

function xml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The two multipart operations s3rver lacks (see above), in front of its own routes. */
function multipartExtras(directory: string): Middleware {
  return async (ctx, next) => {
    const [, bucket, ...keyParts] = ctx.path.split('/');
    if (!bucket || !fs.existsSync(path.join(directory, bucket))) return next();
    const uploads = path.join(directory, bucket, UPLOADS_DIR);
    const key = keyParts.map(decodeURIComponent).join('/');
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const ids = fs.existsSync(uploads) ? fs.readdirSync(uploads).filter((id) => /^[0-9a-f]+$/.test(id)) : [];
      const entries = ids.map((id) => {
        const uploadKey = fs.readFileSync(path.join(uploads, id, 'key'), 'utf8');
        return `<Upload><Key>${xml(uploadKey)}</Key><UploadId>${id}</UploadId></Upload>`;
      });
      ctx.set('content-type', 'application/xml');
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>' +
        `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(bucket)}</Bucket>` +
        `<IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && key && typeof uploadId === 'string') {
      const folder = path.join(uploads, uploadId);
      if (!/^[0-9a-f]+$/.test(uploadId) || !fs.existsSync(folder) || fs.readFileSync(path.join(folder, 'key'), 'utf8') !== key) {
        ctx.status = 404;
        ctx.set('content-type', 'application/xml');
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code>' +
          `<Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`;
        return;
      }
      await fs.promises.rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    return next();
  };
}

/** Emits `handled` with the method and query once each request's work is done (before its answer is sent). */
function announceRequests(requests: EventEmitter): Middleware {
  return async (ctx, next) => {
    await next();
    requests.emit('handled', { method: ctx.method, query: ctx.query });
  };
}

interface FilesystemStore {
  putObject(object: { bucket: string; key: string }): Promise<{ size: number; md5: string }>;
  getResourcePath(bucket: string, key: string, resource: string): string;
}

/**
 * s3rver 3.7.1 answers a PutObject (and the completion of a multipart upload) as soon as it handed the
 * bytes to its file's write stream, not once they are written: a GET right after it — the file store
 * reads an upload back to check its content — can find the object short or empty on a busy machine
 * (a 500 seen in CI). S3 itself reads its writes. Here a put answers once the file holds every byte.
 */
function answerPutsOnceWritten(store: FilesystemStore): void {
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    const result = await putObject(object);
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    for (let waited = 0; waited < 10_000; waited += 2) {
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && stat.size >= result.size) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return result;
  };
}

export interface RunningS3rver {
  /** The S3 store's configuration for this server (path-style, s3rver's credentials, no prefix). */
  config: S3Config;
  /** The directory s3rver keeps its buckets in: `<directory>/<bucket>/…`. */
  directory: string;
  /** `handled` ({ method, query }) after each request s3rver has handled. */
  requests: EventEmitter;
  stop(): Promise<void>;
}

export async function startS3rver(options: { bucket?: string; prefix?: string } = {}): Promise<RunningS3rver> {
  const bucket = options.bucket ?? 'trivia-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  // Koa composes its middleware when it starts listening: this one runs before s3rver's own.
  const requests = new EventEmitter();
  server.middleware.unshift(announceRequests(requests), multipartExtras(directory));
  answerPutsOnceWritten(server.store as FilesystemStore);
  const address = await server.run();
  return {
    config: {
      kind: 's3',
      bucket,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      credentials: { ...S3RVER_CREDENTIALS },
      forcePathStyle: true,
      prefix: options.prefix ?? '',
    },
    directory,
    requests,
    async stop() {
      requests.removeAllListeners();
      await server.close();
      await fs.promises.rm(directory, { recursive: true, force: true });
    },
  };
}

/** A file store for a test app: local disk (the app's own data folder), or S3 on a fresh s3rver with prefix `trivia/`. */
export interface TestFileStore {
  config: FileStoreConfig;
  /** The s3rver behind an S3 store (null for local disk). */
  s3: RunningS3rver | null;
  stop(): Promise<void>;
}

export async function testFileStore(kind: 'local' | 's3'): Promise<TestFileStore> {
  if (kind === 'local') return { config: { kind: 'local' }, s3: null, stop: async () => undefined };
  const s3 = await startS3rver({ prefix: 'trivia/' });
  return { config: s3.config, s3, stop: () => s3.stop() };
}
