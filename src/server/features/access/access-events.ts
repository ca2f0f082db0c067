/**
 * Tells an admin's open screens that its access changed (roles, permissions, companies, status or
 * password), on its own topic `admin:<id>` as `access.changed`: the SPA reloads its info and
 * rebuilds the menu without a reload, or finds its session ended (202). The server never relies on
 * it: the writer also invalidates what every instance remembers of the admin (access-cache.ts).
 */
import type { FastifyInstance } from 'fastify';

export type AccessChange = 'permissions' | 'companies' | 'disabled' | 'deleted' | 'password';

export async function publishAccessChanged(app: FastifyInstance, adminIds: Iterable<number>, change: AccessChange): Promise<void> {
  for (const adminId of new Set(adminIds)) {
    try {
      await app.publish({ topic: `admin:${adminId}`, type: 'access.changed', data: { change } });
    } catch (error) {
      app.log.warn({ err: error, adminId }, 'could not publish access.changed');
    }
  }
}
