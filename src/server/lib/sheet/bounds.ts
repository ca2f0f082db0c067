/**
 * What an imported workbook may hold (WORKBOOK_LIMITS) and the two ways a sheet is refused: a bound
 * crossed (SheetLimit: the message key for `file` and its values, a 422 in import.ts) or a file that
 * is no readable sheet (UnreadableSheet). Shared by the request's thread (sheet.ts, sheet-zip.ts) and
 * the reading thread (sheet-parse.ts), so both refuse in the same words.
 */
import { IMPORT_MAX_ROWS } from '../../../domain/account-import.js';
import type { MessageKey } from '../../i18n.js';

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

export class UnreadableSheet extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableSheet';
  }
}

export type SheetLimitKey = Extract<MessageKey, 'admin.import.tooManyParts' | 'admin.import.unpacksTooLarge' | 'admin.import.sheetTooLong' | 'admin.import.sheetTooWide' | 'admin.import.tooManyRows'>;

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
export const unpacksTooLarge = () => new SheetLimit('admin.import.unpacksTooLarge', { limit: megabytes(WORKBOOK_LIMITS.unpackedBytes) });

/** A column's letters as a spreadsheet shows them: 1 → A, 27 → AA, 100 → CV. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The bound on how far right a sheet's data may go, crossed at `column`. */
export const sheetTooWide = (column: number) =>
  new SheetLimit('admin.import.sheetTooWide', { column: columnName(column), limit: columnName(WORKBOOK_LIMITS.columns) });
