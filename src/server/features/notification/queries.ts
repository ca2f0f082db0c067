/**
 * The notification feature's SQL. Every read and change of an admin's notifications filters by
 * recipient and company (`mine`), so another admin's id is simply not found; the service decides
 * what is refused and what is pushed.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countRows, totalOf } from '../../db/page-total.js';
import { adminCompanies, admins, notifications } from '../../db/schema.js';

export interface ListFilter {
  /** Text the plain text contains (case-insensitive). */
  message?: string;
  from?: string;
  to?: string;
  /** 1: read ones, 2: unread ones. */
  isRead?: 1 | 2;
  sort?: string;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const mine = (adminId: number, companyId: number) => and(eq(notifications.recipientId, adminId), eq(notifications.companyId, companyId));

const itemColumns = {
  id: notifications.id,
  plainText: notifications.plainText,
  message: notifications.message,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  sender: admins.name,
};

/** A page of the admin's notifications and their total, in one statement (a count follows only for a page past the end). */
export async function listPage(db: Db, adminId: number, companyId: number, filter: ListFilter) {
  const conditions = [mine(adminId, companyId)];
  if (filter.message) conditions.push(ilike(notifications.plainText, `%${escapeLike(filter.message)}%`));
  if (filter.from) conditions.push(gte(notifications.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lte(notifications.createdAt, new Date(filter.to)));
  if (filter.isRead === 1) conditions.push(isNotNull(notifications.readAt));
  if (filter.isRead === 2) conditions.push(isNull(notifications.readAt));
  const where = and(...conditions);
  const direction = filter.order === 'asc' ? asc : desc;
  const column = filter.sort === 'read_at' ? notifications.readAt : filter.sort === 'id' ? notifications.id : notifications.createdAt;
  const rows = await db
    .select({ ...itemColumns, total: totalOf(notifications, where) })
    .from(notifications)
    .leftJoin(admins, eq(admins.id, notifications.senderId))
    .where(where)
    .orderBy(direction(column), direction(notifications.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total = rows[0]?.total ?? (filter.offset > 0 ? await countRows(db, notifications, where) : 0);
  return { rows, total };
}

export async function findOwn(db: Db, adminId: number, companyId: number, id: number) {
  const [row] = await db
    .select(itemColumns)
    .from(notifications)
    .leftJoin(admins, eq(admins.id, notifications.senderId))
    .where(and(mine(adminId, companyId), eq(notifications.id, id)));
  return row;
}

/** How many of these ids are the admin's own. */
export async function countOwn(db: Db, adminId: number, companyId: number, ids: number[]): Promise<number> {
  const owned = await db.select({ id: notifications.id }).from(notifications).where(and(mine(adminId, companyId), inArray(notifications.id, ids)));
  return owned.length;
}

/** Marks the admin's unread notifications read: these ids, or all of them. */
export async function markRead(db: Db, adminId: number, companyId: number, ids: number[] | 'all', at: Date): Promise<void> {
  const which = ids === 'all' ? undefined : inArray(notifications.id, ids);
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(mine(adminId, companyId), which, isNull(notifications.readAt)));
}

export async function unreadCount(db: Db, adminId: number, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(mine(adminId, companyId), isNull(notifications.readAt)));
  return Number(row?.total ?? 0);
}

/** The enabled admins of the company: the recipients a sender may pick. */
export async function recipients(db: Db, companyId: number) {
  return db
    .select({ id: admins.id, name: admins.name })
    .from(admins)
    .innerJoin(adminCompanies, eq(adminCompanies.adminId, admins.id))
    .where(and(eq(adminCompanies.companyId, companyId), eq(admins.status, 1)))
    .orderBy(asc(admins.name), asc(admins.id));
}

/** Stores one notification a recipient; answers each recipient's unread count, grouped in one statement. */
export async function insertFor(db: Db, companyId: number, senderId: number, recipientIds: number[], message: string, plainText: string) {
  await db.insert(notifications).values(recipientIds.map((recipientId) => ({ companyId, recipientId, senderId, message, plainText })));
  const counts = await db
    .select({ recipientId: notifications.recipientId, total: count() })
    .from(notifications)
    .where(and(eq(notifications.companyId, companyId), inArray(notifications.recipientId, recipientIds), isNull(notifications.readAt)))
    .groupBy(notifications.recipientId);
  return counts.map((row) => ({ recipientId: row.recipientId, unread: Number(row.total) }));
}
