/**
 * Whether an upload declared as doc or xls is an OLE2 compound file holding the stream that makes it
 * one: `WordDocument` (doc), `Workbook` or `Book` (xls). Only the header, the FAT and DIFAT sectors
 * the directory's chain needs and the directory sectors are read, through the bounded Reader; every
 * sector number is checked against the file's size and every chain against loops and its cap. Why not
 * a library: `cfb` (SheetJS) parses a compound file from a buffer holding all of it, and the file may
 * be hundreds of megabytes in the blob store; file-type answers "cfb" for both doc and xls.
 */
import { NotThisType, type Reader } from './content-check-reader.js';

/** At most this many bytes of a compound file's directory are read (32,768 entries). */
export const CFB_MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

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
export async function isCompoundFileWith(reader: Reader, streams: readonly string[]): Promise<boolean> {
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
