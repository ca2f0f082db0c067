/**
 * Is an uploaded file what its extension says? The extension only says which type to expect; the
 * bytes must be that type — a program renamed `.pdf`, a spreadsheet renamed `.docx` or a Big5 file
 * renamed `.csv` is refused, whatever name or media type the browser sent.
 *
 * The upload is already in the blob store when this runs, and may be hundreds of megabytes, so the
 * check works on a random-access reader and reads only what it needs: a few bytes for PDF and mp4,
 * the end of a ZIP and its central directory for docx/xlsx, the header, FAT and directory sectors of
 * a compound file for doc/xls, the whole file in 1 MiB chunks for txt/csv. Every length and offset a
 * file declares is checked against the file's size and a cap before anything is read, chains of
 * sectors are followed with loop detection, and each binary check stops at a total read budget: a
 * hostile file cannot make the server read gigabytes or loop for ever.
 *
 * What each type must be:
 * - pdf: `%PDF-<digit>.<digit>` within the first 1024 bytes (readers accept leading junk that far).
 * - mp4: an ISO base media file — an `ftyp` box first whose brands include an MP4 brand
 *   (MP4_BRANDS), then top-level boxes that chain up to a `moov` box.
 * - docx / xlsx: a ZIP package (End of Central Directory record, ZIP64 too) whose
 *   `[Content_Types].xml` declares a main document part of the Word document (or Excel workbook)
 *   content type, that part and `_rels/.rels` being listed in the central directory. A plain zip,
 *   an OpenDocument file, the other Office type and macro-enabled or template packages are refused.
 * - doc / xls: an OLE2 compound file whose directory holds a `WordDocument` stream (doc) or a
 *   `Workbook` / `Book` stream (xls).
 * - txt / csv: UTF-8 (a leading BOM allowed) with no NUL byte.
 * - anything of 0 bytes: `file.empty`.
 *
 * It never throws for a bad file (the answer is a verdict); an error of the reader itself (a disk or
 * S3 failure) is passed on.
 */
import { inflateRawSync } from 'node:zlib';
import type { FileTypeExtension } from '../../../domain/file-types.js';

/** A stored file: its size, and `length` bytes from `offset` (fewer only at its end). */
export interface ContentSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

export type ContentVerdict = { ok: true } | { ok: false; key: 'file.contentMismatch' | 'file.empty' };

/** Text is read in chunks of this size: memory stays bounded whatever the file's size. */
export const TEXT_CHUNK_BYTES = 1024 * 1024;
/** At most this much is read in all to check a ZIP package or a compound file. */
export const BINARY_READ_BUDGET = 24 * 1024 * 1024;
/** A central directory larger than this is refused unread (Office packages have a few KB). */
export const ZIP_MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;
/** `[Content_Types].xml` larger than this, packed or unpacked, is refused. */
export const ZIP_MAX_CONTENT_TYPES = 4 * 1024 * 1024;
/** At most this many bytes of a compound file's directory are read (32,768 entries). */
export const CFB_MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
/** At most this many top-level boxes of an mp4 are walked looking for `moov`. */
export const MP4_MAX_TOP_LEVEL_BOXES = 1024;

/**
 * Brands that say "this is an MP4 file": ISO base media (isom, iso2–iso9), MP4 version 1 and 2,
 * AVC, DASH, Apple's M4V and Adobe's F4V video, and 3GPP (phones). One of them as the major brand
 * or a compatible brand is enough, since a compatible brand declares conformance. Not among them:
 * QuickTime's `qt  ` (a .mov renamed .mp4 is refused unless it also declares an MP4 brand), the
 * audio-only `M4A ` / `M4B ` / `M4P ` (an .m4a that also lists isom or mp42, as iTunes writes, is an
 * MP4 file and passes), and the image brands of HEIF/AVIF (heic, mif1, avif…).
 */
