/**
 * What an uploaded workbook may hold (WORKBOOK_LIMITS) and the two ways a sheet is refused: a bound
 * crossed (SheetLimit: a sheet.* message key of messages.ts and its values, which the import answers
 * on its file field) or a file that is no readable sheet (UnreadableSheet). Shared by the request's
 * thread (index.ts, zip.ts) and the reading thread (parse.ts), so both refuse in the same words.
 */
import type { SheetMessageKey } from './messages.js';

/**
 * What an uploaded workbook may hold, whatever the import. A staff sheet is one worksheet of at most
 * 1,001 rows (the header and 1,000 admins) in 6 columns; a question sheet has a few title rows, a
 * header and up to 1,000 questions in a dozen columns: Excel saves either as about a dozen zip entries
 * unpacking to under 1 MB (the bench's 1,000 staff rows: 0.3 MB). Each bound leaves such a sheet room
 * many times over and keeps what a file may ask of the reading thread to seconds (on this 2-core
 * machine at load 19: 1.8 s to read 1,000 rows unpacking to 30 MB; 6.5 s to refuse 10,000 rows of
 * 100 numbers, the most cells the bounds let through to the scan) and about 400 MB of memory. The
 * rows holding data are bounded by the import's own row limit (rowsWithDataLimit).
 */
export const WORKBOOK_LIMITS = {
  /** Zip entries: a one-sheet workbook has about 12; each further sheet, image or comment adds 1 to 3. */
  entries: 1_000,
  /** What all entries unpack to, as declared and as inflated: 32 times the largest staff sheet. */
  unpackedBytes: 32 * 1024 * 1024,
  /** The last row of the first sheet that may hold data: 10 times the data rows, for blank rows between. */
  rows: 10_000,
  /** The last column that may hold data (CV): an import reads a dozen, an export of another system may carry dozens. */
  columns: 100,
} as const;

/**
 * Rows holding data, counted in a workbook's XML before it is parsed: twice the import's `maxRows`
 * (refused above, as the import would: a few rows of spaces, blank to the import but not to the count,
 * change nothing there).
 */
export const rowsWithDataLimit = (maxRows: number) => 2 * maxRows;

export class UnreadableSheet extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableSheet';
  }
}

export type SheetLimitKey = Extract<SheetMessageKey, 'sheet.tooManyParts' | 'sheet.unpacksTooLarge' | 'sheet.sheetTooLong' | 'sheet.sheetTooWide' | 'sheet.tooManyRows'>;

/** A bound of WORKBOOK_LIMITS (or the import's rows) crossed: the message for the file and its values. */
export class SheetLimit extends Error {
  constructor(
    readonly key: SheetLimitKey,
    readonly params: Record<string, string | number>,
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'SheetLimit';
  }
}

/** A size as the messages give it: 32 MB. */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
export const unpacksTooLarge = () => new SheetLimit('sheet.unpacksTooLarge', { limit: megabytes(WORKBOOK_LIMITS.unpackedBytes) });

/** More rows holding data after the first (the header, or a title) than the import takes. */
export const tooManyRows = (maxRows: number, count: number) => new SheetLimit('sheet.tooManyRows', { limit: maxRows, count });

/** A column's letters as a spreadsheet shows them: 1 → A, 27 → AA, 100 → CV. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The bound on how far right a sheet's data may go, crossed at `column`. */
export const sheetTooWide = (column: number) =>
  new SheetLimit('sheet.sheetTooWide', { column: columnName(column), limit: columnName(WORKBOOK_LIMITS.columns) });
