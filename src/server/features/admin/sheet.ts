/**
 * Reads an uploaded sheet into rows of text cells, whatever the file's name says: an Excel workbook
 * (.xlsx, a zip: its first worksheet) or a CSV file (UTF-8 text without NUL bytes). Anything else
 * (an old .xls, a PDF, an image, text in another encoding) is not a sheet. Cells are the text a
 * person sees (a formula's result, a link's text). No rules here: the import (import.ts) and
 * src/domain/account-import.ts decide what the rows mean.
 *
 * What a workbook may hold is bounded before anything heavy reads it (WORKBOOK_LIMITS), and the
 * reading runs on a thread of its own, so a live game never waits on an import (issue 33: a 4.5 MB
 * workbook of 50,000 tiny zip entries kept the server busy for 5 s, three at once for 15 s).
 * - On the request's thread only the zip's directory is read, no byte inflated: its entry count
 *   first (50,000 entries are refused in microseconds), the sizes the entries declare, and that the
 *   entries are exactly those the directory lists, back to back (read-excel-file reads the entries
 *   one after another as a stream: one the directory hides would be read unchecked).
 * - On the thread (sheet-worker.ts; at most PARSE_THREADS at a time, the other core left to the
 *   games): every entry is inflated under the budget counting the bytes inflating really produces
 *   (declared sizes can lie); then the first sheet's cells are scanned for how far down and right
 *   the data goes (read-excel-file fills a grid up to the last cell: one value in XFD1048576 would be
 *   17 billion cells); then read-excel-file reads it. A CSV is read there too. The thread answers the
 *   rows that hold something, at most the import's 1,000 data rows (more are refused with their
 *   count) of at most WORKBOOK_LIMITS.columns cells, so handing them back costs the server little.
 * A bound crossed is a SheetLimit: the message key and its values, a 422 on `file` in import.ts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { CellValue } from 'read-excel-file/node';
import { IMPORT_MAX_ROWS, isBlankRow } from '../../../domain/account-import.js';
import type { MessageKey } from '../../i18n.js';
import { bundled } from '../../runtime-files.js';
import { CsvQuoteError, parseCsv } from './csv.js';

export type SheetKind = 'xlsx' | 'csv';

export interface SheetRow {
  /** The row number in the sheet (1 = the first). */
  row: number;
  cells: string[];
}

/**
 * What an imported workbook may hold. A staff sheet is one worksheet of at most 1,001 rows (the
 * header and 1,000 admins, IMPORT_MAX_ROWS) in 6 columns: Excel saves it as about a dozen zip
 * entries unpacking to under 1 MB (the bench's 1,000 rows: 0.3 MB). Each bound leaves that sheet
 * room many times over and keeps what a file may ask of the reading thread to seconds (on this 2-core
 * machine at load 19: 1.8 s to read 1,000 rows unpacking to 30 MB; 6.5 s to refuse 10,000 rows of
 * 100 numbers, the most cells the bounds let through to the scan) and about 400 MB of memory.
 */
export const WORKBOOK_LIMITS = {
  /** Zip entries: a one-sheet workbook has about 12; each further sheet, image or comment adds 1 to 3. */
  entries: 1_000,
  /** What all entries unpack to, as declared and as inflated: 32 times the largest staff sheet. */
  unpackedBytes: 32 * 1024 * 1024,
  /** The last row of the first sheet that may hold data: 10 times the data rows, for blank rows between. */
  rows: 10_000,
  /**
   * Rows holding data, counted before parsing: twice the import's 1,000 (refused above, as the import
   * would: a few rows of spaces, blank to the import but not to the count, change nothing there).
   */
  rowsWithData: 2 * IMPORT_MAX_ROWS,
  /** The last column that may hold data (CV): the import reads 6, an export of another system may carry dozens. */
  columns: 100,
} as const;

