/**
 * A rehearsal with simulated players from the control screen (issue 21, docs/venue.md "Rehearse with
 * simulated players") in real Chromium against the real server, nothing mocked: the operator opens
 * the display, switches the rehearsal on with 50 bots — run by the server itself, joining over its
 * own WebSocket — and runs the whole show: each question shown, answered by the bots (the counts on
 * the control screen and the display), published, ranked (bots on the podium). A phone meanwhile is
 * told the game is being rehearsed. The operator switches the rehearsal off: the banner goes, the
 * game has no player, answer or ranking left and every question is back to not sent, on the control
 * screen, on the display and in the API. Then in English at phone width. Screenshots go to
 * /tmp/shots-rehearsal-bots.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, MOBILE, openPage, saveScreenshot, settle, type PageOptions } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { TOKEN_COOKIE } from './support/session';

const SHOTS = '/tmp/shots-rehearsal-bots';
const BOTS = 50;

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

/**
 * A speed game of two 10-second questions (a speed game's questions are always timed). A bot answers
 * at a random moment of the countdown's first 7 s; the countdown then publishes the answer by itself,
 * so the show runs as it would with nobody at the publish button, and a busy machine cannot make the
 * test race the countdown.
 */
async function showGame(title: string): Promise<{ id: number; pin: string }> {
  const game = await operator.createGame({ title, type: 1 });
  for (const [name, text] of [
    ['第一題', '台灣最高的山是哪一座？'],
    ['第二題', '台灣最長的河流是？'],
  ] as const) {
    await admin('/question/create', {
      trivia_game_id: game.id,
      title: name,
      question_text: text,
      question_img: '',
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: 10,
      score: 0,
      question_type: 1,
      is_bonus: 0,
      options: ['玉山', '雪山', '合歡山'].map((optionText, i) => ({ title: 'ABC'[i], text: optionText, img: '' })),
      answer: ['A'],
    });
  }
  return game;
}

async function controlScreen(gameId: number, pageOptions: PageOptions): Promise<Page> {
  const page = await openPage(browser, pageOptions);
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: operator.token, url: server.url }]);
  await page.goto(`${server.url}/triviaGame/start/${gameId}`);
  return page;
}

