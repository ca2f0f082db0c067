/** Operations of the notification feature; the rules live in service.ts. */
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers } from '../../contract/handlers.js';
import { requireAuth } from '../access/plugin.js';
import { NotificationService, type ListQuery } from './service.js';

const service = (request: FastifyRequest) => new NotificationService(request.server);

export const notificationHandlers: OperationHandlers = {
  async notificationList(request) {
    const { adminId } = requireAuth(request);
    return service(request).list(adminId, request.companyId, request.body as ListQuery);
  },
  async notificationDetail(request) {
    const { adminId } = requireAuth(request);
    return service(request).detail(adminId, request.companyId, request.body.id);
  },
  async notificationRead(request) {
    const { adminId } = requireAuth(request);
    await service(request).markRead(adminId, request.companyId, request.body.id);
    return {};
  },
  async notificationAllRead(request) {
    const { adminId } = requireAuth(request);
    await service(request).markAllRead(adminId, request.companyId);
    return {};
  },
  async notificationUnReadCount(request) {
    const { adminId } = requireAuth(request);
    return { count: await service(request).unreadCount(adminId, request.companyId) };
  },
  async notificationAdmins(request) {
    return { admins: await service(request).recipients(request.companyId) };
  },
  async notificationSend(request) {
    const { adminId } = requireAuth(request);
    const { admins, message } = request.body;
    return { count: await service(request).send(request.lang, adminId, request.companyId, admins, message) };
  },
};