/** Sheets read at once: the cores but one (always one left to the live games), at least one. */
export const PARSE_THREADS = Math.max(1, os.availableParallelism() - 1);
/** A parse running longer is stopped (its thread ended) and the file refused as unreadable. */
export const PARSE_TIMEOUT_MS = 60_000;
/** An idle thread ends after this; the next import starts another (about 50 ms compiled, 1 s under tsx). */
const THREAD_IDLE_MS = 60_000;
/** A reading thread's heap: a workbook at the bounds needs about 200 MB; beyond, the thread fails alone. */
const THREAD_HEAP_MB = 512;

export class UnreadableSheet extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableSheet';
  }
}

type SheetLimitKey = Extract<MessageKey, 'admin.import.tooManyParts' | 'admin.import.unpacksTooLarge' | 'admin.import.sheetTooLong' | 'admin.import.sheetTooWide' | 'admin.import.tooManyRows'>;

/** A bound of WORKBOOK_LIMITS (or the import's rows) crossed: the message for `file` and its values. */
export class SheetLimit extends Error {
  constructor(
    readonly key: SheetLimitKey,
    readonly params: Record<string, string | number>,
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'SheetLimit';
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const unpacksTooLarge = () => new SheetLimit('admin.import.unpacksTooLarge', { limit: megabytes(WORKBOOK_LIMITS.unpackedBytes) });

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
  if (kind === 'xlsx') readZipDirectory(bytes);
  await acquireThread();
  try {
    return await parseOnThread(bytes, kind);
  } finally {
    releaseThread();
  }
}

/** The same rows, read on the calling thread: what the reading thread runs. */
export async function parseSheet(bytes: Buffer, kind: SheetKind): Promise<SheetRow[]> {
  const rows = kind === 'csv' ? parseCsv(bytes.toString('utf8')).map((cells, index) => ({ row: index + 1, cells })) : await readWorkbook(bytes);
  const kept: SheetRow[] = [];
  let dataRows = 0;
  for (const { row, cells } of rows) {
    if (isBlankRow(cells)) continue;
    let width = cells.length;
    while (width > 0 && cells[width - 1]!.trim() === '') width -= 1;
    if (width > WORKBOOK_LIMITS.columns) throw new SheetLimit('admin.import.sheetTooWide', { column: columnName(width), limit: columnName(WORKBOOK_LIMITS.columns) });
    if (row > 1) dataRows += 1;
    kept.push({ row, cells: cells.length > width ? cells.slice(0, width) : cells });
  }
  if (dataRows > IMPORT_MAX_ROWS) throw new SheetLimit('admin.import.tooManyRows', { limit: IMPORT_MAX_ROWS, count: dataRows });
  return kept;
}

/** read-excel-file is loaded at the first workbook, not at every start of the server. */
const loadReader = async () => (await import('read-excel-file/node')).readSheet;

async function readWorkbook(bytes: Buffer): Promise<SheetRow[]> {
  const parts = unpackWorkbook(bytes, readZipDirectory(bytes));
  for (const name of firstSheetParts(parts)) {
    const extent = sheetExtent(parts.get(name)!.toString('utf8'));
    if (extent.row > WORKBOOK_LIMITS.rows) throw new SheetLimit('admin.import.sheetTooLong', { row: extent.row, limit: WORKBOOK_LIMITS.rows });
    if (extent.dataRows > WORKBOOK_LIMITS.rowsWithData) throw new SheetLimit('admin.import.tooManyRows', { limit: IMPORT_MAX_ROWS, count: extent.dataRows });
    if (extent.column > WORKBOOK_LIMITS.columns) {
      throw new SheetLimit('admin.import.sheetTooWide', { column: columnName(extent.column), limit: columnName(WORKBOOK_LIMITS.columns) });
    }
  }
  parts.clear();
  let data;
  try {
    // The first worksheet, every row from the first (empty ones as rows of nulls), cells as written.
    data = await (await loadReader())(bytes, 1, { trim: false });
  } catch (error) {
    throw new UnreadableSheet(`read-excel-file: ${(error as Error).message}`);
  }
  return data.map((cells, index) => ({ row: index + 1, cells: cells.map(cellText) }));
}

/**
 * What a person sees in the cell: text (a link's text, rich text's runs joined), a number, a
 * formula's cached result; nothing for an error or an empty cell; a date cell as its ISO moment.
 */
function cellText(value: CellValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** A column's letters as a spreadsheet shows them: 1 → A, 27 → AA, 100 → CV. */
function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** Where the entry's bytes start (after its local header). */
  data: number;
}

/**
 * The zip's entries as its directory lists them, checked against WORKBOOK_LIMITS (their count and
 * declared sizes) and against the entries themselves: the local entries must be the directory's,
 * same names and sizes, back to back from the first byte to the directory. No byte is inflated.
 */
export function readZipDirectory(bytes: Buffer): ZipEntry[] {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) throw new UnreadableSheet('no zip directory');
  const count = bytes.readUInt16LE(end + 10);
  // 0xffff (a Zip64 archive, 65,535 entries or more) is beyond the bound too.
  if (count > WORKBOOK_LIMITS.entries) throw new SheetLimit('admin.import.tooManyParts', { count, limit: WORKBOOK_LIMITS.entries });
  const size = bytes.readUInt32LE(end + 12);
  const start = bytes.readUInt32LE(end + 16);
  if (bytes.readUInt16LE(end + 4) !== 0 || bytes.readUInt16LE(end + 6) !== 0 || bytes.readUInt16LE(end + 8) !== count) throw new UnreadableSheet('a zip split over disks');
  if (start + size > end) throw new UnreadableSheet('bad zip directory');

