/**
 * Receiving one uploaded file (/file/uploadFile and /file/uploadUnPermission): streamed from the
 * request into the blob store under a fresh key — never held in memory, never written under a name
 * the client chose — then checked by its content, then put in the company's tree in one transaction.
 * Whatever refuses it on the way (name, type, size, content, a name already taken) deletes the new
 * blob, so a refused upload leaves nothing and a replaced file is only swapped once the new one passed.
 *
 * The form's fields come before the file (`directory`, `replace`, then `file`), so the name is checked
 * and a taken name refused before a byte is stored. One upload at a time per admin: a row in
 * file_uploads while it streams (its beat renewed as it goes), so a second upload — another tab,
 * another server instance — is refused at once.
 */
import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { checkFileName, joinFilePath } from '../../../domain/file-names.js';
import { fileTypeOf, formatFileSize } from '../../../domain/file-types.js';
import { fileUploads } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { DomainRefusal } from '../../lib/domain-errors.js';
import { FieldErrors } from '../../lib/envelope.js';
import { translate } from '../../i18n.js';
import { requireAuth } from '../../plugins/access.js';
import { noteAudit } from '../audit/note.js';
import { checkFileContent, utf8TextCheck } from './content-check.js';
import { commitUpload, deleteBlobs, directoryFrom, entryAt, fieldError, newBlobKey, type StoredUpload } from './service.js';

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
  const rows = await db
    .insert(fileUploads)
    .values({ adminId })
    .onConflictDoUpdate({ target: fileUploads.adminId, set: { beat: sql`now()` }, where: lt(fileUploads.beat, sql`now() - interval '${sql.raw(STALE_AFTER)}'`) })
    .returning({ adminId: fileUploads.adminId });
  return rows.length > 0;
}

class TooLarge extends Error {}
class NotText extends Error {}

export async function receiveUpload(request: FastifyRequest, options: UploadOptions): Promise<UploadResult> {
  const { adminId } = requireAuth(request);
  const { db, fileStore: store, config, log } = request.server;
  const lang = request.lang;
  const companyId = request.companyId;
  if (!(await takeSlot(db, adminId))) throw new DomainRefusal('file.alreadyUploading');
  const beat = setInterval(() => {
    db.update(fileUploads)
      .set({ beat: new Date() })
      .where(eq(fileUploads.adminId, adminId))
      .catch((error: unknown) => log.warn({ err: error }, 'could not renew an upload beat'));
  }, BEAT_MS);
  try {
    let directoryField: string | undefined;
    let replaceField = '0';
    let stored: StoredPart | null = null;
    try {
      for await (const part of request.parts({ limits: { files: 1, fileSize: config.uploadLimit, fields: 10 }, preservePath: true })) {
        if (part.type === 'field') {
          // A directory or replace sent after the file would have been decided without it: refuse
          // rather than store the file somewhere the admin did not ask for.
          if (stored && (part.fieldname === 'directory' || part.fieldname === 'replace')) {
            throw fieldError(lang, part.fieldname, 'file.fieldAfterFile', { field: part.fieldname });
          }
          if (part.fieldname === 'directory') directoryField = String(part.value);
          else if (part.fieldname === 'replace') replaceField = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          continue;
        }
        stored = await storePart(request, part, { directoryField, replaceField, options, companyId, adminId });
      }
    } catch (error) {
      if (stored) await deleteBlobs(store, log, [stored.storageKey]);
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw fieldError(lang, 'file', 'file.oneFilePerUpload');
      throw error;
    }
    if (!stored) throw fieldError(lang, 'file', 'file.fileRequired');
    // The whole form is read (a second file would have refused it): the file joins the tree.
    return await commitStored(request, stored);
  } finally {
    clearInterval(beat);
    await db.delete(fileUploads).where(and(eq(fileUploads.adminId, adminId)));
  }
}

interface PartContext {
  directoryField: string | undefined;
  replaceField: string;
  options: UploadOptions;
  companyId: number;
  adminId: number;
}

type StoredPart = StoredUpload;

/** Checks the part's name and target, streams it into a new blob and checks its content; answers the blob, not yet in the tree. */
async function storePart(request: FastifyRequest, part: MultipartFile, context: PartContext): Promise<StoredPart> {
  const { db, fileStore: store, config, log } = request.server;
  const lang = request.lang;
  const refuse = (error: Error): never => {
    part.file.resume();
    throw error;
  };
  if (context.options.directoryRequired && context.directoryField === undefined) {
    refuse(new FieldErrors({ directory: [translate(lang, 'field.required')] }));
  }
  if (context.replaceField !== '0' && context.replaceField !== '1') refuse(new FieldErrors({ replace: [translate(lang, 'field.enum', { values: '0, 1' })] }));
  const replace = context.replaceField === '1';
  let directory = '';
  try {
    directory = directoryFrom(lang, 'directory', context.directoryField);
  } catch (error) {
    refuse(error as Error);
  }
  const name = checkFileName(part.filename ?? '');
  if (!name.ok) return refuse(fieldError(lang, 'file', name.key, name.params));
  const type = fileTypeOf(name.name);
  if (!type) return refuse(fieldError(lang, 'file', 'file.typeNotAllowed'));
  const joined = joinFilePath(directory, name.name, 'file');
  if (!joined.ok) return refuse(fieldError(lang, joined.part === 'directory' ? 'directory' : 'file', joined.key, joined.params));
  const path = joined.path;
  const existing = await entryAt(db, context.companyId, path);
  if (existing === 'directory' || (existing === 'file' && !replace)) refuse(fieldError(lang, 'file', 'file.alreadyExists', { name: name.name }));

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
  return { companyId: context.companyId, adminId: context.adminId, path, storageKey: key, size, mime: type.mime, replace };
}

/** Puts a stored, checked upload in the tree (or swaps it in with replace); a refusal deletes its blob. */
async function commitStored(request: FastifyRequest, stored: StoredPart): Promise<UploadResult> {
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
