/**
 * The SQL of the company file tree (schema `files`) and of the one-upload-per-admin slot
 * (`file_uploads`). Every query names the company; no rules here (service.ts and upload.ts decide);
 * each function runs on the database or transaction it is given.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, fileUploads } from '../../db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The kind of the company's entry at `path`, if any. */
export async function kindAt(db: Db | Tx, companyId: number, path: string): Promise<'file' | 'directory' | undefined> {
  const [row] = await db
    .select({ kind: files.kind })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.path, path)));
  return row?.kind;
}

/** How many files a directory row of `files` holds at any depth. */
const FILES_BELOW = `select count(*) from files inner_files
  where inner_files.company_id = files.company_id and inner_files.kind = 'file'
    and starts_with(inner_files.path, files.path || '/')`;

/** The entries directly in a directory, each directory with the number of files below it. */
export function entriesIn(db: Db, companyId: number, directory: string) {
  return db
    .select({
      name: files.name,
      path: files.path,
      kind: files.kind,
      size: files.size,
      mime: files.mime,
      updatedAt: files.updatedAt,
      // Written out with the table's name: Drizzle leaves a single table's columns unqualified, and
      // inside the subquery an unqualified `path` would be the inner row's.
      fileCount: sql<number>`case when ${files.kind} = 'directory' then (${sql.raw(FILES_BELOW)}) else 0 end`.mapWith(Number),
    })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.parent, directory)));
}

/** A new directory row of `files`. */
export interface DirectoryRow {
  companyId: number;
  path: string;
  parent: string;
  name: string;
  createdBy: number | null;
}

/** Inserts the directories that are not there yet (any entry at a path stays as it is). */
export async function insertDirectoriesIfMissing(tx: Tx, rows: DirectoryRow[]): Promise<void> {
  await tx
    .insert(files)
    .values(rows.map((row) => ({ ...row, kind: 'directory' as const })))
    .onConflictDoNothing();
}

/** Those of the paths that are files of the company. */
export async function filesAmong(tx: Tx, companyId: number, paths: string[]): Promise<string[]> {
  const rows = await tx
    .select({ path: files.path })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.path, paths), eq(files.kind, 'file')));
  return rows.map((row) => row.path);
}

/** Inserts a directory; false when an entry is there already. */
export async function insertDirectory(tx: Tx, row: DirectoryRow): Promise<boolean> {
  const [made] = await tx
    .insert(files)
    .values({ ...row, kind: 'directory' })
    .onConflictDoNothing()
    .returning({ id: files.id });
  return made !== undefined;
}

/** Deletes a directory and everything below it; answers the rows that went. */
export function deleteTree(tx: Tx, companyId: number, directory: string): Promise<Array<{ kind: 'file' | 'directory'; storageKey: string | null }>> {
  return tx
    .delete(files)
    .where(and(eq(files.companyId, companyId), sql`(${files.path} = ${directory} or starts_with(${files.path}, ${directory + '/'}))`))
    .returning({ kind: files.kind, storageKey: files.storageKey });
}

/** Deletes those of the paths that are files of the company; answers the rows that went. */
export function deleteFileRows(tx: Tx, companyId: number, paths: string[]): Promise<Array<{ path: string; storageKey: string | null }>> {
  return tx
    .delete(files)
    .where(and(eq(files.companyId, companyId), inArray(files.path, paths), eq(files.kind, 'file')))
    .returning({ path: files.path, storageKey: files.storageKey });
}

export async function entryByPath(db: Db, companyId: number, path: string) {
  const [row] = await db
    .select({ name: files.name, size: files.size, storageKey: files.storageKey, kind: files.kind })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.path, path)));
  return row;
}

/** The entry at `path`, its row locked until the transaction ends. */
export async function entryForUpdate(tx: Tx, companyId: number, path: string) {
  const [existing] = await tx
    .select({ id: files.id, kind: files.kind, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.path, path)))
    .for('update');
  return existing;
}

export async function replaceFileBlob(tx: Tx, id: number, blob: { storageKey: string; size: number; mime: string; createdBy: number; updatedAt: Date }): Promise<void> {
  await tx.update(files).set(blob).where(eq(files.id, id));
}

export async function insertFile(tx: Tx, row: Omit<typeof files.$inferInsert, 'kind'>): Promise<void> {
  await tx.insert(files).values({ ...row, kind: 'file' });
}

// The upload slot (upload.ts).

/** Takes the admin's upload slot: inserted, or taken over when its beat is older than `staleAfter` (an interval such as '2 minutes'); false when it is held. */
export async function takeUploadSlot(db: Db, adminId: number, staleAfter: string): Promise<boolean> {
  const rows = await db
    .insert(fileUploads)
    .values({ adminId })
    .onConflictDoUpdate({ target: fileUploads.adminId, set: { beat: sql`now()` }, where: lt(fileUploads.beat, sql`now() - interval '${sql.raw(staleAfter)}'`) })
    .returning({ adminId: fileUploads.adminId });
  return rows.length > 0;
}

export async function renewUploadBeat(db: Db, adminId: number, beat: Date): Promise<void> {
  await db.update(fileUploads).set({ beat }).where(eq(fileUploads.adminId, adminId));
}

export async function releaseUploadSlot(db: Db, adminId: number): Promise<void> {
  await db.delete(fileUploads).where(and(eq(fileUploads.adminId, adminId)));
}
