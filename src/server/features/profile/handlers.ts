/**
 * The logged-in admin's own profile (name, email, password) and per-menu navigation settings
 * (no-cache and pinned tag). A new password ends the admin's other sessions (they get 430).
 */
import type { FastifyRequest } from 'fastify';
import { validateProfile } from '../../../domain/account-rules.js';
import type { OperationHandlers } from '../../contract/handlers.js';
import { translate } from '../../i18n.js';
import { FieldErrors } from '../../lib/envelope.js';
import { hashPassword } from '../../lib/password.js';
import { assertNoFieldErrors } from '../../lib/domain-errors.js';
import { requireAuth } from '../access/plugin.js';
import { noteAudit } from '../../lib/audit-note.js';
import { listNavMenus } from './nav.js';
import * as q from './queries.js';

export const profileHandlers: OperationHandlers = {
  async adminUpdateSelf(request) {
    const { adminId, sessionId, access } = requireAuth(request);
    const name = request.body.name.trim();
    const email = request.body.email.trim();
    // A blank password means "unchanged" (the form leaves it out; an empty string is the same).
    const newPassword = request.body.password ? request.body.password : null;
    // The account rules (src/domain/account-rules.ts): a blank email is none (the seeded admin has none).
    assertNoFieldErrors(request.lang, validateProfile({ name, email, password: newPassword }, access.admin.username));

    await q.updateAdmin(request.server.db, adminId, { name, email, ...(newPassword ? { passwordHash: await hashPassword(newPassword) } : {}) });
    // The name and email /info and /me answer come from memory (access/access-cache.ts).
    if (newPassword) await request.server.sessions.revokeAdminSessions(adminId, 'password', sessionId);
    else await request.server.sessions.cache.invalidate({ kind: 'admins', adminIds: [adminId] });
    noteAudit(request, { targetType: 'admin', targetId: adminId, summary: `name: ${name}, email: ${email}${newPassword ? ', password changed' : ''}` });
    return { name, email };
  },

  async nav(request) {
    const { adminId, access } = requireAuth(request);
    return { list: await listNavMenus(request.server.db, adminId, access.permissions) };
  },

  async navSetNoCache(request) {
    const { adminId, access } = requireAuth(request);
    await saveNavFlags(request, adminId, access.permissions, request.body.list.map((item) => ({ name: item.name, noCache: item.no_cache === 1 })));
    return {};
  },

  async navSetAffix(request) {
    const { adminId, access } = requireAuth(request);
    await saveNavFlags(request, adminId, access.permissions, request.body.list.map((item) => ({ name: item.name, affix: item.affix === 1 })));
    return {};
  },
};

async function saveNavFlags(
  request: FastifyRequest,
  adminId: number,
  held: Set<string>,
  items: Array<{ name: string; noCache?: boolean; affix?: boolean }>,
): Promise<void> {
  const menus = new Set((await listNavMenus(request.server.db, adminId, held)).map((menu) => menu.name));
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (!menus.has(item.name)) errors[`list.${index}.name`] = [translate(request.lang, 'nav.unknownMenu', { name: item.name })];
  });
  if (Object.keys(errors).length) throw new FieldErrors(errors);
  await q.saveNavFlags(request.server.db, adminId, items);
}