const row = (page: Page, title: string) => page.getByTestId('question-row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });

describe('a rehearsal with 50 simulated players', () => {
  it('runs the whole show with the display, keeps phones out, and leaves nothing behind', async () => {
    const game = await showGame('E2E 模擬玩家彩排');
    const page = await controlScreen(game.id, { locale: 'zh-TW', viewport: DESKTOP });
    await page.getByTestId('connection').getByText('即時連線中').waitFor();

    // The display, opened from its button as at the venue.
    const [display] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('open-quiz').click()]);
    await display.setViewportSize({ width: 1920, height: 1080 });
    await display.getByTestId('pin').getByText(game.pin).waitFor();
    await display.getByTestId('player-count').getByText('0 位玩家已加入').waitFor();

    const panel = page.getByTestId('rehearsal-panel');
    await panel.getByText('模擬玩家彩排').waitFor();
    expect(await panel.getByRole('spinbutton', { name: '模擬玩家人數' }).inputValue(), 'the count offered first').toBe(String(BOTS));
    await settle(page);
    await saveScreenshot(page, 'rehearsal-panel-zh-TW-desktop', SHOTS);
    await panel.getByTestId('rehearsal-start').click();

    const banner = page.getByTestId('rehearsal-banner');
    await banner.getByText('彩排中 — 模擬玩家，不保留任何成績').waitFor();
    await banner.getByText(`已加入 ${BOTS} / ${BOTS} 位模擬玩家。彩排結束前真實玩家無法加入。`).waitFor({ timeout: 30_000 });
    await panel.waitFor({ state: 'detached' });
    await display.getByTestId('player-count').getByText(`${BOTS} 位玩家已加入`).waitFor();
    await page.getByTestId('player-count').filter({ hasText: new RegExp(`^${BOTS}$`) }).waitFor();
    await settle(page);
    await saveScreenshot(page, 'rehearsal-on-zh-TW-desktop', SHOTS);

    // A phone of the audience is told to wait.
    const phone = await openPage(browser, { locale: 'zh-TW', viewport: MOBILE });
    await phone.goto(`${server.url}/play?pin=${game.pin}`);
    await phone.getByLabel('暱稱').fill('真人觀眾');
    await phone.getByRole('button', { name: '加入', exact: true }).click();
    await phone.getByText('此遊戲正在彩排，請稍後再加入').waitFor();

    // The whole show: the bots' answers counted on both screens, published, ranked.
    for (const [title, text] of [
      ['第一題', '台灣最高的山是哪一座？'],
      ['第二題', '台灣最長的河流是？'],
    ] as const) {
      await row(page, title).getByTestId('question-action').click();
      const dialog = page.getByTestId('countdown-dialog');
      await dialog.waitFor();
      await display.getByTestId('question-text').getByText(text).waitFor();
      await dialog.getByTestId('countdown-answered').filter({ hasText: new RegExp(`已作答 [1-9][0-9]* / ${BOTS} 人`) }).waitFor();
      if (title === '第一題') await saveScreenshot(page, 'rehearsal-answers-zh-TW-desktop', SHOTS);
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
      await display.getByTestId('answer-total').getByText(`共 ${BOTS} 人作答`).waitFor();
      await row(page, title).getByTestId('question-action').filter({ hasText: '公佈排名' }).click();
      await row(page, title).getByText('已公佈排名').waitFor();
      await page.getByTestId('ranking-card').getByText(`共 ${BOTS} 人上榜`).waitFor();
      await display.getByTestId('ranking').getByText(`共 ${BOTS} 位玩家`).waitFor();
    }
    const top = (await admin('/triviaGame/getRank', { trivia_game_id: game.id })) as { list: Array<{ nickname: string }>; total: number };
    expect(top.total).toBe(BOTS);
    expect(top.list[0]!.nickname).toMatch(/^Bot \d+$/);
    await display.locator('.podium [data-rank="1"]').getByText(top.list[0]!.nickname, { exact: true }).waitFor();
    await saveScreenshot(display, 'rehearsal-display-podium-zh-TW', SHOTS);

    // Switched off: the bots leave, their players, answers and rankings are deleted.
    await banner.getByTestId('rehearsal-stop').click();
    await page.getByText(`彩排結束：已刪除 ${BOTS} 位模擬玩家、${BOTS * 2} 筆作答，所有題目回到未出題`).waitFor();
    await banner.waitFor({ state: 'detached' });
    await page.getByTestId('player-count').filter({ hasText: /^0$/ }).waitFor();
    for (const title of ['第一題', '第二題']) await row(page, title).getByText('未出題').waitFor();
    await display.getByTestId('player-count').getByText('0 位玩家已加入').waitFor();
    // The panel is back for the next rehearsal; the real show starts from nothing.
    await page.getByTestId('rehearsal-panel').waitFor();
    const detail = (await admin('/triviaGame/detail', { id: game.id })) as { item: Record<string, unknown> };
    expect(detail.item).toMatchObject({ status: 1, player_count: 0, answer_count: 0, rehearsal_players: 0, pin: game.pin });
    expect(((await admin('/triviaGame/getRank', { trivia_game_id: game.id })) as { total: number }).total).toBe(0);
    // And the phone can join now.
    await phone.getByRole('button', { name: '加入', exact: true }).click();
    await phone.getByText('你已加入！').waitFor();
  }, 180_000);

  it('in English at phone width: the switch, the banner with the bots joined, and off again', async () => {
    const game = await showGame('E2E rehearsal phone');
    const page = await controlScreen(game.id, { locale: 'en', viewport: MOBILE });
    const panel = page.getByTestId('rehearsal-panel');
    await panel.getByText('Rehearsal with simulated players').waitFor();
    await panel.getByRole('spinbutton', { name: 'Simulated players' }).fill('5');
    await settle(page);
    await saveScreenshot(page, 'rehearsal-panel-en-phone', SHOTS);
    await panel.getByTestId('rehearsal-start').click();
    const banner = page.getByTestId('rehearsal-banner');
    await banner.getByText('5 of 5 simulated players joined. Real players cannot join until the rehearsal ends.').waitFor({ timeout: 60_000 });
    await settle(page);
    await saveScreenshot(page, 'rehearsal-on-en-phone', SHOTS);
    await page.setViewportSize(DESKTOP);
    await settle(page);
    await saveScreenshot(page, 'rehearsal-on-en-desktop', SHOTS);
    await banner.getByTestId('rehearsal-stop').click();
    await page.getByText('Rehearsal ended: 5 simulated players and 0 answers deleted, every question back to not sent').waitFor();
    await banner.waitFor({ state: 'detached' });
    await page.setViewportSize(MOBILE);
    await page.getByTestId('rehearsal-panel').waitFor();
    await settle(page);
    await saveScreenshot(page, 'rehearsal-off-en-phone', SHOTS);
  }, 120_000);
});
