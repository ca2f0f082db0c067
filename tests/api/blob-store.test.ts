/**
 * The blob store's contract, one suite for both implementations: local disk in a temporary folder,
 * and S3 on s3rver (a real S3-compatible server, tests/support/s3rver.ts) with a key prefix. Bytes
 * come back as they went in (small, and 20 MB streamed, which on S3 is a multipart upload), an
 * overwrite replaces, a missing key is null, ranges read what they say, deletes remove only what they
 * name, a failed or aborted upload leaves nothing behind (no blob, no temporary file, no unfinished
 * multipart upload), and a key the server could not have made is refused before any disk or network.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from '@/server/features/file/store/blob-store';
import { LocalBlobStore } from '@/server/features/file/store/local';
import { S3BlobStore } from '@/server/features/file/store/s3';
import { startS3rver } from '../support/s3rver';

interface Fixture {
  store: BlobStore;
  /** Every key physically stored (temporary files included), as the store's own keys. */
  stored(): Promise<string[]>;
  /** Uploads begun and not finished: temporary files on disk, multipart uploads on S3. */
  unfinished(): Promise<number>;
  /** Calls `changed` whenever what is stored may have changed (a file event; a write request handled). */
  watch(changed: () => void): () => void;
  /** The same kind of store where any I/O fails (a root that is a file; a closed port). */
  unreachable: BlobStore;
  close(): Promise<void>;
}

function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

async function localFixture(): Promise<Fixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-blob-local-'));
  const root = path.join(dir, 'files');
  fs.writeFileSync(path.join(dir, 'not-a-folder'), '');
  return {
    store: new LocalBlobStore(root),
    stored: async () => filesUnder(root),
    unfinished: async () => filesUnder(root).filter((file) => file.endsWith('.part')).length,
    watch: (changed) => {
      const watcher = fs.watch(dir, { recursive: true }, changed);
      return () => watcher.close();
    },
    unreachable: new LocalBlobStore(path.join(dir, 'not-a-folder')),
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3Fixture(): Promise<Fixture> {
  const prefix = 'trivia/';
  const server = await startS3rver({ prefix });
  const store = new S3BlobStore(server.config);
  const raw = new S3Client({ ...server.config, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  const bucket = server.config.bucket;
  const unreachable = new S3BlobStore({ ...server.config, endpoint: 'http://127.0.0.1:1' });
  return {
    store,
    async stored() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await raw.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      // A key outside the prefix stays visible as it is, so a comparison shows it.
      return keys.map((key) => (key.startsWith(prefix) ? key.slice(prefix.length) : `(outside ${prefix}) ${key}`));
    },
    async unfinished() {
      const answer = await raw.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return (answer.Uploads ?? []).length;
    },
    watch: (changed) => {
      // Writes only: the checks' own listings (GET) would otherwise call for another check, and so on.
      const heard = ({ method }: { method: string }) => {
        if (method !== 'GET' && method !== 'HEAD') changed();
      };
      server.requests.on('handled', heard);
      return () => void server.requests.off('handled', heard);
    },
    unreachable,
    async close() {
      await store.close();
      await unreachable.close();
      raw.destroy();
      await server.stop();
    },
  };
}

/** Deterministic bytes, so any range of a large stream can be checked without keeping it. */
function pattern(offset: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) {
    const n = offset + i;
    bytes[i] = (n ^ (n >>> 8) ^ (n >>> 16) ^ (n >>> 24)) & 0xff;
  }
  return bytes;
}

const CHUNK = 64 * 1024;

/** `total` bytes of pattern(), made as they are read. */
function patternStream(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const length = Math.min(CHUNK, total - sent);
      this.push(pattern(sent, length));
      sent += length;
    },
  });
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sha256(body: Readable): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), size };
}

/**
 * Resolves once `condition` holds: checked now and again whenever the fixture reports a change (no
 * polling); fails after 15 s without it.
 */
function until(fixture: Fixture, condition: () => Promise<boolean>, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    let checking = false;
    let again = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stop();
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve();
    };
    const check = async () => {
      if (checking) return void (again = true);
      checking = true;
      try {
        do {
          again = false;
          if (await condition()) return finish();
        } while (again && !done);
      } catch (error) {
        finish(error);
      } finally {
        checking = false;
      }
    };
    const timer = setTimeout(() => finish(new Error(`timed out waiting for ${what}`)), 15_000);
    const stop = fixture.watch(() => void check());
    void check();
  });
}

const MB = 1024 * 1024;

