/**
 * The shell's view of the granted routes (pure, no React): the sidebar menu (hidden routes left out, a
 * parent with one visible page shown as that page), the facts about each page the shell needs (title
 * key, icon, no-cache, pinned, the menu it highlights, its parents for the breadcrumb), and the menu
 * search (plain text in the interface language; full pinyin and initials of Chinese titles).
 * Titles stay i18n keys here; views translate them. The pinyin reader is passed in (lib/pinyin loads
 * pinyin-pro, a large dictionary, only when someone searches the menu in Chinese).
 */
import { matchPath } from 'react-router-dom';
import { type AccessRoute, joinRoutePath, PERMISSIONS_ROUTE_NAME } from '@/app/features/auth/lib/access-routes';

export interface PageInfo {
  /** Full path pattern (`/triviaGame/update/:id`). */
  pattern: string;
  name: string;
  /** i18n key of the title (`menu.triviaGameIndex`). */
  title: string;
  icon?: string;
  noCache: boolean;
  affix: boolean;
  hidden: boolean;
  /** The menu path to highlight instead of this page's own (hidden detail pages). */
  activeMenu?: string;
  /** Title keys of the enclosing menus, outermost first (the breadcrumb between dashboard and page). */
  parents: string[];
}

export interface MenuItem {
  /** Route name, unique. */
  key: string;
  /** Full path of the page; absent for a group. */
  path?: string;
  title: string;
  icon?: string;
  children?: MenuItem[];
}

/** Per-menu settings saved since the info was loaded (the profile page), applied over the server's. */
export type NavOverrides = ReadonlyMap<string, { noCache?: boolean; affix?: boolean }>;

export const DASHBOARD_PATH = '/dashboard';

const isPermissionsRoute = (route: AccessRoute) => route.name === PERMISSIONS_ROUTE_NAME;

/** Every page (leaf) of the granted routes, with the facts the shell needs. */
export function pageInfos(routes: readonly AccessRoute[], overrides: NavOverrides = new Map(), base = '/', parents: string[] = []): PageInfo[] {
  return routes.flatMap((route): PageInfo[] => {
    if (isPermissionsRoute(route)) return [];
    const pattern = joinRoutePath(base, route.path);
    const title = route.meta?.title ?? route.name ?? pattern;
    if (route.children?.length) return pageInfos(route.children, overrides, pattern, [...parents, title]);
    if (route.redirect) return [];
    const name = route.name ?? pattern;
    const override = overrides.get(name);
    return [
      {
        pattern,
        name,
        title,
        ...(route.meta?.icon ? { icon: route.meta.icon } : {}),
        noCache: override?.noCache ?? route.meta?.noCache === true,
        affix: override?.affix ?? route.meta?.affix === true,
        hidden: route.hidden === true,
        ...(route.meta?.activeMenu ? { activeMenu: route.meta.activeMenu } : {}),
        parents,
      },
    ];
  });
}

/** The sidebar tree: visible routes only; a group with exactly one visible page shows that page alone. */
export function buildMenu(routes: readonly AccessRoute[], base = '/'): MenuItem[] {
  return routes.flatMap((route): MenuItem[] => {
    if (route.hidden || isPermissionsRoute(route)) return [];
    const path = joinRoutePath(base, route.path);
    const key = route.name ?? path;
    const title = route.meta?.title ?? key;
    const icon = route.meta?.icon;
    if (route.children?.length) {
      const children = buildMenu(route.children, path);
      if (children.length === 0) return [];
      if (children.length === 1) return [{ ...children[0]!, icon: children[0]!.icon ?? icon }];
      return [{ key, title, ...(icon ? { icon } : {}), children }];
    }
    if (route.redirect || path.includes(':')) return [];
    return [{ key, path, title, ...(icon ? { icon } : {}) }];
  });
}

/** The page a pathname shows, if any. */
export function findPage(pages: readonly PageInfo[], pathname: string): PageInfo | undefined {
  return pages.find((page) => matchPath({ path: page.pattern, end: true }, pathname) !== null);
}

/** The menu path the sidebar highlights for a pathname. */
export function activeMenuPath(page: PageInfo | undefined, pathname: string): string {
  return page?.activeMenu ?? pathname;
}

/** Breadcrumb title keys: the dashboard always first, then the enclosing menus and the page. */
export function breadcrumbTitles(page: PageInfo | undefined, dashboardTitle: string): string[] {
  if (!page || page.pattern === DASHBOARD_PATH) return [dashboardTitle];
  return [dashboardTitle, ...page.parents, page.title];
}

/** Leaves of the menu, each with the translated titles of its path (for the search box). */
export function menuLeaves(items: readonly MenuItem[], translate: (key: string) => string, trail: string[] = []): Array<{ path: string; titles: string[] }> {
  return items.flatMap((item) => {
    const titles = [...trail, translate(item.title)];
    if (item.children) return menuLeaves(item.children, translate, titles);
    return item.path ? [{ path: item.path, titles }] : [];
  });
}

const hasChinese = (text: string) => /[\u3400-\u9fff]/.test(text);
const compact = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** Full pinyin (`tongzhiliebiao`) and initials (`tzlb`) of a Chinese text, without tones. */
export interface PinyinReader {
  full: (text: string) => string;
  initials: (text: string) => string;
}

/** Does `text` match `query`: plain (case-insensitive), or with a pinyin reader its full pinyin or initials. */
export function textMatches(text: string, query: string, pinyin: PinyinReader | null): boolean {
  const wanted = compact(query);
  if (!wanted) return false;
  if (compact(text).includes(wanted)) return true;
  if (!pinyin || !hasChinese(text) || !isPinyinQuery(wanted)) return false;
  return compact(pinyin.full(text)).includes(wanted) || compact(pinyin.initials(text)).includes(wanted);
}

/** A query pinyin could match: latin letters only. */
export function isPinyinQuery(query: string): boolean {
  return /^[a-z]+$/.test(compact(query));
}

/** Menu pages whose title path matches the query. */
export function searchMenu(
  leaves: ReadonlyArray<{ path: string; titles: string[] }>,
  query: string,
  pinyin: PinyinReader | null,
): Array<{ path: string; titles: string[] }> {
  return leaves.filter((leaf) => leaf.titles.some((title) => textMatches(title, query, pinyin)));
}
