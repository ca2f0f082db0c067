/**
 * The route table (docs/product.md). Public: /login, /auth-redirect, /privacy. Everything else is behind the
 * route guard (`RequireSession`): `/` → /dashboard, /redirect/*, the error pages, and the shell pages
 * (the dashboard and the routes the server grants, see routing/shell-routes). Unknown paths render the
 * 404 page at the address typed. Pages load lazily, one Suspense at the root showing a spinner meanwhile,
 * except the login page, the first page of most visits: it comes with the entry, so the Chakra parts it
 * renders are in the entry's library chunk instead of a dozen small shared chunks (issue 18's budgets:
 * −5 KB gzipped on the login page, −2 on the dashboard, which loads the login page's 2.5 KB too).
 * React Router's declarative mode (no loaders or actions here): its data router would add about 17 KB
 * gzipped to every page. A page that throws while rendering, or whose code fails to load, shows the
 * error page until the next navigation. That page's own code loads once the first page is painted
 * (issue 18's budgets), so it is there when a later deployment has replaced the files.
 */
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { PageSpinner } from '@/app/components/page-spinner';
import { RequireSession } from '@/app/features/auth/components/require-session';
import { LoginPage } from '@/app/features/auth/routes/login';
import { lazyPage } from '@/app/lib/lazy-page';
import { NotFoundPage } from '@/app/routing/route-components';

// The app layout (menus, tags, settings) loads with the first page behind the login, not with the login.
const ShellRoutes = lazyPage(() => import('@/app/routing/shell-routes'), 'ShellRoutes', ['shell']);
const AuthRedirectPage = lazyPage(() => import('@/app/features/auth/routes/auth-redirect'), 'AuthRedirectPage');
const RedirectPage = lazyPage(() => import('@/app/features/auth/routes/redirect'), 'RedirectPage');
const PrivacyPage = lazyPage(() => import('@/app/features/privacy/routes/privacy'), 'PrivacyPage', ['notification']);
const UnauthorizedPage = lazyPage(() => import('@/app/features/errors/routes/unauthorized'), 'UnauthorizedPage');
const ServiceUnavailablePage = lazyPage(
  () => import('@/app/features/errors/routes/service-unavailable'),
  'ServiceUnavailablePage',
);

type ErrorPageComponent = ComponentType<{ error: unknown }>;

/** The error page's texts without its layout: if even its code cannot be fetched (the network is gone). */
function BareErrorPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" align="center" textAlign="center" p="8">
      <Heading size="lg">{t('errorPage.unexpected.headline')}</Heading>
      <Text color="fg.muted">{t('errorPage.unexpected.hint')}</Text>
      <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
        {t('errorPage.reload')}
      </Button>
    </Stack>
  );
}

let errorPageLoad: Promise<ErrorPageComponent> | undefined;
const loadErrorPage = () =>
  (errorPageLoad ??= import('@/app/features/errors/routes/route-error').then(
    (module) => module.RouteErrorPage,
    (): ErrorPageComponent => {
      errorPageLoad = undefined;
      return BareErrorPage;
    },
  ));
const RouteErrorPage = lazy(async () => ({ default: await loadErrorPage() }));

/** Fetches the error page's code once the first screen is painted (effects run after the paint). */
function usePreloadErrorPage() {
  useEffect(() => {
    void loadErrorPage();
  }, []);
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next navigation) clears the error. */
  resetKey: string;
}

class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown; resetKey: string }> {
  override state = { failed: false, error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? (
      <Suspense fallback={<PageSpinner fullPage />}>
        <RouteErrorPage error={this.state.error} />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}

function Root() {
  const location = useLocation();
  usePreloadErrorPage();
  return (
    <RouteErrorBoundary resetKey={location.key}>
      <Suspense fallback={<PageSpinner fullPage />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
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

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
