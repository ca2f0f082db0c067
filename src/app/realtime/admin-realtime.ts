/**
 * The back office's one realtime client per tab (src/shared/realtime/client.ts): the shell's
 * admin topic (hooks in ./use-admin-realtime.ts) and the control screen's game topics share its one
 * socket. Each user holds it (`retain()`, or the connection machine's actor, which retains it): it
 * connects with the first holder and closes with the last, e.g. at logout. Tickets come from
 * POST /api/admin/ws/ticket, one per attempt; the admin's own topic `admin:<id>` is subscribed by the
 * server at connect.
 */
import { dataOf, withOptions } from '@/app/api/api';
import { client as apiClient } from '@/app/api/client';
import { RealtimeClient } from '@/shared/realtime/client';

let client: RealtimeClient | null = null;

export function adminRealtime(): RealtimeClient {
  client ??= new RealtimeClient({
    getTicket: async () => {
      const data = await dataOf(apiClient.POST('/ws/ticket', { body: {}, ...withOptions({ errors: 'none' }) }));
      return { ticket: data.ticket, url: data.url };
    },
    implicitTopics: (topic) => topic.startsWith('admin:'),
  });
  return client;
}
