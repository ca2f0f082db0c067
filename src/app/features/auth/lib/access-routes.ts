/**
 * Roles and permissions (docs/product.md) as pure functions over the routes the info call returns
 * (`accessed_routes`, built by the server from the admin's permissions):
 * - with role mode on, a route with no roles in its meta is open to everyone; otherwise the user needs
 *   one of them. A user with the role `admin-none` gets every route unfiltered;
 * - the permissions of the user info become a hidden route named `user-perimissions` (the product's spelling);
 * - a permission is held when its name is among the names of the accessed routes (flattened), or in
 *   the permission list of that hidden route.
 * No React, no session: the router, the menu (later) and `<Permission>` call these.
 */

export interface RouteMeta {
  title?: string;
  icon?: string;
  /** Roles allowed to see the route; absent or empty = everyone. */
  roles?: string[];
  noCache?: boolean;
  affix?: boolean;
  activeMenu?: string;
  /** Only on the `user-perimissions` route: the permission identifiers of the user. */
  permissions?: string[];
}

export interface AccessRoute {
  path: string;
  /** `Layout` for a top-level menu, else the page component key (see app/route-components). */
  component?: string;
  name?: string;
  redirect?: string;
  hidden?: boolean;
  meta?: RouteMeta;
  children?: AccessRoute[];
}

/** The role that sees every route, unfiltered. */
export const ADMIN_NONE_ROLE = 'admin-none';
/** Spelled as the product spells it. */
export const PERMISSIONS_ROUTE_NAME = 'user-perimissions';
/** Role filtering is on in the current configuration. */
export const ROLE_MODE = true;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;

/** Keeps the well-formed routes of an untrusted list (the server's answer is data, not code). */
export function toAccessRoutes(raw: readonly unknown[]): AccessRoute[] {
  return raw.flatMap((item): AccessRoute[] => {
    if (!isRecord(item) || typeof item.path !== 'string') return [];
    const route: AccessRoute = { path: item.path };
    if (typeof item.component === 'string') route.component = item.component;
    if (typeof item.name === 'string') route.name = item.name;
    if (typeof item.redirect === 'string') route.redirect = item.redirect;
    if (typeof item.hidden === 'boolean') route.hidden = item.hidden;
    if (isRecord(item.meta)) {
      const { roles, permissions, ...rest } = item.meta;
      route.meta = { ...(rest as RouteMeta) };
      const roleList = strings(roles);
      if (roleList) route.meta.roles = roleList;
      const permissionList = strings(permissions);
      if (permissionList) route.meta.permissions = permissionList;
    }
    if (Array.isArray(item.children)) route.children = toAccessRoutes(item.children);
    return [route];
  });
}

/** A route with no roles in its meta is open to all; otherwise one of the user's roles must match. */
export function routeAllows(route: AccessRoute, roles: readonly string[]): boolean {
  const needed = route.meta?.roles;
  if (!needed || needed.length === 0) return true;
  return roles.some((role) => needed.includes(role));
}

/** Role filtering, recursive (a child is kept only under a parent that is kept). */
export function filterRoutesByRoles(routes: readonly AccessRoute[], roles: readonly string[]): AccessRoute[] {
  if (roles.includes(ADMIN_NONE_ROLE)) return [...routes];
  return routes.flatMap((route) => {
    if (!routeAllows(route, roles)) return [];
    return [route.children ? { ...route, children: filterRoutesByRoles(route.children, roles) } : route];
  });
}

/** The hidden route carrying the user's permissions. */
export function permissionsRoute(permissions: readonly unknown[]): AccessRoute {
  return { path: '', name: PERMISSIONS_ROUTE_NAME, hidden: true, meta: { permissions: strings(permissions) ?? [] } };
}

/** The routes of a logged-in user: the server's, role-filtered, plus the permissions route. */
export function buildAccessRoutes(
  serverRoutes: readonly unknown[],
  roles: readonly string[],
  permissions: readonly unknown[],
  roleMode = ROLE_MODE,
): AccessRoute[] {
  const routes = toAccessRoutes(serverRoutes);
  return [...(roleMode ? filterRoutesByRoles(routes, roles) : routes), permissionsRoute(permissions)];
}

export function flattenRoutes(routes: readonly AccessRoute[]): AccessRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}

/** Every name a permission check accepts: route names and the permissions route's list. */
export function permissionNames(routes: readonly AccessRoute[]): Set<string> {
  const names = new Set<string>();
  for (const route of flattenRoutes(routes)) {
    if (route.name) names.add(route.name);
    if (route.name === PERMISSIONS_ROUTE_NAME) for (const permission of route.meta?.permissions ?? []) names.add(permission);
  }
  return names;
}

/** The permission directive: is `name` among the names of the accessed routes? */
export function hasPermission(routes: readonly AccessRoute[], name: string): boolean {
  return permissionNames(routes).has(name);
}

/** `/triviaGame` + `index` → `/triviaGame/index`; an absolute child path stands alone. */
export function joinRoutePath(base: string, path: string): string {
  if (path.startsWith('/')) return path;
  const joined = `${base.replace(/\/+$/, '')}/${path}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}

export interface PageEntry {
  /** Full path, React Router syntax (`/triviaGame/update/:id`). */
  path: string;
  /** The page component key; absent for redirects. */
  component?: string;
  redirect?: string;
  name?: string;
}

/** The pages to register: every leaf at its full path, and every route with a redirect. */
export function pageEntries(routes: readonly AccessRoute[], base = '/'): PageEntry[] {
  return routes.flatMap((route): PageEntry[] => {
    if (route.name === PERMISSIONS_ROUTE_NAME) return [];
    const path = joinRoutePath(base, route.path);
    const own: PageEntry[] = route.redirect ? [{ path, redirect: route.redirect, ...(route.name ? { name: route.name } : {}) }] : [];
    if (route.children?.length) return [...own, ...pageEntries(route.children, path)];
    if (own.length) return own;
    return [{ path, ...(route.component ? { component: route.component } : {}), ...(route.name ? { name: route.name } : {}) }];
  });
}
