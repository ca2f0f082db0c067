/**
 * The privacy page of a company: public to read (the `Cid` header picks the company, default 1),
 * editable by admins holding website.privacy. HTML is sanitized on write with the rich-text allowlist.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../contract/handlers.js';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/envelope.js';
import { sanitizeRichText } from '../../lib/sanitize.js';
import * as q from './queries.js';

const PRIVACY = 'privacy';

async function readPage(db: Db, companyId: number) {
  const row = await q.findPage(db, companyId, PRIVACY);
  return { item: { content: row?.content ?? '', updated_at: row ? row.updatedAt.toISOString() : null } };
}

/** The public call has no admin to check against: it reads the company the Cid names, if it exists. */
async function publicCompany(request: FastifyRequest): Promise<number> {
  const header = request.headers.cid;
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() || '1';
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw forbidden('error.companyForbidden');
  const companyId = Number(raw);
  if (!(await q.companyExists(request.server.db, companyId))) throw forbidden('error.companyForbidden');
  return companyId;
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
    await q.savePage(request.server.db, request.companyId, PRIVACY, content, now);
    return { item: { content, updated_at: now.toISOString() } };
  },
};
