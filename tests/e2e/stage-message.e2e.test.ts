/**
 * The stage message and the game's autopilot settings in real Chromium against the real server
 * (docs/game-rules.md): a title card the operator puts up through the admin API
 * (/triviaGame/stageMessage) appears on the big screen and on a phone joined to the game, as text;
 * it is replaced, taken off, survives a reload of the display, and is gone once the next question is
 * shown. Then the game dialog's autopilot section and the question editor's speaker notes, saved
 * and read back through the dialogs. Screenshots (display at 1280 px, phone at 390 px) go to
 * /tmp/shots-stage-message.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, shoot as shootInto } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const SHOTS = '/tmp/shots-stage-message';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);
const PHONE = { width: 390, height: 844 } as const;
const BIG_SCREEN = { width: 1280, height: 720 } as const;

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
const putUp = (gameId: number, stage_message: { title: string; text: string } | null) => admin('/triviaGame/stageMessage', { trivia_game_id: gameId, stage_message });

async function addQuestion(gameId: number, title: string): Promise<number> {
  const { id } = await admin('/question/create', {
    trivia_game_id: gameId,
    title,
    question_text: `${title}？`,
    question_img: '',
    pre_video_url: '',
    have_answering_time: 1,
    answering_time: 120,
    score: 10,
    question_type: 1,
    is_bonus: 0,
    options: ['玉山', '雪山', '合歡山'].map((text, i) => ({ title: 'ABC'[i], text, img: '' })),
    answer: ['A'],
    explanation: '',
  });
  return id;
}

async function phone(pin: string, nickname: string): Promise<Page> {
  const page = await openPage(browser, { locale: 'zh-TW', viewport: PHONE });
  page.on('pageerror', (error) => console.error(`player page error: ${error.stack}`));
  await page.goto(`${server.url}/play?pin=${pin}`);
  await page.getByLabel('暱稱').fill(nickname);
  await page.getByRole('button', { name: '加入', exact: true }).click();
  return page;
}

const card = (page: Page) => page.getByTestId('stage-message');
/** The card's title and line as the page shows them (null when there is no card). */
async function cardOf(page: Page): Promise<{ title: string; text: string } | null> {
  if ((await card(page).count()) === 0) return null;
  return card(page).evaluate((el) => ({ title: el.querySelector('h2')?.textContent ?? '', text: el.querySelector('p')?.textContent ?? '' }));
}

