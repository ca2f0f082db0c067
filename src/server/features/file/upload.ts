/**
 * Receiving one uploaded file (/file/uploadFile and /file/uploadUnPermission): streamed from the
 * request into the blob store under a fresh key — never held in memory, never written under a name
 * the client chose — then checked by its content, then put in the company's tree in one transaction.
 * Whatever refuses it on the way (name, type, size, content, a name already taken) deletes the new
 * blob, so a refused upload leaves nothing and a replaced file is only swapped once the new one passed.
 *
 * The form's fields may come in any order. A browser's FormData sends `directory` and `replace` before
 * `file`, and then a bad name or a taken one is refused before a byte is stored; when a field follows
 * the file (as attachment clients send them: `file`, then `directory`), the file waits in its new blob — stored, checked by
 * its content, but in no directory — until the form is complete, and the same checks then decide
 * where it goes or delete it. One upload at a time per admin: a row in file_uploads while it streams
 * (its beat renewed as it goes), so a second upload — another tab, another server instance — is
 * refused at once.
 */
import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { checkFileName, joinFilePath } from '../../../domain/file-names.js';
import { fileTypeOf, formatFileSize } from '../../../domain/file-types.js';
import type { Db } from '../../db/client.js';
import { DomainRefusal } from '../../lib/domain-errors.js';
import { FieldErrors } from '../../lib/envelope.js';
import { translate } from '../../i18n.js';
import { requireAuth } from '../access/plugin.js';
import { noteAudit } from '../../lib/audit-note.js';
import { checkFileContent } from './content-check.js';
import * as q from './queries.js';
import { utf8TextCheck } from './content-check-text.js';
import { commitUpload, deleteBlobs, directoryFrom, entryAt, fieldError, newBlobKey, type StoredUpload } from './service.js';
import { fieldTooLong, formParts } from '../../lib/small-form.js';
import { loggableError } from '../../plugins/errors.js';

/** How often a running upload renews its beat, and after how long without one it counts as dead. */
const BEAT_MS = 20_000;
const STALE_AFTER = '2 minutes';

export interface UploadOptions {
  /** /file/uploadUnPermission: the form must name the directory. */
  directoryRequired: boolean;
}

export interface UploadResult {
  path: string;
  size: number;
}

/** Takes the admin's upload slot, or answers false when another upload of theirs is running. */
async function takeSlot(db: Db, adminId: number): Promise<boolean> {
  return q.takeUploadSlot(db, adminId, STALE_AFTER);
}

class TooLarge extends Error {}
class NotText extends Error {}

/** The form's text fields as far as they have arrived. */
interface FormFields {
  directory?: string;
  replace?: string;
}

/** Where the upload goes, decided from the form's fields and the file's name. */
interface Target {
  path: string;
  replace: boolean;
}

export async function receiveUpload(request: FastifyRequest, options: UploadOptions): Promise<UploadResult> {
  const { adminId } = requireAuth(request);
  const { db, fileStore: store, config, log } = request.server;
  const lang = request.lang;
  const companyId = request.companyId;
  if (!(await takeSlot(db, adminId))) throw new DomainRefusal('file.alreadyUploading');
  const beat = setInterval(() => {
    q.renewUploadBeat(db, adminId, new Date()).catch((error: unknown) => log.warn({ err: loggableError(error) }, 'could not renew an upload beat'));
  }, BEAT_MS);
  try {
    const fields: FormFields = {};
    let pending: PendingBlob | null = null;
    try {
      for await (const part of formParts(request, { limits: { files: 1, fileSize: config.uploadLimit, fields: 10 }, preservePath: true })) {
        if (part.type === 'field') {
          if (part.fieldname !== 'directory' && part.fieldname !== 'replace') continue;
          // Sent twice, the two could name different places: which one was meant is not ours to guess.
          if (fields[part.fieldname] !== undefined) throw fieldError(lang, part.fieldname, 'file.fieldRepeated', { field: part.fieldname });
          if (part.valueTruncated) throw fieldTooLong(request, part.fieldname);
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || pending) {
          part.file.resume();
          continue;
        }
        pending = await storePart(request, part, fields, { companyId, options });
      }
      if (!pending) throw fieldError(lang, 'file', 'file.fileRequired');
      // The form is complete: the fields that came after the file (attachment clients send `file` first)
      // decide the place now, with every check, before the file joins the tree.
      const target = await targetOf(request, pending.name, fields, { companyId, options, early: false });
      return await commitStored(request, { companyId, adminId, path: target!.path, storageKey: pending.key, size: pending.size, mime: pending.mime, replace: target!.replace });
    } catch (error) {
      // Refused, or the client went away: the pending blob goes (commitStored removed it already if it refused).
      if (pending) await deleteBlobs(store, log, [pending.key]);
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw fieldError(lang, 'file', 'file.oneFilePerUpload');
      throw error;
    }
  } finally {
    clearInterval(beat);
    await q.releaseUploadSlot(db, adminId);
  }
}

interface PartContext {
  companyId: number;
  options: UploadOptions;
}

/**
 * The place of the file from the form's fields, checked: the directory (required on
 * /file/uploadUnPermission), replace, the joined path, and a name already present. With `early`, only
 * what the fields received so far can already decide (before the file's bytes are stored, a browser's
 * form sends `directory` and `replace` first): answers null when a later field could still change it.
 */
