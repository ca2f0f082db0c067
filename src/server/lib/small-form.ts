/**
 * Reading a small multipart form whole (an image for a question, an import sheet): its text fields,
 * in any order, and its one file held in memory up to a limit. The form is read to its end before the
 * handler sees it, so a form cut off after its file stores nothing, and a field after the file counts.
 *
 * The limit is checked here, not left to the parser's own error: @fastify/multipart reports a file
 * over its `fileSize` only for a chunk read after the parser marked it truncated, so a file one chunk
 * past the limit whose last bytes arrived on their own came back cut to exactly the limit (an image
 * stored corrupt), or the parser's error surfaced at the next part as an HTTP 500 (an import).
 * Refusals are the handler's own 422s; what a form still holds after a refusal is left unread, and
 * plugins/unread-body.ts closes that connection.
 *
 * Also here, for every multipart operation (features/file/upload.ts streams its file instead):
 * formParts, the form's parts once the client is known to be still there, and the refusal of a text
 * field the parser cut at FORM_FIELD_MAX_BYTES.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { formatFileSize } from '../../domain/file-types.js';
import { translate } from '../i18n.js';
import { FieldErrors } from './envelope.js';

/** A text field's largest value (the parser's `fieldSize`, set where the multipart plugin is registered). */
export const FORM_FIELD_MAX_BYTES = 64 * 1024;

/** A text field the parser cut at FORM_FIELD_MAX_BYTES: refused on that field, never used cut. */
export function fieldTooLong(request: FastifyRequest, field: string): FieldErrors {
  return new FieldErrors({ [field]: [translate(request.lang, 'upload.fieldTooLong', { limit: formatFileSize(FORM_FIELD_MAX_BYTES) })] });
}

export interface SmallFormFile {
  fieldname: string;
  filename: string;
  bytes: Buffer;
}

export interface SmallForm {
  /** Text fields by name (a repeated name: the last one). */
  fields: Map<string, string>;
  /** The file sent as `fileField`, or null. */
  file: SmallFormFile | null;
}

export interface SmallFormOptions {
  /** The form field that carries the file; file parts under other names are read past. */
  fileField: string;
  maxBytes: number;
  /** The refusals, in the request's language: the file over `maxBytes`, a second file. */
  tooLarge: () => Error;
  oneFile: () => Error;
}

class OverLimit extends Error {}

/**
 * The form's parts, as request.parts() reads them — once the client is known to be still there. A
 * client that went away before the handler began (while it waited for the database) has closed its
 * request already: the parser would wait for a close it will never hear, and the upload would hang,
 * holding its admin's upload slot. It is a cancellation, told at once.
 */
export function formParts(request: FastifyRequest, options: Parameters<FastifyRequest['parts']>[0]): ReturnType<FastifyRequest['parts']> {
  const raw = request.raw;
  if (raw.destroyed && !raw.complete) throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
  return request.parts(options);
}

/** The stream's bytes, or OverLimit as soon as the parser says the file passed its limit. */
async function readBounded(stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  stream.once('limit', () => stream.destroy(new OverLimit()));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  // Set before the part ends whenever a byte past the limit arrived, whichever chunk carried it.
  if (stream.truncated) throw new OverLimit();
  return Buffer.concat(chunks);
}

export async function readSmallForm(request: FastifyRequest, options: SmallFormOptions): Promise<SmallForm> {
  const fields = new Map<string, string>();
  let file: SmallFormFile | null = null;
  // The parser's own "file too large" off: the limit is told by readBounded (its types omit the option).
  const parse = { limits: { files: 1, fileSize: options.maxBytes }, throwFileSizeLimit: false };
  try {
    for await (const part of formParts(request, parse)) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw fieldTooLong(request, part.fieldname);
        fields.set(part.fieldname, String(part.value));
      } else if (part.fieldname === options.fileField) {
        file = { fieldname: part.fieldname, filename: part.filename, bytes: await readBounded(part.file) };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof OverLimit) throw options.tooLarge();
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw options.oneFile();
    throw error;
  }
  return { fields, file };
}
