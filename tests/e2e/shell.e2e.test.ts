/**
 * The app shell in real Chromium against the real server (docs/product.md, Layout): the tags view and its
 * context menu, keep-alive of open pages (and refresh re-mounting them), layout settings kept in
 * cookies, the sidebar on a small screen, pinyin menu search, the language switch, and the unread
 * badge following the WebSocket. Screenshots of the shell, the settings drawer and the context menu
 * (desktop and phone, both languages) are saved under /tmp/shots for review.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api';
import { createAdmin } from '../support/fixtures';
import { DESKTOP, launchBrowser, MOBILE, openPage, saveScreenshot, settle, type PageOptions } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { ADMIN, loginByApi } from './support/session';

const SHOTS = '/tmp/shots';
const ADA = { username: 'ada', password: 'Ada-password-1', name: 'Ada Lovelace' };

let server: RunningServer;
let browser: Browser;
let adaId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  adaId = await createAdmin(server.app, { ...ADA, roles: ['operator'] });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function openShell(options: PageOptions = {}, who: { username: string; password: string } = ADMIN) {
  const page = await openPage(browser, options);
  await loginByApi(page, server, who.username, who.password);
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId('app-shell').waitFor();
  await page.getByRole('heading', { level: 1, name: /Dashboard|首頁/ }).waitFor();
  return page;
}

async function shoot(page: Page, name: string) {
  await settle(page);
  await saveScreenshot(page, name, SHOTS);
}

const tag = (page: Page, path: string) => page.locator(`[data-testid="tag"][data-path="${path}"]`);
const tagPaths = (page: Page) => page.getByTestId('tag').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
const sidebar = (page: Page) => page.getByTestId('sidebar');

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('tag-menu').count()).toBe(0);
}

async function contextAction(page: Page, path: string, action: RegExp) {
  await tag(page, path).click({ button: 'right' });
  await page.getByRole('menuitem', { name: action }).click();
}

async function goByMenu(page: Page, name: RegExp, path: string) {
  await sidebar(page).getByRole('link', { name }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe('tags view', () => {
  it('opens a tag per visited page and every context-menu action works; the pinned dashboard survives close all', async () => {
    const page = await openShell({ locale: 'en-US' });
    await expect.poll(() => tagPaths(page)).toEqual(['/dashboard']);
    expect(await tag(page, '/dashboard').getAttribute('data-affix')).toBe('true');

    await goByMenu(page, /^Game list$/, '/triviaGame/index');
    await goByMenu(page, /^Notification list$/, '/notification');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/index');
    await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/triviaGame/index', '/notification', '/profile/index']);
    await expect.poll(() => page.title()).toBe('Profile - 活動互動管理後台');
    await expect.poll(() => page.getByTestId('breadcrumb').innerText()).toMatch(/Dashboard[\s\S]*Profile/);

    // The context menu, opened on the current page's tag; screenshot for review.
    await tag(page, '/profile/index').click({ button: 'right' });
    await page.getByTestId('tag-menu').waitFor();
    await shoot(page, 'shell-context-menu-en-desktop');
    await closeMenu(page);

    // Pinned: no close button, "Close" disabled.
    await tag(page, '/dashboard').click({ button: 'right' });
    await expect.poll(() => page.getByRole('menuitem', { name: /^Close$/ }).getAttribute('data-disabled')).not.toBeNull();
    await closeMenu(page);
    expect(await tag(page, '/dashboard').getByRole('button').count()).toBe(0);

    // Close (the current page): goes to the last tag left.
    await contextAction(page, '/profile/index', /^Close$/);
    await page.waitForURL((url) => url.pathname === '/notification');
    await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/triviaGame/index', '/notification']);

    // Close others (on another tag): keeps the pinned one and that tag, and goes there.
    await contextAction(page, '/triviaGame/index', /Close others/);
    await page.waitForURL((url) => url.pathname === '/triviaGame/index');
    await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/triviaGame/index']);

    // Refresh (the current page) keeps the tags.
    await contextAction(page, '/triviaGame/index', /Refresh/);
    expect(pathOf(page)).toBe('/triviaGame/index');
    await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/triviaGame/index']);

    // Close all: the pinned dashboard survives and is where we land.
    await goByMenu(page, /^Notification list$/, '/notification');
    await contextAction(page, '/notification', /Close all/);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => tagPaths(page)).toEqual(['/dashboard']);

    // The close button on a tag.
    await goByMenu(page, /^Game list$/, '/triviaGame/index');
    await tag(page, '/triviaGame/index').getByRole('button', { name: /Close/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => tagPaths(page)).toEqual(['/dashboard']);
  });

  it("keeps a page's state across tag switches, and refresh resets it", async () => {
    const page = await openShell({ locale: 'en-US' });
    const note = page.getByRole('textbox', { name: 'Quick note' });
    await note.fill('call the venue at 3 pm');
    await goByMenu(page, /^Game list$/, '/triviaGame/index');
    await expect.poll(() => note.isVisible()).toBe(false);
    await tag(page, '/dashboard').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => note.inputValue()).toBe('call the venue at 3 pm');
    await expect.poll(() => page.title()).toBe('Dashboard - 活動互動管理後台');

    await contextAction(page, '/dashboard', /Refresh/);
    await expect.poll(() => note.inputValue()).toBe('');
  });
});

describe('layout settings', () => {
  it('applies the settings at once and keeps them after a reload', async () => {
    const page = await openShell({ locale: 'zh-TW' });
    await page.getByTestId('settings-button').click();
    const drawer = page.getByTestId('settings-drawer');
    await drawer.waitFor();
    await shoot(page, 'shell-settings-zh-desktop');
    // All on by default.
    for (const flag of ['tagsView', 'fixedHeader', 'sidebarLogo', 'pinyinSearch']) {
      expect(await page.getByTestId(`setting-${flag}`).locator('input').isChecked()).toBe(true);
    }
    await page.getByTestId('setting-tagsView').click();
    await page.getByTestId('setting-sidebarLogo').click();
    await page.getByRole('button', { name: '主題色 #11A983' }).click();
    await expect.poll(() => page.getByTestId('tags-view').count()).toBe(0);
    const brand = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-500').trim().toLowerCase());
    await expect.poll(brand).toBe('#11a983');

    await page.reload();
    await page.getByTestId('app-shell').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    expect(await sidebar(page).getByRole('link', { name: '活動互動管理後台' }).count()).toBe(0);
    await expect.poll(brand).toBe('#11a983');
    const cookies = await page.context().cookies();
    const theme = cookies.find((cookie) => cookie.name === 'theme');
    expect(decodeURIComponent(theme?.value ?? '')).toBe('#11A983');
    // 365 days, give or take the test's own time.
    expect((theme!.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(364);
  });
});

describe('sidebar', () => {
  it('is closed at 800 px and closes again after navigating from it', async () => {
    const page = await openShell({ locale: 'en-US', viewport: { width: 800, height: 800 } });
    expect(await page.getByTestId('app-shell').getAttribute('data-sidebar')).toBe('closed');
    await page.getByTestId('sidebar-toggle').click();
    await sidebar(page).getByRole('link', { name: /^Game list$/ }).waitFor();
    await expect.poll(() => page.getByTestId('app-shell').getAttribute('data-sidebar')).toBe('open');
    await goByMenu(page, /^Game list$/, '/triviaGame/index');
    await expect.poll(() => page.getByTestId('app-shell').getAttribute('data-sidebar')).toBe('closed');
    await expect.poll(() => sidebar(page).count()).toBe(0);
  });

  it('collapses to icons on desktop and remembers it', async () => {
    const page = await openShell({ locale: 'en-US' });
    const width = () => sidebar(page).evaluate((node) => Math.round(node.getBoundingClientRect().width));
    await expect.poll(width).toBe(210);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(width).toBeLessThan(80);
    await page.reload();
    await page.getByTestId('app-shell').waitFor();
    await expect.poll(width).toBeLessThan(80);
  });

  it('finds a Chinese menu entry by full pinyin and by initials, and by plain text in English', async () => {
    const page = await openShell({ locale: 'zh-TW' });
    const search = page.getByRole('textbox', { name: '搜尋選單' });
    const results = page.getByRole('list', { name: '搜尋結果' });
    await search.fill('tongzhi');
    await results.getByRole('link', { name: /通知列表/ }).waitFor();
    await search.fill('tz');
    await results.getByRole('link', { name: /通知列表/ }).click();
    await page.waitForURL((url) => url.pathname === '/notification');

    const en = await openShell({ locale: 'en-US' });
    const box = en.getByRole('textbox', { name: 'Search the menu' });
    await box.fill('notif');
    await en.getByRole('list', { name: 'Search results' }).getByRole('link', { name: /Notification list/ }).waitFor();
    await box.fill('tongzhi');
    await en.getByRole('list', { name: 'Search results' }).getByText('No menu matches').waitFor();
  });
});

describe('language and notifications', () => {
  it("switching the language changes the shell's and the page's texts", async () => {
    const page = await openShell({ locale: 'zh-TW' });
    await sidebar(page).getByRole('link', { name: '遊戲列表' }).waitFor();
    await page.getByRole('combobox', { name: '語言' }).selectOption('en');
    await sidebar(page).getByRole('link', { name: 'Game list' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect.poll(() => tag(page, '/dashboard').innerText()).toBe('Dashboard');
    await expect.poll(() => page.title()).toBe('Dashboard - 活動互動管理後台');
  });

  it('the unread badge rises without a reload when someone sends the user a notification', async () => {
    const page = await openShell({ locale: 'en-US' }, ADA);
    const bell = page.getByTestId('notification-bell');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications (0 unread)');
    const adminToken = await login(server.app);
    const sent = await call(server.app, '/notification/send', { admins: [adaId], message: '<p>Doors open at 7</p>' }, { token: adminToken });
    expect(sent.body.code).toBe(200);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications (1 unread)');
    expect(await page.getByTestId('notification-count').innerText()).toBe('1');
    await bell.click();
    await page.waitForURL((url) => url.pathname === '/notification');
  });
});

describe('screenshots', () => {
  for (const [locale, viewport, label] of [
    ['zh-TW', DESKTOP, 'zh-desktop'],
    ['en-US', DESKTOP, 'en-desktop'],
    ['zh-TW', MOBILE, 'zh-mobile'],
    ['en-US', MOBILE, 'en-mobile'],
  ] as const) {
    it(`the dashboard shell (${label})`, async () => {
      const page = await openShell({ locale, viewport });
      await shoot(page, `shell-dashboard-${label}`);
      if (viewport === MOBILE) {
        await page.getByTestId('sidebar-toggle').click();
        await sidebar(page).waitFor();
        await shoot(page, `shell-sidebar-drawer-${label}`);
      } else {
        await page.getByTestId('settings-button').click();
        await page.getByTestId('settings-drawer').waitFor();
        await shoot(page, `shell-settings-${label}`);
      }
    });
  }
});