  const listed: Array<ZipEntry & { flags: number; local: number; nameBytes: Buffer }> = [];
  let declared = 0;
  let offset = start;
  for (let n = 0; n < count; n += 1) {
    if (offset + 46 > start + size || bytes.readUInt32LE(offset) !== 0x02014b50) throw new UnreadableSheet('bad zip directory');
    const nameLength = bytes.readUInt16LE(offset + 28);
    const nameBytes = bytes.subarray(offset + 46, offset + 46 + nameLength);
    listed.push({
      name: nameBytes.toString('utf8'),
      nameBytes,
      flags: bytes.readUInt16LE(offset + 8),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      local: bytes.readUInt32LE(offset + 42),
      data: 0,
    });
    declared += bytes.readUInt32LE(offset + 24);
    if (declared > WORKBOOK_LIMITS.unpackedBytes) throw unpacksTooLarge();
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  if (offset !== start + size) throw new UnreadableSheet('the zip directory does not hold what it counts');

  let at = 0;
  for (const entry of [...listed].sort((a, b) => a.local - b.local)) {
    if (entry.local !== at || at + 30 > start || bytes.readUInt32LE(at) !== 0x04034b50) throw new UnreadableSheet('a zip entry outside its directory');
    const nameLength = bytes.readUInt16LE(at + 26);
    if (!bytes.subarray(at + 30, at + 30 + nameLength).equals(entry.nameBytes)) throw new UnreadableSheet('a zip entry named otherwise in its directory');
    // Without a data descriptor (flag 3) the local header carries the sizes a streaming reader goes by.
    if (!(entry.flags & 8) && bytes.readUInt32LE(at + 18) !== entry.compressedSize) throw new UnreadableSheet('a zip entry sized otherwise in its directory');
    entry.data = at + 30 + nameLength + bytes.readUInt16LE(at + 28);
    at = entry.data + entry.compressedSize;
    // The data descriptor: CRC and sizes, after an optional signature.
    if (entry.flags & 8) at += at + 4 <= start && bytes.readUInt32LE(at) === 0x08074b50 ? 16 : 12;
  }
  if (at !== start) throw new UnreadableSheet('bytes between the zip entries and their directory');
  return listed.map(({ name, method, compressedSize, data }) => ({ name, method, compressedSize, data }));
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (bytes.readUInt32LE(i) === 0x06054b50) return i;
  }
  return -1;
}

/**
 * Inflates every entry, stopping once they would produce more than `limit` bytes in all, counted
 * as inflating produces them; answers the XML parts (.xml, .rels) by name.
 */
