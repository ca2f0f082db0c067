/**
 * Builds `accessed_routes`, the menu tree the SPA turns into routes and the sidebar, from the nav
 * permissions an admin holds (a child menu needs its parent too). Titles stay i18n keys.
 */
import type { PermissionRow } from '../access/access-cache.js';
import type { NavPreference } from '../profile/nav.js';

export interface RouteItem {
  path: string;
  component: string;
  name: string;
  hidden: boolean;
  meta: { title: string; icon: string; noCache: boolean; affix: boolean; activeMenu?: string };
  children?: RouteItem[];
}

/** `rows`: the permission tree's rows in menu order (sort, then id). */
export function buildAccessedRoutes(rows: PermissionRow[], held: Set<string>, preferences: Map<string, NavPreference> = new Map()): RouteItem[] {
  const navs = rows.filter((row) => row.type === 'nav' && held.has(row.identifier));
  const build = (parentId: number | null): RouteItem[] =>
    navs
      .filter((row) => row.parentId === parentId)
      .map((row) => {
        const children = build(row.id);
        const preference = preferences.get(row.identifier);
        const item: RouteItem = {
          path: row.path,
          component: row.component,
          name: row.identifier,
          hidden: row.hidden,
          meta: {
            title: row.title,
            icon: row.icon,
            noCache: preference?.noCache ?? false,
            affix: preference?.affix ?? false,
            ...(row.activeMenu ? { activeMenu: row.activeMenu } : {}),
          },
        };
        if (children.length) item.children = children;
        return item;
      });
  return build(null);
}
