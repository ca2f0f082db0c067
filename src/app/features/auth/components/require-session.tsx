/**
 * The route guard: pages under it need a session. While the session is being checked or its
 * info loads, a full-page spinner; without a session, /login with the page (path and query) as
 * `redirect`; with one, the page. It never reads the token cookie: the session actor decides.
 */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsLoggedIn } from '@machines/session/selectors';
import type { SessionSnapshot } from '@machines/session/session.machine';
import { PageSpinner } from '@/app/components/page-spinner';
import { useSession } from '../hooks/use-session';
import { loginPathFor } from '../lib/login-target';

type Access = 'granted' | 'denied' | 'pending';
const selectAccess = (snapshot: SessionSnapshot): Access =>
  selectIsLoggedIn(snapshot) ? 'granted' : snapshot.matches('loggedOut') ? 'denied' : 'pending';

export function RequireSession() {
  const location = useLocation();
  const access = useSession(selectAccess);
  if (access === 'denied') return <Navigate to={loginPathFor(location)} replace />;
  if (access === 'pending') return <PageSpinner fullPage />;
  return <Outlet />;
}
