/**
 * The results export's file formats: CSV (RFC 4180) and an Excel workbook, from plain tables.
 * Whatever a player typed (a nickname) ends up in a spreadsheet an operator opens: a text cell that
 * begins with `=`, `+`, `-`, `@`, a tab or a carriage return would be taken for a formula (CSV
 * injection), so it is prefixed with `'` in both formats. Numbers stay numbers; times are written in
 * the company's zone (lib/zoned-time.ts), as text a spreadsheet reads as a date in CSV and as date
 * cells in a workbook.
 * Pure formatting: no database, no HTTP.
 */
import { formatZoned, wallClock } from '../../lib/zoned-time.js';

/** A moment shown in a time zone: `YYYY-MM-DD HH:mm:ss` text in CSV, a date-time cell in a workbook. */
export interface ZonedTime {
  at: Date;
  timeZone: string;
}

export type Cell = string | number | null | ZonedTime;

/** The workbook's format of a time cell (the zone is in the column header). */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

const isTime = (cell: Cell): cell is ZonedTime => typeof cell === 'object' && cell !== null;

export interface Table {
  /** The sheet's name in a workbook (at most 31 characters, no []:*?/\). */
  name: string;
  headers: string[];
  rows: Cell[][];
  /** Column widths in characters, for the workbook. */
  widths?: number[];
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe for a spreadsheet: `'` before a leading = + - @ tab or CR. */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field: neutralised text, quoted when it holds a comma, a quote, CR or LF (quotes doubled). */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (isTime(cell)) return formatZoned(cell.at, cell.timeZone);
  const text = neutralizeCell(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const BOM = '\uFEFF';

/** The table as CSV: CRLF line ends, a header row, UTF-8 with a byte-order mark (Excel then reads Chinese). */
export function toCsv(table: Table): Buffer {
  const lines = [table.headers, ...table.rows].map((row) => row.map(csvField).join(','));
  return Buffer.from(BOM + lines.join('\r\n') + '\r\n', 'utf8');
}

/** The tables as one workbook, a sheet each, headers bold and frozen. */
export async function toXlsx(tables: Table[], meta: { title: string; created: Date }): Promise<Buffer> {
  // Loaded at the first export, not at every start of the server (it costs a fifth of a second).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Live Trivia Back Office';
  workbook.title = neutralizeCell(meta.title);
  workbook.created = meta.created;
  for (const table of tables) {
    const sheet = workbook.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRow(table.headers.map(neutralizeCell)).font = { bold: true };
    for (const row of table.rows) {
      const added = sheet.addRow(row.map((cell) => (typeof cell === 'string' ? neutralizeCell(cell) : isTime(cell) ? wallClock(cell.at, cell.timeZone) : cell)));
      row.forEach((cell, i) => {
        if (isTime(cell)) added.getCell(i + 1).numFmt = DATE_TIME_FORMAT;
      });
    }
    table.widths?.forEach((width, i) => {
      sheet.getColumn(i + 1).width = width;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `Content-Disposition` for a download named `name`: an ASCII fallback and the UTF-8 name (RFC 6266 /
 * 5987), so a Chinese title survives in every browser. Characters no file system takes are replaced.
 */
export function attachmentHeader(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_').trim() || 'results';
  const ascii = safe.replace(/[^\x20-\x7e]+/g, '_').replace(/[%;]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
