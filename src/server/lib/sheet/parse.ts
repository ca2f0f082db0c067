/**
 * What the reading thread does with an uploaded sheet (worker.ts runs it; the tests call it
 * directly): a CSV decoded from its encoding (UTF-8, or Big5 where the import accepts it) and read
 * through csv.ts (its records one at a time), a workbook unpacked under the budget (zip.ts), its first
 * sheet's extent checked (extent.ts), then read by read-excel-file. It keeps the rows that hold
 * something, at most the import's `maxRows` data rows after the first such row (more are refused with
 * their count) of at most WORKBOOK_LIMITS.columns cells, so handing them back costs the server little.
 * No row is assumed to be the header: the first that holds something may be one, or a title above
 * it. Cells are the text a person sees (a formula's result, a link's text). Also what crosses between
 * the threads: the job and the reply, which carries a refusal as data (errors lose their class on the way).
 */
import type { CellValue } from 'read-excel-file/node';
import { CsvQuoteError, csvRecords } from './csv.js';
import { rowsWithDataLimit, SheetLimit, type SheetLimitKey, sheetTooWide, tooManyRows, UnreadableSheet, WORKBOOK_LIMITS } from './bounds.js';
import { firstSheetParts, sheetExtent } from './extent.js';
import { readZipDirectory, unpackWorkbook } from './zip.js';

/** The encodings a CSV is read in: UTF-8 always, Big5 (what Excel on a zh-TW Windows saves as "CSV") where an import accepts it. */
export type CsvEncoding = 'utf-8' | 'big5';

/** What an upload is, told by its bytes (index.ts's sheetKind): a workbook, or a CSV in an encoding. */
export type SheetKind = { kind: 'xlsx' } | { kind: 'csv'; encoding: CsvEncoding };

export interface SheetRow {
  /** The row number in the sheet (1 = the first). */
  row: number;
  cells: string[];
}

export interface ReadOptions {
  /** The data rows the import takes: rows holding something after the first such row; more are refused (sheet.tooManyRows). */
  maxRows: number;
}

/** Whether every cell of a row is blank (spreadsheets keep such rows; they are not data). */
export const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The sheet's rows that hold something, read on the calling thread. A CSV's records are taken one at
 * a time and the blank ones dropped as they come (never all held at once: see csv.ts); past the
 * import's rows only the count goes on, for the refusal's message.
 */
export async function parseSheet(bytes: Buffer, sheet: SheetKind, { maxRows }: ReadOptions): Promise<SheetRow[]> {
  const rows = sheet.kind === 'csv' ? csvRows(csvText(bytes, sheet.encoding)) : await readWorkbook(bytes, maxRows);
  const kept: SheetRow[] = [];
  let first = true;
  let dataRows = 0;
  for (const { row, cells } of rows) {
    if (isBlankRow(cells)) continue;
    let width = cells.length;
    while (width > 0 && cells[width - 1]!.trim() === '') width -= 1;
    if (width > WORKBOOK_LIMITS.columns) throw sheetTooWide(width);
    if (first) first = false;
    else dataRows += 1;
    if (dataRows <= maxRows) kept.push({ row, cells: cells.length > width ? cells.slice(0, width) : cells });
  }
  if (dataRows > maxRows) throw tooManyRows(maxRows, dataRows);
  return kept;
}

/** A CSV's text: Big5 decoded here, on the thread (the request's thread only checked it decodes). */
function csvText(bytes: Buffer, encoding: CsvEncoding): string {
  return encoding === 'big5' ? new TextDecoder('big5').decode(bytes) : bytes.toString('utf8');
}

function* csvRows(text: string): Generator<SheetRow, void, undefined> {
  for (const { number, cells } of csvRecords(text, { skipEmptyLines: true })) yield { row: number, cells };
}

/** read-excel-file is loaded at the first workbook, not at every start of the server. */
const loadReader = async () => (await import('read-excel-file/node')).readSheet;

async function readWorkbook(bytes: Buffer, maxRows: number): Promise<SheetRow[]> {
  const parts = unpackWorkbook(bytes, await readZipDirectory(bytes));
  for (const name of firstSheetParts(parts)) {
    const extent = sheetExtent(parts.get(name)!.toString('utf8'));
    if (extent.row > WORKBOOK_LIMITS.rows) throw new SheetLimit('sheet.sheetTooLong', { row: extent.row, limit: WORKBOOK_LIMITS.rows });
    if (extent.dataRows > rowsWithDataLimit(maxRows)) throw tooManyRows(maxRows, extent.dataRows);
    if (extent.column > WORKBOOK_LIMITS.columns) throw sheetTooWide(extent.column);
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

/** What the server sends a reading thread. */
export interface SheetJob {
  bytes: Uint8Array;
  sheet: SheetKind;
  maxRows: number;
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

/** The error a refusing reply stands for (on the server's thread). */
export function replyError(reply: Exclude<SheetReply, { rows: SheetRow[] }>): Error {
  if ('limit' in reply) return new SheetLimit(reply.limit.key, reply.limit.params);
  if ('unreadable' in reply) return new UnreadableSheet(reply.unreadable);
  if ('csvQuote' in reply) return new CsvQuoteError(reply.csvQuote);
  return new Error(`reading a sheet failed on its thread: ${reply.failed}`);
}
