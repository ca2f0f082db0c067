/**
 * The error pages in real Chromium against the built SPA served by the real server: what they say,
 * where their buttons lead, and the document title. Like every page but /login, /auth-redirect and
 * /privacy they need a session, so each test logs in through the API first.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type PageOptions } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const TITLE_SUFFIX = ' - 活動互動管理後台';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function visit(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
}

/** A page with a session (the error pages are behind the route guard). */
async function loggedInPage(options: PageOptions) {
  const page = await openPage(browser, options);
  await loginByApi(page, server);
  return page;
}

async function expectOnDashboard(page: Page, heading: string) {
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

describe('404 page', () => {
  it('says the webmaster will not let you in and leads back home', async () => {
    const page = await loggedInPage({ locale: 'en-US' });
    await visit(page, '/404');

    await page.getByText('404', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('The webmaster said that you can not enter this page...').waitFor();
    await expect.poll(() => page.title()).toBe(`404${TITLE_SUFFIX}`);

    await page.getByRole('link', { name: 'Back to home' }).click();
    await expectOnDashboard(page, 'Dashboard');
  });

  it('is what an unknown address shows, keeping the address', async () => {
    const page = await loggedInPage({ locale: 'zh-TW' });
    await visit(page, '/no/such/page?x=1');

    await page.getByText('站長說你不能進入這個頁面…').waitFor();
    await page.getByRole('heading', { name: '找不到頁面' }).waitFor();
    expect(pathOf(page)).toBe('/no/such/page');
    await expect.poll(() => page.title()).toMatch(/ - 活動互動管理後台$/);
  });
});

describe('503 page', () => {
  it('has its own headline, the webmaster message and a way home', async () => {
    const page = await loggedInPage({ locale: 'zh-TW' });
    await visit(page, '/503');

    await page.getByText('503', { exact: true }).waitFor();
    await page.getByRole('heading', { name: '服務暫時無法使用' }).waitFor();
    await page.getByText('站長說你不能進入這個頁面…').waitFor();
    await expect.poll(() => page.title()).toBe(`503${TITLE_SUFFIX}`);

    await page.getByRole('link', { name: '返回首頁' }).click();
    await expectOnDashboard(page, '首頁');
  });
});

describe('without a session', () => {
  it('an error page or an unknown address sends to /login with the address as redirect', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await visit(page, '/404');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/404');
    await visit(page, '/no/such/page?x=1');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/no/such/page?x=1');
  });
});

describe('401 page', () => {
  it('says the user has no permission and links home', async () => {
    const page = await loggedInPage({ locale: 'zh-TW' });
    await visit(page, '/401');

    await page.getByText('401', { exact: true }).waitFor();
    await page.getByText('您沒有權限去該頁面').waitFor();
    await expect.poll(() => page.title()).toBe(`401${TITLE_SUFFIX}`);

    await page.getByRole('link', { name: '返回首頁' }).click();
    await expectOnDashboard(page, '首頁');
  });

  it('goes back one step without noGoBack', async () => {
    const page = await loggedInPage({ locale: 'en-US' });
    await visit(page, '/dashboard');
    // The dashboard as a user sees it before they go on (its start, the session's refresh included, is over).
    await expectOnDashboard(page, 'Dashboard');
    await visit(page, '/401');
    await page.getByText("You don't have permission to access this page").waitFor();

    await page.getByRole('button', { name: 'Back' }).click();
    await expectOnDashboard(page, 'Dashboard');
  });

  it('goes back to the page before, not home, without noGoBack', async () => {
    const page = await loggedInPage({ locale: 'en-US' });
    await visit(page, '/503');
    await visit(page, '/401');

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/503');
    await page.getByRole('heading', { name: 'Service unavailable' }).waitFor();
  });

  it('goes to the dashboard with noGoBack, even when there is a page before', async () => {
    const page = await loggedInPage({ locale: 'en-US' });
    await visit(page, '/503');
    await visit(page, '/401?noGoBack=true');

    await page.getByRole('button', { name: 'Back' }).click();
    await expectOnDashboard(page, 'Dashboard');
  });
});
