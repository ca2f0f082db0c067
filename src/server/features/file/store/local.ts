/**
 * The blob store on local disk: `<root>/<key>` with root = `DATA_DIR/files`. A put writes to a
 * temporary file beside the target and renames it into place, so a reader never sees half a blob and
 * a failed upload leaves nothing. One process, or several sharing one disk; for several machines use
 * the S3 store.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobRead, type BlobStore } from './blob-store.js';

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, options: { signal?: AbortSignal } = {}): Promise<{ size: number }> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const writer = fs.createWriteStream(temporary, { flags: 'wx' });
    try {
      await pipeline(body, count, writer, options.signal ? { signal: options.signal } : {});
      await fs.promises.rename(temporary, target);
    } catch (error) {
      // The file is opened asynchronously: a body refused at once (not text, too large) can fail the
      // pipeline before the open, which then still creates the file. Removed only once the writer
      // has closed, it never stays behind.
      if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    return { size };
  }

  async get(key: string): Promise<BlobRead | null> {
    const file = this.file(key);
    const handle = await fs.promises.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
      throw error;
    });
    if (!handle) return null;
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { body: handle.createReadStream(), size: stat.size };
  }

  async read(key: string, offset: number, length: number): Promise<Buffer> {
    const handle = await fs.promises.open(this.file(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    const stat = await fs.promises.stat(this.file(key)).catch(() => null);
    return stat?.isFile() ? { size: stat.size } : null;
  }

  async delete(keys: readonly string[]): Promise<void> {
    const files = keys.map((key) => this.file(key)); // every key checked before anything is removed
    await Promise.all(files.map((file) => fs.promises.rm(file, { force: true })));
  }

  async close(): Promise<void> {}
}
