/**
 * A small CSV reader (RFC 4180) for the admin import: fields separated by commas, records by CRLF,
 * LF or CR, a field in double quotes may hold commas, line breaks and doubled quotes (""). A leading
 * byte-order mark (what Excel writes in "CSV UTF-8") is dropped. Lenient where Excel is: a quote in
 * the middle of an unquoted field is kept as a character. A quoted field never closed is an error
 * (everything after it would silently become one cell). Pure: text in, rows out.
 */

export class CsvQuoteError extends Error {
  constructor(readonly line: number) {
    super(`a quoted field opened on line ${line} is never closed`);
    this.name = 'CsvQuoteError';
  }
}

/** The records of `text`, each an array of fields; a final line break does not make an empty record. */
export function parseCsv(text: string): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let line = 1;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = '';
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === '"' && field === '') {
      // A quoted field: up to the closing quote; "" is one quote.
      const opened = line;
      i += 1;
      for (;;) {
        if (i >= source.length) throw new CsvQuoteError(opened);
        const d = source[i]!;
        if (d === '"') {
          if (source[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (d === '\n' || (d === '\r' && source[i + 1] !== '\n')) line += 1;
        field += d;
        i += 1;
      }
      // Whatever follows the closing quote up to the separator is kept (lenient, as Excel reads it).
      continue;
    }
    if (c === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line += 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
