/**
 * The profile page in real Chromium against the real server (docs/product.md, Profile): server 422
 * messages under their fields, the navbar name following a save, a navigation switch that the tags
 * view follows at once and that persists after a reload, and the seeded super admin (which has no
 * email) changing its password there and logging in with it. Screenshots under /tmp/shots.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../support/fixtures';
import { DESKTOP, launchBrowser, MOBILE, openPage, type PageOptions, shoot as shootInto } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { ADMIN, loginByApi } from './support/session';

const SHOTS = '/tmp/shots';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);
const PAT = { username: 'pat', password: 'Pat-password-1', name: 'Pat Example' };
const NINA = { username: 'nina', password: 'Nina-password-1', name: 'Nina Example' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await createAdmin(server.app, { ...PAT, roles: ['operator'] });
  await createAdmin(server.app, { ...NINA, roles: ['viewer'] });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openProfile(who: { username: string; password: string }, options: PageOptions = { locale: 'en-US' }) {
  const page = await openPage(browser, options);
  await loginByApi(page, server, who.username, who.password);
  await page.goto(`${server.url}/profile/index`);
  await page.getByTestId('profile-form').waitFor();
  await expect.poll(() => page.locator('input[name="name"]').inputValue()).not.toBe('');
  return page;
}

describe('profile form', () => {
  it('shows the server 422 messages under their fields', async () => {
    const page = await openProfile(PAT);
    await page.locator('input[name="name"]').fill('   ');
    await page.locator('input[name="email"]').fill('not-an-email');
    await page.locator('input[name="password"]').fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('error-name').innerText()).not.toBe('');
    expect(await page.getByTestId('error-email').innerText()).not.toBe('');
    expect(await page.getByTestId('error-password').innerText()).toBe('The password must have at least 8 characters, with letters and digits');
    expect(await page.locator('input[name="email"]').getAttribute('aria-invalid')).toBe('true');
    await shoot(page, 'profile-errors-en-desktop');
  });

  it('saves name and email (a blank password is left out) and the navbar name follows', async () => {
    const page = await openProfile(PAT);
    let body: Record<string, unknown> | null = null;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/admin/updateSelf')) body = request.postDataJSON() as Record<string, unknown>;
    });
    await page.locator('input[name="name"]').fill('Patricia Example');
    await page.locator('input[name="email"]').fill('patricia@example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('user-menu').filter({ hasText: 'Patricia Example' }).waitFor();
    await page.getByText('Profile saved').waitFor();
    expect(body).toEqual({ name: 'Patricia Example', email: 'patricia@example.com' });
  });

  it('waits for the account before taking typing: a slow answer cannot overwrite what was typed', async () => {
    const ruth = { username: 'ruth', password: 'Ruth-password-1', name: 'Ruth Example' };
    await createAdmin(server.app, { ...ruth, roles: ['viewer'] });
    const page = await openPage(browser, { locale: 'en-US' });
    await loginByApi(page, server, ruth.username, ruth.password);
    // The real server's answer, held back until the page has been looked at.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/profile/index`);
    const name = page.locator('input[name="name"]');
    await name.waitFor();
    expect(await name.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('profile-form').getAttribute('aria-busy')).toBe('true');
    release();
    await expect.poll(() => name.inputValue()).toBe('Ruth Example');
    await name.fill('Ruth Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('user-menu').filter({ hasText: 'Ruth Renamed' }).waitFor();
    expect(await name.inputValue()).toBe('Ruth Renamed');
  });
});

describe('navigation settings', () => {
  it('a pinned-tag switch pins the tag at once and persists after a reload', async () => {
    const page = await openProfile(NINA);
    const affix = page.getByTestId('affix-notification.index');
    await affix.waitFor();
    expect(await affix.locator('input').isChecked()).toBe(false);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/nav/set/affix'));
    await affix.click();
    expect((await (await saved).json()).code).toBe(200);
    const pinned = page.locator('[data-testid="tag"][data-path="/notification"]');
    await expect.poll(() => pinned.getAttribute('data-affix')).toBe('true');

    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    await expect.poll(() => affix.locator('input').isChecked()).toBe(true);
    await expect.poll(() => pinned.getAttribute('data-affix')).toBe('true');
    await shoot(page, 'profile-nav-en-desktop');

    const zh = await openProfile(NINA, { locale: 'zh-TW', viewport: MOBILE });
    await zh.getByTestId('nav-settings').waitFor();
    await shoot(zh, 'profile-zh-mobile');
    const desktop = await openProfile(NINA, { locale: 'zh-TW', viewport: DESKTOP });
    await desktop.getByTestId('nav-settings').waitFor();
    await shoot(desktop, 'profile-zh-desktop');
  });
});

describe('the seeded super admin (issue 33)', () => {
  it('has no email, changes its password from /profile/index with the email left blank, and logs in with the new one', async () => {
    const NEW_PASSWORD = 'Fresh-admin-pass-9';
    for (const [locale, viewport, name] of [
      ['en-US', MOBILE, 'profile-admin-en-mobile'],
      ['zh-TW', MOBILE, 'profile-admin-zh-mobile'],
      ['en-US', DESKTOP, 'profile-admin-en-desktop'],
    ] as const) {
      const look = await openProfile(ADMIN, { locale, viewport });
      await shoot(look, name);
      await look.context().close();
    }
    const page = await openProfile(ADMIN, { locale: 'zh-TW', viewport: DESKTOP });
    expect(await page.locator('input[name="email"]').inputValue()).toBe('');
    await page.getByText('選填，可留白').waitFor();
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/admin/updateSelf'));
    await page.getByRole('button', { name: '儲存' }).click();
    expect((await (await saved).json()).code).toBe(200);
    await page.getByText('已儲存個人資料').waitFor();
    expect(await page.getByTestId('error-email').count()).toBe(0);
    await shoot(page, 'profile-admin-saved-zh-desktop');

    // A fresh browser logs in with the new password through the login form, and not with the old one.
    const login = await openPage(browser, { locale: 'zh-TW', viewport: DESKTOP });
    await login.goto(`${server.url}/login`);
    await login.locator('input[name="username"]').fill(ADMIN.username);
    await login.locator('input[name="password"]').fill(ADMIN.password);
    await login.locator('input[name="password"]').press('Enter');
    await login.getByText('帳號或密碼錯誤').first().waitFor();
    expect(new URL(login.url()).pathname).toBe('/login');
    await login.locator('input[name="password"]').fill(NEW_PASSWORD);
    await login.locator('input[name="password"]').press('Enter');
    await login.waitForURL(/\/dashboard$/);
    await login.getByTestId('user-menu').filter({ hasText: 'Administrator' }).waitFor();
  });
});
