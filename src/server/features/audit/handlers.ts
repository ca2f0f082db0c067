/**
 * Operations of the audit trail: `auditList` (one page, with the company's time zone the screen shows
 * its times in) and `auditExport` (every matching entry as CSV, times in that zone). Both read the
 * entries of the company acted for (`Cid`); super admins also see entries tied to no company (failed
 * logins of unknown usernames, entries of requests refused for their company).
 * Reads only: entries are written by recorder.ts alone.
 */
import type { FastifyRequest } from 'fastify';
import type { components } from '@openapi/admin-api';
import type { OperationHandlers } from '../../contract/handlers.js';
import { requireAuth } from '../access/plugin.js';
import { companyTimeZone } from '../company/time-zone.js';
import { auditCsv } from './export.js';
import { exportEntries, listEntries, type AuditReader, type AuditRow } from './queries.js';

type Schemas = components['schemas'];

/** The most entries one export holds (newest first). */
export const EXPORT_MAX_ENTRIES = 50_000;

function readerOf(request: FastifyRequest): AuditReader {
  return { companyId: request.companyId, seesUnscoped: requireAuth(request).access.isSuper };
}

function entryItem(row: AuditRow): Schemas['AuditEntry'] {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    admin_id: row.adminId,
    username: row.username,
    company_id: row.companyId,
    operation: row.operation,
    target_type: row.targetType,
    target_id: row.targetId,
    summary: row.summary,
    ip: row.ip,
    user_agent: row.userAgent,
    outcome: row.outcome,
    code: row.code,
  };
}

export const auditHandlers: OperationHandlers = {
  async auditList(request) {
    const { page, limit, ...filters } = request.body;
    const { rows, total } = await listEntries(request.server.db, readerOf(request), filters, { offset: (page - 1) * limit, limit });
    // The zone the export writes its times in: the screen shows them in it too, and says so.
    const timeZone = await companyTimeZone(request.server.db, request.companyId);
    return { list: rows.map(entryItem), total, time_zone: timeZone } satisfies Schemas['AuditListData'];
  },

  async auditExport(request, reply) {
    const rows = await exportEntries(request.server.db, readerOf(request), request.body, EXPORT_MAX_ENTRIES);
    const file = auditCsv(rows, request.lang, new Date(), await companyTimeZone(request.server.db, request.companyId));
    reply.header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').type('text/csv; charset=utf-8');
    // A file, not an envelope; awaiting the reply lets the contract plugin see it sent.
    await reply.send(file.body);
  },
};
