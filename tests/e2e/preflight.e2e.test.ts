/**
 * The pre-flight check on the control screen (issue 21, docs/preflight.md) in real Chromium against the
 * real server: a game whose first question's image is not in the store opens with the check listing
 * it as blocking (with the warning that no display is open), the first question cannot be shown,
 * the fix link opens that question's edit dialog; once acknowledged, the first question is shown.
 * Screenshots in both languages at desktop and phone width go to /tmp/shots-preflight.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, saveScreenshot, settle, type PageOptions } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { TOKEN_COOKIE } from './support/session';

const SHOTS = '/tmp/shots-preflight';
/** An image address of the shape our store serves, with nothing stored under it. */
const MISSING_IMAGE = '/files/images/1/2026-01/0123456789abcdef0123456789abcdef.png';

let server: RunningServer;
let browser: Browser;
let operator: OperatorApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  operator = await operatorApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const admin = (route: string, body: unknown) => operator.call(route, body);

async function gameWithBrokenImage(title: string): Promise<{ gameId: number; broken: number }> {
  const { id: gameId } = await admin('/triviaGame/create', { title, type: 1 });
  const question = (name: string, img: string) =>
    admin('/question/create', {
      trivia_game_id: gameId,
      title: name,
      question_text: `${name}：台灣最高的山是？`,
      question_img: img,
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: 20,
      score: 0,
      question_type: 1,
      is_bonus: 0,
      options: ['玉山', '雪山'].map((text, i) => ({ title: 'AB'[i], text, img: '' })),
      answer: ['A'],
    });
  const { id: broken } = await question('Broken image', MISSING_IMAGE);
  await question('Second', '');
  return { gameId, broken };
}

async function control(path: string, pageOptions: PageOptions = {}): Promise<Page> {
  const page = await openPage(browser, pageOptions);
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: operator.token, url: server.url }]);
  await page.goto(`${server.url}${path}`);
  return page;
}

const row = (page: Page, title: string) => page.getByTestId('question-row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });

describe('the pre-flight check', () => {
  it('lists a broken image as blocking, links to its question, and lets the first question be shown once acknowledged', async () => {
    const { gameId, broken } = await gameWithBrokenImage('E2E pre-flight');
    const page = await control(`/triviaGame/start/${gameId}`, { locale: 'en' });
    const panel = page.getByTestId('preflight-panel');
    await panel.and(page.locator('[data-phase="reviewing"]')).waitFor();
    const problems = panel.getByTestId('preflight-problem');
    const image = problems.and(page.locator('[data-code="image_unreachable"]'));
    await image.getByText(`Question 1 "Broken image": the question image does not load (${MISSING_IMAGE})`).waitFor();
    expect(await image.getAttribute('data-severity')).toBe('blocking');
    expect(await problems.and(page.locator('[data-code="no_display"]')).getAttribute('data-severity')).toBe('warning');
    expect(await problems.first().getAttribute('data-code'), 'blocking first').toBe('image_unreachable');
    await settle(page);
    await saveScreenshot(page, 'preflight-reviewing-en-desktop', SHOTS);

    // Not before it is acknowledged: the show button is disabled, the acknowledgement needs the box ticked.
    const show = row(page, 'Broken image').getByTestId('question-action');
    expect(await show.isDisabled()).toBe(true);
    expect(await panel.getByTestId('preflight-acknowledge').isDisabled()).toBe(true);

    // The fix link opens the question's edit dialog on the question list.
    const href = await image.getByTestId('preflight-fix').getAttribute('href');
    expect(href).toBe(`/triviaGame/update/${gameId}?question=${broken}`);
    const editor = await control(href!, { locale: 'en' });
    await editor.getByRole('dialog').getByRole('textbox', { name: /title/i }).first().waitFor();
    expect(await editor.getByRole('dialog').getByRole('textbox', { name: /title/i }).first().inputValue()).toBe('Broken image');
    await editor.close();

    await panel.getByTestId('preflight-understood').click();
    await panel.getByTestId('preflight-acknowledge').click();
    await panel.getByTestId('preflight-cleared').getByText('Acknowledged').waitFor();
    await show.click();
    const dialog = page.getByTestId('countdown-dialog');
    await dialog.waitFor();
    await dialog.getByText('Broken image', { exact: true }).waitFor();
    // Once a question is shown, the check is gone.
    await panel.waitFor({ state: 'detached' });
  });

  it('checks again with the expected audience, in zh-TW, at phone width', async () => {
    const { gameId } = await gameWithBrokenImage('E2E 開場前檢查');
    const page = await control(`/triviaGame/start/${gameId}`, { locale: 'zh-TW', viewport: MOBILE });
    const panel = page.getByTestId('preflight-panel');
    await panel.and(page.locator('[data-phase="reviewing"]')).waitFor();
    await panel.getByRole('spinbutton', { name: '預計觀眾人數' }).fill('20000');
    await panel.getByTestId('preflight-recheck').click();
    await panel.getByText('人數上限 10000 人低於預計觀眾 20000 人：超過上限的手機無法加入').waitFor();
    await panel.getByText('沒有開啟中的大螢幕：請開啟答題網站或配對大螢幕').waitFor();
    await settle(page);
    await saveScreenshot(page, 'preflight-reviewing-zh-TW-phone', SHOTS);
    await page.setViewportSize(DESKTOP);
    await settle(page);
    await saveScreenshot(page, 'preflight-reviewing-zh-TW-desktop', SHOTS);
  });
});
