/**
 * Roles and permissions in the SPA (docs/product.md), as pure functions over `accessed_routes`: role
 * filtering (no roles = open to all, else one matching role, admin-none sees everything), the hidden
 * `user-perimissions` route, the permission check, and the pages the router registers.
 */
import { describe, expect, it } from 'vitest';
import {
  ADMIN_NONE_ROLE,
  type AccessRoute,
  buildAccessRoutes,
  filterRoutesByRoles,
  hasPermission,
  joinRoutePath,
  PERMISSIONS_ROUTE_NAME,
  pageEntries,
  permissionNames,
  permissionsRoute,
  routeAllows,
  toAccessRoutes,
} from '@/app/features/auth/lib/access-routes';

const meta = (roles?: string[]) => ({ title: 't', icon: '', noCache: false, affix: false, ...(roles ? { roles } : {}) });

/** The shape the server sends (see src/server/features/session/menu.ts), with roles on some routes. */
const serverRoutes: AccessRoute[] = [
  {
    path: '/triviaGame',
    component: 'Layout',
    name: 'triviaGame',
    hidden: false,
    meta: meta(),
    children: [
      { path: 'index', component: 'triviaGame/index', name: 'triviaGame.index', hidden: false, meta: meta() },
      { path: 'update/:id', component: 'triviaGame/update', name: 'triviaGame.update', hidden: true, meta: meta(['editor']) },
    ],
  },
  {
    path: '/admin',
    component: 'Layout',
    name: 'admin',
    hidden: false,
    meta: meta(['super']),
    children: [{ path: 'index', component: 'admin/index', name: 'admin.index', hidden: false, meta: meta() }],
  },
  {
    path: '/notification',
    component: 'Layout',
    name: 'notification',
    hidden: false,
    meta: meta([]),
    children: [{ path: '', component: 'notification/index', name: 'notification.index', hidden: false, meta: meta() }],
  },
];

const names = (routes: AccessRoute[]) => [...permissionNames(routes)].sort();

describe('role filtering', () => {
  it('opens a route without roles (absent or empty) to everyone', () => {
    expect(routeAllows({ path: '/a' }, [])).toBe(true);
    expect(routeAllows({ path: '/a', meta: meta([]) }, ['viewer'])).toBe(true);
  });

  it('needs one matching role when the route names roles', () => {
    expect(routeAllows({ path: '/a', meta: meta(['editor', 'super']) }, ['viewer', 'super'])).toBe(true);
    expect(routeAllows({ path: '/a', meta: meta(['editor']) }, ['viewer'])).toBe(false);
  });

  it('filters recursively: a child needs its own roles and a kept parent', () => {
    const filtered = filterRoutesByRoles(serverRoutes, ['viewer']);
    expect(filtered.map((r) => r.name)).toEqual(['triviaGame', 'notification']);
    expect(filtered[0]!.children!.map((r) => r.name)).toEqual(['triviaGame.index']);
    const editor = filterRoutesByRoles(serverRoutes, ['editor']);
    expect(editor[0]!.children!.map((r) => r.name)).toEqual(['triviaGame.index', 'triviaGame.update']);
  });

  it('gives admin-none every route unfiltered', () => {
    expect(filterRoutesByRoles(serverRoutes, [ADMIN_NONE_ROLE])).toEqual(serverRoutes);
  });

  it('does not change its input', () => {
    const copy = structuredClone(serverRoutes);
    filterRoutesByRoles(serverRoutes, ['viewer']);
    expect(serverRoutes).toEqual(copy);
  });
});

describe('the user-perimissions route and the permission check', () => {
  it('adds the user permissions as a hidden route named user-perimissions', () => {
    expect(PERMISSIONS_ROUTE_NAME).toBe('user-perimissions');
    expect(permissionsRoute(['triviaGame.edit', 7, null])).toEqual({
      path: '',
      name: 'user-perimissions',
      hidden: true,
      meta: { permissions: ['triviaGame.edit'] },
    });
    const routes = buildAccessRoutes(serverRoutes, ['viewer'], ['triviaGame.list']);
    expect(routes.at(-1)).toMatchObject({ name: 'user-perimissions', hidden: true, meta: { permissions: ['triviaGame.list'] } });
  });

  it('holds a permission named by any accessed route, at any depth, or by the permissions route', () => {
    const routes = buildAccessRoutes(serverRoutes, ['viewer'], ['triviaGame.list', 'notification.send']);
    expect(names(routes)).toEqual([
      'notification',
      'notification.index',
      'notification.send',
      'triviaGame',
      'triviaGame.index',
      'triviaGame.list',
      'user-perimissions',
    ]);
    expect(hasPermission(routes, 'triviaGame.index')).toBe(true);
    expect(hasPermission(routes, 'triviaGame.list')).toBe(true);
    expect(hasPermission(routes, 'triviaGame.update')).toBe(false); // filtered out by role
    expect(hasPermission(routes, 'admin.index')).toBe(false);
    expect(hasPermission(routes, 'admin.edit')).toBe(false);
  });

  it('reads meta.permissions only from the permissions route', () => {
    const sneaky: AccessRoute[] = [{ path: '/x', name: 'x', meta: { permissions: ['admin.edit'] } }];
    expect(hasPermission(sneaky, 'admin.edit')).toBe(false);
  });

  it('with role mode off, keeps every server route', () => {
    const routes = buildAccessRoutes(serverRoutes, ['viewer'], [], false);
    expect(hasPermission(routes, 'admin.index')).toBe(true);
  });
});

describe('untrusted server routes', () => {
  it('keeps well-formed routes and drops the rest', () => {
    const raw = [
      null,
      'oops',
      { component: 'x' },
      { path: '/ok', name: 'ok', hidden: 'no', meta: { roles: ['a', 1], title: 'T' }, children: [{ path: 'c' }, 5] },
    ];
    expect(toAccessRoutes(raw)).toEqual([{ path: '/ok', name: 'ok', meta: { roles: ['a'], title: 'T' }, children: [{ path: 'c' }] }]);
  });
});

describe('pages to register', () => {
  it('joins child paths to their parent', () => {
    expect(joinRoutePath('/triviaGame', 'index')).toBe('/triviaGame/index');
    expect(joinRoutePath('/notification', '')).toBe('/notification');
    expect(joinRoutePath('/triviaGame/', 'update/:id')).toBe('/triviaGame/update/:id');
    expect(joinRoutePath('/', '/abs')).toBe('/abs');
    expect(joinRoutePath('/', '')).toBe('/');
  });

  it('registers every leaf at its full path with its component key, redirects too, never the permissions route', () => {
    const routes = buildAccessRoutes(
      [...serverRoutes, { path: '/old', redirect: '/triviaGame/index', name: 'old' }],
      [ADMIN_NONE_ROLE],
      ['x'],
    );
    expect(pageEntries(routes)).toEqual([
      { path: '/triviaGame/index', component: 'triviaGame/index', name: 'triviaGame.index' },
      { path: '/triviaGame/update/:id', component: 'triviaGame/update', name: 'triviaGame.update' },
      { path: '/admin/index', component: 'admin/index', name: 'admin.index' },
      { path: '/notification', component: 'notification/index', name: 'notification.index' },
      { path: '/old', redirect: '/triviaGame/index', name: 'old' },
    ]);
  });
});
