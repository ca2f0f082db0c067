/**
 * Reading an import sheet (src/server/lib/sheet: csv.ts, index.ts): the CSV reader against RFC 4180
 * and what Excel writes (BOM, CRLF, quoted commas, line breaks and quotes), the type and encoding told
 * by content (UTF-8 with or without a BOM; Big5 where the import takes it, as Excel on a zh-TW Windows
 * saves "CSV"), the import's row limit counted after the first row that holds something (a title
 * above the header counts), the header found by its texts below a title, a workbook that inflates
 * beyond the budget refused before read-excel-file reads it, the zips of the writers we meet read by
 * their directory, and how far a sheet's data goes found as read-excel-file places cells (the bounds
 * themselves, through the API: tests/api/admin-import-bounds.test.ts).
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { translate } from '@/server/i18n';
import { CsvQuoteError, findHeaderRow, parseCsv, readSheet, SheetLimit, sheetKind, sheetRefusal, UnreadableSheet, type SheetRow } from '@/server/lib/sheet';
import { sheetExtent } from '@/server/lib/sheet/extent';
import { readZipDirectory, unpackWorkbook } from '@/server/lib/sheet/zip';

/** The staff import's limit of data rows. */
const rowLimit = { maxRows: 1000 };

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

/** 「題目」 in Big5, written by hand (Node has no Big5 encoder): 題 is 0xC3 0x44, 目 is 0xA5 0xD8. */
const TOPIC_BIG5 = [0xc3, 0x44, 0xa5, 0xd8];
/** A CSV as Excel on a zh-TW Windows saves it: Big5, CRLF; 題目 in the header and in a cell. */
const big5Csv = Buffer.concat([Buffer.from(TOPIC_BIG5), Buffer.from(',answer\r\nq1,'), Buffer.from(TOPIC_BIG5), Buffer.from('\r\n')]);

describe('sheet type and encoding by content', () => {
  const utf8 = { kind: 'csv', encoding: 'utf-8' } as const;
  const big5 = { kind: 'csv', encoding: 'big5' } as const;
  it.each([
    ['a zip (xlsx)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]), { kind: 'xlsx' }, { kind: 'xlsx' }],
    ['UTF-8 text', Buffer.from('username,name\n王,x\n'), utf8, utf8],
    ['UTF-8 text with a BOM', Buffer.from('\uFEFFusername,name\n王,x\n'), utf8, utf8],
    ['ASCII text (UTF-8 and Big5 alike)', Buffer.from('username,name\n'), utf8, utf8],
    ['text with a NUL byte', Buffer.from('username\u0000name'), null, null],
    ['Big5 text (not UTF-8)', Buffer.from([0xa4, 0xa4, 0xa4, 0xe5, 0x2c, 0x61]), null, big5],
    ['Big5 text with a control character (not text)', Buffer.from([...TOPIC_BIG5, 0x1b, 0x2c, 0x61]), null, null],
    ['an old .xls (OLE2)', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), null, null],
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), null, null],
    ['a PNG signature alone (no NUL)', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), null, null],
    ['bytes that are no Big5 either', Buffer.from([0x80, 0xff, 0xfe, 0x41]), null, null],
  ] as const)('%s → %j (UTF-8 only), %j (Big5 too)', (_case, bytes, utf8Only, withBig5) => {
    expect(sheetKind(bytes)).toEqual(utf8Only);
    expect(sheetKind(bytes, { big5: false })).toEqual(utf8Only);
    expect(sheetKind(bytes, { big5: true })).toEqual(withBig5);
  });
});

