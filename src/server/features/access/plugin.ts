/**
 * Access control for every contract operation, whatever the menu shows:
 * 1. authentication — public operations skip it; others need a live session's valid token
 *    (none or unknown, logged out, or an account disabled, deleted or given a new password by an
 *    administrator → 202; expired → HTTP 401; a token reuse or a password changed elsewhere → 430);
 * 2. permission — the operation's x-permission must be held (`login` = any admin) → else 403;
 * 3. tenancy — a company-scoped operation acts for the `Cid` company (default 1), which must exist and
 *    be one of the admin's companies (super admins: any) → else 403. Handlers read `request.companyId`.
 * All three are decided from memory (features/access/access-cache.ts): the token's signature, the
 * session's state, the admin's access and the companies, invalidated on every instance by the changes
 * that must take effect at once. This plugin connects that cache to the event bus when the app is ready.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../lib/envelope.js';
import type { AdminAccess } from './access.js';
import { bearerToken } from './tokens.js';
import { endedSessionError, type SessionService } from './service.js';

export interface RequestAuth {
  adminId: number;
  sessionId: string;
  access: AdminAccess;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
    companyId: number;
  }
}

const CID_PATTERN = /^[1-9][0-9]{0,8}$/;

export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error(`${request.url} needs an authenticated request`);
  return request.auth;
}

async function accessPlugin(app: FastifyInstance, options: { sessions: SessionService }): Promise<void> {
  app.decorateRequest('auth', null);
  app.decorateRequest('companyId', 0);

  const cache = options.sessions.cache;
  app.addHook('onReady', async () => {
    cache.connect(app.bus, (message, error) => app.log.warn({ err: error }, message));
    // This instance's start may have changed the seeded roles and permissions: no instance keeps its copy.
    await cache.invalidate({ kind: 'all' });
  });
  app.addHook('onClose', async () => cache.close());

  app.addHook('onRequest', async (request) => {
    const operation = request.routeOptions.config.operation;
    if (!operation || operation.permission === 'public') return;

    const { adminId, sessionId } = await options.sessions.authenticate(bearerToken(request.headers.authorization));
    const access = await options.sessions.access(adminId);
    if (!access || access.admin.status !== 1) {
      const reason = access ? 'disabled' : 'deleted';
      await options.sessions.revokeSession(sessionId, reason);
      throw endedSessionError(reason);
    }
    request.auth = { adminId, sessionId, access };

    if (operation.permission !== 'login' && !access.permissions.has(operation.permission)) throw forbidden();

    if (operation.companyScoped) {
      const companyId = await resolveCompany(request, access);
      if (companyId === null) throw forbidden('error.companyForbidden');
      request.companyId = companyId;
    }
  });
}

/** The company the request's `Cid` names (default 1), if it exists and the admin may act for it; else null. */
export async function resolveCompany(request: FastifyRequest, access: AdminAccess): Promise<number | null> {
  const header = request.headers.cid;
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() || '1';
  if (!CID_PATTERN.test(raw)) return null;
  const companyId = Number(raw);
  if (!access.isSuper && !access.companyIds.has(companyId)) return null;
  return (await request.server.sessions.cache.companies()).has(companyId) ? companyId : null;
}

export default fp(accessPlugin, { name: 'access', dependencies: ['lang', 'errors'] });
