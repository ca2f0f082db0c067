/**
 * A small CSV reader (RFC 4180) for the sheet imports (parse.ts): fields separated by commas, records by CRLF,
 * LF or CR, a field in double quotes may hold commas, line breaks and doubled quotes (""). A leading
 * byte-order mark (what Excel writes in "CSV UTF-8") is dropped. Lenient where Excel is: a quote in
 * the middle of an unquoted field is kept as a character. A quoted field never closed is an error
 * (everything after it would silently become one cell). Pure: text in, rows out.
 *
 * csvRecords hands the records out one at a time, each with its number, so a reader that keeps only
 * some of them (the import keeps the rows that hold something) never holds the others, and can have
 * empty lines passed over without a record made for each: a 5 MB file of line breaks is five million
 * records, which as one array took more than a GB and 5 to 10 s of collecting garbage.
 */

export class CsvQuoteError extends Error {
  constructor(readonly line: number) {
    super(`a quoted field opened on line ${line} is never closed`);
    this.name = 'CsvQuoteError';
  }
}

/** The records of `text`, each an array of fields; a final line break does not make an empty record. */
export function parseCsv(text: string): string[][] {
  return Array.from(csvRecords(text), (record) => record.cells);
}

export interface CsvRecord {
  /** Its place among the file's records (1 = the first), empty lines counted. */
  number: number;
  cells: string[];
}

/**
 * parseCsv's records one at a time, in order; CsvQuoteError when it reaches a quote never closed.
 * `skipEmptyLines`: a line with nothing on it (the record ['']) is counted, not handed out.
 */
export function* csvRecords(text: string, { skipEmptyLines = false } = {}): Generator<CsvRecord, void, undefined> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const end = source.length;
  let number = 1;
  let record: string[] = [];
  let field = '';
  let line = 1;
  let i = 0;
  while (i < end) {
    const c = source.charCodeAt(i);
    if (c === QUOTE && field === '') {
      // A quoted field: up to the closing quote; "" is one quote.
      const opened = line;
      i += 1;
      for (;;) {
        const close = source.indexOf('"', i);
        if (close === -1) throw new CsvQuoteError(opened);
        for (let k = i; k < close; k += 1) {
          const d = source.charCodeAt(k);
          if (d === LF || (d === CR && source.charCodeAt(k + 1) !== LF)) line += 1;
        }
        field += source.slice(i, close);
        if (source.charCodeAt(close + 1) === QUOTE) {
          field += '"';
          i = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      // Whatever follows the closing quote up to the separator is kept (lenient, as Excel reads it).
      continue;
    }
    if (c === COMMA) {
      record.push(field);
      field = '';
      i += 1;
    } else if (c === CR || c === LF) {
      if (!(skipEmptyLines && field === '' && record.length === 0)) {
        record.push(field);
        yield { number, cells: record };
        record = [];
        field = '';
      }
      number += 1;
      i += c === CR && source.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
    } else {
      // Up to the next separator or line break (a quote here is a character: the field has begun).
      let next = i + 1;
      while (next < end) {
        const d = source.charCodeAt(next);
        if (d === COMMA || d === CR || d === LF) break;
        next += 1;
      }
      field += source.slice(i, next);
      i = next;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    yield { number, cells: record };
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
