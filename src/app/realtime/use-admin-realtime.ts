/**
 * The logged-in admin's live events while the shell is on screen, on the tab's one realtime client
 * (./admin-realtime.ts): its own topic `admin:<id>` (subscribed by the server at connect), and on it
 * - `notification.count`, forwarded to the session actor as `server.notificationCount` for the navbar
 *   badge — only for the company the admin acts for (the `Cid` of this tab);
 * - `access.changed` (roles, permissions, companies, status or password changed by an administrator),
 *   forwarded as `server.accessChanged`: the session reads its info again and the menu follows without
 *   a reload, or the session ends (202) when the account was disabled, deleted or given a new password.
 *   Events are not replayed to a socket that was away, so after a reconnect (a `ready` other than the
 *   first) the info is read again the same way: a change made meanwhile is not missed. The first
 *   socket of a page connects after the page read its info: the server tells it, before `ready`, an
 *   access change of the last 30 s (src/server/realtime/recent-events.ts), handled like any.
 */
import { useEffect } from 'react';
import { useSession } from '@/app/features/auth/hooks/use-session';
import { selectAdminId } from '@/app/features/auth/lib/token';
import { sessionActor } from '@/app/features/auth/session';
import { currentCompany } from '@/app/lib/company';
import { adminRealtime } from './admin-realtime';

export function useAdminRealtime(): void {
  const adminId = useSession(selectAdminId);
  useEffect(() => {
    if (!adminId) return;
    const client = adminRealtime();
    let connections = 0;
    const offReady = client.on('ready', () => {
      connections += 1;
      if (connections > 1) sessionActor.send({ type: 'server.accessChanged' });
    });
    const unsubscribe = client.subscribe(`admin:${adminId}`, (frame) => {
      if (frame.type === 'access.changed') {
        sessionActor.send({ type: 'server.accessChanged' });
        return;
      }
      if (frame.type !== 'notification.count') return;
      if (String(frame.data.company_id) !== currentCompany().id) return;
      sessionActor.send({ type: 'server.notificationCount', count: frame.data.count });
    });
    const release = client.retain();
    return () => {
      offReady();
      unsubscribe();
      release();
    };
  }, [adminId]);
}
