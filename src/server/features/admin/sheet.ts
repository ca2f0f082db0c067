/**
 * Reads an uploaded sheet into rows of text cells, whatever the file's name says: an Excel workbook
 * (.xlsx, a zip: its first worksheet) or a CSV file (UTF-8 text without NUL bytes). Anything else
 * (an old .xls, a PDF, an image, text in another encoding) is not a sheet. A workbook is inflated
 * once under a size budget before read-excel-file reads it, so a small upload cannot expand into
 * gigabytes in memory (a zip bomb). Cells are the text a person sees (a formula's result, a link's text).
 * No rules here: the import (import.ts) and src/domain/account-import.ts decide what the rows mean.
 */
import zlib from 'node:zlib';
import type { CellValue, Row } from 'read-excel-file/node';
import { parseCsv } from './csv.js';

export type SheetKind = 'xlsx' | 'csv';

export interface SheetRow {
  /** The row number in the sheet (1 = the first). */
  row: number;
  cells: string[];
}

/** How much a workbook may inflate to: a 1,000-row sheet takes well under 1 MB. */
export const XLSX_INFLATED_LIMIT = 64 * 1024 * 1024;

export class UnreadableSheet extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnreadableSheet';
  }
}

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

/** read-excel-file is loaded at the first workbook, not at every start of the server. */
const loadReader = async () => (await import('read-excel-file/node')).readSheet;

export async function readSheet(bytes: Buffer, kind: SheetKind): Promise<SheetRow[]> {
  if (kind === 'csv') return parseCsv(bytes.toString('utf8')).map((cells, index) => ({ row: index + 1, cells }));
  return readWorkbook(bytes);
}

async function readWorkbook(bytes: Buffer): Promise<SheetRow[]> {
  checkInflatedSize(bytes, XLSX_INFLATED_LIMIT);
  let data: Row[];
  try {
    // The first worksheet, every row from the first (empty ones as rows of nulls), cells as written.
    data = await (await loadReader())(bytes, 1, { trim: false });
  } catch (error) {
    throw new UnreadableSheet(`read-excel-file: ${(error as Error).message}`);
  }
  const rows: SheetRow[] = [];
  data.forEach((cells, index) => {
    if (cells.every((cell) => cell === null || cell === undefined || cell === '')) return;
    rows.push({ row: index + 1, cells: cells.map(cellText) });
  });
  return rows;
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

/**
 * Inflates every entry of the zip's central directory, stopping at `limit` bytes in all: a zip
 * bomb is refused before read-excel-file (which inflates every part it reads in memory) sees it.
 */
export function checkInflatedSize(bytes: Buffer, limit: number): void {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) throw new UnreadableSheet('no zip directory');
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let budget = limit;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) throw new UnreadableSheet('bad zip directory');
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const local = bytes.readUInt32LE(offset + 42);
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw new UnreadableSheet('bad zip entry');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressedSize);
    let size: number;
    if (method === 0) size = data.length;
    else if (method === 8) {
      try {
        size = zlib.inflateRawSync(data, { maxOutputLength: Math.max(budget, 1) }).length;
      } catch {
        throw new UnreadableSheet('a zip entry inflates beyond the limit or is corrupt');
      }
    } else throw new UnreadableSheet(`zip compression method ${method}`);
    budget -= size;
    if (budget < 0) throw new UnreadableSheet('the workbook inflates beyond the limit');
  }
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (bytes.readUInt32LE(i) === 0x06054b50) return i;
  }
  return -1;
}
