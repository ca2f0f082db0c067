/**
 * The privacy page of a company: public to read (the `Cid` header picks the company, default 1),
 * editable by admins holding website.privacy. HTML is sanitized on write with the rich-text allowlist.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../contract/handlers.js';
import type { Db } from '../../db/client.js';
import { companies, websitePages } from '../../db/schema.js';
import { forbidden } from '../../lib/envelope.js';
import { sanitizeRichText } from '../../lib/sanitize.js';

const PRIVACY = 'privacy';

async function readPage(db: Db, companyId: number) {
  const [row] = await db
    .select()
    .from(websitePages)
    .where(and(eq(websitePages.companyId, companyId), eq(websitePages.key, PRIVACY)));
  return { item: { content: row?.content ?? '', updated_at: row ? row.updatedAt.toISOString() : null } };
}

/** The public call has no admin to check against: it reads the company the Cid names, if it exists. */
async function publicCompany(request: FastifyRequest): Promise<number> {
  const header = request.headers.cid;
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() || '1';
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw forbidden('error.companyForbidden');
  const [company] = await request.server.db.select({ id: companies.id }).from(companies).where(eq(companies.id, Number(raw)));
  if (!company) throw forbidden('error.companyForbidden');
  return company.id;
}

export const websiteHandlers: OperationHandlers = {
  async websitePrivacy(request) {
    return readPage(request.server.db, await publicCompany(request));
  },
  async websitePrivacyDetail(request) {
    return readPage(request.server.db, request.companyId);
  },
  async websitePrivacyUpdate(request) {
    const content = sanitizeRichText(request.body.content);
    const now = new Date();
    await request.server.db
      .insert(websitePages)
      .values({ companyId: request.companyId, key: PRIVACY, content, updatedAt: now })
      .onConflictDoUpdate({ target: [websitePages.companyId, websitePages.key], set: { content, updatedAt: now } });
    return { item: { content, updated_at: now.toISOString() } };
  },
};
