/** The admin's ticket for the real-time WebSocket (see plugins/realtime.ts). */
import type { OperationHandlers } from '../../contract/handlers.js';
import { requireAuth } from '../access/plugin.js';
import { WS_PATH } from '../../plugins/realtime.js';
import { TICKET_TTL_SECONDS } from '../../realtime/tickets.js';

export const realtimeHandlers: OperationHandlers = {
  async wsTicket(request) {
    const { adminId } = requireAuth(request);
    const ticket = await request.server.tickets.issue({ kind: 'admin', id: adminId });
    return { ticket, expires_in: TICKET_TTL_SECONDS, url: WS_PATH };
  },
};
