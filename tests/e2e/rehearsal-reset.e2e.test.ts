/**
 * Rehearse, reset, then the real show (issue 16, point 3) in real Chromium: a game rehearsed to its
 * end with a player (through the player API); its control screen is open in another tab and holds
 * control, so the game list's reset, after a confirmation naming what will be deleted, is refused
 * with the name of who holds control (issue 33: only the screen holding control resets while one is
 * open); the control screen's Reset for the real show resets it and the screen reloads by itself;
 * a new player joins with the same PIN and the control screen runs question 1 again. Then the game
 * is duplicated from the list. Screenshots of the confirmation at desktop and 360 px go to
 * /tmp/shots-reset.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot, settle } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { ADMIN, TOKEN_COOKIE } from './support/session';

const SHOTS = '/tmp/shots-reset';

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

async function player(route: string, body: unknown, token?: string): Promise<{ code: number; data: any }> {
  const response = await fetch(`${server.url}/api/play${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: any };
}

async function join(pin: string, nickname: string): Promise<string> {
  const res = await player('/join', { pin, nickname });
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data.player_token as string;
}

async function loggedIn(width: number, height: number): Promise<Page> {
  const page = await openPage(browser, { locale: 'en-US', viewport: { width, height } });
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: operator.token, url: server.url }]);
  return page;
}

const gameRow = (page: Page, title: string) => page.getByTestId('game-row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const questionRow = (page: Page, title: string) =>
  page.getByTestId('question-row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });

describe('rehearse, reset, run the real show', () => {
  it('resets a rehearsed game from its control screen (the list is refused while the screen holds control), and the same PIN runs question 1 again with a new player', async () => {
    const title = `Rehearsal ${Date.now()}`;
    const { id, pin } = await operator.createGame({ title, type: 1 });
    const question = (text: string) => ({
      trivia_game_id: id,
      title: text,
      question_text: `${text}?`,
      question_img: '',
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: 60,
      score: 0,
      question_type: 1,
      is_bonus: 0,
      options: [
        { title: 'A', text: 'Yes', img: '' },
        { title: 'B', text: 'No', img: '' },
      ],
      answer: ['A'],
    });
    const q1 = (await operator.call('/question/create', question('Opening'))).id as number;
    await operator.call('/question/create', question('Closing'));

    // The rehearsal: one player answers question 1, the game ends.
    const rehearsalToken = await join(pin, 'Rehearsal Ann');
    await operator.call('/triviaGame/gameFlow', { trivia_game_id: id, question_id: q1, type: 2 });
    expect((await player('/answer', { question_id: q1, choices: ['A'] }, rehearsalToken)).code).toBe(200);
    await operator.call('/triviaGame/gameFlow', { trivia_game_id: id, question_id: null, type: 5 });

    // The control screen of the ended game, left open in a tab.
    const control = await loggedIn(1280, 800);
    await control.goto(`${server.url}/triviaGame/start/${id}`);
    await control.getByTestId('game-ended').waitFor();
    await control.getByTestId('connection').getByText('Live').waitFor();

    // The list: the reset asks first, naming what goes.
    const list = await control.context().newPage();
    await list.goto(`${server.url}/triviaGame/index`);
    const row = gameRow(list, title);
    await row.getByTestId('reset-game').click();
    const dialog = list.getByRole('alertdialog').or(list.getByRole('dialog'));
    await dialog.getByText('Reset for the real show?').waitFor();
    await dialog.getByText(`“${title}”: 1 player, 1 answer and the ranking will be deleted; every question returns to not sent. The PIN stays the same.`).waitFor();
    await settle(list);
    await saveScreenshot(list, 'reset-confirm-desktop-en', SHOTS);
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    // The control screen holds control: the list may not reset behind its back.
    await list.getByText(`${ADMIN.name}'s control screen holds control of this game; only that screen may reset it`).waitFor();
    expect((await operator.call('/triviaGame/detail', { id })).item).toMatchObject({ player_count: 1, answer_count: 1 });

    // The control screen resets it, after the same confirmation.
    await control.bringToFront();
    await control.getByTestId('reset-for-show').click();
    const controlDialog = control.getByRole('alertdialog').or(control.getByRole('dialog'));
    await controlDialog.getByText(`“${title}”: 1 player, 1 answer and the ranking will be deleted; every question returns to not sent. The PIN stays the same.`).waitFor();
    await controlDialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await control.getByText('The game is reset, every question back to not sent: 1 player and 1 answer deleted').waitFor();

    // The rehearsal's phone is sent back to joining.
    expect((await player('/state', {}, rehearsalToken)).code).toBe(202);

    // The open control screen reloaded by itself: not ended, question 1 ready to show again.
    await expect.poll(() => control.getByTestId('game-ended').count()).toBe(0);

    // The list, read again: nothing left to reset, the game enabled again with the same PIN.
    await list.reload();
    await row.getByText('Enabled').waitFor();
    await expect.poll(() => row.getByTestId('reset-game').count()).toBe(0);
    await row.getByText(pin).waitFor();
    await control.bringToFront();
    const action = questionRow(control, 'Opening').getByTestId('question-action');
    await action.filter({ hasText: 'Show question' }).waitFor();

    // The real show: a new player with the same PIN, question 1 from the control screen.
    const bobToken = await join(pin, 'Bob');
    await control.getByTestId('player-count').filter({ hasText: /^1$/ }).waitFor();
    await action.click();
    const countdown = control.getByTestId('countdown-dialog');
    await countdown.waitFor();
    const state = await player('/state', {}, bobToken);
    expect(state.data.question).toMatchObject({ question: { id: q1 }, can_answer: true });
    expect((await player('/answer', { question_id: q1, choices: ['A'] }, bobToken)).code).toBe(200);
    await countdown.getByTestId('countdown-answered').filter({ hasText: '1 of 1 answered' }).waitFor();

    // Duplicate: the list shows the copy at the top, disabled, with a success message.
    await list.bringToFront();
    await gameRow(list, title).getByTestId('duplicate-game').click();
    await list.getByText('The game is copied (disabled)').waitFor();
    const copy = gameRow(list, `${title} (copy)`);
    await copy.getByText('Closed').waitFor();
    expect(await list.getByTestId('game-row').first().innerText()).toContain(`${title} (copy)`);
  });

  it('fits the confirmation on a 360 px phone, in Chinese', async () => {
    const title = `手機重設 ${Date.now()}`;
    const { id, pin } = await operator.createGame({ title, type: 1 });
    await join(pin, '小明');
    await join(pin, '小華');
    const page = await openPage(browser, { locale: 'zh-TW', viewport: { width: 360, height: 740 } });
    await page.context().addCookies([{ name: TOKEN_COOKIE, value: operator.token, url: server.url }]);
    await page.goto(`${server.url}/triviaGame/index`);
    await gameRow(page, title).getByTestId('reset-game').click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText(`「${title}」：將刪除 2 位玩家、0 筆作答與排名，所有題目回到未出題。PIN 碼不變。`).waitFor();
    await settle(page);
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'reset-confirm-360-zh', SHOTS);
    await dialog.getByRole('button', { name: '取消' }).click();
    expect((await operator.call('/triviaGame/detail', { id })).item.player_count).toBe(2);
  });
});
