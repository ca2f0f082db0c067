/**
 * Reading an import sheet (features/admin/csv.ts, sheet.ts): the CSV reader against RFC 4180 and
 * what Excel writes (BOM, CRLF, quoted commas, line breaks and quotes), the type told by content,
 * a workbook that inflates beyond the budget refused before read-excel-file reads it, the zips of
 * the writers we meet read by their directory, and how far a sheet's data goes found as read-excel-file
 * places cells (the bounds themselves, through the API: tests/api/admin-import-bounds.test.ts).
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { CsvQuoteError, parseCsv } from '@/server/lib/sheet/csv';
import writeXlsxFile from 'write-excel-file/node';
import { readSheet, sheetKind } from '@/server/lib/sheet';
import { SheetLimit, UnreadableSheet } from '@/server/lib/sheet/bounds';
import { sheetExtent } from '@/server/lib/sheet/extent';
import { readZipDirectory, unpackWorkbook } from '@/server/lib/sheet/zip';

describe('parseCsv', () => {
  it.each([
    ['plain rows, LF', 'a,b\nc,d\n', [['a', 'b'], ['c', 'd']]],
    ['CRLF and a BOM (Excel’s CSV UTF-8)', '\uFEFFusername,name\r\nalice,Alice\r\n', [['username', 'name'], ['alice', 'Alice']]],
    ['no final line break', 'a,b\r\nc,d', [['a', 'b'], ['c', 'd']]],
    ['a quoted comma and a doubled quote', 'x,"Lee, ""Al"""\n', [['x', 'Lee, "Al"']]],
    ['a line break inside quotes stays in its cell (one record)', '"line1\r\nline2",z\r\nnext,row', [['line1\r\nline2', 'z'], ['next', 'row']]],
    ['empty fields and an empty line', 'a,,c\n\n,,\n', [['a', '', 'c'], [''], ['', '', '']]],
    ['a lone CR as a line break', 'a\rb', [['a'], ['b']]],
    ['a quote inside an unquoted field is kept', 'O"Brien,x', [['O"Brien', 'x']]],
    ['Chinese text', '名稱,電子郵件\n王小明,ming@example.com', [['名稱', '電子郵件'], ['王小明', 'ming@example.com']]],
  ])('%s', (_case, text, expected) => {
    expect(parseCsv(text)).toEqual(expected);
  });

  it('refuses a quote that is never closed, naming the line it opened on', () => {
    expect(() => parseCsv('a,b\nc,"open\nstill open')).toThrow(CsvQuoteError);
    try {
      parseCsv('a,b\nc,"open\nstill open');
    } catch (error) {
      expect((error as CsvQuoteError).line).toBe(2);
    }
  });
});

describe('sheet type by content', () => {
  it.each([
    ['a zip (xlsx)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), 'xlsx'],
    ['UTF-8 text', Buffer.from('username,name\n王,x\n'), 'csv'],
    ['text with a NUL byte', Buffer.from('username\u0000name'), null],
    ['Big5 text (not UTF-8)', Buffer.from([0xa4, 0xa4, 0xa4, 0xe5, 0x2c, 0x61]), null],
    ['an old .xls (OLE2)', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), null],
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), null],
  ] as const)('%s → %s', (_case, bytes, expected) => {
    expect(sheetKind(bytes)).toBe(expected);
  });
});

describe('workbooks', () => {
  async function workbook(rows: unknown[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('admins');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('reads the first sheet as text cells, with row numbers, skipping nothing but empty rows', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('admins');
    sheet.addRow(['username', 'status']);
    sheet.addRow(['alice', 1]);
    sheet.getCell('A4').value = { text: 'bob@example.com', hyperlink: 'mailto:bob@example.com' };
    sheet.getCell('B4').value = { formula: '0+1', result: 1 };
    const rows = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), 'xlsx');
    expect(rows).toEqual([
      { row: 1, cells: ['username', 'status'] },
      { row: 2, cells: ['alice', '1'] },
      { row: 4, cells: ['bob@example.com', '1'] },
    ]);
  });

  it('reads rich text as its runs joined, a date cell as its moment, spaces as typed, and only the first sheet', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('admins');
    sheet.getCell('A1').value = { richText: [{ text: 'Ca' }, { font: { bold: true }, text: 'rol' }] };
    sheet.getCell('B1').value = new Date('2026-01-02T03:04:05Z');
    sheet.getCell('C1').value = '  Dana  ';
    sheet.getCell('C3').value = true;
    book.addWorksheet('notes').getCell('A1').value = 'not read';
    const rows = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), 'xlsx');
    expect(rows).toEqual([
      { row: 1, cells: ['Carol', '2026-01-02T03:04:05.000Z', '  Dana  '] },
      { row: 3, cells: ['', '', 'true'] },
    ]);
  });

  it('refuses a workbook that inflates beyond the budget, and accepts it under a larger one', async () => {
    // Distinct strings (a workbook stores a repeated one once), each highly compressible.
    const bytes = await workbook(Array.from({ length: 200 }, (_, i) => [`${i} ${'x'.repeat(1000)}`]));
    expect(bytes.length).toBeLessThan(50_000);
    const entries = await readZipDirectory(bytes);
    expect(() => unpackWorkbook(bytes, entries, 100_000)).toThrow(SheetLimit);
    expect(unpackWorkbook(bytes, entries, 10_000_000).get('xl/workbook.xml')?.toString()).toContain('<sheet ');
  });

  it('reads the directory of what ExcelJS and write-excel-file write (sizes in the headers, or after the data)', async () => {
    const ours = await writeXlsxFile([[{ value: 'username' }], [{ value: 'ann' }]]).toBuffer();
    expect(ours.readUInt16LE(6) & 8).toBe(8); // a data descriptor after each entry
    expect((await readZipDirectory(ours)).map((entry) => entry.name)).toContain('xl/worksheets/sheet1.xml');
    expect(await readSheet(ours, 'xlsx')).toEqual([
      { row: 1, cells: ['username'] },
      { row: 2, cells: ['ann'] },
    ]);
    const theirs = await workbook([['a']]);
    expect(theirs.readUInt16LE(6) & 8).toBe(0);
    expect((await readZipDirectory(theirs)).length).toBeGreaterThan(5);
  });

  it('places cells as read-excel-file does to know how far the data goes, formatting-only cells aside', () => {
    const xml = (rows: string) => `<worksheet><dimension ref="A1"/><sheetData>${rows}</sheetData></worksheet>`;
    expect(sheetExtent(xml('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="F1"><v>1</v></c></row><row r="7"><c r="B7" s="1"/></row>'))).toEqual({ row: 1, column: 6, dataRows: 0 });
    // No `r`: the next row, the next column.
    expect(sheetExtent(xml('<row><c><v>1</v></c><c><v>2</v></c></row><row><c><v>3</v></c></row>'))).toEqual({ row: 2, column: 2, dataRows: 1 });
    // Prefixed elements, and a chart's <c:chart> is no cell.
    expect(sheetExtent(xml('<x:row r="3"><x:c r="AA3"><x:v>1</x:v></x:c></x:row><c:chart r="ZZ9">x</c:chart>'))).toEqual({ row: 3, column: 27, dataRows: 1 });
    expect(sheetExtent(xml('<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>'))).toEqual({ row: 1_048_576, column: 16_384, dataRows: 1 });
  });

  it('refuses a zip whose entries are not those its directory lists: another name or size, bytes before them', async () => {
    // fflate writes the sizes in each local header (no data descriptor), the first entry at byte 0.
    const good = () => Buffer.from(zipSync({ 'a.xml': Buffer.from('<a>first</a>'), 'b.xml': Buffer.from('<b>second</b>') }));
    expect((await readZipDirectory(good())).map((entry) => entry.name)).toEqual(['a.xml', 'b.xml']);
    const renamed = good();
    renamed[30] = 'z'.charCodeAt(0); // the first local header's name: z.xml
    await expect(readZipDirectory(renamed)).rejects.toThrow('a zip entry named otherwise in its directory');
    const resized = good();
    resized.writeUInt32LE(resized.readUInt32LE(18) + 1, 18); // the first local header's compressed size
    await expect(readZipDirectory(resized)).rejects.toThrow('a zip entry sized otherwise in its directory');
    await expect(readZipDirectory(Buffer.concat([Buffer.alloc(16), good()]))).rejects.toThrow(UnreadableSheet);
  });

  it('refuses a zip that is not a workbook, or a broken one', async () => {
    const bytes = await workbook([['a']]);
    await expect(readSheet(bytes.subarray(0, bytes.length - 30), 'xlsx')).rejects.toThrow(UnreadableSheet);
    await expect(readSheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'xlsx')).rejects.toThrow(UnreadableSheet);
  });
});
