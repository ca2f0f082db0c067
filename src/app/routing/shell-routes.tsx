/**
 * The logged-in pages inside the app layout: the constant ones (the dashboard, the profile) and the
 * ones the server grants (`accessed_routes`, role-filtered), registered at their full paths
 * with the page of their component key. Anything else is the 404 page at the address typed.
 * Rendered by the router's catch-all under the route guard, so it only ever runs with a session.
 *
 * Keep-alive (the tags view): every open tag's page stays mounted inside a React `<Activity>`,
 * hidden while another tag is on screen, so its state (filters, page, scroll) survives a tag switch.
 * A menu whose noCache is on is not kept; a tag's refresh bumps the key and so re-mounts the page.
 * Each kept page is rendered by `useRoutes` at its own location, so it keeps reading its own params.
 */
import { Activity, Suspense, useMemo } from 'react';
import { type Location, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { PageSpinner } from '@/app/components/page-spinner';
import { useAccessRoutes } from '@/app/features/auth/hooks/use-access-routes';
import { type PageEntry, pageEntries } from '@/app/features/auth/lib/access-routes';
import { AppLayout } from '@/app/layout/app-layout';
import { findPage } from '@/app/layout/lib/menu';
import { useSetting } from '@/app/layout/settings';
import { useRefreshes, useTags } from '@/app/layout/tags';
import { useShellPages } from '@/app/layout/use-shell-pages';
import { lazyPage } from '@/app/lib/lazy-page';
import { NotFoundPage, pageFor } from './route-components';

/** Pages every logged-in user has, whatever the server grants. */
export const CONSTANT_PAGES: readonly PageEntry[] = [
  { path: '/dashboard', component: 'dashboard', name: 'dashboard' },
  { path: '/profile/index', component: 'profile/index', name: 'profile' },
];

/** Constant pages that are not in the server's component map. */
const SHELL_PAGES = {
  'profile/index': lazyPage(() => import('@/app/features/profile/routes/profile'), 'ProfilePage', ['shell']),
} as const;

function toRouteObject(entry: PageEntry): RouteObject {
  if (entry.redirect) return { path: entry.path, element: <Navigate to={entry.redirect} replace /> };
  const Page = entry.component && Object.hasOwn(SHELL_PAGES, entry.component) ? SHELL_PAGES[entry.component as keyof typeof SHELL_PAGES] : pageFor(entry.component);
  return { path: entry.path, element: <Page /> };
}

export function ShellRoutes() {
  const accessRoutes = useAccessRoutes();
  const location = useLocation();
  const routes = useMemo<RouteObject[]>(() => {
    const granted = pageEntries(accessRoutes).filter((entry) => !CONSTANT_PAGES.some((page) => page.path === entry.path));
    return [...CONSTANT_PAGES, ...granted].map(toRouteObject);
  }, [accessRoutes]);
  if (!matchRoutes(routes, location)) return <NotFoundPage />;
  return (
    <AppLayout>
      <KeptPages routes={routes} location={location} />
    </AppLayout>
  );
}

interface Kept {
  path: string;
  location: string | Location;
  visible: boolean;
}

function KeptPages({ routes, location }: { routes: RouteObject[]; location: Location }) {
  const tags = useTags();
  const refreshes = useRefreshes();
  const tagsView = useSetting('tagsView');
  const { pages } = useShellPages();
  const current = location.pathname;

  const kept: Kept[] = tagsView
    ? tags.filter((tag) => tag.path !== current && findPage(pages, tag.path)?.noCache !== true).map((tag) => ({ path: tag.path, location: tag.fullPath, visible: false }))
    : [];
  const all = [...kept, { path: current, location, visible: true }];

  return all.map((entry) => (
    <Activity key={`${entry.path}#${refreshes[entry.path] ?? 0}`} mode={entry.visible ? 'visible' : 'hidden'}>
      <Suspense fallback={<PageSpinner />}>
        <KeptPage routes={routes} location={entry.location} />
      </Suspense>
    </Activity>
  ));
}

function KeptPage({ routes, location }: { routes: RouteObject[]; location: string | Location }) {
  return useRoutes(routes, location);
}
