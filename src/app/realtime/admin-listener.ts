/**
 * What the shell does with the admin's realtime events (./use-admin-realtime.ts says what and why),
 * loaded once the shell is painted: listens on the tab's client for the admin `adminId` and returns
 * the function that stops.
 */
import { sessionActor } from '@/app/features/auth/session';
import { currentCompany } from '@/app/lib/company';
import { adminRealtime } from './admin-realtime';

export function listenAsAdmin(adminId: string): () => void {
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
}
