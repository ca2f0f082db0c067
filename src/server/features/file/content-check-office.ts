/**
 * Whether an upload declared as docx or xlsx is an Office Open XML package of that kind: a ZIP (End
 * of Central Directory record, ZIP64 too) whose `[Content_Types].xml` declares a main document part
 * of the Word document (or Excel workbook) content type, that part and `_rels/.rels` being listed in
 * the central directory. A plain zip, an OpenDocument file, the other Office type and macro-enabled or
 * template packages are refused.
 *
 * Only the end of the file, its central directory (read in windows of ZIP_WINDOW_BYTES) and the one
 * `[Content_Types].xml` entry are read, through the bounded Reader: the file may be hundreds of
 * megabytes in the blob store (disk or S3, where each read is a request). Why not a zip library:
 * fflate and jszip read a zip from a buffer holding all of it; yauzl's and unzipper's random-access
 * readers would read the directory through our source but in one or two small reads per entry (a
 * request each on S3), and none refuses what makes a package ambiguous (two entries of one name). The
 * package rules are this module's point; the directory reading is the part of them that bounds it.
 */
import { inflateRawSync } from 'node:zlib';
import { NotThisType, type Reader, safeNumber } from './content-check-reader.js';

/** A central directory larger than this is refused unread (Office packages have a few KB). */
export const ZIP_MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;
/** `[Content_Types].xml` larger than this, packed or unpacked, is refused. */
export const ZIP_MAX_CONTENT_TYPES = 4 * 1024 * 1024;

interface MainPart {
  /** The content type `[Content_Types].xml` gives the package's main part. */
  contentType: string;
}

