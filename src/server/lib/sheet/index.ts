/**
 * Reads an uploaded sheet into rows of text cells, whatever the file's name says: an Excel workbook
 * (.xlsx, a zip: its first worksheet) or a CSV file (UTF-8 text without NUL bytes). Anything else
 * (an old .xls, a PDF, an image, text in another encoding) is not a sheet. No rules here: the import
 * (import.ts) and src/domain/account-import.ts decide what the rows mean.
 *
 * What a workbook may hold is bounded before anything heavy reads it (sheet-bounds.ts), and the
 * reading runs on a thread of its own, so a live game never waits on an import (issue 33: a 4.5 MB
 * workbook of 50,000 tiny zip entries kept the server busy for 5 s, three at once for 15 s).
 * - On the request's thread only the zip's directory is read, no byte inflated (sheet-zip.ts).
 * - On a reading thread (sheet-worker.ts, sheet-parse.ts) the workbook is unpacked under the budget,
 *   its extent checked, then read; a CSV is read there too.
 * The threads are a piscina pool: at most PARSE_THREADS at a time (the other core left to the games),
 * none until the first import, each ended after THREAD_IDLE_MS idle, with a heap of its own.
 */
import os from 'node:os';
import type { Piscina } from 'piscina';
import { bundled } from '../../runtime-files.js';
import { UnreadableSheet } from './bounds.js';
import { replyError, type SheetJob, type SheetKind, type SheetReply, type SheetRow } from './parse.js';
import { readZipDirectory } from './zip.js';

/** Sheets read at once: the cores but one (always one left to the live games), at least one. */
export const PARSE_THREADS = Math.max(1, os.availableParallelism() - 1);
/** A sheet not read this long after it was handed to the pool is refused as unreadable (its thread ended). */
export const PARSE_TIMEOUT_MS = 60_000;
/** An idle thread ends after this; the next import starts another (about 50 ms compiled, 1 s under tsx). */
const THREAD_IDLE_MS = 60_000;
/** A reading thread's heap: a workbook at the bounds needs about 200 MB; beyond, the thread fails alone. */
const THREAD_HEAP_MB = 512;

/** What the bytes are: a zip (an .xlsx), UTF-8 text without NUL (a .csv), or neither. */
export function sheetKind(bytes: Buffer): SheetKind | null {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'csv';
  } catch {
    return null;
  }
}

/**
 * The sheet's rows that hold something, read on a thread of their own (the directory of a workbook
 * checked here first). Throws SheetLimit, UnreadableSheet or CsvQuoteError for a file refused.
 */
export async function readSheet(bytes: Buffer, kind: SheetKind): Promise<SheetRow[]> {
  if (kind === 'xlsx') await readZipDirectory(bytes);
  // A copy of exactly these bytes, moved to the thread (a Buffer may be a view of a larger pool).
  const copy = new Uint8Array(bytes);
  let reply: SheetReply;
  try {
    reply = await (await readingThreads()).run({ bytes: copy, kind } satisfies SheetJob, {
      transferList: [copy.buffer],
      signal: AbortSignal.timeout(PARSE_TIMEOUT_MS),
    });
  } catch (error) {
    const { name, code } = error as Error & { code?: string };
    // The pool ends the thread of a parse it aborts, and replaces one that ran out of memory.
    if (name === 'AbortError') throw new UnreadableSheet(`reading it took longer than ${PARSE_TIMEOUT_MS / 1000} s`);
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new UnreadableSheet('reading it took more memory than a thread has');
    throw error;
  }
  if ('rows' in reply) return reply.rows;
  throw replyError(reply);
}

let pool: Promise<Piscina> | undefined;

/** The pool, made at the first sheet: piscina is not loaded at every start of the server. */
function readingThreads(): Promise<Piscina> {
  pool ??= import('piscina').then(
    ({ Piscina }) =>
      new Piscina({
        filename: new URL(bundled ? './sheet-worker.js' : './worker-sources.mjs', import.meta.url).href,
        name: 'default',
        minThreads: 0,
        maxThreads: PARSE_THREADS,
        // One sheet per thread at a time: a second would only wait behind the first's parse.
        concurrentTasksPerWorker: 1,
        idleTimeout: THREAD_IDLE_MS,
        resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
      }),
  );
  return pool;
}
