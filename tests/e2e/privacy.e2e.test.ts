/**
 * The privacy page: an admin with website.privacy edits it in the rich-text editor and
 * saves; anyone sees it on /privacy without logging in. Screenshots of /privacy and the editor go to
 * /tmp/shots.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, saveScreenshot } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const SHOTS = '/tmp/shots';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('privacy page', () => {
  it('is edited and saved in the editor, then shown on /privacy without login', async () => {
    const admin = await openPage(browser, { locale: 'en-US', viewport: DESKTOP });
    await loginByApi(admin, server);
    await admin.goto(`${server.url}/website/privacy`);
    await admin.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await admin.getByText('Not published yet').waitFor();
    const editor = admin.getByTestId('rich-text-editor').locator('[contenteditable="true"]');
    await editor.click();
    await admin.getByRole('button', { name: 'Heading', exact: true }).click();
    await admin.keyboard.type('What we collect');
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('We keep only your ');
    await admin.keyboard.press('Control+b');
    await admin.keyboard.type('name and email');
    await admin.keyboard.press('Control+b');
    await admin.keyboard.type(' for running events.');
    await admin.keyboard.press('Enter');
    await admin.getByRole('button', { name: 'Bulleted list' }).click();
    await admin.keyboard.type('We never sell your data');
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('You can ask us to delete it');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByText('Privacy policy saved').waitFor();
    await admin.getByTestId('privacy-updated-at').filter({ hasText: 'Last updated' }).waitFor();
    await saveScreenshot(admin, 'privacy-editor-en', SHOTS);

    for (const [locale, tag] of [
      ['en-US', 'en'],
      ['zh-TW', 'zh-TW'],
    ] as const) {
      const visitor = await openPage(browser, { locale, viewport: DESKTOP });
      await visitor.goto(`${server.url}/privacy`);
      expect(new URL(visitor.url()).pathname).toBe('/privacy');
      const content = visitor.getByTestId('privacy-content');
      await content.locator('h2').filter({ hasText: 'What we collect' }).waitFor();
      await content.locator('strong, b').filter({ hasText: 'name and email' }).first().waitFor();
      expect(await content.locator('li').allInnerTexts()).toEqual(['We never sell your data', 'You can ask us to delete it']);
      expect(await visitor.locator('[contenteditable="true"]').count()).toBe(0);
      await saveScreenshot(visitor, `privacy-public-${tag}`, SHOTS);
    }
  });
});
