/**
 * Whether an upload declared as pdf or mp4 is one, from a few bytes at its start (and, for mp4, the
 * headers of its top-level boxes): a PDF header within the first 1024 bytes; an ISO base media file
 * whose `ftyp` declares an MP4 brand and whose top-level boxes chain up to a `moov`. Every size a box
 * declares is checked against the file before it is followed, and the walk stops after
 * MP4_MAX_TOP_LEVEL_BOXES boxes. All reads go through the bounded Reader (content-check-reader.ts).
 */
import type { Reader } from './content-check-reader.js';

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


// ——— PDF ———

/** Readers accept a header up to this far into the file. */
const PDF_HEADER_WINDOW = 1024;

export async function isPdf(reader: Reader): Promise<boolean> {
  const head = await reader.at(0, Math.min(reader.size, PDF_HEADER_WINDOW + 8));
  const at = head.indexOf('%PDF-', 0, 'latin1');
  return at >= 0 && at <= PDF_HEADER_WINDOW && /^%PDF-\d\.\d/.test(head.toString('latin1', at, at + 8));
}

// ——— mp4 ———

/** Real `ftyp` boxes are a few dozen bytes. */
const FTYP_MAX_BYTES = 4096;
const BOX_TYPE = /^[\x20-\x7e]{4}$/;

export async function isMp4(reader: Reader): Promise<boolean> {
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
