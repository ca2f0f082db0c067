/**
 * Operations of roles and the permission tree, named as the contract's operationIds. The rules live
 * in service.ts; here each write is noted for the audit trail, and after a change of a role's
 * permissions the admins holding it are told (access.changed) so their open screens rebuild the menu.
 */
import type { FastifyRequest } from 'fastify';
import type { Grantor } from '../../../domain/access-rules.js';
import type { OperationHandlers } from '../../contract/handlers.js';
import { requireAuth } from '../access/plugin.js';
import { noteAudit } from '../../lib/audit-note.js';
import { publishAccessChanged } from '../access/access-events.js';
import * as service from './service.js';

function grantorOf(request: FastifyRequest): Grantor {
  const { adminId, access } = requireAuth(request);
  return { adminId, isSuper: access.isSuper, permissions: access.permissions, companyIds: access.companyIds };
}

const list = (items: string[]) => (items.length ? items.join(', ') : '-');

export const roleHandlers: OperationHandlers = {
  async roleList(request) {
    return service.listRoles(request.server.db, request.lang, request.body);
  },

  async permissionTree(request) {
    return service.permissionTree(request.server.db, request.lang);
  },

  async roleCreate(request) {
    noteAudit(request, { targetType: 'role' });
    const role = await service.createRole(request.server.db, request.lang, grantorOf(request), request.body);
    noteAudit(request, {
      targetId: role.id,
      summary: `created ${role.identifier}: title ${role.title}; permissions ${list(role.permissions)}`,
    });
    return { id: role.id };
  },

  async roleUpdate(request) {
    noteAudit(request, { targetType: 'role', targetId: request.body.id });
    const change = await service.updateRole(request.server.db, request.lang, grantorOf(request), request.body);
    const parts = [];
    if (change.title !== change.titleBefore) parts.push(`title ${change.titleBefore} → ${change.title}`);
    if (change.added.length) parts.push(`permissions added ${list(change.added)}`);
    if (change.removed.length) parts.push(`permissions removed ${list(change.removed)}`);
    noteAudit(request, { summary: `${change.identifier}: ${parts.length ? parts.join('; ') : 'no change'}` });
    if (change.added.length || change.removed.length) {
      // Every instance reloads its admins' access at their next call (session/access-cache.ts).
      await request.server.sessions.cache.invalidate({ kind: 'roles' });
      await publishAccessChanged(request.server, change.holders, 'permissions');
    }
    return {};
  },

  async roleDelete(request) {
    noteAudit(request, { targetType: 'role', targetId: request.body.id });
    const identifier = await service.deleteRole(request.server.db, grantorOf(request), request.body.id);
    await request.server.sessions.cache.invalidate({ kind: 'roles' });
    noteAudit(request, { summary: `deleted ${identifier}` });
    return {};
  },
};
