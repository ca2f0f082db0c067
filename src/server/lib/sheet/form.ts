/**
 * An import's multipart form (the staff import, the question import): the sheet as `file`, read
 * whole (lib/small-form.ts) and at most `maxBytes` (a larger one is a 422 on `file`, never a sheet cut
 * at the limit), and `dry_run` '0' or '1' (default '0'), in any order with the import's other fields.
 * Problems of these two are collected, not thrown, so the import adds its own fields' and answers all
 * of them in one 422.
 */
import type { FastifyRequest } from 'fastify';
import { translateDomainMessage } from '../domain-errors.js';
import { FieldErrors } from '../envelope.js';
import { readSmallForm } from '../small-form.js';
import { translate, type MessageKey } from '../../i18n.js';
import { megabytes } from './bounds.js';

export interface SheetForm {
  /** The sheet's bytes; null when no file, or an empty one, was sent (`errors.file` says so). */
  bytes: Buffer | null;
  dryRun: boolean;
  /** The form's text fields by name. */
  fields: Map<string, string>;
  /** Messages by field, in the request's language; empty when `file` and `dry_run` are fine. */
  errors: Record<string, string[]>;
}

/** Reads the form; `fileRequired` is the import's message for a missing file. */
export async function readSheetForm(request: FastifyRequest, { maxBytes, fileRequired }: { maxBytes: number; fileRequired: MessageKey }): Promise<SheetForm> {
  const lang = request.lang;
  const { fields, file } = await readSmallForm(request, {
    fileField: 'file',
    maxBytes,
    tooLarge: () => new FieldErrors({ file: [translate(lang, 'sheet.tooLarge', { limit: megabytes(maxBytes) })] }),
    oneFile: () => new FieldErrors({ file: [translateDomainMessage(lang, { key: 'file.oneFilePerUpload' })] }),
  });
  const errors: Record<string, string[]> = {};
  const dryRun = fields.get('dry_run') ?? '0';
  if (dryRun !== '0' && dryRun !== '1') errors.dry_run = [translate(lang, 'field.enum', { values: '0, 1' })];
  const bytes = file && file.bytes.length > 0 ? file.bytes : null;
  if (!bytes) errors.file = [translate(lang, fileRequired)];
  return { bytes, dryRun: dryRun === '1', fields, errors };
}