describe('CSV encodings', () => {
  it('reads a Big5 CSV as its text, when the import takes Big5', async () => {
    expect(new TextDecoder('big5', { fatal: true }).decode(Buffer.from(TOPIC_BIG5))).toBe('題目');
    const kind = sheetKind(big5Csv, { big5: true });
    expect(kind).toEqual({ kind: 'csv', encoding: 'big5' });
    expect(await readSheet(big5Csv, kind!, rowLimit)).toEqual([
      { row: 1, cells: ['題目', 'answer'] },
      { row: 2, cells: ['q1', '題目'] },
    ]);
    // An import that takes UTF-8 only calls it no sheet.
    expect(sheetKind(big5Csv)).toBeNull();
  });

  it('reads a UTF-8 CSV alike with and without a BOM', async () => {
    const text = '題目,答案\r\n首都,台北\r\n';
    const expected = [
      { row: 1, cells: ['題目', '答案'] },
      { row: 2, cells: ['首都', '台北'] },
    ];
    for (const bytes of [Buffer.from(text), Buffer.from(`\uFEFF${text}`)]) {
      const kind = sheetKind(bytes, { big5: true });
      expect(kind).toEqual({ kind: 'csv', encoding: 'utf-8' });
      expect(await readSheet(bytes, kind!, rowLimit)).toEqual(expected);
    }
  });
});

describe('the import\'s row limit, counted after the first row that holds something', () => {
  // A spreadsheet exported by another system: a title and an instruction, blank rows, the header at row 8, three rows.
  const lines = ['Quiz title', 'Add questions below', '', '', '', '', '', 'Question,Answer 1,Answer 2', 'q1,a,b', 'q2,a,b', 'q3,a,b'];
  const titled = Buffer.from(lines.join('\r\n') + '\r\n');

  it('counts every row holding something after the first (the instruction and the header too) and refuses beyond maxRows', async () => {
    // Five rows after the title: the instruction, the header and three questions.
    const rows = await readSheet(titled, { kind: 'csv', encoding: 'utf-8' }, { maxRows: 5 });
    expect(rows.map((row) => row.row)).toEqual([1, 2, 8, 9, 10, 11]);
    const refusal = await readSheet(titled, { kind: 'csv', encoding: 'utf-8' }, { maxRows: 4 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SheetLimit);
    expect(sheetRefusal(refusal)).toEqual({ key: 'sheet.tooManyRows', params: { limit: 4, count: 5 } });
    expect(translate('en', 'sheet.tooManyRows', { limit: 4, count: 5 })).toBe('At most 4 rows can be imported at once; this file has 5');
  });

  it('refuses a workbook with more than twice maxRows rows holding data before it is parsed, and one over maxRows after', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('questions');
    sheet.getCell('A3').value = 'Question';
    for (let i = 0; i < 5; i += 1) sheet.getCell(`A${5 + i}`).value = `q${i}`;
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    // Before parsing: 5 rows after the header, more than 2 × 2.
    expect(sheetRefusal(await readSheet(bytes, { kind: 'xlsx' }, { maxRows: 2 }).catch((error: unknown) => error))).toEqual({
      key: 'sheet.tooManyRows',
      params: { limit: 2, count: 5 },
    });
    // After parsing: 5 rows, more than 4.
    expect(sheetRefusal(await readSheet(bytes, { kind: 'xlsx' }, { maxRows: 4 }).catch((error: unknown) => error))).toEqual({
      key: 'sheet.tooManyRows',
      params: { limit: 4, count: 5 },
    });
    expect((await readSheet(bytes, { kind: 'xlsx' }, { maxRows: 5 })).map((row) => row.row)).toEqual([3, 5, 6, 7, 8, 9]);
  });

  it('finds the header by its texts among the first rows that hold something', async () => {
    const rows = await readSheet(titled, { kind: 'csv', encoding: 'utf-8' }, rowLimit);
    const isHeader = (cells: string[]) => cells[0] === 'Question' && cells.includes('Answer 1');
    expect(findHeaderRow(rows, isHeader)).toEqual({ row: 8, cells: ['Question', 'Answer 1', 'Answer 2'] });
    // The third row holding something: not within the first two.
    expect(findHeaderRow(rows, isHeader, { within: 2 })).toBeNull();
    expect(findHeaderRow(rows, isHeader, { within: 3 })?.row).toBe(8);
    expect(findHeaderRow(rows, (cells) => cells.includes('nowhere'))).toBeNull();
    // Blank rows are not counted among the first `within`.
    const spaced: SheetRow[] = [{ row: 1, cells: ['Title'] }, { row: 2, cells: ['', ' '] }, { row: 3, cells: ['Question', 'Answer 1'] }];
    expect(findHeaderRow(spaced, isHeader, { within: 2 })?.row).toBe(3);
  });

  it('takes only a positive whole number of rows', async () => {
    await expect(readSheet(titled, { kind: 'csv', encoding: 'utf-8' }, { maxRows: 0 })).rejects.toThrow(RangeError);
  });
});

