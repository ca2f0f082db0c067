/**
 * The company file tree: listing, directories, deleting, and committing an upload (upload.ts streams
 * the bytes first). The tree is in the database (schema `files`), one row per directory and file,
 * keyed by (company, path); the bytes live in the blob store under a key the server made up. Every
 * query names the caller's company, so another company's path is simply not found; every path a
 * client sends goes through the domain rules (src/domain/file-names.ts) before it reaches a query,
 * and no client text ever becomes a disk path or an S3 key.
 *
 * Blobs are deleted after the transaction that removed their rows commits: a crash in between leaves
 * an unreferenced blob (wasted bytes, logged), never a row without its bytes.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '@openapi/admin-api';
import { checkDirectoryPath, checkFilePath, joinFilePath, type FileNameProblem } from '../../../domain/file-names.js';
import { formatDomainMessage, type DomainMessageKey } from '../../../domain/messages.js';
import type { Db } from '../../db/client.js';
import { FieldErrors } from '../../lib/envelope.js';
import { DomainRefusal } from '../../lib/domain-errors.js';
import type { Lang } from '../../i18n.js';
import * as q from './queries.js';
import type { BlobStore } from './store/index.js';

type Tx = q.Tx;
type Entry = components['schemas']['FileEntry'];

/** A 422 under `field` with a domain message. */
export function fieldError(lang: Lang, field: string, key: DomainMessageKey, params: Record<string, string | number> = {}): FieldErrors {
  return new FieldErrors({ [field]: [formatDomainMessage(lang, key, params)] });
}

const problemError = (lang: Lang, field: string, problem: FileNameProblem) => fieldError(lang, field, problem.key, problem.params);

/** A directory the client sent (`''` = the root), checked; or a 422 under `field`. */
export function directoryFrom(lang: Lang, field: string, value: string | undefined | null): string {
  const checked = checkDirectoryPath(value ?? '');
  if (!checked.ok) throw problemError(lang, field, checked);
  return checked.path;
}

/** The parent directory of a path (`''` for a top-level entry) and its last part. */
export function splitPath(path: string): { parent: string; name: string } {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? { parent: '', name: path } : { parent: path.slice(0, slash), name: path.slice(slash + 1) };
}

/** `a/b/c` → `['a', 'a/b']`: the directories above a path. */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** Whether `error` is the unique (company, path) index refusing a second entry. */
export function isPathTaken(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === 'files_company_path_unique' || e.message?.includes('files_company_path_unique'))) return true;
  }
  return false;
}

async function directoryExists(db: Db | Tx, companyId: number, path: string): Promise<boolean> {
  if (path === '') return true;
  return (await q.kindAt(db, companyId, path)) === 'directory';
}

/** Names in the language's order, digits by value (`2.pdf` before `10.pdf`); ties by code point. */
function byName(lang: Lang) {
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: 'variant' });
  return (a: Entry, b: Entry) => collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** A directory's entries: directories first, then files, each by name; with each directory's file count. */
export async function listDirectory(db: Db, lang: Lang, companyId: number, directory: string): Promise<Entry[]> {
  if (!(await directoryExists(db, companyId, directory))) throw new DomainRefusal('file.directoryNotFound', { path: directory });
  const rows = await q.entriesIn(db, companyId, directory);
  const entries = rows.map(
    (row): Entry => ({
      name: row.name,
      path: row.path,
      type: row.kind,
      size: row.kind === 'file' ? row.size : 0,
      mime: row.kind === 'file' ? row.mime : null,
      updated_at: row.updatedAt.toISOString(),
      file_count: row.fileCount,
    }),
  );
  const compare = byName(lang);
  return [...entries.filter((e) => e.type === 'directory').sort(compare), ...entries.filter((e) => e.type === 'file').sort(compare)];
}

/**
 * Makes the directories of `path` that do not exist yet (a nested name makes every level, as S3
 * prefixes would). A level that exists as a file is refused: 422 under `field`, naming it.
 */
async function ensureDirectories(tx: Tx, lang: Lang, field: string, companyId: number, adminId: number | null, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await q.insertDirectoriesIfMissing(tx, paths.map((path) => ({ companyId, path, ...splitPath(path), createdBy: adminId })));
  const clashes = await q.filesAmong(tx, companyId, paths);
  if (clashes.length > 0) throw fieldError(lang, field, 'file.alreadyExists', { name: splitPath(clashes[0]!).name });
}

/** Makes `name` (possibly nested: `2024/q1`) inside the existing directory `parent`; answers its path. */
export async function makeDirectory(db: Db, lang: Lang, companyId: number, adminId: number, parent: string, name: string): Promise<string> {
  const joined = joinFilePath(parent, name, 'directory');
  if (!joined.ok) throw problemError(lang, joined.part === 'directory' ? 'directory' : 'name', joined);
  const path = joined.path;
  return db.transaction(async (tx) => {
    if (!(await directoryExists(tx, companyId, parent))) throw new DomainRefusal('file.directoryNotFound', { path: parent });
    await ensureDirectories(tx, lang, 'name', companyId, adminId, ancestorsOf(path).filter((p) => p.length > parent.length));
    if (!(await q.insertDirectory(tx, { companyId, path, ...splitPath(path), createdBy: adminId }))) throw fieldError(lang, 'name', 'file.alreadyExists', { name: splitPath(path).name });
    return path;
  });
}