describe('the stage message on the display and the phones', () => {
  it('is put up, replaced and taken off on both, as text, kept over a reload, and gone with the next question', async () => {
    const game = await operator.createGame({ title: 'E2E 舞台訊息', type: 1 });
    const q1 = await addQuestion(game.id, '最高的山');

    const { code } = await admin('/triviaGame/displayCode', { trivia_game_id: game.id });
    const display = await openPage(browser, { locale: 'zh-TW', viewport: BIG_SCREEN });
    display.on('pageerror', (error) => console.error(`display page error: ${error.stack}`));
    await display.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`);
    await display.getByTestId('pin').getByText(game.pin).waitFor();
    const ann = await phone(game.pin, '安安');
    await ann.getByTestId('me').getByText('安安').waitFor();
    await display.getByText('1 位玩家已加入').waitFor();
    expect(await cardOf(display)).toBeNull();

    // Put up: the title and the line, on the big screen and the phone.
    const pause = { title: '休息 10 分鐘', text: '十點二十分回來，請勿離開會場' };
    await putUp(game.id, pause);
    await expect.poll(() => cardOf(display)).toEqual(pause);
    await expect.poll(() => cardOf(ann)).toEqual(pause);
    const size = await card(display).locator('h2').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size, 'readable from the back of the hall').toBeGreaterThanOrEqual(48);
    await shoot(display, 'stage-display-pause');
    await shoot(ann, 'stage-phone-pause');

    // Replaced: the new one alone; a title that looks like markup stays text.
    const round = { title: '下一輪：<b>台灣地理</b>', text: '' };
    await putUp(game.id, round);
    await expect.poll(() => cardOf(display)).toEqual(round);
    await expect.poll(() => cardOf(ann)).toEqual(round);
    expect(await card(display).locator('b').count(), 'the operator’s words are never markup').toBe(0);
    expect(await display.getByText(pause.title).count()).toBe(0);
    await shoot(display, 'stage-display-round');
    await shoot(ann, 'stage-phone-round');

    // Taken off.
    await putUp(game.id, null);
    await expect.poll(() => cardOf(display)).toBeNull();
    await expect.poll(() => cardOf(ann)).toBeNull();
    await display.getByTestId('pin').getByText(game.pin).waitFor();

    // Put up again: a reload of the display (and of the phone) shows the one up.
    await putUp(game.id, pause);
    await expect.poll(() => cardOf(display)).toEqual(pause);
    await display.reload();
    await expect.poll(() => cardOf(display)).toEqual(pause);
    await ann.reload();
    await expect.poll(() => cardOf(ann)).toEqual(pause);

    // The next question takes it off, on both.
    await admin('/triviaGame/gameFlow', { trivia_game_id: game.id, question_id: q1, type: 2 });
    await display.getByTestId('question-text').getByText('最高的山？').waitFor();
    await expect.poll(() => cardOf(display)).toBeNull();
    await expect.poll(() => cardOf(ann)).toBeNull();
    await ann.locator('button.option[data-option="A"]').waitFor();

    // Between questions (over the answer): the English display says it in the operator's words.
    await admin('/triviaGame/gameFlow', { trivia_game_id: game.id, question_id: q1, type: 3 });
    await putUp(game.id, { title: 'Next round: Taiwan', text: 'In five minutes' });
    await expect.poll(() => cardOf(display)).toEqual({ title: 'Next round: Taiwan', text: 'In five minutes' });
    await display.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => cardOf(display)).toEqual({ title: 'Next round: Taiwan', text: 'In five minutes' });
    await expect.poll(() => cardOf(ann)).toEqual({ title: 'Next round: Taiwan', text: 'In five minutes' });
    await shoot(display, 'stage-display-over-answer-en');
    await shoot(ann, 'stage-phone-over-answer');
  });
});

describe('the game dialog’s autopilot and the question’s speaker notes', () => {
  async function loggedIn(path: string, locale: string): Promise<Page> {
    const page = await openPage(browser, { locale });
    page.on('pageerror', (error) => console.error(`page error: ${error.stack}`));
    await loginByApi(page, server);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  it('saves the autopilot settings through the dialog and reads them back, with the server’s range message under its field', async () => {
    const page = await loggedIn('/triviaGame/index', 'zh-TW');
    await page.getByRole('button', { name: '新增遊戲' }).click();
    const dialog = page.getByTestId('game-dialog');
    await dialog.getByPlaceholder('例如：週年慶搶答').fill('E2E 自動導播');
    const section = dialog.getByTestId('autopilot-fields');
    await section.getByText('自動導播', { exact: true }).waitFor();
    expect(await section.getByTestId('autopilot-reveal').count(), 'settings hidden while off').toBe(0);
    await section.getByText('關閉', { exact: true }).click();
    await section.getByText('倒數歸零時公佈答案').waitFor();
    const ranking = section.getByLabel('公佈排名前等待（秒）', { exact: true });
    const next = section.getByLabel('出下一題前等待（秒）', { exact: true });
    expect(await ranking.inputValue(), 'the default').toBe('5');
    expect(await next.inputValue()).toBe('10');
    await ranking.fill('601');
    await next.fill('0');
    await section.getByText('最後一題後自動結束遊戲').click();
    await dialog.getByRole('button', { name: '儲存' }).click();
    // The server's 422 under its field.
    await section.getByTestId('field-ranking_after_s').getByText(/600/).waitFor();
    await shoot(page, 'autopilot-dialog-error-zh');
    await ranking.fill('8');
    await dialog.getByRole('button', { name: '儲存' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('game-row').filter({ hasText: 'E2E 自動導播' });
    await row.getByText('自動導播', { exact: true }).waitFor();
    const { list } = await admin('/triviaGame/list', { page: 1, limit: 50, order: 'desc', sort: 'id', title: 'E2E 自動導播' });
    const saved = list.find((g: { title: string }) => g.title === 'E2E 自動導播');
    expect(saved.auto_advance).toEqual({ enabled: true, reveal: 'at_zero', ranking_after_s: 8, next_after_s: 0, end_after_last: false });

    // Read back: the dialog opens on what was saved.
    await row.getByRole('button', { name: '編輯' }).click();
    await section.getByTestId('autopilot-reveal').waitFor();
    expect(await ranking.inputValue()).toBe('8');
    expect(await next.inputValue()).toBe('0');
    expect(await section.getByLabel('最後一題後自動結束遊戲').isChecked()).toBe(false);
    await shoot(page, 'autopilot-dialog-zh');
  });

  it('keeps a question’s speaker notes, line breaks and all', async () => {
    const game = await operator.createGame({ title: 'E2E 講者備註', type: 1 });
    const questionId = await addQuestion(game.id, '最高的山');
    const page = await loggedIn(`/triviaGame/update/${game.id}`, 'en-US');
    const row = page.getByTestId('question-row').filter({ hasText: '最高的山' });
    await row.getByRole('button', { name: 'Update' }).click();
    const dialog = page.getByTestId('question-dialog');
    const notes = dialog.getByLabel('Speaker notes');
    await notes.waitFor();
    await dialog.getByText("Shown only in the control screen's presenter view; never sent to phones or the display").waitFor();
    await notes.fill('Thank the sponsor first.\nThen: 3,952 m.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const { item } = await admin('/question/detail', { id: questionId });
    expect(item.notes).toBe('Thank the sponsor first.\nThen: 3,952 m.');
    await row.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => notes.inputValue()).toBe('Thank the sponsor first.\nThen: 3,952 m.');
  });
});