describe('refusals in both languages, worded for any sheet', () => {
  it.each([
    [new SheetLimit('sheet.tooManyParts', { count: 50_001, limit: 1000 }), 'This workbook is made of 50001 internal files and an import reads at most 1000; copy the rows into a new workbook and retry', '此活頁簿由 50001 個內部檔案組成，匯入最多讀取 1000 個；請將資料列複製到新的活頁簿後再試'],
    [new UnreadableSheet('zip: bad'), 'This workbook cannot be read; save it again as .xlsx in Excel and retry', '無法讀取此活頁簿，請以 Excel 重新存成 .xlsx 後再試'],
    [new CsvQuoteError(3), 'A quote opened on line 3 is never closed; please check the CSV file', '第 3 行的引號沒有結束，請檢查此 CSV 檔'],
  ])('%s', (error, en, zh) => {
    const refusal = sheetRefusal(error)!;
    expect(translate('en', refusal.key, refusal.params)).toBe(en);
    expect(translate('zh-TW', refusal.key, refusal.params)).toBe(zh);
  });

  it('is no refusal for an error of ours', () => {
    expect(sheetRefusal(new Error('a bug'))).toBeNull();
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
    const rows = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), { kind: 'xlsx' }, rowLimit);
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
    const rows = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), { kind: 'xlsx' }, rowLimit);
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
    expect(await readSheet(ours, { kind: 'xlsx' }, rowLimit)).toEqual([
      { row: 1, cells: ['username'] },
      { row: 2, cells: ['ann'] },
    ]);
    const theirs = await workbook([['a']]);
    expect(theirs.readUInt16LE(6) & 8).toBe(0);
    expect((await readZipDirectory(theirs)).length).toBeGreaterThan(5);
  });

  it('places cells as read-excel-file does to know how far the data goes, formatting-only cells aside; counts the rows with data after the first', () => {
    const xml = (rows: string) => `<worksheet><dimension ref="A1"/><sheetData>${rows}</sheetData></worksheet>`;
    expect(sheetExtent(xml('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="F1"><v>1</v></c></row><row r="7"><c r="B7" s="1"/></row>'))).toEqual({ row: 1, column: 6, dataRows: 0 });
    // No `r`: the next row, the next column.
    expect(sheetExtent(xml('<row><c><v>1</v></c><c><v>2</v></c></row><row><c><v>3</v></c></row>'))).toEqual({ row: 2, column: 2, dataRows: 1 });
    // Prefixed elements, and a chart's <c:chart> is no cell; the first row with data need not be row 1.
    expect(sheetExtent(xml('<x:row r="3"><x:c r="AA3"><x:v>1</x:v></x:c></x:row><c:chart r="ZZ9">x</c:chart>'))).toEqual({ row: 3, column: 27, dataRows: 0 });
    expect(sheetExtent(xml('<row r="2"><c r="A2"><v>1</v></c></row><row r="8"><c r="A8"><v>1</v></c><c r="B8"><v>2</v></c></row><row r="9"><c r="A9"><v>3</v></c></row>'))).toEqual({ row: 9, column: 2, dataRows: 2 });
    expect(sheetExtent(xml('<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>'))).toEqual({ row: 1_048_576, column: 16_384, dataRows: 0 });
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
    await expect(readSheet(bytes.subarray(0, bytes.length - 30), { kind: 'xlsx' }, rowLimit)).rejects.toThrow(UnreadableSheet);
    await expect(readSheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { kind: 'xlsx' }, rowLimit)).rejects.toThrow(UnreadableSheet);
  });
});
