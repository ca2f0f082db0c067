/**
 * Notifications between admins of one company. An admin sees and marks only their own: every query
 * filters by recipient and company, so another admin's id is simply not found. Sending stores
 * sanitized HTML and its plain text; every change of an admin's unread count is pushed to them
 * (topic `admin:<id>`, event `notification.count`), so badges follow without a reload.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { richTextToPlain, RICH_TEXT_MAX_LENGTH } from '../../../domain/rich-text.js';
import { adminCompanies, admins, notifications } from '../../db/schema.js';
import { FieldErrors, recordNotFound } from '../../lib/envelope.js';
import { sanitizeRichText } from '../../lib/sanitize.js';
import { countRows, totalOf } from '../../db/page-total.js';
import { translate, type Lang } from '../../i18n.js';

export interface ListQuery {
  offset?: number;
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  sort?: string;
  message?: string;
  created_at?: string[] | null;
  is_read?: 1 | 2;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class NotificationService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.db;
  }

  private mine(adminId: number, companyId: number) {
    return and(eq(notifications.recipientId, adminId), eq(notifications.companyId, companyId));
  }

  private selectItems() {
    return this.db
      .select({
        id: notifications.id,
        plainText: notifications.plainText,
        message: notifications.message,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        sender: admins.name,
      })
      .from(notifications)
      .leftJoin(admins, eq(admins.id, notifications.senderId));
  }

  private toItem(row: { id: number; plainText: string; message: string; readAt: Date | null; createdAt: Date; sender: string | null }) {
    return {
      id: row.id,
      plain_text: row.plainText,
      read_at: row.readAt ? row.readAt.toISOString() : null,
      created_at: row.createdAt.toISOString(),
      data: { form: row.sender ?? '', message: row.message },
    };
  }

  async list(adminId: number, companyId: number, query: ListQuery) {
    const conditions = [this.mine(adminId, companyId)];
    const text = query.message?.trim();
    if (text) conditions.push(ilike(notifications.plainText, `%${escapeLike(text)}%`));
    const [from, to] = query.created_at ?? [];
    if (from) conditions.push(gte(notifications.createdAt, new Date(from)));
    if (to) conditions.push(lte(notifications.createdAt, new Date(to)));
    if (query.is_read === 1) conditions.push(isNotNull(notifications.readAt));
    if (query.is_read === 2) conditions.push(isNull(notifications.readAt));
    const where = and(...conditions);

    const direction = query.order === 'asc' ? asc : desc;
    const column = query.sort === 'read_at' ? notifications.readAt : query.sort === 'id' ? notifications.id : notifications.createdAt;
    const order = [direction(column), direction(notifications.id)];
    const offset = query.offset ?? (query.page - 1) * query.limit;
    // One statement: the page and the total (an uncorrelated count the database computes once). A
    // page past the end has no row to carry the total: a count follows.
    const rows = await this.db
      .select({
        id: notifications.id,
        plainText: notifications.plainText,
        message: notifications.message,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        sender: admins.name,
        total: totalOf(notifications, where),
      })
      .from(notifications)
      .leftJoin(admins, eq(admins.id, notifications.senderId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(offset);
    const total = rows[0]?.total ?? (offset > 0 ? await countRows(this.db, notifications, where) : 0);
    return { list: rows.map((row) => this.toItem(row)), total };
  }

  /** Opening a notification marks it read. */
  async detail(adminId: number, companyId: number, id: number) {
    const [row] = await this.selectItems().where(and(this.mine(adminId, companyId), eq(notifications.id, id)));
    if (!row) throw recordNotFound();
    if (!row.readAt) {
      row.readAt = new Date();
      await this.db.update(notifications).set({ readAt: row.readAt }).where(and(eq(notifications.id, id), isNull(notifications.readAt)));
      await this.pushCount(adminId, companyId);
    }
    return { item: this.toItem(row) };
  }

  async markRead(adminId: number, companyId: number, ids: number[]) {
    const owned = await this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(this.mine(adminId, companyId), inArray(notifications.id, ids)));
    // Someone else's ids are not found, never marked: the whole request is refused.
    if (owned.length !== new Set(ids).size) throw recordNotFound();
    await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(this.mine(adminId, companyId), inArray(notifications.id, ids), isNull(notifications.readAt)));
    await this.pushCount(adminId, companyId);
  }

  async markAllRead(adminId: number, companyId: number) {
    await this.db.update(notifications).set({ readAt: new Date() }).where(and(this.mine(adminId, companyId), isNull(notifications.readAt)));
    await this.pushCount(adminId, companyId);
  }

  async unreadCount(adminId: number, companyId: number): Promise<number> {
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(notifications)
      .where(and(this.mine(adminId, companyId), isNull(notifications.readAt)))) as [{ total: number }];
    return Number(total);
  }

  /** The enabled admins of the company: the recipients a sender may pick. */
  async recipients(companyId: number) {
    return this.db
      .select({ id: admins.id, name: admins.name })
      .from(admins)
      .innerJoin(adminCompanies, eq(adminCompanies.adminId, admins.id))
      .where(and(eq(adminCompanies.companyId, companyId), eq(admins.status, 1)))
      .orderBy(asc(admins.name), asc(admins.id));
  }

  /** Sends to the chosen admins of the company, or to all of them when none is chosen. */
  async send(lang: Lang, senderId: number, companyId: number, recipientIds: number[], html: string): Promise<number> {
    const message = sanitizeRichText(html);
    const plainText = richTextToPlain(message);
    if (html.length > RICH_TEXT_MAX_LENGTH) {
      throw new FieldErrors({ message: [translate(lang, 'notification.messageTooLong', { limit: RICH_TEXT_MAX_LENGTH })] });
    }
    if (!plainText) throw new FieldErrors({ message: [translate(lang, 'notification.messageRequired')] });

    const candidates = await this.recipients(companyId);
    const allowed = new Set(candidates.map((c) => c.id));
    const wanted = recipientIds.length ? [...new Set(recipientIds)] : [...allowed];
    const foreign = wanted.filter((id) => !allowed.has(id));
    if (foreign.length) throw new FieldErrors({ admins: [translate(lang, 'notification.unknownRecipients', { ids: foreign.join(', ') })] });
    if (!wanted.length) throw new FieldErrors({ admins: [translate(lang, 'notification.noRecipients')] });

    await this.db.insert(notifications).values(wanted.map((recipientId) => ({ companyId, recipientId, senderId, message, plainText })));
    // One grouped count for every recipient, not a query each.
    const counts = await this.db
      .select({ recipientId: notifications.recipientId, total: count() })
      .from(notifications)
      .where(and(eq(notifications.companyId, companyId), inArray(notifications.recipientId, wanted), isNull(notifications.readAt)))
      .groupBy(notifications.recipientId);
    for (const row of counts) {
      await this.app.publish({ topic: `admin:${row.recipientId}`, type: 'notification.count', data: { count: Number(row.total), company_id: companyId } });
    }
    return wanted.length;
  }

  private async pushCount(adminId: number, companyId: number): Promise<void> {
    const unread = await this.unreadCount(adminId, companyId);
    await this.app.publish({ topic: `admin:${adminId}`, type: 'notification.count', data: { count: unread, company_id: companyId } });
  }
}

