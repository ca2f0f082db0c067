/**
 * The checks every e2e picture runs (tests/e2e/support/screen-checks.ts) on made-up pages in real
 * Chromium: each problem a user would notice fails `shoot`, and a sound page, a visually hidden label
 * or a truncation with an ellipsis does not.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE, openPage, shoot } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function pageWith(body: string, viewport = MOBILE): Promise<Page> {
  const page = await openPage(browser, { viewport });
  await page.setContent(`<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body style="margin:0">${body}</body></html>`);
  return page;
}

describe('shoot checks the screen', () => {
  it('passes a sound page, a visually hidden label and text cut with an ellipsis', async () => {
    const page = await pageWith(`
      <h1>登入 / Log in</h1>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap">a label for screen readers only, long</span>
      <p style="width:80px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">a long title shown with an ellipsis</p>
      <p>contact us at quiz.example.com or read rules.pdf</p>`);
    await expect(shoot(page, 'sound')).resolves.toBeNull();
  });

  it('fails on horizontal scrolling at the page width', async () => {
    const page = await pageWith('<div style="width:600px">a table wider than the phone</div>');
    await expect(shoot(page, 'wide')).rejects.toThrow(`horizontal scrolling: the page is 600px wide in a ${MOBILE.width}px window`);
  });

  it('fails on a message key shown instead of its text, in the page or in a placeholder', async () => {
    const page = await pageWith('<button>common.save</button><input placeholder="live:control.startGame">');
    await expect(shoot(page, 'keys')).rejects.toThrow('untranslated message key: "common.save" in <button>');
    await expect(shoot(page, 'keys')).rejects.toThrow('untranslated message key: placeholder="live:control.startGame" on <input>');
  });

  it('fails on text clipped by its box without an ellipsis', async () => {
    const page = await pageWith('<div style="width:60px;height:20px;overflow:hidden;white-space:nowrap">開始遊戲 Start the game now</div>');
    await expect(shoot(page, 'clipped')).rejects.toThrow(/clipped text: "開始遊戲 Start the game now" in <div>: \d+x\d+ of text in a 60x20 box/);
  });

  it("fails on the page's own errors since the last picture, not on a refused request", async () => {
    const page = await pageWith('<p>ok</p>');
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      console.error('Failed to load resource: the server responded with a status of 422 ()');
      console.error('render failed: x is undefined');
      setTimeout(() => {
        throw new TypeError('boom');
      });
    });
    await thrown;
    await expect(shoot(page, 'errors')).rejects.toThrow(/console\.error: render failed: x is undefined\n\s+uncaught TypeError: boom$/);
    // Reported once: the next picture starts clean.
    await expect(shoot(page, 'errors again')).resolves.toBeNull();
  });
});
