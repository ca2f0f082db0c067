/**
 * Language detection in real Chromium: the `language` cookie wins, then the browser's languages
 * (zh → Traditional Chinese, en → English), else English. `<html lang>` follows, and a choice made
 * in the language picker survives a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const CHINESE = { webmaster: '站長說你不能進入這個頁面…', dashboard: '首頁', lang: 'zh-TW' };
const ENGLISH = { webmaster: 'The webmaster said that you can not enter this page...', dashboard: 'Dashboard', lang: 'en' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function expectLanguage(page: Page, expected: typeof CHINESE) {
  await loginByApi(page, server);
  await page.goto(`${server.url}/404`);
  await page.getByText(expected.webmaster).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe(expected.lang);

  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('heading', { name: expected.dashboard, level: 1 }).waitFor();
  await expect.poll(() => page.title()).toBe(`${expected.dashboard} - 活動互動管理後台`);
}

describe('language detection', () => {
  it('shows Chinese to a zh-TW browser', async () => {
    await expectLanguage(await openPage(browser, { locale: 'zh-TW' }), CHINESE);
  });

  it('shows Traditional Chinese to any Chinese browser (zh-CN)', async () => {
    await expectLanguage(await openPage(browser, { locale: 'zh-CN' }), CHINESE);
  });

  it('shows English to an en-US browser', async () => {
    await expectLanguage(await openPage(browser, { locale: 'en-US' }), ENGLISH);
  });

  it('falls back to English for other languages (fr-FR)', async () => {
    await expectLanguage(await openPage(browser, { locale: 'fr-FR' }), ENGLISH);
  });

  it('lets the language cookie win over the browser language', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.context().addCookies([{ name: 'language', value: 'zh-TW', url: server.url }]);
    await expectLanguage(page, CHINESE);
  });
});

describe('language picker', () => {
  it('switches the language at once and remembers it after a reload', async () => {
    const page = await openPage(browser, { locale: 'zh-TW' });
    await loginByApi(page, server);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: '首頁', level: 1 }).waitFor();

    await page.getByRole('combobox', { name: '語言' }).selectOption({ label: 'English' });
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Dashboard - 活動互動管理後台');
  });
});