export function unpackWorkbook(bytes: Buffer, entries: readonly ZipEntry[], limit: number = WORKBOOK_LIMITS.unpackedBytes): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  let left = limit;
  for (const entry of entries) {
    const data = bytes.subarray(entry.data, entry.data + entry.compressedSize);
    let content: Buffer;
    if (entry.method === 0) content = data;
    else if (entry.method === 8) {
      try {
        content = zlib.inflateRawSync(data, { maxOutputLength: left + 1 });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw unpacksTooLarge();
        throw new UnreadableSheet('a corrupt zip entry');
      }
    } else throw new UnreadableSheet(`zip compression method ${entry.method}`);
    left -= content.length;
    if (left < 0) throw unpacksTooLarge();
    if (entry.name.endsWith('.xml') || entry.name.endsWith('.rels')) parts.set(entry.name, content);
  }
  return parts;
}

const attributePatterns = new Map<string, RegExp>();

/** An attribute's value in an XML start tag's attribute text, whatever its namespace prefix. */
function attribute(attributes: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * The part read-excel-file reads as the first sheet, found as it finds it (the workbook's first
 * named <sheet>, its relation's target); if that fails, every part under xl/worksheets/, so
 * whatever it reads was held to the bounds.
 */
function firstSheetParts(parts: Map<string, Buffer>): string[] {
  const targets = new Map<string, string>();
  const relations = parts.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  for (const [, attributes = ''] of relations.matchAll(/<(?:[\w.-]+:)?Relationship(?=[\s/>])([^>]*)>/g)) {
    const id = attribute(attributes, 'Id');
    const target = attribute(attributes, 'Target');
    if (id && target && attribute(attributes, 'Type')?.endsWith('/worksheet')) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const workbook = parts.get('xl/workbook.xml')?.toString('utf8') ?? '';
  for (const [, attributes = ''] of workbook.matchAll(/<(?:[\w.-]+:)?sheet(?=[\s/>])([^>]*)>/g)) {
    if (attribute(attributes, 'name') === undefined) continue;
    const part = targets.get(attribute(attributes, 'id') ?? '');
    if (part && parts.has(part)) return [part];
    break;
  }
  return [...parts.keys()].filter((name) => name.startsWith('xl/worksheets/') && name.endsWith('.xml'));
}

/** "AB12" → row 12, column 28. */
function cellAddress(reference: string): { row: number; column: number } | null {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(reference);
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return { row: Number(match[2]), column };
}

/**
 * How far down and right a worksheet's cells with content go (a <c> that is not empty: <c .../>
 * is formatting only), placed as read-excel-file places them: by their `r`, else after the previous;
 * and how many rows below the first hold such a cell.
 */
export function sheetExtent(xml: string): { row: number; column: number; dataRows: number } {
  let row = 0;
  let column = 0;
  const last = { row: 0, column: 0, dataRows: 0 };
  for (const [, tag, attributes = '', empty] of xml.matchAll(/<(?:[\w.-]+:)?(row|c)(?=[\s/>])([^>]*?)(\/?)>/g)) {
    const reference = attribute(attributes, 'r');
    if (tag === 'row') {
      row = reference && /^\d+$/.test(reference) ? Number(reference) : row + 1;
      column = 0;
      continue;
    }
    const address = reference ? cellAddress(reference) : null;
    if (address) ({ row, column } = address);
    else column += 1;
    if (empty) continue;
    if (row > 1 && row !== last.row) last.dataRows += 1;
    last.row = Math.max(last.row, row);
    last.column = Math.max(last.column, column);
  }
  return last;
}

// ——— The reading threads ———

/** What the server sends a reading thread. */
export interface SheetJob {
  bytes: Uint8Array;
  kind: SheetKind;
}

/** What a reading thread answers: the rows, or why the file is refused, or a failure of ours. */
export type SheetReply =
  | { rows: SheetRow[] }
  | { limit: { key: SheetLimitKey; params: Record<string, string | number> } }
  | { unreadable: string }
  | { csvQuote: number }
  | { failed: string };

/** The reply for an error thrown while reading (on the thread). */
export function replyFor(error: unknown): SheetReply {
  if (error instanceof SheetLimit) return { limit: { key: error.key, params: error.params } };
  if (error instanceof UnreadableSheet) return { unreadable: error.message };
  if (error instanceof CsvQuoteError) return { csvQuote: error.line };
  return { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

function replyError(reply: Exclude<SheetReply, { rows: SheetRow[] }>): Error {
  if ('limit' in reply) return new SheetLimit(reply.limit.key, reply.limit.params);
  if ('unreadable' in reply) return new UnreadableSheet(reply.unreadable);
  if ('csvQuote' in reply) return new CsvQuoteError(reply.csvQuote);
  return new Error(`reading a sheet failed on its thread: ${reply.failed}`);
}

let threadsRunning = 0;
const waitingForThread: Array<() => void> = [];
const idleThreads: Worker[] = [];
const idleTimers = new Map<Worker, NodeJS.Timeout>();

async function acquireThread(): Promise<void> {
  if (threadsRunning < PARSE_THREADS) {
    threadsRunning += 1;
    return;
  }
  // The slot is handed over by releaseThread, never taken by someone arriving in between.
  await new Promise<void>((resolve) => waitingForThread.push(resolve));
}

function releaseThread(): void {
  const next = waitingForThread.shift();
  if (next) next();
  else threadsRunning -= 1;
}

/**
 * From the sources (tsx, the tests) a thread cannot load TypeScript by itself: Node 20 does not
 * pass tsx's hooks to threads, so the thread registers tsx before importing its module.
 */
function fromSources(entry: URL): string {
  // tsx's ESM API as its package exports it to `import` (its CommonJS twin registers a wrong path).
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const api = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!.import.default;
  const tsx = new URL(api, pathToFileURL(manifest)).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
}

function startThread(): Worker {
  const options: WorkerOptions = { name: 'sheet reader', resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } };
  const worker = bundled
    ? new Worker(new URL('./sheet-worker.js', import.meta.url), options)
    : new Worker(fromSources(new URL('./sheet-worker.ts', import.meta.url)), { ...options, eval: true });
  // An idle thread never keeps the process alive; a running parse is awaited by its request.
  worker.unref();
  // Errors are answered to the parse that caused them (parseOnThread); a thread that ends leaves the pool.
  worker.on('error', () => {});
  worker.on('exit', () => {
    const index = idleThreads.indexOf(worker);
    if (index >= 0) idleThreads.splice(index, 1);
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
  });
  return worker;
}

function keepIdle(worker: Worker): void {
  idleThreads.push(worker);
  const timer = setTimeout(() => void worker.terminate(), THREAD_IDLE_MS);
  timer.unref();
  idleTimers.set(worker, timer);
}

function parseOnThread(bytes: Buffer, kind: SheetKind): Promise<SheetRow[]> {
  const worker = idleThreads.pop() ?? startThread();
  clearTimeout(idleTimers.get(worker));
  idleTimers.delete(worker);
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    const onMessage = (reply: SheetReply) => {
      done();
      keepIdle(worker);
      if ('rows' in reply) resolve(reply.rows);
      else reject(replyError(reply));
    };
    const onError = (error: Error & { code?: string }) => {
      done();
      void worker.terminate();
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new UnreadableSheet('reading it took more memory than a thread has') : error);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`the sheet reading thread ended (exit code ${code})`));
    };
    const timer = setTimeout(() => {
      done();
      void worker.terminate();
      reject(new UnreadableSheet(`reading it took longer than ${PARSE_TIMEOUT_MS / 1000} s`));
    }, PARSE_TIMEOUT_MS);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    // A copy of exactly these bytes, moved to the thread (a Buffer may be a view of a larger pool).
    const copy = new Uint8Array(bytes);
    worker.postMessage({ bytes: copy, kind } satisfies SheetJob, [copy.buffer]);
  });
}