describe.each([
  ['local disk', localFixture],
  ['S3 (s3rver)', s3Fixture],
])('blob store on %s', (_name, makeFixture) => {
  let fixture: Fixture;
  let store: BlobStore;
  beforeAll(async () => {
    fixture = await makeFixture();
    store = fixture.store;
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const storedUnder = async (folder: string) => (await fixture.stored()).filter((key) => key.startsWith(`${folder}/`)).sort();

  it('gives back the bytes it was given, with their size', async () => {
    const bytes = randomBytes(1000);
    expect(await store.put('small/a.bin', Readable.from([bytes]), { contentType: 'application/octet-stream' })).toEqual({ size: 1000 });
    const blob = await store.get('small/a.bin');
    expect(blob?.size).toBe(1000);
    expect((await readAll(blob!.body)).equals(bytes)).toBe(true);
    expect(await store.head('small/a.bin')).toEqual({ size: 1000 });
    expect(await storedUnder('small')).toEqual(['small/a.bin']);
  });

  it('stores an empty blob', async () => {
    expect(await store.put('small/empty', Readable.from([]))).toEqual({ size: 0 });
    expect(await store.head('small/empty')).toEqual({ size: 0 });
    const blob = await store.get('small/empty');
    expect(blob?.size).toBe(0);
    expect((await readAll(blob!.body)).length).toBe(0);
  });

  it('streams 20 MB in and out (several 8 MB parts on S3) byte for byte', async () => {
    const total = 20 * MB;
    const expected = await sha256(patternStream(total));
    expect(await store.put('big/twenty', patternStream(total))).toEqual({ size: total });
    expect(await store.head('big/twenty')).toEqual({ size: total });
    const blob = await store.get('big/twenty');
    expect(blob?.size).toBe(total);
    expect(await sha256(blob!.body)).toEqual(expected);
    expect(await fixture.unfinished()).toBe(0);
    // Ranges across a part boundary and at the end.
    expect((await store.read('big/twenty', 8 * MB - 5, 10)).equals(pattern(8 * MB - 5, 10))).toBe(true);
    expect((await store.read('big/twenty', total - 3, 100)).equals(pattern(total - 3, 3))).toBe(true);
  });

  it('overwrites a blob with new bytes of another size', async () => {
    await store.put('over/x', Readable.from([Buffer.from('first version, the longer one')]));
    await store.put('over/x', Readable.from([Buffer.from('second')]));
    expect(await store.head('over/x')).toEqual({ size: 6 });
    expect((await readAll((await store.get('over/x'))!.body)).toString()).toBe('second');
    expect(await storedUnder('over')).toEqual(['over/x']);
  });

  it('answers null for a key with nothing stored, get and head alike', async () => {
    expect(await store.get('missing/nothing-here')).toBeNull();
    expect(await store.head('missing/nothing-here')).toBeNull();
    // A prefix of a stored key is not a blob either.
    await store.put('missing/dir/file', Readable.from([Buffer.from('x')]));
    expect(await store.get('missing/dir')).toBeNull();
    expect(await store.head('missing/dir')).toBeNull();
  });

  it('reads a range: from the start, in the middle, cut at the end, and nothing past it', async () => {
    const bytes = pattern(0, 1000);
    await store.put('range/r', Readable.from([bytes]));
    expect((await store.read('range/r', 0, 1)).equals(bytes.subarray(0, 1))).toBe(true);
    expect((await store.read('range/r', 0, 16)).equals(bytes.subarray(0, 16))).toBe(true);
    expect((await store.read('range/r', 10, 20)).equals(bytes.subarray(10, 30))).toBe(true);
    expect((await store.read('range/r', 999, 1)).equals(bytes.subarray(999))).toBe(true);
    expect((await store.read('range/r', 990, 50)).equals(bytes.subarray(990))).toBe(true);
    expect((await store.read('range/r', 1000, 10)).length).toBe(0);
    expect((await store.read('range/r', 5000, 10)).length).toBe(0);
    await expect(store.read('range/not-there', 0, 10)).rejects.toThrow();
  });

  it('deletes the keys it is given, ignores those without a blob, and keeps the others', async () => {
    for (const name of ['a', 'b', 'keep']) await store.put(`del/${name}`, Readable.from([Buffer.from(name)]));
    await store.delete(['del/a', 'del/never-stored', 'del/b']);
    expect(await store.head('del/a')).toBeNull();
    expect(await store.head('del/b')).toBeNull();
    expect(await storedUnder('del')).toEqual(['del/keep']);
    await store.delete([]);
    await store.delete(['del/a']);
    expect(await storedUnder('del')).toEqual(['del/keep']);
  });

  it('deletes more keys than one S3 request takes (1000)', async () => {
    await store.put('many/first', Readable.from([Buffer.from('1')]));
    await store.put('many/last', Readable.from([Buffer.from('2')]));
    const absent = Array.from({ length: 1200 }, (_, i) => `many/absent-${i}`);
    await store.delete(['many/first', ...absent, 'many/last']);
    expect(await storedUnder('many')).toEqual([]);
  });

  /**
   * 12 MB (a first 8 MB part and more), then, once the store has begun storing (a temporary file, a
   * multipart upload), `end` (an error, an abort); nothing more after that, as a client that stopped.
   */
  function failingSource(end: (source: Readable) => void): Readable {
    let sent = 0;
    let waiting = false;
    const source = new Readable({
      read() {
        if (sent < 12 * MB) {
          this.push(pattern(sent, CHUNK));
          sent += CHUNK;
          return;
        }
        if (waiting) return;
        waiting = true;
        until(fixture, async () => (await fixture.unfinished()) > 0, 'the upload to begin').then(
          () => end(source),
          (error: Error) => source.destroy(error),
        );
      },
    });
    return source;
  }

  it('leaves nothing behind when the source stream fails midway', async () => {
    const source = failingSource((self) => self.destroy(new Error('client went away')));
    await expect(store.put('fail/stream', source)).rejects.toThrow('client went away');
    expect(await store.head('fail/stream')).toBeNull();
    expect(await fixture.unfinished()).toBe(0);
    expect(await storedUnder('fail')).toEqual([]);
  });

  it('leaves nothing behind when the signal aborts midway', async () => {
    const controller = new AbortController();
    const source = failingSource(() => controller.abort());
    await expect(store.put('fail/aborted', source, { signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(source.destroyed).toBe(true);
    expect(await store.head('fail/aborted')).toBeNull();
    expect(await fixture.unfinished()).toBe(0);
    expect(await storedUnder('fail')).toEqual([]);
  });

  it('stores nothing for a signal aborted before the upload starts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(store.put('fail/early', Readable.from([Buffer.from('x')]), { signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(await store.head('fail/early')).toBeNull();
  });

  it('stores nothing for a signal aborted as the last byte is read', async () => {
    for (const size of [1000, 9 * MB]) {
      const controller = new AbortController();
      const source = patternStream(size).on('end', () => controller.abort());
      await expect(store.put('fail/late', source, { signal: controller.signal })).rejects.toThrow(/abort/i);
      expect(await store.head('fail/late')).toBeNull();
      expect(await fixture.unfinished()).toBe(0);
      expect(await storedUnder('fail')).toEqual([]);
    }
  });

  it('keeps the previous bytes when an overwrite fails', async () => {
    await store.put('fail/kept', Readable.from([Buffer.from('the good version')]));
    const source = failingSource((self) => self.destroy(new Error('broken upload')));
    await expect(store.put('fail/kept', source)).rejects.toThrow('broken upload');
    expect((await readAll((await store.get('fail/kept'))!.body)).toString()).toBe('the good version');
    expect(await fixture.unfinished()).toBe(0);
    await store.delete(['fail/kept']);
  });

  it.each(['../x', '/x', 'a//b', 'a/', '', 'a/../b', 'a/./b', '..', 'Images/x.png', 'a b', 'ä', 'a\\b', 'a/.hidden'])(
    'refuses the key %j before touching disk or network',
    async (key) => {
      const notAKey = 'not a blob key';
      // On a store where any I/O fails, the refusal comes first…
      const bad = fixture.unreachable;
      await expect(bad.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(notAKey);
      await expect(bad.get(key)).rejects.toThrow(notAKey);
      await expect(bad.head(key)).rejects.toThrow(notAKey);
      await expect(bad.read(key, 0, 1)).rejects.toThrow(notAKey);
      await expect(bad.delete([key])).rejects.toThrow(notAKey);
      // …while a key the server could have made does try, and fails.
      await expect(bad.get('ok/key')).rejects.not.toThrow(notAKey);
      // A batch with one bad key removes nothing, not even the good keys before it.
      await store.put('refuse/kept', Readable.from([Buffer.from('x')]));
      await expect(store.delete(['refuse/kept', key])).rejects.toThrow(notAKey);
      expect(await store.head('refuse/kept')).toEqual({ size: 1 });
    },
  );
});
