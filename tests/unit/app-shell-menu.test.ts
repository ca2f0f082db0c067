/**
 * The shell's view of accessed_routes: the sidebar tree (hidden routes left out, single-page groups
 * flattened), page facts (no-cache, pinned, active menu, breadcrumb), saved overrides, and the menu
 * search with pinyin (full and initials) and plain text.
 */
import { describe, expect, it } from 'vitest';
import { toAccessRoutes } from '@/app/features/auth/lib/access-routes';
import { activeMenuPath, breadcrumbTitles, buildMenu, findPage, menuLeaves, pageInfos, searchMenu, textMatches } from '@/app/layout/lib/menu';
import { loadPinyin } from '@/app/layout/lib/pinyin';

const routes = toAccessRoutes([
  {
    path: '/triviaGame',
    component: 'Layout',
    name: 'triviaGame',
    hidden: false,
    meta: { title: 'menu.triviaGame', icon: 'trophy', noCache: false, affix: false },
    children: [
      { path: 'index', component: 'triviaGame/index', name: 'triviaGame.index', hidden: false, meta: { title: 'menu.triviaGameIndex', icon: 'list', noCache: false, affix: true } },
      { path: 'update/:id', component: 'triviaGame/update', name: 'triviaGame.update', hidden: true, meta: { title: 'menu.triviaGameUpdate', icon: '', noCache: true, affix: false, activeMenu: '/triviaGame/index' } },
    ],
  },
  {
    path: '/notification',
    component: 'Layout',
    name: 'notification',
    hidden: false,
    meta: { title: 'menu.notification', icon: 'bell', noCache: false, affix: false },
    children: [
      { path: '', component: 'notification/index', name: 'notification.index', hidden: false, meta: { title: 'menu.notificationIndex', icon: 'bell', noCache: false, affix: false } },
      { path: 'send', component: 'notification/send', name: 'notification.send', hidden: false, meta: { title: 'menu.notificationSend', icon: 'bell', noCache: false, affix: false } },
    ],
  },
]);

const zh: Record<string, string> = {
  'menu.triviaGame': '問答遊戲',
  'menu.triviaGameIndex': '遊戲列表',
  'menu.notification': '通知',
  'menu.notificationIndex': '通知列表',
  'menu.notificationSend': '發送通知',
};

describe('buildMenu', () => {
  it('leaves hidden routes out and shows a group with one visible page as that page', () => {
    expect(buildMenu(routes)).toEqual([
      { key: 'triviaGame.index', path: '/triviaGame/index', title: 'menu.triviaGameIndex', icon: 'list' },
      {
        key: 'notification',
        title: 'menu.notification',
        icon: 'bell',
        children: [
          { key: 'notification.index', path: '/notification', title: 'menu.notificationIndex', icon: 'bell' },
          { key: 'notification.send', path: '/notification/send', title: 'menu.notificationSend', icon: 'bell' },
        ],
      },
    ]);
  });
});

describe('pageInfos', () => {
  const pages = pageInfos(routes);

  it('knows each page: pattern, no-cache, pinned, active menu and parents', () => {
    const update = findPage(pages, '/triviaGame/update/7');
    expect(update).toMatchObject({ name: 'triviaGame.update', noCache: true, affix: false, hidden: true, parents: ['menu.triviaGame'] });
    expect(activeMenuPath(update, '/triviaGame/update/7')).toBe('/triviaGame/index');
    expect(findPage(pages, '/triviaGame/index')?.affix).toBe(true);
    expect(findPage(pages, '/nowhere')).toBeUndefined();
  });

  it('builds the breadcrumb from the dashboard', () => {
    expect(breadcrumbTitles(findPage(pages, '/notification/send'), 'menu.dashboard')).toEqual(['menu.dashboard', 'menu.notification', 'menu.notificationSend']);
    expect(breadcrumbTitles(undefined, 'menu.dashboard')).toEqual(['menu.dashboard']);
  });

  it('applies navigation settings saved since the info was loaded', () => {
    const overridden = pageInfos(routes, new Map([['triviaGame.index', { affix: false, noCache: true }]]));
    expect(findPage(overridden, '/triviaGame/index')).toMatchObject({ affix: false, noCache: true });
  });
});

describe('menu search', () => {
  const leaves = menuLeaves(buildMenu(routes), (key) => zh[key] ?? key);

  it('finds 通知 by full pinyin and by initials, only with pinyin on', async () => {
    const pinyin = await loadPinyin();
    expect(searchMenu(leaves, 'tongzhi', pinyin).map((leaf) => leaf.path)).toEqual(['/notification', '/notification/send']);
    expect(searchMenu(leaves, 'tzlb', pinyin).map((leaf) => leaf.path)).toEqual(['/notification']);
    expect(searchMenu(leaves, 'youxi', pinyin).map((leaf) => leaf.path)).toEqual(['/triviaGame/index']);
    expect(searchMenu(leaves, 'tongzhi', null)).toEqual([]);
  });

  it('matches plain text in either language, case-insensitively', async () => {
    const pinyin = await loadPinyin();
    expect(searchMenu(leaves, '發送', pinyin).map((leaf) => leaf.path)).toEqual(['/notification/send']);
    expect(textMatches('Notification list', 'NOTIF', null)).toBe(true);
    expect(textMatches('Notification list', '', pinyin)).toBe(false);
  });
});
