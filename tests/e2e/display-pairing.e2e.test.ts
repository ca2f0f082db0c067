/**
 * Display pairing (issue 16) in real Chromium: a venue computer with no login opens /quiz, shows a
 * pairing code, the operator types it on the control screen's Displays dialog (a wrong code first:
 * the server's message under the field), and the display shows the game; a reload keeps it (local
 * storage); unpairing sends it back to a new code at once. Screenshots of the pairing screen and the
 * dialog in both languages, desktop and 360 px, go to /tmp/shots-pairing for review.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, saveScreenshot, settle } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const SHOTS = '/tmp/shots-pairing';
const PHONE = { width: 360, height: 740 } as const;

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

async function shownCode(display: Page, not?: string): Promise<string> {
  const code = display.getByTestId('pairing-code');
  await expect.poll(async () => {
    const value = (await code.getAttribute('data-code')) ?? '';
    return value !== '' && value !== not ? value : '';
  }, { timeout: 10_000 }).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  return (await code.getAttribute('data-code'))!;
}

describe('pairing a venue display', () => {
  it('pairs a display with no login by the code it shows, keeps it over a reload, and unpairs it back to a new code', async () => {
    const game = await operator.createGame({ title: 'Harbour pairing night', type: 1 });

    const display = await openPage(browser, { locale: 'en-US', viewport: DESKTOP });
    await display.goto(`${server.url}/quiz`);
    const code = await shownCode(display);
    await expect.poll(() => display.getByTestId('pairing-code').innerText()).toBe(`${code.slice(0, 3)} ${code.slice(3)}`);
    await display.getByText('On the control screen, choose Displays › Pair and type this code').waitFor();
    await display.getByText('在控制台選擇「大螢幕 › 配對」，輸入此配對碼').waitFor();
    await saveScreenshot(display, 'pairing-en-desktop', SHOTS);

    const control = await openPage(browser, { locale: 'zh-TW', viewport: DESKTOP });
    await loginByApi(control, server);
    await control.goto(`${server.url}/triviaGame/start/${game.id}`);
    await control.getByTestId('displays-button').click();
    const dialog = control.getByTestId('displays-dialog');
    await dialog.getByTestId('displays-empty').waitFor();
    // A code no display shows: the server's sentence under the field, in the operator's language.
    await dialog.getByTestId('pair-code').fill('zzz-zzz');
    await dialog.getByTestId('pair-submit').click();
    await dialog.getByTestId('pair-code-field').getByText('找不到此配對碼，或已過期').waitFor();
    // The code as an operator might type it: lower case, with a dash.
    await dialog.getByTestId('pair-code').fill(`${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`);
    await dialog.getByTestId('pair-name').fill('Main stage');
    await dialog.getByTestId('pair-submit').click();
    await dialog.getByTestId('display-row').getByText('Main stage').waitFor();
    await settle(control);
    await saveScreenshot(control, 'dialog-zh-desktop', SHOTS);

    // The display follows the game by itself (it polls about every 2 s).
    await display.getByTestId('display').getByText('Harbour pairing night').waitFor();
    await expect.poll(() => display.evaluate(() => localStorage.getItem('live-trivia.display'))).toContain(`"gameId":${game.id}`);
    await display.reload();
    await display.getByTestId('display').getByText('Harbour pairing night').waitFor();
    expect(await display.getByTestId('pairing').count(), 'no new code after a reload').toBe(0);

    // Unpair after the confirmation: the display is back on a new code at once.
    await dialog.getByTestId('display-unpair').click();
    await control.getByRole('alertdialog').getByRole('button', { name: '取消配對' }).click();
    await dialog.getByTestId('displays-empty').waitFor();
    const next = await shownCode(display, code);
    expect(next).not.toBe(code);
    await display.getByText('This display was unpaired', { exact: true }).waitFor();
    expect(await display.evaluate(() => localStorage.getItem('live-trivia.display'))).toBeNull();

    // Both languages at 360 px, for review.
    await display.setViewportSize(PHONE);
    await display.goto(`${server.url}/quiz?lang=zh-TW`);
    await shownCode(display);
    await saveScreenshot(display, 'pairing-zh-360', SHOTS);
    await control.setViewportSize(PHONE);
    await settle(control);
    await saveScreenshot(control, 'dialog-zh-360', SHOTS);
  }, 40_000);

  it('says under the code field when the operator typed too many codes this minute, and pairs once the minute is over', async () => {
    const game = await operator.createGame({ title: 'Guessing night', type: 1 });
    // Codes typed by this admin through the API until the server refuses one (its minute's allowance).
    const typeCode = (code: string) =>
      fetch(`${server.url}/api/admin/triviaGame/pairDisplay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}`, cid: '1', lang: 'en' },
        body: JSON.stringify({ trivia_game_id: game.id, code }),
      });
    let refused = false;
    for (let i = 0; i < 40 && !refused; i++) refused = (await typeCode('ZZZZZZ')).status === 429;
    expect(refused, 'the server refuses guesses beyond the bound').toBe(true);

    const pending = await fetch(`${server.url}/api/play/display/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { pairing_code: code } = ((await pending.json()) as { data: { pairing_code: string } }).data;
    const control = await openPage(browser, { locale: 'zh-TW', viewport: DESKTOP });
    await loginByApi(control, server);
    await control.goto(`${server.url}/triviaGame/start/${game.id}`);
    await control.getByTestId('displays-button').click();
    const dialog = control.getByTestId('displays-dialog');
    await dialog.getByTestId('pair-code').fill(code);
    await dialog.getByTestId('pair-submit').click();
    await dialog.getByTestId('pair-code-field').getByText(/^請求過於頻繁，請 \d+ 秒後再試$/).waitFor();
    expect(await dialog.getByTestId('display-row').count()).toBe(0);

    // A minute later the same code pairs.
    await server.clock.skip(60_000);
    await dialog.getByTestId('pair-name').fill('Side screen');
    await dialog.getByTestId('pair-submit').click();
    await dialog.getByTestId('display-row').getByText('Side screen').waitFor();
  }, 40_000);
});
