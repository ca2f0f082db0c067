/**
 * Finding a sheet's header row by what it says, for an import whose sheets do not always start with
 * it: an export of another system (a Kahoot quiz spreadsheet) has a title and instructions above its
 * header, which is at about row 8. Pure: rows in (readSheet's), a row out.
 */
import { isBlankRow, type SheetRow } from './parse.js';

/**
 * The first row, among the first `within` rows that hold something (blank rows not counted), whose
 * cells satisfy `matches`; null when none of them does.
 */
export function findHeaderRow(rows: readonly SheetRow[], matches: (cells: string[]) => boolean, { within = 30 }: { within?: number } = {}): SheetRow | null {
  let seen = 0;
  for (const row of rows) {
    if (isBlankRow(row.cells)) continue;
    if (seen >= within) break;
    seen += 1;
    if (matches(row.cells)) return row;
  }
  return null;
}