export const MP4_BRANDS: ReadonlySet<string> = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9',
  'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'M4VH', 'M4VP', 'f4v ',
  '3gp4', '3gp5', '3gp6', '3gp7', '3gp8', '3gp9',
]);

const EMPTY: ContentVerdict = { ok: false, key: 'file.empty' };
const MISMATCH: ContentVerdict = { ok: false, key: 'file.contentMismatch' };
const OK: ContentVerdict = { ok: true };

/** Thrown inside a check when the bytes cannot be the expected type (a short read, a bound crossed). */
class NotThisType extends Error {}

/** Reads through the source, refusing reads beyond the file and beyond the check's budget. */
class Reader {
  private spent = 0;
  constructor(
    private readonly source: ContentSource,
    private readonly budget: number,
  ) {}

  get size(): number {
    return this.source.size;
  }

  /** Exactly `length` bytes at `offset`, or NotThisType when the file is shorter or the budget is spent. */
  async at(offset: number, length: number): Promise<Buffer> {
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) throw new NotThisType();
    if (offset + length > this.size) throw new NotThisType();
    this.spent += length;
    if (this.spent > this.budget) throw new NotThisType();
    if (length === 0) return Buffer.alloc(0);
    const bytes = await this.source.read(offset, length);
    if (bytes.length < length) throw new NotThisType();
    return bytes.length === length ? bytes : bytes.subarray(0, length);
  }
}

/**
 * Whether the stored bytes are a file of type `ext`: `{ ok: true }`, `file.empty` for 0 bytes, or
 * `file.contentMismatch`.
 */
export async function checkFileContent(ext: FileTypeExtension, source: ContentSource): Promise<ContentVerdict> {
  if (source.size <= 0) return EMPTY;
  if (ext === 'txt' || ext === 'csv') return (await isUtf8Text(source)) ? OK : MISMATCH;
  const reader = new Reader(source, BINARY_READ_BUDGET);
  try {
    return (await checkBinary(ext, reader)) ? OK : MISMATCH;
  } catch (error) {
    if (error instanceof NotThisType) return MISMATCH;
    throw error;
  }
}

function checkBinary(ext: Exclude<FileTypeExtension, 'txt' | 'csv'>, reader: Reader): Promise<boolean> {
  switch (ext) {
    case 'pdf':
      return isPdf(reader);
    case 'mp4':
      return isMp4(reader);
    case 'docx':
      return isOfficePackage(reader, WORD_MAIN_PART);
    case 'xlsx':
      return isOfficePackage(reader, EXCEL_MAIN_PART);
    case 'doc':
      return isCompoundFileWith(reader, ['WordDocument']);
    case 'xls':
      return isCompoundFileWith(reader, ['Workbook', 'Book']);
  }
}

// ——— Text ———

/**
 * A streaming check of UTF-8 text: `push` each chunk as it arrives, then `end`. Both answer whether
 * the text is still valid; once false it stays false. A UTF-8 BOM is allowed (it is valid UTF-8);
 * UTF-16 text, legacy encodings such as Big5, and anything holding a NUL byte are not.
 */
export function utf8TextCheck(): { push(chunk: Uint8Array): boolean; end(): boolean } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  return {
    push(chunk) {
      if (!valid) return false;
      if (chunk.includes(0)) valid = false;
      else {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          valid = false;
        }
      }
      return valid;
    },
    end() {
      if (!valid) return false;
      try {
        decoder.decode(); // a sequence cut off at the end of the file
      } catch {
        valid = false;
      }
      return valid;
    },
  };
}

async function isUtf8Text(source: ContentSource): Promise<boolean> {
  const check = utf8TextCheck();
  for (let offset = 0; offset < source.size; offset += TEXT_CHUNK_BYTES) {
    const length = Math.min(TEXT_CHUNK_BYTES, source.size - offset);
    const chunk = await source.read(offset, length);
    if (chunk.length < length) return false;
    if (!check.push(chunk.length === length ? chunk : chunk.subarray(0, length))) return false;
  }
  return check.end();
}

