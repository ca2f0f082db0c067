/**
 * Words and fields a user notices (issue 16, points 7 and 8), in both languages, in real Chromium:
 * the answering-seconds input keeps 0 and 3601 as typed and shows the range message under the field
 * (no silent clamp), its +/- buttons are named in the UI language, and at 360 px the notification
 * list's message header stays on one line. (Plurals, the bonus term and the confirm word are unit
 * tests over the bundles' files: tests/unit/i18n-words.test.ts.)
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot, settle } from './support/browser';
import { operatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

let server: RunningServer;
let browser: Browser;
let gameId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  gameId = (await (await operatorApi(server)).createGame({ title: 'E2E words', type: 1 })).id;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const WORDS = {
  'zh-TW': {
    create: '新增題目',
    seconds: '答題秒數',
    increase: '增加答題秒數',
    decrease: '減少答題秒數',
    range: '答題秒數需介於 1 到 3600 秒',
    message: '訊息',
  },
  en: {
    create: 'New question',
    seconds: 'Answering seconds',
    increase: 'Increase answering seconds',
    decrease: 'Decrease answering seconds',
    range: 'Answering seconds must be between 1 and 3600',
    message: 'Message',
  },
} as const;

/** How many lines a header's text takes (one rect per line box). */
function linesOf(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

for (const [language, locale] of [['zh-TW', 'zh-TW'], ['en', 'en-US']] as const) {
  describe(`words in ${language}`, () => {
    it('answering seconds: out of range stays as typed with the range message; +/- named in the language', async () => {
      const words = WORDS[language];
      const page = await openPage(browser, { locale });
      await loginByApi(page, server);
      await page.goto(`${server.url}/triviaGame/update/${gameId}`);
      await page.getByRole('button', { name: words.create }).click();
      const dialog = page.getByRole('dialog');
      const seconds = dialog.getByRole('spinbutton', { name: words.seconds, exact: true });
      await dialog.getByRole('button', { name: words.increase }).waitFor();
      await dialog.getByRole('button', { name: words.decrease }).waitFor();

      for (const typed of ['0', '3601']) {
        await seconds.fill(typed);
        await seconds.press('Tab');
        await dialog.getByText(words.range).waitFor();
        expect(await seconds.inputValue(), typed).toBe(typed);
      }
      await settle(page);
      await saveScreenshot(page, `answering-seconds-out-of-range-${language}`);
      await seconds.fill('30');
      await seconds.press('Tab');
      await expect.poll(() => dialog.getByText(words.range).count()).toBe(0);
      expect(await seconds.inputValue()).toBe('30');
    });

    it('notification list at 360 px: the message header on one line', async () => {
      const words = WORDS[language];
      const page = await openPage(browser, { locale, viewport: { width: 360, height: 740 } });
      await loginByApi(page, server);
      await page.goto(`${server.url}/notification`);
      await page.getByTestId('column-message').getByText(words.message, { exact: true }).waitFor();
      await settle(page);
      expect(await linesOf(page, 'column-message')).toBe(1);
      await saveScreenshot(page, `notification-list-360-${language}`);
    });
  });
}
