/**
 * What the reading thread does with an imported sheet (sheet-worker.ts runs it; the tests call it
 * directly): a CSV through csv.ts (its records one at a time), a workbook unpacked under the budget (sheet-zip.ts), its first
 * sheet's extent checked (sheet-extent.ts), then read by read-excel-file; it keeps the rows that hold
 * something, at most the import's 1,000 data rows (more are refused with their count) of at most
 * WORKBOOK_LIMITS.columns cells, so handing them back costs the server little. Cells are the text a
 * person sees (a formula's result, a link's text). Also what crosses between the threads: the job
 * and the reply, which carries a refusal as data (errors lose their class on the way).
 */
import type { CellValue } from 'read-excel-file/node';
import { IMPORT_MAX_ROWS, isBlankRow } from '../../../domain/account-import.js';
import { CsvQuoteError, csvRecords } from './csv.js';
import { SheetLimit, type SheetLimitKey, sheetTooWide, UnreadableSheet, WORKBOOK_LIMITS } from './bounds.js';
import { firstSheetParts, sheetExtent } from './extent.js';
import { readZipDirectory, unpackWorkbook } from './zip.js';

export type SheetKind = 'xlsx' | 'csv';

export interface SheetRow {
  /** The row number in the sheet (1 = the first). */
  row: number;
  cells: string[];
}

/**
 * The sheet's rows that hold something, read on the calling thread. A CSV's records are taken one at
 * a time and the blank ones dropped as they come (never all held at once: see csv.ts); past the
 * import's rows only the count goes on, for the refusal's message.
 */
export async function parseSheet(bytes: Buffer, kind: SheetKind): Promise<SheetRow[]> {
  const rows = kind === 'csv' ? csvRows(bytes.toString('utf8')) : await readWorkbook(bytes);
  const kept: SheetRow[] = [];
  let dataRows = 0;
  for (const { row, cells } of rows) {
    if (isBlankRow(cells)) continue;
    let width = cells.length;
    while (width > 0 && cells[width - 1]!.trim() === '') width -= 1;
    if (width > WORKBOOK_LIMITS.columns) throw sheetTooWide(width);
    if (row > 1) dataRows += 1;
    if (dataRows <= IMPORT_MAX_ROWS) kept.push({ row, cells: cells.length > width ? cells.slice(0, width) : cells });
  }
  if (dataRows > IMPORT_MAX_ROWS) throw new SheetLimit('admin.import.tooManyRows', { limit: IMPORT_MAX_ROWS, count: dataRows });
  return kept;
}

function* csvRows(text: string): Generator<SheetRow, void, undefined> {
  for (const { number, cells } of csvRecords(text, { skipEmptyLines: true })) yield { row: number, cells };
}

/** read-excel-file is loaded at the first workbook, not at every start of the server. */
const loadReader = async () => (await import('read-excel-file/node')).readSheet;

async function readWorkbook(bytes: Buffer): Promise<SheetRow[]> {
  const parts = unpackWorkbook(bytes, await readZipDirectory(bytes));
  for (const name of firstSheetParts(parts)) {
    const extent = sheetExtent(parts.get(name)!.toString('utf8'));
    if (extent.row > WORKBOOK_LIMITS.rows) throw new SheetLimit('admin.import.sheetTooLong', { row: extent.row, limit: WORKBOOK_LIMITS.rows });
    if (extent.dataRows > WORKBOOK_LIMITS.rowsWithData) throw new SheetLimit('admin.import.tooManyRows', { limit: IMPORT_MAX_ROWS, count: extent.dataRows });
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

/** The error a refusing reply stands for (on the server's thread). */
export function replyError(reply: Exclude<SheetReply, { rows: SheetRow[] }>): Error {
  if ('limit' in reply) return new SheetLimit(reply.limit.key, reply.limit.params);
  if ('unreadable' in reply) return new UnreadableSheet(reply.unreadable);
  if ('csvQuote' in reply) return new CsvQuoteError(reply.csvQuote);
  return new Error(`reading a sheet failed on its thread: ${reply.failed}`);
}
