/**
 * The logged-in admin's live events while the shell is on screen, on the tab's one realtime client
 * (./admin-realtime.ts): its own topic `admin:<id>` (subscribed by the server at connect), and on it
 * - `notification.count`, forwarded to the session actor as `server.notificationCount` for the navbar
 *   badge — only for the company the admin acts for (the `Cid` of this tab);
 * - `access.changed` (roles, permissions, companies, status or password changed by an administrator),
 *   forwarded as `server.accessChanged`: the session reads its info again and the menu follows without
 *   a reload, or the session ends (202) when the account was disabled, deleted or given a new password.
 *   Events are not replayed to a socket that was away, so after a reconnect (a `ready` other than the
 *   first) the info is read again the same way: a change made meanwhile is not missed.
 * The client's code (./admin-listener.ts) loads once the shell is painted (issue 18's budgets: the badge
 * shows the count the session read with the user info until then), not with the shell.
 */
import { useEffect } from 'react';
import { useSession } from '@/app/features/auth/hooks/use-session';
import { selectAdminId } from '@/app/features/auth/lib/token';

export function useAdminRealtime(): void {
  const adminId = useSession(selectAdminId);
  useEffect(() => {
    if (!adminId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('./admin-listener').then(
      ({ listenAsAdmin }) => {
        if (!cancelled) stop = listenAsAdmin(adminId);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [adminId]);
}
