/**
 * Operations of admin accounts, named as the contract's operationIds: list, detail, create, update,
 * delete, syncPermissions, import and its template. Thin: the rules are in service.ts and import.ts.
 * After a committed change they end what must end and tell who must know: a disabled account's or
 * a reset password's sessions end at once (its next call answers 202), and the admin's open screens
 * hear `access.changed` on its own topic and rebuild the menu. Each write notes the audit trail's
 * target and what changed (never a password).
 */
import type { FastifyRequest } from 'fastify';
import { IMPORT_COLUMNS } from '../../../domain/account-import.js';
import type { OperationHandlers } from '../../contract/handlers.js';
import { success } from '../../lib/envelope.js';
import { requireAuth } from '../access/plugin.js';
import { noteAudit } from '../../lib/audit-note.js';
import { attachmentHeader, CSV_TYPE, toCsv, toXlsx, XLSX_TYPE, type Table } from '../../lib/results-file.js';
import { publishAccessChanged, type AccessChange } from '../access/access-events.js';
import { importAdmins, readImportForm } from './import.js';
import * as q from './queries.js';
import * as service from './service.js';

function callerOf(request: FastifyRequest): service.Caller {
  const { adminId, sessionId, access } = requireAuth(request);
  return { grantor: service.grantorOf(adminId, access), sessionId, companyId: request.companyId, lang: request.lang };
}

const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
  a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');

/**
 * Drops what every instance remembers of the admin (its next call anywhere sees the change:
 * session/access-cache.ts), ends the sessions a change must end and tells the admin's screens:
 * disabled → its sessions end ('disabled'); a new password → they end ('admin'; for one's own
 * account, all but this session, as the profile does); roles, permissions or companies → its
 * screens reload their access.
 */
async function afterChange(request: FastifyRequest, result: service.AccountChangeResult): Promise<void> {
  const { before, after, passwordChanged } = result;
  const app = request.server;
  const { adminId, sessionId } = requireAuth(request);
  // Roles, permissions, companies, status, name: whatever changed, no instance keeps the old copy.
  await app.sessions.cache.invalidate({ kind: 'admins', adminIds: [after.id] });
  let change: AccessChange | null = null;
  if (before.status === 1 && after.status === 0) {
    await app.sessions.revokeAdminSessions(after.id, 'disabled');
    change = 'disabled';
  } else if (passwordChanged) {
    if (after.id === adminId) await app.sessions.revokeAdminSessions(after.id, 'password', sessionId);
    else await app.sessions.revokeAdminSessions(after.id, 'admin');
    change = 'password';
  } else if (!sameSet(before.roles, after.roles) || !sameSet(before.permissions, after.permissions)) {
    change = 'permissions';
  } else if (!sameSet(before.company_ids, after.company_ids)) {
    change = 'companies';
  }
  if (change) await publishAccessChanged(app, [after.id], change);
}

const template: Table = {
  name: 'admins',
  headers: [...IMPORT_COLUMNS],
  rows: [['staff.example', 'Example Staff', 'staff@example.com', 'Example-pass-1', 'operator', 1]],
  widths: [20, 20, 28, 18, 24, 8],
};

export const adminHandlers: OperationHandlers = {
  async adminList(request) {
    return q.listAdmins(request.server.db, request.companyId, request.body);
  },

  async adminDetail(request) {
    return { item: await service.adminDetail(request.server.db, request.companyId, request.body.id) };
  },

  async adminCreate(request) {
    noteAudit(request, { targetType: 'admin' });
    const item = await service.createAdmin(request.server.db, callerOf(request), request.body);
    noteAudit(request, { targetId: item.id, summary: service.describeChange(null, item, true) });
    return success({ id: item.id }, 'admin.created');
  },

  async adminUpdate(request) {
    noteAudit(request, { targetType: 'admin', targetId: request.body.id });
    const result = await service.updateAdmin(request.server.db, callerOf(request), request.body);
    noteAudit(request, { summary: service.describeChange(result.before, result.after, result.passwordChanged) });
    await afterChange(request, result);
    return success({}, 'admin.updated');
  },

  async adminSyncPermissions(request) {
    noteAudit(request, { targetType: 'admin', targetId: request.body.id });
    const result = await service.syncPermissions(request.server.db, callerOf(request), request.body);
    noteAudit(request, { summary: service.describeChange(result.before, result.after, false) });
    await afterChange(request, result);
    return success({}, 'admin.permissionsSynced');
  },

  async adminDelete(request) {
    noteAudit(request, { targetType: 'admin', targetId: request.body.id });
    const item = await service.deleteAdmin(request.server.db, callerOf(request), request.body.id);
    noteAudit(request, { summary: `deleted ${item.username}` });
    // Its sessions went with the account (admin_sessions' foreign key cascades): its next call answers 202.
    await request.server.sessions.cache.invalidate({ kind: 'admins', adminIds: [item.id] });
    await publishAccessChanged(request.server, [item.id], 'deleted');
    return success({}, 'admin.deleted');
  },

  async adminImport(request) {
    noteAudit(request, { targetType: 'admin', targetId: null });
    const upload = await readImportForm(request);
    const { data, created } = await importAdmins(request.server.db, callerOf(request), upload);
    const invalid = data.rows.filter((row) => Object.keys(row.errors).length > 0).length;
    if (upload.dryRun) {
      noteAudit(request, { summary: `dry run: ${data.total} rows, ${invalid} with errors` });
      return success(data, 'admin.import.checked', { total: data.total, invalid });
    }
    const names = created.length > 20 ? `${created.slice(0, 20).join(', ')} and ${created.length - 20} more` : created.join(', ');
    noteAudit(request, { summary: `imported ${created.length} of ${data.total} rows${created.length ? `: ${names}` : ''}` });
    return success(data, 'admin.import.done', { created: data.created, skipped: data.skipped });
  },

  async adminImportTemplate(request, reply) {
    const csv = request.body.format === 'csv';
    const body = csv ? toCsv(template) : await toXlsx([template], { title: 'Admin import template', created: new Date() });
    reply
      .header('content-disposition', attachmentHeader(`admin-import-template.${csv ? 'csv' : 'xlsx'}`))
      .header('cache-control', 'no-store')
      .type(csv ? CSV_TYPE : XLSX_TYPE);
    // Sent here (a file, not an envelope); awaiting the reply lets the contract plugin see it sent.
    await reply.send(body);
  },
};
