/**
 * The sheet reader every import shares (the staff import, features/admin/import.ts; the question
 * import): an upload read into rows of text cells, whatever the file's name says. An Excel workbook
 * (.xlsx, a zip: its first worksheet) or a CSV file: UTF-8 text without NUL bytes, or, where the
 * import asks for it, Big5 (what Excel on a zh-TW Windows saves as "CSV"). Anything else (an old
 * .xls, a PDF, an image, text in another encoding) is not a sheet. No rules of any import here: each
 * decides what its rows mean (which row is its header, its columns, its limit of rows, passed in).
 *
 * What a workbook may hold is bounded before anything heavy reads it (bounds.ts), and the reading
 * runs on a thread of its own, so a live game never waits on an import (issue 33: a 4.5 MB workbook
 * of 50,000 tiny zip entries kept the server busy for 5 s, three at once for 15 s).
 * - On the request's thread only the zip's directory is read, no byte inflated (zip.ts).
 * - On a reading thread (worker.ts, parse.ts) the workbook is unpacked under the budget, its extent
 *   checked, then read; a CSV is decoded and read there too.
 * The threads are one piscina pool for every import: at most PARSE_THREADS at a time (the other core
 * left to the games), none until the first import, each ended after THREAD_IDLE_MS idle, with a heap
 * of its own. A refusal is one of messages.ts's sheet.* keys (sheetRefusal); "not a sheet" is the
 * import's own message, since it names what that import accepts.
 */
import os from 'node:os';
import type { Piscina } from 'piscina';
import { bundled } from '../../runtime-files.js';
import { SheetLimit, UnreadableSheet } from './bounds.js';
import { CsvQuoteError } from './csv.js';
import type { SheetMessageKey } from './messages.js';
import { replyError, type ReadOptions, type SheetJob, type SheetKind, type SheetReply, type SheetRow } from './parse.js';
import { readZipDirectory } from './zip.js';
import './messages.js';

export { readSheetForm, type SheetForm } from './form.js';
export { columnName, megabytes, rowsWithDataLimit, SheetLimit, UnreadableSheet, WORKBOOK_LIMITS, type SheetLimitKey } from './bounds.js';
export { CsvQuoteError, csvRecords, parseCsv, type CsvRecord } from './csv.js';
export { findHeaderRow } from './header.js';
export { sheetMessages, type SheetMessageKey } from './messages.js';
export { isBlankRow, type CsvEncoding, type ReadOptions, type SheetKind, type SheetRow } from './parse.js';

/** Sheets read at once: the cores but one (always one left to the live games), at least one. */
export const PARSE_THREADS = Math.max(1, os.availableParallelism() - 1);
/** A sheet not read this long after it was handed to the pool is refused as unreadable (its thread ended). */
export const PARSE_TIMEOUT_MS = 60_000;
/** An idle thread ends after this; the next import starts another (about 50 ms compiled, 1 s under tsx). */
const THREAD_IDLE_MS = 60_000;
/** A reading thread's heap: a workbook at the bounds needs about 200 MB; beyond, the thread fails alone. */
const THREAD_HEAP_MB = 512;

/**
 * A control character other than tab, line feed, form feed and carriage return: no text a spreadsheet
 * saves has one, and bytes that are no text do (Node's Big5 decoder, ICU's, takes a lone 0x80 for
 * U+0080, so fatal decoding alone lets some through).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/;

/**
 * What the bytes are: a zip (an .xlsx), UTF-8 text without NUL (a .csv), with `big5` Big5 text
 * that is not UTF-8 (no NUL, no control character but tab and line breaks), or neither (null).
 * Text that is valid UTF-8 is read as UTF-8 (plain ASCII is both).
 */
export function sheetKind(bytes: Buffer, { big5 = false }: { big5?: boolean } = {}): SheetKind | null {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return { kind: 'xlsx' };
  if (bytes.includes(0)) return null;
  if (decoded(bytes, 'utf-8') !== null) return { kind: 'csv', encoding: 'utf-8' };
  if (!big5) return null;
  const text = decoded(bytes, 'big5');
  return text !== null && !BINARY.test(text) ? { kind: 'csv', encoding: 'big5' } : null;
}

/** The bytes as text in `encoding`, or null where they are not text in it. */
function decoded(bytes: Buffer, encoding: 'utf-8' | 'big5'): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The sheet's rows that hold something, read on a thread of their own (the directory of a workbook
 * checked here first), at most `maxRows` data rows after the first row that holds something. Throws
 * SheetLimit, UnreadableSheet or CsvQuoteError for a file refused (sheetRefusal words them).
 */
export async function readSheet(bytes: Buffer, sheet: SheetKind, { maxRows }: ReadOptions): Promise<SheetRow[]> {
  if (!Number.isSafeInteger(maxRows) || maxRows < 1) throw new RangeError(`readSheet: maxRows must be a positive integer, not ${maxRows}`);
  if (sheet.kind === 'xlsx') await readZipDirectory(bytes);
  // A copy of exactly these bytes, moved to the thread (a Buffer may be a view of a larger pool).
  const copy = new Uint8Array(bytes);
  let reply: SheetReply;
  try {
    reply = await (await readingThreads()).run({ bytes: copy, sheet, maxRows } satisfies SheetJob, {
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

/** Why a sheet was refused, as a sheet.* message and its values. */
export interface SheetRefusal {
  key: SheetMessageKey;
  params: Record<string, string | number>;
}

/** The message for an error readSheet threw for the file (a bound, an unreadable workbook, an open quote); null for any other error (ours). */
export function sheetRefusal(error: unknown): SheetRefusal | null {
  if (error instanceof SheetLimit) return { key: error.key, params: error.params };
  if (error instanceof UnreadableSheet) return { key: 'sheet.unreadable', params: {} };
  if (error instanceof CsvQuoteError) return { key: 'sheet.csvQuote', params: { line: error.line } };
  return null;
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