// ——— PDF ———

/** Readers accept a header up to this far into the file. */
const PDF_HEADER_WINDOW = 1024;

async function isPdf(reader: Reader): Promise<boolean> {
  const head = await reader.at(0, Math.min(reader.size, PDF_HEADER_WINDOW + 8));
  const at = head.indexOf('%PDF-', 0, 'latin1');
  return at >= 0 && at <= PDF_HEADER_WINDOW && /^%PDF-\d\.\d/.test(head.toString('latin1', at, at + 8));
}

// ——— mp4 ———

/** Real `ftyp` boxes are a few dozen bytes. */
const FTYP_MAX_BYTES = 4096;
const BOX_TYPE = /^[\x20-\x7e]{4}$/;

async function isMp4(reader: Reader): Promise<boolean> {
  if (reader.size < 16) return false;
  const header = await reader.at(0, 8);
  const ftypSize = header.readUInt32BE(0);
  if (header.toString('latin1', 4, 8) !== 'ftyp') return false;
  // Size, type, major brand, minor version, then whole 4-byte compatible brands.
  if (ftypSize < 16 || ftypSize > FTYP_MAX_BYTES || ftypSize % 4 !== 0 || ftypSize > reader.size) return false;
  const ftyp = await reader.at(0, ftypSize);
  const brands = [ftyp.toString('latin1', 8, 12)];
  for (let at = 16; at < ftypSize; at += 4) brands.push(ftyp.toString('latin1', at, at + 4));
  if (!brands.some((brand) => MP4_BRANDS.has(brand))) return false;

  // Top-level boxes follow one another to the end of the file; `moov` (the movie's description) must
  // be among them, before or after the media data.
  let offset = ftypSize;
  for (let count = 0; count < MP4_MAX_TOP_LEVEL_BOXES && offset + 8 <= reader.size; count += 1) {
    const box = await reader.at(offset, Math.min(16, reader.size - offset));
    const type = box.toString('latin1', 4, 8);
    if (!BOX_TYPE.test(type)) return false;
    let size = box.readUInt32BE(0);
    if (size === 1) {
      if (box.length < 16) return false;
      const large = box.readBigUInt64BE(8);
      if (large < 16n || large > BigInt(reader.size - offset)) return false;
      size = Number(large);
    } else if (size === 0) {
      size = reader.size - offset; // "to the end of the file"
    } else if (size < 8) {
      return false;
    }
    if (offset + size > reader.size) return false;
    if (type === 'moov') return true;
    offset += size;
  }
  return false;
}

// ——— docx / xlsx: Office Open XML packages (ZIP) ———

interface MainPart {
  /** The content type `[Content_Types].xml` gives the package's main part. */
  contentType: string;
}

