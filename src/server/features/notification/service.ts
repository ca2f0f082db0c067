/**
 * Notifications between admins of one company. An admin sees and marks only their own: every query
 * filters by recipient and company, so another admin's id is simply not found. Sending stores
 * sanitized HTML and its plain text; every change of an admin's unread count is pushed to them
 * (topic `admin:<id>`, event `notification.count`), so badges follow without a reload.
 */
import type { FastifyInstance } from 'fastify';
import { richTextToPlain, RICH_TEXT_MAX_LENGTH } from '../../../domain/rich-text.js';
import { FieldErrors, recordNotFound } from '../../lib/envelope.js';
import { sanitizeRichText } from '../../lib/sanitize.js';
import { translate, type Lang } from '../../i18n.js';
import * as q from './queries.js';

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

type ItemRow = { id: number; plainText: string; message: string; readAt: Date | null; createdAt: Date; sender: string | null };

const toItem = (row: ItemRow) => ({
  id: row.id,
  plain_text: row.plainText,
  read_at: row.readAt ? row.readAt.toISOString() : null,
  created_at: row.createdAt.toISOString(),
  data: { form: row.sender ?? '', message: row.message },
});

export class NotificationService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.db;
  }

  async list(adminId: number, companyId: number, query: ListQuery) {
    const [from, to] = query.created_at ?? [];
    const { rows, total } = await q.listPage(this.db, adminId, companyId, {
      message: query.message?.trim() || undefined,
      from: from || undefined,
      to: to || undefined,
      isRead: query.is_read,
      sort: query.sort,
      order: query.order,
      offset: query.offset ?? (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { list: rows.map(toItem), total };
  }

  /** Opening a notification marks it read. */
  async detail(adminId: number, companyId: number, id: number) {
    const row = await q.findOwn(this.db, adminId, companyId, id);
    if (!row) throw recordNotFound();
    if (!row.readAt) {
      row.readAt = new Date();
      await q.markRead(this.db, adminId, companyId, [id], row.readAt);
      await this.pushCount(adminId, companyId);
    }
    return { item: toItem(row) };
  }

  async markRead(adminId: number, companyId: number, ids: number[]) {
    // Someone else's ids are not found, never marked: the whole request is refused.
    if ((await q.countOwn(this.db, adminId, companyId, ids)) !== new Set(ids).size) throw recordNotFound();
    await q.markRead(this.db, adminId, companyId, ids, new Date());
    await this.pushCount(adminId, companyId);
  }

  async markAllRead(adminId: number, companyId: number) {
    await q.markRead(this.db, adminId, companyId, 'all', new Date());
    await this.pushCount(adminId, companyId);
  }

  async unreadCount(adminId: number, companyId: number): Promise<number> {
    return q.unreadCount(this.db, adminId, companyId);
  }

  /** The enabled admins of the company: the recipients a sender may pick. */
  async recipients(companyId: number) {
    return q.recipients(this.db, companyId);
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

    for (const { recipientId, unread } of await q.insertFor(this.db, companyId, senderId, wanted, message, plainText)) {
      await this.app.publish({ topic: `admin:${recipientId}`, type: 'notification.count', data: { count: unread, company_id: companyId } });
    }
    return wanted.length;
  }

  private async pushCount(adminId: number, companyId: number): Promise<void> {
    const unread = await this.unreadCount(adminId, companyId);
    await this.app.publish({ topic: `admin:${adminId}`, type: 'notification.count', data: { count: unread, company_id: companyId } });
  }
}