async function targetOf(request: FastifyRequest, name: string, fields: FormFields, context: PartContext & { early: boolean }): Promise<Target | null> {
  const lang = request.lang;
  if (fields.directory === undefined) {
    if (context.early) return null;
    if (context.options.directoryRequired) throw new FieldErrors({ directory: [translate(lang, 'field.required')] });
  }
  if (fields.replace !== undefined && fields.replace !== '0' && fields.replace !== '1') throw new FieldErrors({ replace: [translate(lang, 'field.enum', { values: '0, 1' })] });
  const directory = directoryFrom(lang, 'directory', fields.directory);
  const joined = joinFilePath(directory, name, 'file');
  if (!joined.ok) throw fieldError(lang, joined.part === 'directory' ? 'directory' : 'file', joined.key, joined.params);
  // Whether a name already present may be replaced is known once `replace` has arrived (or the form ended without it).
  if (context.early && fields.replace === undefined) return null;
  const replace = fields.replace === '1';
  const existing = await entryAt(request.server.db, context.companyId, joined.path);
  if (existing === 'directory' || (existing === 'file' && !replace)) throw fieldError(lang, 'file', 'file.alreadyExists', { name });
  return { path: joined.path, replace };
}

/** A file streamed into a blob of its own and checked by its content, not yet in the tree. */
interface PendingBlob {
  key: string;
  /** The file's name, checked. */
  name: string;
  size: number;
  mime: string;
}

/** Checks the part's name, type and (as far as the fields have arrived) its place, streams it into a new blob and checks its content. */
async function storePart(request: FastifyRequest, part: MultipartFile, fields: FormFields, context: PartContext): Promise<PendingBlob> {
  const { fileStore: store, config, log } = request.server;
  const lang = request.lang;
  const refuse = (error: unknown): never => {
    part.file.resume();
    throw error;
  };
  const name = checkFileName(part.filename ?? '');
  if (!name.ok) return refuse(fieldError(lang, 'file', name.key, name.params));
  const type = fileTypeOf(name.name);
  if (!type) return refuse(fieldError(lang, 'file', 'file.typeNotAllowed'));
  // Refused before a byte is stored when the fields already say so (a taken name, a bad directory).
  await targetOf(request, name.name, fields, { ...context, early: true }).catch(refuse);

  const key = newBlobKey(context.companyId);
  let tooLarge = false;
  part.file.once('limit', () => {
    tooLarge = true;
    part.file.destroy(new TooLarge());
  });
  const tooLargeError = () => fieldError(lang, 'file', 'file.tooLarge', { limit: formatFileSize(config.uploadLimit) });
  // Text is checked as it streams (and stops the upload at the first byte that is not UTF-8 text);
  // the other types are checked on the stored blob, whose structure may be at its end (ZIP).
  const text = type.ext === 'txt' || type.ext === 'csv' ? utf8TextCheck() : null;
  // A form cut off may have failed the part already, before anyone listened: piped on, it would
  // never end (the store's pipeline sees a failed source itself, a pipe does not).
  if (text && part.file.errored) throw part.file.errored;
  const mismatch = () => fieldError(lang, 'file', 'file.contentMismatch', { type: type.label });
  const body = text
    ? part.file.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            callback(text.push(chunk) ? null : new NotText(), chunk);
          },
        }),
      )
    : part.file;
  if (text) {
    part.file.once('error', (error) => body.destroy(error));
    // The part flows into the check as soon as it is piped, before the store reads it (it may first
    // make its folder): a byte that is not text then errors the check with nobody listening yet, an
    // uncaught exception that ends the process. The store's pipeline still gets the error (a stream
    // that has failed reports its error to whoever reads it later).
    body.on('error', () => {});
  }
  let size: number;
  try {
    ({ size } = await store.put(key, body, { contentType: type.mime }));
  } catch (error) {
    await deleteBlobs(store, log, [key]);
    part.file.resume();
    if (tooLarge || error instanceof TooLarge) throw tooLargeError();
    if (error instanceof NotText) throw mismatch();
    throw error;
  }
  try {
    if (tooLarge || part.file.truncated) throw tooLargeError();
    if (text) {
      if (size === 0) throw fieldError(lang, 'file', 'file.empty');
      if (!text.end()) throw mismatch();
    } else {
      const content = await checkFileContent(type.ext, { size, read: (offset: number, length: number) => store.read(key, offset, length) });
      if (!content.ok) throw fieldError(lang, 'file', content.key, { type: type.label });
    }
  } catch (error) {
    await deleteBlobs(store, log, [key]);
    throw error;
  }
  return { key, name: name.name, size, mime: type.mime };
}

/** Puts a stored, checked upload in the tree (or swaps it in with replace); a refusal deletes its blob. */
async function commitStored(request: FastifyRequest, stored: StoredUpload): Promise<UploadResult> {
  const { db, fileStore: store, log } = request.server;
  let replaced: string | null;
  try {
    replaced = await commitUpload(db, request.lang, stored);
  } catch (error) {
    await deleteBlobs(store, log, [stored.storageKey]);
    throw error;
  }
  if (replaced) await deleteBlobs(store, log, [replaced]);
  noteAudit(request, {
    targetType: 'file',
    targetId: stored.path,
    summary: `${replaced ? 'replaced' : 'uploaded'} ${stored.path} (${formatFileSize(stored.size)})`,
  });
  return { path: stored.path, size: stored.size };
}