const WORD_MAIN_PART: MainPart = { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml' };
const EXCEL_MAIN_PART: MainPart = { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml' };

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

async function isOfficePackage(reader: Reader, main: MainPart): Promise<boolean> {
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

function safeNumber(value: bigint): number | null {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}

// ——— doc / xls: OLE2 compound files ———

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const CFB_HEADER_BYTES = 512;
/** Sector numbers above this are markers (free, end of chain, FAT or DIFAT sector), not sectors. */
const MAX_REGULAR_SECTOR = 0xfffffffa;
const END_OF_CHAIN = 0xfffffffe;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_BYTES = 128;
const STREAM_OBJECT = 2;
const ROOT_OBJECT = 5;

/**
 * Whether the file is a compound file whose directory holds a non-empty stream named one of `streams`
 * (compared without case, as the format does). The directory is the chain of sectors from the header's
 * first directory sector, each next sector found in the FAT, whose sectors the header and the DIFAT
 * chain list; every sector number is checked against the file's size, and every chain against loops
 * and its cap.
 */
async function isCompoundFileWith(reader: Reader, streams: readonly string[]): Promise<boolean> {
  if (reader.size < CFB_HEADER_BYTES) return false;
  const header = await reader.at(0, CFB_HEADER_BYTES);
  if (!header.subarray(0, 8).equals(CFB_MAGIC) || header.readUInt16LE(0x1c) !== 0xfffe) return false;
  const major = header.readUInt16LE(0x1a);
  const shift = header.readUInt16LE(0x1e);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) return false;
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  // Sector n starts at (n + 1) × sectorSize (the header fills sector "-1"); only whole sectors count.
  const sectorCount = Math.floor(reader.size / sectorSize) - 1;
  const fatSectors = header.readUInt32LE(0x2c);
  const difatSectors = header.readUInt32LE(0x48);
  if (fatSectors === 0 || fatSectors > sectorCount || difatSectors > sectorCount) return false;
  const wanted = new Set(streams.map((name) => name.toUpperCase()));
  const isSector = (n: number) => n <= MAX_REGULAR_SECTOR && n < sectorCount;
  const sector = (n: number) => {
    if (!isSector(n)) throw new NotThisType();
    return reader.at((n + 1) * sectorSize, sectorSize);
  };

  // DIFAT: where the k-th FAT sector is; the first 109 in the header, the rest in a chain of sectors.
  const difat: Buffer[] = [];
  let nextDifat = header.readUInt32LE(0x44);
  const seenDifat = new Set<number>();
  const fatSectorNumber = async (k: number): Promise<number> => {
    if (k >= fatSectors) throw new NotThisType();
    if (k < HEADER_DIFAT_ENTRIES) return header.readUInt32LE(0x4c + 4 * k);
    const perDifat = perSector - 1; // the last entry points to the next DIFAT sector
    const index = Math.floor((k - HEADER_DIFAT_ENTRIES) / perDifat);
    while (difat.length <= index) {
      if (difat.length >= difatSectors || seenDifat.has(nextDifat)) throw new NotThisType();
      seenDifat.add(nextDifat);
      const bytes = await sector(nextDifat);
      difat.push(bytes);
      nextDifat = bytes.readUInt32LE(sectorSize - 4);
    }
    return difat[index]!.readUInt32LE(4 * ((k - HEADER_DIFAT_ENTRIES) % perDifat));
  };
  const fat = new Map<number, Buffer>();
  const nextSector = async (n: number): Promise<number> => {
    const k = Math.floor(n / perSector);
    let bytes = fat.get(k);
    if (!bytes) {
      bytes = await sector(await fatSectorNumber(k));
      fat.set(k, bytes);
    }
    return bytes.readUInt32LE(4 * (n % perSector));
  };

  const maxDirectorySectors = CFB_MAX_DIRECTORY_BYTES / sectorSize;
  const seen = new Set<number>();
  let entry = 0;
  for (let n = header.readUInt32LE(0x30); n !== END_OF_CHAIN; n = await nextSector(n)) {
    if (!isSector(n) || seen.has(n) || seen.size >= maxDirectorySectors) return false;
    seen.add(n);
    const bytes = await sector(n);
    for (let at = 0; at < sectorSize; at += DIRECTORY_ENTRY_BYTES, entry += 1) {
      const type = bytes[at + 66];
      if (entry === 0) {
        if (type !== ROOT_OBJECT) return false;
        continue;
      }
      if (type !== STREAM_OBJECT) continue;
      const nameBytes = bytes.readUInt16LE(at + 64);
      if (nameBytes < 2 || nameBytes > 64 || nameBytes % 2 !== 0) continue;
      const name = bytes.toString('utf16le', at, at + nameBytes - 2).toUpperCase();
      // Version 3 files keep only the low 32 bits of a stream's size.
      const size = major === 3 ? bytes.readUInt32LE(at + 120) : Number(bytes.readBigUInt64LE(at + 120));
      if (wanted.has(name) && size > 0) return true;
    }
  }
  return false;
}
