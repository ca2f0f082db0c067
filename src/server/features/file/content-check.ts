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
 * S3 failure) is passed on. Each kind has its module: content-check-text.ts, content-check-media.ts
 * (pdf, mp4), content-check-office.ts (docx, xlsx), content-check-compound.ts (doc, xls), all reading
 * through content-check-reader.ts. Why not file-type (npm): it sniffs a family from a stream's start
 * ("cfb" for both doc and xls, a zip's local entries walked in order) and checks neither what a
 * package's directory declares nor a compound file's streams; the verdicts here are stricter.
 */
import type { FileTypeExtension } from '../../../domain/file-types.js';
import { isCompoundFileWith } from './content-check-compound.js';
import { isMp4, isPdf } from './content-check-media.js';
import { EXCEL_MAIN_PART, isOfficePackage, WORD_MAIN_PART } from './content-check-office.js';
import { BINARY_READ_BUDGET, type ContentSource, NotThisType, Reader } from './content-check-reader.js';
import { isUtf8Text } from './content-check-text.js';

export type ContentVerdict = { ok: true } | { ok: false; key: 'file.contentMismatch' | 'file.empty' };

const EMPTY: ContentVerdict = { ok: false, key: 'file.empty' };
const MISMATCH: ContentVerdict = { ok: false, key: 'file.contentMismatch' };
const OK: ContentVerdict = { ok: true };

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
