/**
 * The export's cell escaping (CSV injection): text that a spreadsheet would run as a formula gets a
 * leading `'`, in CSV fields (which are also quoted per RFC 4180) and in workbook cells alike.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { attachmentHeader, csvField, neutralizeCell, toCsv, toXlsx } from '@/server/features/live/results-file';

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
});

describe('attachmentHeader', () => {
  it('gives an ASCII fallback and the UTF-8 name, without path or quote characters', () => {
    expect(attachmentHeader('尾牙/"Quiz"-排名.csv')).toBe(`attachment; filename="__Quiz_-_.csv"; filename*=UTF-8''${encodeURIComponent('尾牙_Quiz_-排名.csv')}`);
    expect(attachmentHeader("it's (1).csv")).toBe(`attachment; filename="it's (1).csv"; filename*=UTF-8''it%27s%20%281%29.csv`);
  });
});
