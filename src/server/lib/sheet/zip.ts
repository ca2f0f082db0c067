/**
 * A workbook's zip read by its directory (yauzl) and unpacked under a budget, for index.ts (on the
 * request's thread, before a reading thread is given the file) and parse.ts (on that thread).
 * - readZipDirectory: the entry count first (yauzl has it from the end record: 50,000 entries are
 *   refused before one is listed), then the sizes the entries declare, then that the entries are
 *   exactly those the directory lists, back to back from the first byte to the directory: read-excel-file
 *   reads a workbook's entries one after another as a stream, so an entry the directory hides would
 *   be read unchecked. yauzl checks the records and bounds; the back-to-back rule is ours (no zip
 *   library checks it), written over yauzl's entries and local headers. No byte is inflated.
 * - unpackWorkbook: every entry inflated with node:zlib under a budget counting the bytes inflating
 *   really produces (declared sizes can lie), stopping as soon as it is spent.
 */
import zlib from 'node:zlib';
import { fromBufferPromise } from 'yauzl';
import { SheetLimit, unpacksTooLarge, UnreadableSheet, WORKBOOK_LIMITS } from './bounds.js';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** Where the entry's bytes start (after its local header). */
  data: number;
}

/** Bit 3 of an entry's flags: its sizes follow its data (a data descriptor) instead of its local header. */
const DATA_DESCRIPTOR = 8;
const DATA_DESCRIPTOR_SIGNATURE = 0x08074b50;
const END_OF_DIRECTORY_BYTES = 22;

/**
 * The zip's entries as its directory lists them, checked against WORKBOOK_LIMITS (their count and
 * declared sizes) and against the entries themselves: the local entries must be the directory's,
 * same names and sizes, back to back from the first byte to the directory.
 */
export async function readZipDirectory(bytes: Buffer): Promise<ZipEntry[]> {
  const zip = await fromBufferPromise(bytes, { lazyEntries: true, autoClose: false, validateEntrySizes: false }).catch((error: Error) => {
    throw new UnreadableSheet(`zip: ${error.message}`);
  });
  try {
    // A Zip64 archive's count (65,535 entries or more) is beyond the bound too.
    if (zip.entryCount > WORKBOOK_LIMITS.entries) throw new SheetLimit('sheet.tooManyParts', { count: zip.entryCount, limit: WORKBOOK_LIMITS.entries });
    const listed: Array<ZipEntry & { local: number; next: number }> = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > WORKBOOK_LIMITS.unpackedBytes) throw unpacksTooLarge();
      const local = await zip.readLocalFileHeaderPromise(entry);
      if (!local.fileName.equals(entry.fileNameRaw)) throw new UnreadableSheet('a zip entry named otherwise in its directory');
      // Without a data descriptor the local header carries the sizes a streaming reader goes by.
      const described = (entry.generalPurposeBitFlag & DATA_DESCRIPTOR) !== 0;
      if (!described && local.compressedSize !== entry.compressedSize) throw new UnreadableSheet('a zip entry sized otherwise in its directory');
      let next = local.fileDataStart + entry.compressedSize;
      // The data descriptor: CRC and sizes, after an optional signature.
      if (described) next += next + 4 <= bytes.length && bytes.readUInt32LE(next) === DATA_DESCRIPTOR_SIGNATURE ? 16 : 12;
      const { fileName: name, compressionMethod: method, compressedSize, relativeOffsetOfLocalHeader } = entry;
      listed.push({ name, method, compressedSize, data: local.fileDataStart, local: relativeOffsetOfLocalHeader, next });
    }
    let at = 0;
    for (const entry of [...listed].sort((a, b) => a.local - b.local)) {
      if (entry.local !== at) throw new UnreadableSheet('a zip entry outside its directory');
      at = entry.next;
    }
    if (at !== directoryStart(bytes, zip.comment)) throw new UnreadableSheet('bytes between the zip entries and their directory');
    return listed.map(({ name, method, compressedSize, data }) => ({ name, method, compressedSize, data }));
  } catch (error) {
    if (error instanceof SheetLimit || error instanceof UnreadableSheet) throw error;
    throw new UnreadableSheet(`zip: ${(error as Error).message}`);
  } finally {
    zip.close();
  }
}

/**
 * Where the directory starts, from the end record yauzl found (its comment, in a one-byte encoding,
 * ends the file): the one field yauzl keeps to itself. A Zip64 offset is no workbook's.
 */
function directoryStart(bytes: Buffer, comment: string): number {
  const end = bytes.length - END_OF_DIRECTORY_BYTES - comment.length;
  const start = bytes.readUInt32LE(end + 16);
  if (start === 0xffffffff) throw new UnreadableSheet('a Zip64 workbook');
  return start;
}

/**
 * Inflates every entry, stopping once they would produce more than `limit` bytes in all, counted
 * as inflating produces them; answers the XML parts (.xml, .rels) by name.
 */
export function unpackWorkbook(bytes: Buffer, entries: readonly ZipEntry[], limit: number = WORKBOOK_LIMITS.unpackedBytes): Map<string, Buffer> {
  const parts = new Map<string, Buffer>();
  let left = limit;
  for (const entry of entries) {
    const data = bytes.subarray(entry.data, entry.data + entry.compressedSize);
    let content: Buffer;
    if (entry.method === 0) content = data;
    else if (entry.method === 8) {
      try {
        content = zlib.inflateRawSync(data, { maxOutputLength: left + 1 });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw unpacksTooLarge();
        throw new UnreadableSheet('a corrupt zip entry');
      }
    } else throw new UnreadableSheet(`zip compression method ${entry.method}`);
    left -= content.length;
    if (left < 0) throw unpacksTooLarge();
    if (entry.name.endsWith('.xml') || entry.name.endsWith('.rels')) parts.set(entry.name, content);
  }
  return parts;
}
