/**
 * The route table (SPEC §2). Public: /login, /auth-redirect, /privacy. Everything else is behind the
 * route guard (`RequireSession`): `/` → /dashboard, /redirect/*, the error pages, and the shell pages
 * (the dashboard and the routes the server grants, see routing/shell-routes). Unknown paths render the
 * 404 page at the address typed. Pages load lazily; one Suspense at the root shows a spinner meanwhile.
 */
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/app/components/page-spinner';
import { RequireSession } from '@/app/features/auth/components/require-session';
import { RouteErrorPage } from '@/app/features/errors/routes/route-error';
import { lazyPage } from '@/app/lib/lazy-page';
import { NotFoundPage } from '@/app/routing/route-components';
import { ShellRoutes } from '@/app/routing/shell-routes';

const LoginPage = lazyPage(() => import('@/app/features/auth/routes/login'), 'LoginPage');
const AuthRedirectPage = lazyPage(() => import('@/app/features/auth/routes/auth-redirect'), 'AuthRedirectPage');
const RedirectPage = lazyPage(() => import('@/app/features/auth/routes/redirect'), 'RedirectPage');
const PrivacyPage = lazyPage(() => import('@/app/features/privacy/routes/privacy'), 'PrivacyPage');
const UnauthorizedPage = lazyPage(() => import('@/app/features/errors/routes/unauthorized'), 'UnauthorizedPage');
const ServiceUnavailablePage = lazyPage(
  () => import('@/app/features/errors/routes/service-unavailable'),
  'ServiceUnavailablePage',
);

function Root() {
  return (
    <Suspense fallback={<PageSpinner fullPage />}>
      <Outlet />
    </Suspense>
  );
}

/** `/` → /dashboard, keeping the query (/dashboard reads cid and name from it). */
function HomeRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/dashboard${search}`} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/auth-redirect', element: <AuthRedirectPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      {
        element: <RequireSession />,
        children: [
          { path: '/', element: <HomeRedirect /> },
          { path: '/redirect/*', element: <RedirectPage /> },
          { path: '/401', element: <UnauthorizedPage /> },
          { path: '/404', element: <NotFoundPage /> },
          { path: '/503', element: <ServiceUnavailablePage /> },
          { path: '*', element: <ShellRoutes /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
