/**
 * The profile page in real Chromium against the real server (docs/product.md, Profile): server 422
 * messages under their fields, the navbar name following a save, and a navigation switch that the
 * tags view follows at once and that persists after a reload. Screenshots under /tmp/shots.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../support/fixtures';
import { DESKTOP, launchBrowser, MOBILE, openPage, type PageOptions, shoot as shootInto } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

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
