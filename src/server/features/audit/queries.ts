/**
 * The audit trail's SQL: the recorder's insert and finish, and the list/export reads with their
 * filters. Entries are only ever added and finished, never edited afterwards or deleted here.
 */
import { and, count, desc, eq, gte, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditOutcome = AuditRow['outcome'];

/** What an entry says, as the recorder fills it in (the row's id, time, outcome and code aside). */
export interface AuditFields {
  adminId: number | null;
  username: string;
  companyId: number | null;
  operation: string;
  targetType: string;
  targetId: string | null;
  summary: string;
  ip: string;
  userAgent: string;
}

/**
 * What a text column cannot hold: NUL (PostgreSQL's text refuses it, on both databases) and, with the
 * u flag, a surrogate that is not half of a pair (UTF-8 cannot carry one: PostgreSQL's driver wrote
 * U+FFFD, the embedded PGlite refused the whole entry).
 */
// eslint-disable-next-line no-control-regex -- NUL is what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDFFF]/gu;

/** A character a text column cannot hold, written as its JSON escape (`\u0000`, `\udf2f`). */
const escapeUnstorable = (value: string) => value.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The fields with every character a text column cannot hold escaped. An entry records what a request
 * sent before anything checked it (an id of the wrong type, a body key, a file path a handler refuses
 * later), and an entry that cannot be written loses the request from the trail (66 lost to NUL
 * bytes during fuzzing): what was sent is kept, readable, instead.
 */
function storable(fields: AuditFields): AuditFields {
  return {
    ...fields,
    username: escapeUnstorable(fields.username),
    operation: escapeUnstorable(fields.operation),
    targetType: escapeUnstorable(fields.targetType),
    targetId: fields.targetId === null ? null : escapeUnstorable(fields.targetId),
    summary: escapeUnstorable(fields.summary),
    ip: escapeUnstorable(fields.ip),
    userAgent: escapeUnstorable(fields.userAgent),
  };
}

/** Adds an entry; `pending` before the operation runs, or complete when it was refused before that. */
export async function insertEntry(db: Db, fields: AuditFields, outcome: AuditOutcome, code: number | null = null): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({ ...storable(fields), outcome, code })
    .returning({ id: auditLog.id });
  return row!.id;
}

/** Finishes a pending entry with what the operation answered and what its handler noted. */
export async function finishEntry(db: Db, id: number, fields: AuditFields, outcome: AuditOutcome, code: number | null): Promise<void> {
  await db
    .update(auditLog)
    .set({ ...storable(fields), outcome, code })
    .where(eq(auditLog.id, id));
}

export interface AuditFilters {
  keyword?: string;
  admin_id?: number;
  operation?: string;
  created_at?: string[] | null;
}

/** Who reads: the company acted for, and whether entries tied to no company are shown too (super admins). */
export interface AuditReader {
  companyId: number;
  seesUnscoped: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(reader: AuditReader, filters: AuditFilters): SQL | undefined {
  const company = reader.seesUnscoped ? or(eq(auditLog.companyId, reader.companyId), isNull(auditLog.companyId)) : eq(auditLog.companyId, reader.companyId);
  const conditions: Array<SQL | undefined> = [company];
  const keyword = filters.keyword?.trim();
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    conditions.push(
      or(
        ilike(auditLog.username, pattern),
        ilike(auditLog.operation, pattern),
        ilike(auditLog.targetType, pattern),
        ilike(auditLog.targetId, pattern),
        ilike(auditLog.summary, pattern),
      ),
    );
  }
  if (filters.admin_id !== undefined) conditions.push(eq(auditLog.adminId, filters.admin_id));
  const operation = filters.operation?.trim();
  if (operation) conditions.push(eq(auditLog.operation, operation));
  const [from, to] = filters.created_at ?? [];
  if (from) conditions.push(gte(auditLog.createdAt, new Date(from)));
  if (to) conditions.push(lte(auditLog.createdAt, new Date(to)));
  return and(...conditions);
}

/** One page of entries, newest first, and how many match. */
export async function listEntries(db: Db, reader: AuditReader, filters: AuditFilters, page: { offset: number; limit: number }) {
  const where = whereOf(reader, filters);
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(page.limit).offset(page.offset);
  const [{ total }] = (await db.select({ total: count() }).from(auditLog).where(where)) as [{ total: number }];
  return { rows, total: Number(total) };
}

/** Every matching entry, newest first, at most `limit`. */
export async function exportEntries(db: Db, reader: AuditReader, filters: AuditFilters, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(whereOf(reader, filters)).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
}
