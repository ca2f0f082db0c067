/**
 * What the shell knows about the logged-in user's pages: the constant ones (dashboard, pinned; the
 * profile, hidden) and the granted ones (role-filtered `accessed_routes`, with the navigation settings
 * saved since login applied), plus the sidebar tree and a translator for the server's title keys.
 */
import i18n from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessRoutes } from '@/app/features/auth/hooks/use-access-routes';
import { useNavOverrides } from '@/app/features/profile/nav-overrides';
import { buildMenu, DASHBOARD_PATH, type MenuItem, type PageInfo, pageInfos } from './lib/menu';

export const PROFILE_PATH = '/profile/index';

export const CONSTANT_PAGE_INFOS: readonly PageInfo[] = [
  { pattern: DASHBOARD_PATH, name: 'dashboard', title: 'menu.dashboard', icon: 'dashboard', noCache: false, affix: true, hidden: false, parents: [] },
  { pattern: PROFILE_PATH, name: 'profile', title: 'menu.profile', icon: 'user', noCache: false, affix: false, hidden: true, parents: [] },
];

const DASHBOARD_MENU: MenuItem = { key: 'dashboard', path: DASHBOARD_PATH, title: 'menu.dashboard', icon: 'dashboard' };

export function useShellPages(): { pages: PageInfo[]; menu: MenuItem[] } {
  const routes = useAccessRoutes();
  const overrides = useNavOverrides();
  return useMemo(() => {
    const granted = pageInfos(routes, overrides).filter((page) => !CONSTANT_PAGE_INFOS.some((c) => c.pattern === page.pattern));
    return { pages: [...CONSTANT_PAGE_INFOS, ...granted], menu: [DASHBOARD_MENU, ...buildMenu(routes)] };
  }, [routes, overrides]);
}

/** Translates a title key from the server (`menu.triviaGameIndex`); an unknown key shows as it is. */
export function useTitle(): (key: string) => string {
  const { t } = useTranslation();
  return useCallback((key: string) => (i18n.exists(key) ? (t as (k: string) => string)(key) : key), [t]);
}
