/**
 * Operations of the session feature: login, refresh, logout, info, me. Handlers are named as the
 * contract's operationIds and stay thin: the rules live in service.ts.
 */
import type { OperationHandlers } from '../../contract/handlers.js';
import { ApiError, businessError } from '../../lib/envelope.js';
import { requireAuth, resolveCompany } from '../access/plugin.js';
import { NotificationService } from '../notification/service.js';
import { navPreferences } from '../profile/nav.js';
import { translate } from '../../i18n.js';
import { noteAudit } from '../../lib/audit-note.js';
import { companyNameIn } from '../company/seeded-name.js';
import { companiesOf } from '../access/access.js';
import { buildAccessedRoutes } from './menu.js';
import { bearerToken } from '../access/tokens.js';

function throttled(request: Parameters<NonNullable<OperationHandlers['login']>>[0], waitMs: number): ApiError {
  const seconds = Math.ceil(waitMs / 1000);
  const after = translate(request.lang, 'time.seconds', { count: seconds });
  return new ApiError(429, 429, 'error.tooManyRequests', { after });
}

export const sessionHandlers: OperationHandlers = {
  async login(request, reply) {
    const { username, password } = request.body;
    const { sessions, loginThrottle } = request.server;
    // The audit trail records every attempt, throttled and failed ones too, under the username as typed.
    noteAudit(request, { targetType: 'admin', username, adminId: null });
    const refuse = (waitMs: number) => {
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      return throttled(request, waitMs);
    };
    // The limits (login-throttle.ts): an address that has been guessing is refused whatever it sends.
    const admission = loginThrottle.admit(username, request.ip);
    if (admission.refused) {
      noteAudit(request, { summary: loginThrottle.describeRefusal(admission.bounds, admission.waitMs) });
      throw refuse(admission.waitMs);
    }

    const checked = await sessions.checkCredentials(username, password);
    if (!checked) {
      const reached = loginThrottle.fail(username, request.ip);
      if (reached.length > 0) noteAudit(request, { summary: loginThrottle.describeLockout(reached) });
      // A username locked by guessing elsewhere answers a wrong password as locked, not as wrong.
      if (admission.usernameLockedMs > 0) {
        if (reached.length === 0) noteAudit(request, { summary: loginThrottle.describeRefusal(['perUsername'], admission.usernameLockedMs) });
        throw refuse(admission.usernameLockedMs);
      }
      throw businessError('login.wrongCredentials');
    }
    noteAudit(request, { adminId: checked.adminId, targetId: checked.adminId });
    if (!checked.enabled) throw businessError('login.disabled');
    const { token } = await sessions.createSession(checked.adminId);
    return { token_info: { token, token_type: 'Bearer', expires_in: sessions.tokenTtl } };
  },

  async refresh(request) {
    const token = await request.server.sessions.refresh(bearerToken(request.headers.authorization));
    return { access_token: token, token_type: 'Bearer', expires_in: request.server.sessions.tokenTtl };
  },

  async logout(request) {
    noteAudit(request, { targetType: 'admin', targetId: requireAuth(request).adminId });
    const body = request.body as { token?: string } | undefined;
    await request.server.sessions.logout(bearerToken(request.headers.authorization) ?? body?.token ?? null);
    return {};
  },

  async info(request) {
    const { adminId, access } = requireAuth(request);
    const { db, sessions } = request.server;
    const accessedRoutes = buildAccessedRoutes(await sessions.cache.permissionRows(), access.permissions, await navPreferences(db, adminId));
    const companyId = await resolveCompany(request, access);
    const unread = companyId === null ? 0 : await new NotificationService(request.server).unreadCount(adminId, companyId);
    return {
      user_info: {
        roles: access.roles,
        name: access.admin.name,
        avatar: access.admin.avatar,
        email: access.admin.email,
        permissions: [...access.permissions].sort(),
      },
      accessed_routes: accessedRoutes,
      unread_notification_count: unread,
      companies: companiesOf(await sessions.cache.companies(), access).map((company) => ({ ...company, name: companyNameIn(request.lang, company) })),
    };
  },

  async me(request) {
    const { access } = requireAuth(request);
    return { name: access.admin.name, email: access.admin.email };
  },
};