export const WORD_MAIN_PART: MainPart = { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml' };
export const EXCEL_MAIN_PART: MainPart = { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml' };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_RECORD = 0x06064b50;
/** The End of Central Directory record: 22 bytes and a comment of at most 65,535. */
const EOCD_BYTES = 22;
const EOCD_SEARCH = EOCD_BYTES + 0xffff;
const ZIP64_LOCATOR_BYTES = 20;
const ZIP64_RECORD_BYTES = 56;
const CENTRAL_HEADER_BYTES = 46;
/** The central directory is read in windows of this size. */
const ZIP_WINDOW_BYTES = 256 * 1024;

interface ZipEntry {
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

interface CentralDirectory {
  /** Every entry's name in lower case (OPC part names compare without case). */
  names: Set<string>;
  contentTypes: ZipEntry | null;
}

export async function isOfficePackage(reader: Reader, main: MainPart): Promise<boolean> {
  if (reader.size < EOCD_BYTES + 4) return false;
  if ((await reader.at(0, 4)).readUInt32LE(0) !== LOCAL_HEADER) return false; // no self-extractor or prefix
  const directory = await readCentralDirectory(reader);
  if (!directory?.contentTypes || !directory.names.has('_rels/.rels')) return false;
  const xml = await readContentTypes(reader, directory.contentTypes);
  if (xml === null) return false;
  return mainPartNames(xml, main).some((name) => directory.names.has(name));
}

/** The central directory's names, or null when the ZIP's end records are missing or out of bounds. */
async function readCentralDirectory(reader: Reader): Promise<CentralDirectory | null> {
  // The last EOCD whose comment ends exactly at the end of the file, read with the 20 bytes before the
  // search window, where a ZIP64 locator sits when the comment is 65,535 bytes long.
  const tailLength = Math.min(reader.size, EOCD_SEARCH + ZIP64_LOCATOR_BYTES);
  const tailStart = reader.size - tailLength;
  const tail = await reader.at(tailStart, tailLength);
  let eocd = -1;
  for (let at = tail.length - EOCD_BYTES; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY && at + EOCD_BYTES + tail.readUInt16LE(at + 20) === tail.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;

  let entries: number;
  let directorySize: number;
  let directoryOffset: number;
  let directoryEnd = tailStart + eocd; // the central directory ends before what follows it
  const hasLocator = eocd >= ZIP64_LOCATOR_BYTES && tail.readUInt32LE(eocd - ZIP64_LOCATOR_BYTES) === ZIP64_END_LOCATOR;
  if (hasLocator) {
    const locator = eocd - ZIP64_LOCATOR_BYTES;
    const recordOffset = safeNumber(tail.readBigUInt64LE(locator + 8));
    if (tail.readUInt32LE(locator + 4) !== 0 || tail.readUInt32LE(locator + 16) > 1) return null; // one disk only
    if (recordOffset === null || recordOffset + ZIP64_RECORD_BYTES > tailStart + locator) return null;
    const record = await reader.at(recordOffset, ZIP64_RECORD_BYTES);
    if (record.readUInt32LE(0) !== ZIP64_END_RECORD || record.readUInt32LE(16) !== 0 || record.readUInt32LE(20) !== 0) return null;
    const onDisk = safeNumber(record.readBigUInt64LE(24));
    const total = safeNumber(record.readBigUInt64LE(32));
    const size = safeNumber(record.readBigUInt64LE(40));
    const offset = safeNumber(record.readBigUInt64LE(48));
    if (onDisk === null || total === null || size === null || offset === null || onDisk !== total) return null;
    [entries, directorySize, directoryOffset, directoryEnd] = [total, size, offset, recordOffset];
  } else {
    if (tail.readUInt16LE(eocd + 4) !== 0 || tail.readUInt16LE(eocd + 6) !== 0) return null; // one disk only
    if (tail.readUInt16LE(eocd + 8) !== tail.readUInt16LE(eocd + 10)) return null;
    entries = tail.readUInt16LE(eocd + 10);
    directorySize = tail.readUInt32LE(eocd + 12);
    directoryOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) return null; // ZIP64 without its locator
  }
  if (entries === 0 || directorySize > ZIP_MAX_CENTRAL_DIRECTORY || entries * CENTRAL_HEADER_BYTES > directorySize) return null;
  if (directoryOffset + directorySize > directoryEnd) return null;

  const window = new Window(reader, directoryOffset, directoryOffset + directorySize);
  const names = new Set<string>();
  let contentTypes: ZipEntry | null = null;
  let at = directoryOffset;
  for (let n = 0; n < entries; n += 1) {
    const header = await window.bytes(at, CENTRAL_HEADER_BYTES);
    if (header.readUInt32LE(0) !== CENTRAL_HEADER) return null;
    const nameLength = header.readUInt16LE(28);
    const extraLength = header.readUInt16LE(30);
    const commentLength = header.readUInt16LE(32);
    const name = (await window.bytes(at + CENTRAL_HEADER_BYTES, nameLength)).toString('utf8').toLowerCase();
    // Two entries for one part name make the package ambiguous: readers disagree on which one counts.
    if (names.has(name)) return null;
    names.add(name);
    if (name === '[content_types].xml') {
      const extra = await window.bytes(at + CENTRAL_HEADER_BYTES + nameLength, extraLength);
      contentTypes = zip64Sizes(
        {
          flags: header.readUInt16LE(8),
          method: header.readUInt16LE(10),
          compressedSize: header.readUInt32LE(20),
          size: header.readUInt32LE(24),
          localOffset: header.readUInt32LE(42),
        },
        extra,
      );
      if (!contentTypes) return null;
    }
    at += CENTRAL_HEADER_BYTES + nameLength + extraLength + commentLength;
  }
  return { names, contentTypes };
}

/** Replaces the 0xFFFFFFFF fields of a central directory entry by its ZIP64 extra field's values. */
function zip64Sizes(entry: ZipEntry, extra: Buffer): ZipEntry | null {
  const wide = ['size', 'compressedSize', 'localOffset'] as const;
  if (!wide.some((field) => entry[field] === 0xffffffff)) return entry;
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const result = { ...entry };
      for (const name of wide) {
        if (entry[name] !== 0xffffffff) continue;
        if (field + 8 > at + 4 + length || field + 8 > extra.length) return null;
        const value = safeNumber(extra.readBigUInt64LE(field));
        if (value === null) return null;
        result[name] = value;
        field += 8;
      }
      return result;
    }
    at += 4 + length;
  }
  return null;
}

/** The text of `[Content_Types].xml`, or null when it is encrypted, too large or not inflatable. */
async function readContentTypes(reader: Reader, entry: ZipEntry): Promise<string | null> {
  if (entry.flags & 0x0001) return null; // encrypted
  if (entry.method !== 0 && entry.method !== 8) return null;
  if (entry.compressedSize > ZIP_MAX_CONTENT_TYPES || entry.size > ZIP_MAX_CONTENT_TYPES) return null;
  const local = await reader.at(entry.localOffset, 30);
  if (local.readUInt32LE(0) !== LOCAL_HEADER) return null;
  const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const packed = await reader.at(start, entry.compressedSize);
  let bytes: Buffer;
  if (entry.method === 0) bytes = packed;
  else {
    try {
      bytes = inflateRawSync(packed, { maxOutputLength: ZIP_MAX_CONTENT_TYPES });
    } catch {
      return null;
    }
  }
  // The package format allows UTF-8 or UTF-16 for this part.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.toString('utf16le', 2);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('utf8');
}

/** The zip entry names (lower case) of the parts `[Content_Types].xml` gives the main content type. */
function mainPartNames(xml: string, main: MainPart): string[] {
  const names: string[] = [];
  for (const [, attributes = ''] of xml.matchAll(/<(?:[\w.-]+:)?Override\b([^>]*)>/g)) {
    const values = new Map<string, string>();
    for (const match of attributes.matchAll(/\b(PartName|ContentType)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      values.set(match[1] ?? '', match[2] ?? match[3] ?? '');
    }
    if (values.get('ContentType')?.trim().toLowerCase() !== main.contentType) continue;
    const partName = values.get('PartName')?.trim() ?? '';
    if (!partName.startsWith('/')) continue;
    names.push(partName.slice(1).toLowerCase());
    try {
      names.push(decodeURIComponent(partName.slice(1)).toLowerCase());
    } catch {
      // not %-encoded: the literal name above is the one
    }
  }
  return names;
}

/** Reads a bounded region in windows, so a long central directory is not held at once. */
class Window {
  private buffer: Buffer = Buffer.alloc(0);
  private start = 0;
  constructor(
    private readonly reader: Reader,
    private readonly from: number,
    private readonly to: number,
  ) {}

  async bytes(offset: number, length: number): Promise<Buffer> {
    if (offset < this.from || offset + length > this.to) throw new NotThisType();
    if (offset < this.start || offset + length > this.start + this.buffer.length) {
      this.buffer = await this.reader.at(offset, Math.min(Math.max(length, ZIP_WINDOW_BYTES), this.to - offset));
      this.start = offset;
    }
    return this.buffer.subarray(offset - this.start, offset - this.start + length);
  }
}
