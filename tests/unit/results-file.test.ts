/**
 * The export's cell escaping (CSV injection): text that a spreadsheet would run as a formula gets a
 * leading `'`, in CSV fields (which are also quoted per RFC 4180) and in workbook cells alike.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { attachmentHeader, csvField, neutralizeCell, toCsv, toXlsx } from '@/server/lib/results-file';

describe('neutralizeCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+886 912', "'+886 912"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['\rX', "'\rX"],
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
  ])('prefixes %j', (input, expected) => {
    expect(neutralizeCell(input)).toBe(expected);
  });

  it.each(['Ann', '小明', 'a=b', ' =1', "'=1", '', '1-2', 'x@y'])('leaves %j alone', (input) => {
    expect(neutralizeCell(input)).toBe(input);
  });
});

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, doubling quotes, after neutralising', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
  });

  it('writes numbers as numbers (a negative score is not text) and null as empty', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });
});

describe('toCsv and toXlsx', () => {
  const table = { name: 'T', headers: ['名次', '暱稱'], rows: [[1, '=evil()'], [2, '小明']] };

  it('writes UTF-8 with a BOM and CRLF line ends', () => {
    const bytes = toCsv(table);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe("\uFEFF名次,暱稱\r\n1,'=evil()\r\n2,小明\r\n");
  });

  it('stores a neutralised text cell in the workbook, never a formula', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await toXlsx([table], { title: '=t', created: new Date(0) })) as unknown as ArrayBuffer);
    const cell = workbook.getWorksheet('T')!.getCell('B2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe("'=evil()");
    expect(workbook.getWorksheet('T')!.getCell('A2').value).toBe(1);
  });

  it('gives the workbook bold frozen headers, the column widths, date cells and its title, as an operator sees them in Excel', async () => {
    const at = new Date('2026-03-04T05:06:07Z');
    const timed = { name: 'Times', headers: ['暱稱', '作答時間 (Asia/Taipei)'], rows: [['小明', { at, timeZone: 'Asia/Taipei' }]], widths: [12, 24] };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await toXlsx([table, timed], { title: '=尾牙 & <Quiz>', created: at })) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['T', 'Times']);
    const sheet = workbook.getWorksheet('Times')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect([sheet.getColumn(1).width, sheet.getColumn(2).width]).toEqual([12, 24]);
    const time = sheet.getCell('B2');
    expect(time.type).toBe(ExcelJS.ValueType.Date);
    expect(time.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // The wall clock in Taipei (UTC+8), as a date cell.
    expect(time.value).toEqual(new Date('2026-03-04T13:06:07Z'));
    expect(workbook.title).toBe("'=尾牙 & <Quiz>");
    expect(workbook.creator).toBe('Live Trivia Back Office');
    expect(workbook.created).toEqual(at);
  });
});

describe('attachmentHeader', () => {
  it('gives an ASCII fallback and the UTF-8 name, without path or quote characters', () => {
    expect(attachmentHeader('尾牙/"Quiz"-排名.csv')).toBe(`attachment; filename="__Quiz_-_.csv"; filename*=UTF-8''${encodeURIComponent('尾牙_Quiz_-排名.csv')}`);
    expect(attachmentHeader("it's (1).csv")).toBe(`attachment; filename="it's (1).csv"; filename*=UTF-8''it%27s%20%281%29.csv`);
  });
});
