/**
 * The blob store in an S3-compatible bucket (AWS S3, MinIO, s3rver…), chosen by S3_BUCKET: the
 * object key is `S3_PREFIX + key`. Loaded only when configured (index.ts imports it on demand), so a
 * server on local disk never loads the SDK.
 *
 * - put streams through lib-storage's `Upload`: bodies up to one part go in one PutObject, larger
 *   ones as a multipart upload of 8 MB parts, two at a time, so a 1 GB upload holds about three parts
 *   in memory, whatever its size. A source that fails or a signal that aborts ends the upload and
 *   lib-storage aborts the multipart upload (its parts are removed); `put` rejects only after that.
 * - get streams the object; read is a Range GET; head a HeadObject; a missing object is null.
 * - delete sends DeleteObjects, 1000 keys a request (S3's limit), quiet: only failures come back.
 */
import { addAbortSignal, pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStoreConfig } from '../../../config.js';
import { assertBlobKey, type BlobRead, type BlobStore } from './blob-store.js';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

/** Multipart part size and parts in flight: memory per upload ≈ (QUEUE_SIZE + 1) × PART_SIZE. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** DeleteObjects takes at most 1000 keys. */
const DELETE_BATCH = 1000;

function isMissing(error: unknown): boolean {
  // GET answers NoSuchKey; HEAD has no body, so the SDK names its 404 NotFound.
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them (DeleteObjects). Since 2025 the SDK adds a CRC32 to
      // every upload by default, and a streamed body then goes aws-chunked with the checksum as a
      // trailer, which S3-compatible servers that predate it refuse or mishandle: s3rver stored the
      // chunk framing as the object's bytes (a PutObject of a stream, tried with this SDK version).
      // lib-storage sends buffers, which worked either way, but nothing here should depend on that.
      // Integrity is kept: a buffer's SHA-256 is in the signed request (S3 checks it), and HTTPS.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // No CRC32 computed over every download either (it would be checked only where S3 sent one).
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    assertBlobKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Readable, options: { contentType?: string; signal?: AbortSignal } = {}): Promise<{ size: number }> {
    const Key = this.objectKey(key);
    const { signal } = options;
    if (signal?.aborted) {
      body.destroy();
      throw signal.reason;
    }
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    // A failing source (or the signal) destroys `counted` with its error: lib-storage stops reading,
    // lets the parts in flight finish, aborts the multipart upload and then rejects.
    pipeline(body, counted, () => {});
    if (signal) addAbortSignal(signal, counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: counted, ...(options.contentType ? { ContentType: options.contentType } : {}) },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      counted.destroy(); // S3 failed: stop reading the source too
      throw error;
    }
    // As on disk, an abort counts until the last byte is read: after that the blob is stored.
    return { size };
  }

  async get(key: string): Promise<BlobRead | null> {
    const Key = this.objectKey(key);
    let answer: GetObjectCommandOutput;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (!(answer.Body instanceof Readable)) throw new Error(`S3 GetObject ${Key}: the body is not a stream`);
    return { body: answer.Body, size: answer.ContentLength ?? 0 };
  }

  async read(key: string, offset: number, length: number): Promise<Buffer> {
    const Key = this.objectKey(key);
    let answer: GetObjectCommandOutput;
    try {
      const last = offset + Math.max(length, 1) - 1;
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key, Range: `bytes=${offset}-${last}` }));
    } catch (error) {
      // Starting at or past the end: nothing to read (a missing object still throws, as on disk).
      if (error instanceof S3ServiceException && error.name === 'InvalidRange') return Buffer.alloc(0);
      throw error;
    }
    if (!(answer.Body instanceof Readable)) throw new Error(`S3 GetObject ${Key}: the body is not a stream`);
    // HTTP lets a server answer more than the range asked (the whole object, or s3rver's answer to
    // bytes=0-0): skip to `offset` from where the answer starts and stop after `length` bytes.
    const start = Number(/^bytes (\d+)-/.exec(answer.ContentRange ?? '')?.[1] ?? 0);
    let skip = Math.max(0, offset - start);
    const chunks: Buffer[] = [];
    let got = 0;
    if (length > 0) {
      for await (const data of answer.Body as AsyncIterable<Buffer>) {
        let chunk = data;
        if (skip >= chunk.length) {
          skip -= chunk.length;
          continue;
        }
        chunk = chunk.subarray(skip, skip + length - got);
        skip = 0;
        chunks.push(chunk);
        got += chunk.length;
        if (got >= length) break;
      }
    }
    answer.Body.destroy();
    return Buffer.concat(chunks);
  }

  async head(key: string): Promise<{ size: number } | null> {
    const Key = this.objectKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const objects = keys.map((key) => ({ Key: this.objectKey(key) }));
    for (let i = 0; i < objects.length; i += DELETE_BATCH) {
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects.slice(i, i + DELETE_BATCH), Quiet: true } }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(`S3 DeleteObjects: ${failed.length} not deleted, e.g. ${first?.Key}: ${first?.Code} ${first?.Message}`);
      }
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
