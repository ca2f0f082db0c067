/**
 * Operations of companies, named as the contract's operationIds. The rules live in service.ts; here
 * each write is noted for the audit trail, and admins whose list of companies changed are told
 * (access.changed) so their company switcher follows without a reload.
 */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../contract/handlers.js';
import { requireAuth } from '../access/plugin.js';
import { noteAudit } from '../../lib/audit-note.js';
import { publishAccessChanged } from '../access/access-events.js';
import * as service from './service.js';

function actorOf(request: FastifyRequest): service.CompanyActor {
  const { adminId, access } = requireAuth(request);
  return { adminId, isSuper: access.isSuper, companyIds: access.companyIds };
}

export const companyHandlers: OperationHandlers = {
  async companyList(request) {
    return service.listCompanies(request.server.db, request.lang, actorOf(request), request.body);
  },

  async companyCreate(request) {
    noteAudit(request, { targetType: 'company' });
    const actor = actorOf(request);
    const company = await service.createCompany(request.server.db, request.lang, actor, request.body);
    noteAudit(request, { targetId: company.id, summary: `created ${company.name}` });
    // The new company exists for every instance's next call, and its creator may act for it there.
    await request.server.sessions.cache.invalidate({ kind: 'companies' });
    if (company.granted) await request.server.sessions.cache.invalidate({ kind: 'admins', adminIds: [actor.adminId] });
    if (company.granted) await publishAccessChanged(request.server, [actor.adminId], 'companies');
    return { id: company.id };
  },

  async companyUpdate(request) {
    noteAudit(request, { targetType: 'company', targetId: request.body.id });
    const change = await service.updateCompany(request.server.db, request.lang, actorOf(request), request.body);
    noteAudit(request, { summary: change.changes.length === 0 ? 'no change' : change.changes.join('; ') });
    // The names /info lists come from memory (session/access-cache.ts).
    if (change.before !== change.name) await request.server.sessions.cache.invalidate({ kind: 'companies' });
    if (change.before !== change.name) await publishAccessChanged(request.server, change.admins, 'companies');
    return {};
  },
};
