/**
 * The results export's file formats: CSV (RFC 4180) and an Excel workbook, from plain tables.
 * Whatever a player typed (a nickname) ends up in a spreadsheet an operator opens: a text cell that
 * begins with `=`, `+`, `-`, `@`, a tab or a carriage return would be taken for a formula (CSV
 * injection), so it is prefixed with `'` in both formats. Numbers stay numbers; times are written in
 * the company's zone (lib/zoned-time.ts), as text a spreadsheet reads as a date in CSV and as date
 * cells in a workbook.
 * Pure formatting: no database, no HTTP.
 */
import type writeXlsxFile from 'write-excel-file/node';
import { formatZoned, wallClock } from './zoned-time.js';

/** The two formats' media types. */
export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
  /**
   * Rows written above the header in a workbook (a title and instructions, as Kahoot's quiz template
   * has them); bold text, neutralised like every cell. The header row then follows them and stays frozen.
   */
  preamble?: string[][];
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

/** The tables as one workbook, a sheet each, headers bold and frozen, the title and time in its properties. */
export async function toXlsx(tables: Table[], meta: { title: string; created: Date }): Promise<Buffer> {
  // Loaded at the first export, not at every start of the server.
  const { default: writeWorkbook } = await import('write-excel-file/node');
  const sheets = tables.map((table) => ({
    sheet: table.name,
    stickyRowsCount: (table.preamble?.length ?? 0) + 1,
    columns: table.widths?.map((width) => ({ width })),
    data: [
      ...(table.preamble ?? []).map((row) => row.map((text) => (text === '' ? null : { value: neutralizeCell(text), fontWeight: 'bold' as const }))),
      table.headers.map((header) => ({ value: neutralizeCell(header), fontWeight: 'bold' as const })),
      ...table.rows.map((row) =>
        row.map((cell) => {
          if (cell === null) return null;
          if (typeof cell === 'string') return neutralizeCell(cell);
          if (isTime(cell)) return { value: wallClock(cell.at, cell.timeZone), format: DATE_TIME_FORMAT };
          return Number.isFinite(cell) ? cell : null;
        }),
      ),
    ],
  }));
  return writeWorkbook(sheets, { features: [documentProperties(meta)] }).toBuffer();
}

/** A write-excel-file feature of its Node export (what its `features` option takes). */
type WorkbookFeature = NonNullable<NonNullable<Parameters<typeof writeXlsxFile>[1]>['features']>[number];

/** Text for XML: the five special characters escaped, characters XML 1.0 cannot hold dropped. */
function xmlText(text: string): string {
  const escaped: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => escaped[c]!);
}

/**
 * The workbook's core properties (docProps/core.xml: title, creator, created), which
 * write-excel-file does not write itself: the part, its content type and the package's link to it.
 */
function documentProperties(meta: { title: string; created: Date }): WorkbookFeature {
  const created = meta.created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const core =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${xmlText(neutralizeCell(meta.title))}</dc:title><dc:creator>Live Trivia Back Office</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created></cp:coreProperties>`;
  return {
    files: {
      write: { files: () => ({ 'docProps/core.xml': core }) },
      transform: {
        '[Content_Types].xml': { insert: () => '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' },
        '_rels/.rels': {
          insert: () => '<Relationship Id="rIdCoreProperties" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>',
        },
      },
    },
  };
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
