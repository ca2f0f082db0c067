/**
 * Builds `accessed_routes`, the menu tree the SPA turns into routes and the sidebar, from the nav
 * permissions an admin holds (a child menu needs its parent too). Titles stay i18n keys.
 */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { permissions } from '../../db/schema.js';

export interface RouteItem {
  path: string;
  component: string;
  name: string;
  hidden: boolean;
  meta: { title: string; icon: string; noCache: boolean; affix: boolean; activeMenu?: string };
  children?: RouteItem[];
}

export interface NavPreference {
  noCache: boolean;
  affix: boolean;
}

export async function buildAccessedRoutes(db: Db, held: Set<string>, preferences: Map<string, NavPreference> = new Map()): Promise<RouteItem[]> {
  const rows = await db.select().from(permissions).orderBy(asc(permissions.sort), asc(permissions.id));
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
