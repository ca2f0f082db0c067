/**
 * What the company file store accepts: Word, PDF, text, CSV, Excel and mp4 video (the product's list),
 * and how large. The file screen refuses a file before sending it with these rules; the server checks
 * the same extension and then the bytes themselves (features/file/content-check.ts), whose answer is
 * final: a renamed program is not a PDF because its name ends in .pdf.
 *
 * Pure: no I/O.
 */

export type FileTypeExtension = 'xls' | 'xlsx' | 'csv' | 'pdf' | 'doc' | 'docx' | 'txt' | 'mp4';

export interface FileType {
  ext: FileTypeExtension;
  /** The media type the store records and a download announces. */
  mime: string;
  /** How messages name the type ("Excel", "PDF"…), the same in both languages. */
  label: string;
}

export const FILE_TYPES: Readonly<Record<FileTypeExtension, FileType>> = {
  xls: { ext: 'xls', mime: 'application/vnd.ms-excel', label: 'Excel (xls)' },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel (xlsx)' },
  csv: { ext: 'csv', mime: 'text/csv', label: 'CSV' },
  pdf: { ext: 'pdf', mime: 'application/pdf', label: 'PDF' },
  doc: { ext: 'doc', mime: 'application/msword', label: 'Word (doc)' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word (docx)' },
  txt: { ext: 'txt', mime: 'text/plain', label: 'text (txt)' },
  mp4: { ext: 'mp4', mime: 'video/mp4', label: 'mp4' },
};

/** For a file input's `accept` attribute: the extensions, then the media types. */
export const FILE_INPUT_ACCEPT = [
  ...Object.keys(FILE_TYPES).map((ext) => `.${ext}`),
  ...new Set(Object.values(FILE_TYPES).map((type) => type.mime)),
].join(',');

/** The type a name announces by its extension (any case: `REPORT.PDF`), or null when not allowed. */
export function fileTypeOf(name: string): FileType | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(FILE_TYPES, ext) ? FILE_TYPES[ext as FileTypeExtension] : null;
}

/** The default largest upload (the server's UPLOAD_LIMIT_MB may set another; its answer is final). */
export const DEFAULT_UPLOAD_LIMIT_BYTES = 200 * 1024 * 1024;

/** `209715200` → `200 MB`, `1536` → `1.5 KB`: sizes in messages and the file table. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