/** Deletes a directory with everything below it; answers how many files went. */
export async function deleteDirectory(db: Db, store: BlobStore, log: FastifyBaseLogger, companyId: number, directory: string): Promise<number> {
  if (directory === '') throw new DomainRefusal('file.rootNotDeletable');
  const removed = await db.transaction(async (tx) => {
    if (!(await directoryExists(tx, companyId, directory))) throw new DomainRefusal('file.directoryNotFound', { path: directory });
    return q.deleteTree(tx, companyId, directory);
  });
  await deleteBlobs(store, log, removed.flatMap((row) => (row.storageKey ? [row.storageKey] : [])));
  return removed.filter((row) => row.kind === 'file').length;
}

/** Deletes files, all or none: a path that is not one of the company's files refuses the lot. */
export async function deleteFiles(db: Db, store: BlobStore, log: FastifyBaseLogger, lang: Lang, companyId: number, rawPaths: string[]): Promise<void> {
  const paths = [...new Set(rawPaths.map((raw, i) => filePathFrom(lang, `paths.${i}`, raw)))];
  const removed = await db.transaction(async (tx) => {
    const rows = await q.deleteFileRows(tx, companyId, paths);
    const found = new Set(rows.map((row) => row.path));
    const missing = paths.find((path) => !found.has(path));
    if (missing !== undefined) throw new DomainRefusal('file.notFound', { path: missing });
    return rows;
  });
  await deleteBlobs(store, log, removed.flatMap((row) => (row.storageKey ? [row.storageKey] : [])));
}

/** A file path the client sent, checked; or a 422 under `field`. */
export function filePathFrom(lang: Lang, field: string, value: string): string {
  const checked = checkFilePath(value);
  if (!checked.ok) throw problemError(lang, field, checked);
  return checked.path;
}

/** The company's file at `path` (its blob key, size, name), or a refusal naming it. */
export async function findFile(db: Db, companyId: number, path: string): Promise<{ name: string; size: number; storageKey: string }> {
  const row = await q.entryByPath(db, companyId, path);
  if (!row || row.kind !== 'file' || !row.storageKey) throw new DomainRefusal('file.notFound', { path });
  return { name: row.name, size: row.size, storageKey: row.storageKey };
}

/** The entry at `path`, if any: what an upload would collide with. */
export async function entryAt(db: Db, companyId: number, path: string): Promise<'file' | 'directory' | null> {
  return (await q.kindAt(db, companyId, path)) ?? null;
}

/** A fresh blob key for a company's upload: `companies/<cid>/<yyyy-mm>/<uuid>`. */
export function newBlobKey(companyId: number, now = new Date()): string {
  return `companies/${companyId}/${now.toISOString().slice(0, 7)}/${randomUUID()}`;
}

export interface StoredUpload {
  companyId: number;
  adminId: number;
  path: string;
  storageKey: string;
  size: number;
  mime: string;
  replace: boolean;
}

/**
 * Puts an uploaded blob in the tree at `path`: makes missing directories, then inserts the file, or
 * with `replace` swaps the blob of the file already there. Refusals (a name taken without replace, a
 * directory of that name, a file where a directory should be) are 422s under `file` / `directory`;
 * the caller deletes the new blob then. Answers the key of a replaced blob, to delete after commit.
 */
export async function commitUpload(db: Db, lang: Lang, upload: StoredUpload): Promise<string | null> {
  const { companyId, adminId, path } = upload;
  const { parent, name } = splitPath(path);
  try {
    return await db.transaction(async (tx) => {
      await ensureDirectories(tx, lang, 'directory', companyId, adminId, [...ancestorsOf(path)]);
      const existing = await q.entryForUpdate(tx, companyId, path);
      if (existing && (existing.kind === 'directory' || !upload.replace)) throw fieldError(lang, 'file', 'file.alreadyExists', { name });
      if (existing) {
        await q.replaceFileBlob(tx, existing.id, { storageKey: upload.storageKey, size: upload.size, mime: upload.mime, createdBy: adminId, updatedAt: new Date() });
        return existing.storageKey;
      }
      await q.insertFile(tx, {
        companyId,
        path,
        parent,
        name,
        size: upload.size,
        mime: upload.mime,
        storageKey: upload.storageKey,
        createdBy: adminId,
      });
      return null;
    });
  } catch (error) {
    // Another upload of the same name committed first.
    if (isPathTaken(error)) throw fieldError(lang, 'file', 'file.alreadyExists', { name });
    throw error;
  }
}

/** Deletes blobs whose rows are gone; a failure leaves unreferenced bytes, so it is logged, not thrown. */
export async function deleteBlobs(store: BlobStore, log: FastifyBaseLogger, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await store.delete(keys);
  } catch (error) {
    log.warn({ err: error, keys: keys.slice(0, 20), count: keys.length }, 'file blobs whose entries were deleted could not be removed from the store');
  }
}
