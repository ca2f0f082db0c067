/**
 * The budget script (scripts/size.ts) counts what the browser really loads: in Chromium, the JavaScript
 * files the login page, the dashboard after login, the file manager, the player page and the quiz display fetch before
 * they are usable are exactly the files the script follows through Vite's manifest. A lazy import
 * that starts loading with a page, or a page that no longer loads a chunk counted for it, fails here,
 * so the budgets checked by tests/unit/size-budget.test.ts stay the real figures. What a page loads
 * right after its first paint (the player page's machine and later screens: `afterPaint`) is expected
 * among the files fetched too, and printed by the script, though not in the budget.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePages, PAGE_BUDGETS } from '../../scripts/size';
import { launchBrowser, openPage } from './support/browser';
import { DIST_DIR, type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * The JavaScript files a page fetches: the list keeps growing while the page is open (what a page
 * loads after its first paint may come after the network was first quiet), so callers poll it.
 */
async function scriptsLoaded(address: string, ready: (page: Page) => Promise<unknown>, { login = false } = {}): Promise<string[]> {
  const page = await openPage(browser, { locale: 'zh-TW' });
  if (login) await loginByApi(page, server);
  const files: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) files.push(pathname.slice(1));
  });
  await page.goto(`${server.url}${address}`, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  return files;
}

describe('page weight', () => {
  it('counts exactly the scripts each page loads', async () => {
    const counted = new Map(measurePages(DIST_DIR).map((size) => [size.name, [...size.files, ...size.afterPaintFiles].sort()]));
    const loaded = new Map<string, string[]>([
      ['back office: login', await scriptsLoaded('/login', (page) => page.locator('input[type="password"]').waitFor())],
      ['back office: dashboard', await scriptsLoaded('/dashboard', (page) => page.getByTestId('app-shell').waitFor(), { login: true })],
      ['back office: files', await scriptsLoaded('/file/index', (page) => page.getByTestId('file-empty').waitFor(), { login: true })],
      ['player page (/play)', await scriptsLoaded('/play', (page) => page.locator('input').first().waitFor())],
      ['quiz display (/quiz)', await scriptsLoaded('/quiz', (page) => page.locator('#root > *').first().waitFor())],
    ]);
    for (const { name } of PAGE_BUDGETS) await expect.poll(() => [...(loaded.get(name) ?? [])].sort(), { message: name }).toEqual(counted.get(name));
  });
});
