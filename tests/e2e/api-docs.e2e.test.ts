/**
 * The API reference in real Chromium (plugins/api-docs.ts): /api/docs shows every operation of the back
 * office's contract, and of the players' contract once chosen in the top bar, under the app's
 * Content-Security-Policy (no violation, no error in the console) and without a single request to
 * another site. SHOTS_DIR names a folder for the screenshots (default: test-results).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadAdminSpec, loadPlaySpec } from '@/server/contract/spec';
import { launchBrowser, openPage, saveScreenshot, SCREENSHOT_DIR } from './support/browser';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const shotsDir = process.env.SHOTS_DIR || SCREENSHOT_DIR;

/** Operation ids the page shows, once it shows `count` operations. */
async function shownOperationIds(page: Page, count: number): Promise<string[]> {
  const ids = page.locator('.opblock .opblock-summary-operation-id');
  await expect.poll(() => ids.count(), { timeout: 20_000 }).toBe(count);
  return (await ids.allInnerTexts()).map((text) => text.trim());
}

describe('API reference', () => {
  it('shows every operation of both contracts, from this server only, under its Content-Security-Policy', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) problems.push(`request to ${request.url()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    });

    await page.goto(`${server.url}/api/docs`);
    const admin = listOperations(loadAdminSpec()).map((operation) => operation.operationId);
    expect((await shownOperationIds(page, admin.length)).sort()).toEqual([...admin].sort());
    await saveScreenshot(page, 'api-docs-admin', shotsDir);

    await page.locator('.topbar select').selectOption({ label: 'Player and quiz display API (/api/play)' });
    const play = listOperations(loadPlaySpec()).map((operation) => operation.operationId);
    expect((await shownOperationIds(page, play.length)).sort()).toEqual([...play].sort());
    await saveScreenshot(page, 'api-docs-play', shotsDir);

    expect(problems).toEqual([]);
  });
});
