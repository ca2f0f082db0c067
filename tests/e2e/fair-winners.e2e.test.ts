/**
 * Fair winners in real Chromium (issue 21): two phones and a bot that joined with Ann's device id and
 * answered at once; the operator opens the game's Results from the game list, sees the bot flagged,
 * disqualifies it with a reason, and the big screen's ranking and Ben's phone move up at once; the
 * per-question statistics are shown as bars; the winners go to the display as a podium. Then the
 * control screen's Fair play card during a show: flags appearing as the show moves on, a
 * disqualification with its reason on the player's phone (zh-TW and en), ranking again restoring it.
 * And after the game ended (issue 33): the phones on their final screens follow a disqualification
 * and a requalification at once (the disqualified one says so and shows no place, the others move).
 * Screenshots to /tmp/shots-winners for review.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_ANSWER_MS } from '@/domain/fair-play';
import { launchBrowser, openPage, shoot as shootInto } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const SHOTS = '/tmp/shots-winners';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);
const PHONE = { width: 360, height: 740 } as const;
const BIG_SCREEN = { width: 1920, height: 1080 } as const;

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
const flow = (gameId: number, questionId: number, type: 2 | 3 | 4) => admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type });
/** A speed-contest question of `gameId` with 60 s to answer, its first option right. */
const createQuestion = (gameId: number, title: string, questionText: string, options: string[]) =>
  admin('/question/create', {
    trivia_game_id: gameId,
    title,
    question_text: questionText,
    question_img: '',
    pre_video_url: '',
    have_answering_time: 1,
    answering_time: 60,
    score: 0,
    question_type: 1,
    is_bonus: 0,
    options: options.map((text, i) => ({ title: 'ABCD'[i], text, img: '' })),
    answer: ['A'],
  });
const option = (page: Page, title: string) => page.locator(`button.option[data-option="${title}"]`);

async function playApi(path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}/api/play${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; data: any };
  expect(json.code, JSON.stringify(json)).toBe(200);
  return json.data;
}

async function join(page: Page, pin: string, nickname: string, language: 'zh-TW' | 'en') {
  await page.goto(`${server.url}/play?pin=${pin}`);
  await page.getByLabel(language === 'zh-TW' ? '暱稱' : 'Nickname').fill(nickname);
  await page.getByRole('button', { name: language === 'zh-TW' ? '加入' : 'Join', exact: true }).click();
  await page.getByText(language === 'zh-TW' ? '你已加入！' : "You're in!").waitFor();
}

describe('fair winners', () => {
  it('a disqualification reaches the display and the phones at once; statistics and the podium', async () => {
    const game = await operator.createGame({ title: '尾牙有獎徵答', type: 1, start_time: null, end_time: null });
    const { id: q1 } = await createQuestion(game.id, '最高的山', '台灣最高的山是哪一座？', ['玉山', '雪山', '合歡山']);

    const { code } = await admin('/triviaGame/displayCode', { trivia_game_id: game.id });
    const display = await openPage(browser, { locale: 'zh-TW', viewport: BIG_SCREEN });
    await display.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`);
    await display.getByTestId('pin').getByText(game.pin).waitFor();

    const ann = await openPage(browser, { locale: 'zh-TW', viewport: PHONE });
    const ben = await openPage(browser, { locale: 'en-US', viewport: PHONE });
    await join(ann, game.pin, 'Ann', 'zh-TW');
    await join(ben, game.pin, 'Ben', 'en');
    // The player page keeps a device id in local storage and sent it with the join.
    const annDevice = await ann.evaluate(() => localStorage.getItem('ltbo.deviceId'));
    expect(annDevice).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await ben.evaluate(() => localStorage.getItem('ltbo.deviceId'))).not.toBe(annDevice);
    // A bot on Ann's device, answering the moment the question is shown.
    const bot = await playApi('/join', { pin: game.pin, nickname: 'Bot', device_id: annDevice });

    await flow(game.id, q1, 2);
    await playApi('/answer', { question_id: q1, choices: ['A'] }, bot.player_token);
    await option(ann, 'A').click();
    await ann.getByText('已收到你的答案').waitFor();
    await option(ben, 'A').click();
    await ben.getByText(/Received at/).waitFor();
    await flow(game.id, q1, 3);
    await flow(game.id, q1, 4);
    await display.locator('.podium .place-1').getByText('Bot').waitFor();
    await ben.getByTestId('rank').getByText('#3').waitFor();

    // The operator: game list › Results.
    const office = await openPage(browser, { locale: 'zh-TW' });
    await loginByApi(office, server);
    await office.goto(`${server.url}/triviaGame/index`);
    await office.getByTestId('game-row').filter({ hasText: '尾牙有獎徵答' }).getByTestId('game-results').click();
    const dialog = office.getByTestId('results-dialog');
    await dialog.getByTestId('winner-row').first().getByText('Bot').waitFor();
    // Statistics: everyone right, three answers on A.
    const stats = dialog.getByTestId('question-stats').first();
    await stats.getByTestId('percent-correct').getByText('答對率 100%').waitFor();
    expect(await stats.locator('[data-option="A"]').getAttribute('data-count')).toBe('3');
    expect(await stats.locator('[data-option="B"]').getAttribute('data-count')).toBe('0');
    // Flags: Ann and the bot share a device.
    const botRow = dialog.locator('[data-testid="fair-play-row"][data-nickname="Bot"]');
    await botRow.getByTestId('flag-sharedDevice').getByText('同一裝置 2 人').waitFor();
    await dialog.locator('[data-testid="fair-play-row"][data-nickname="Ann"]').getByTestId('flag-sharedDevice').waitFor();
    await shoot(office, 'results-1-flags-zh-TW');

    await botRow.getByRole('button', { name: '取消資格' }).click();
    await botRow.getByLabel('原因').fill('與 Ann 同一裝置，0.3 秒內作答');
    await botRow.getByRole('button', { name: '確定取消' }).click();
    await botRow.getByText('已取消資格').waitFor();

    // At once: the big screen's ranking and the phones without the bot.
    await display.locator('.podium .place-1').getByText('Ann').waitFor();
    expect(await display.locator('.podium').innerText()).not.toContain('Bot');
    await ben.getByTestId('rank').getByText('#2').waitFor();
    await ann.getByTestId('rank').getByText('第 1 名').waitFor();
    await dialog.getByTestId('winner-row').first().getByText('Ann').waitFor();
    await shoot(display, 'display-1-ranking-after-disqualification');
    await shoot(ben, 'phone-1-rank-after-disqualification-en');
    await shoot(office, 'results-2-disqualified-zh-TW');

    // The winners on the big screen as a podium.
    await dialog.getByTestId('show-winners').click();
    const podium = display.getByTestId('winners-podium');
    await podium.getByText('得獎者').waitFor();
    await podium.locator('.place-1').getByText('Ann').waitFor();
    await podium.locator('.place-2').getByText('Ben').waitFor();
    expect(await podium.innerText()).not.toContain('Bot');
    await shoot(display, 'display-2-winners-podium');

    // The results dialog on a phone-sized window, in English.
    const small = await openPage(browser, { locale: 'en-US', viewport: { width: 390, height: 844 } });
    await loginByApi(small, server);
    await small.goto(`${server.url}/triviaGame/index`);
    await small.getByTestId('game-row').filter({ hasText: '尾牙有獎徵答' }).getByTestId('game-results').click();
    await small.getByTestId('results-dialog').getByTestId('percent-correct').getByText('100% correct').waitFor();
    await shoot(small, 'results-3-phone-en');
  });

  it('on the control screen while the game runs: the flags follow the show, a disqualification with its reason reaches the phone, ranking again restores it', async () => {
    const game = await operator.createGame({ title: '春酒問答', type: 1, start_time: null, end_time: null });
    const question = (title: string) => createQuestion(game.id, title, `${title}？`, ['甲', '乙', '丙']);
    await question('第一題');

    const ann = await openPage(browser, { locale: 'zh-TW', viewport: PHONE });
    const ben = await openPage(browser, { locale: 'en-US', viewport: PHONE });
    await join(ben, game.pin, 'Ben', 'en');
    await join(ann, game.pin, 'Ann', 'zh-TW');

    // The control screen opens with nobody flagged yet.
    const office = await openPage(browser, { locale: 'zh-TW', viewport: { width: 1280, height: 900 } });
    await loginByApi(office, server);
    await office.goto(`${server.url}/triviaGame/start/${game.id}`);
    const flags = office.getByTestId('flags-card');
    await flags.getByText('公平性').waitFor();
    await flags.getByTestId('fair-play-empty').getByText('沒有玩家被標記。').waitFor();

    // Two more join from Ben's device (its id copied, as a second tab of one browser would): flagged
    // once the show moves on (a question shown), without the operator reading again.
    const benDevice = await ben.evaluate(() => localStorage.getItem('ltbo.deviceId'));
    const cho = await openPage(browser, { locale: 'zh-TW', viewport: PHONE });
    await cho.goto(`${server.url}/play?pin=${game.pin}`);
    await cho.evaluate((id) => localStorage.setItem('ltbo.deviceId', id!), benDevice);
    await join(cho, game.pin, 'Cho', 'zh-TW');
    await playApi('/join', { pin: game.pin, nickname: 'Dee', device_id: benDevice });
    const row = office.getByTestId('question-row').filter({ hasText: '第一題' });
    await row.getByTestId('question-action').click();
    const countdown = office.getByTestId('countdown-dialog');
    await countdown.waitFor();
    // Answers come in at a human's pace: an answer received within FAST_ANSWER_MS of the show is
    // flagged as too fast, and on a quick machine the phones' clicks would be (the server's clock decides).
    await server.clock.skip(FAST_ANSWER_MS);
    await option(ann, 'A').click();
    await option(ben, 'A').click();
    await option(cho, 'A').click();
    await countdown.getByTestId('countdown-answered').filter({ hasText: '已作答 3 / 4 人' }).waitFor();
    await countdown.getByTestId('publish-now').click();
    await office.getByTestId('confirm-publish').getByRole('button', { name: '確定' }).click();
    await countdown.waitFor({ state: 'hidden' });
    for (const name of ['Ben', 'Cho', 'Dee']) await flags.locator(`[data-testid="fair-play-row"][data-nickname="${name}"]`).getByTestId('flag-sharedDevice').getByText('同一裝置 3 人').waitFor();
    expect(await flags.locator('[data-testid="fair-play-row"][data-nickname="Ann"]').count()).toBe(0);
    await row.getByTestId('question-action').filter({ hasText: '公佈排名' }).click();
    await row.getByText('已公佈排名').waitFor();
    const ranking = office.getByTestId('ranking-card');
    await ranking.getByTestId('ranking-row').filter({ hasText: 'Cho' }).waitFor();

    // Cho is disqualified from the control screen, with a reason.
    const choRow = flags.locator('[data-testid="fair-play-row"][data-nickname="Cho"]');
    await choRow.getByRole('button', { name: '取消資格' }).click();
    await choRow.getByLabel('原因').fill('與 Ben 同一支手機');
    await choRow.getByRole('button', { name: '確定取消' }).click();
    await choRow.getByText('已取消資格').waitFor();
    await choRow.getByText('與 Ben 同一支手機').waitFor();
    // The control screen's ranking and Cho's phone at once.
    await expect.poll(() => ranking.getByTestId('ranking-row').filter({ hasText: 'Cho' }).count()).toBe(0);
    const choBanner = cho.getByTestId('disqualified');
    await choBanner.getByText('你已被主辦單位取消資格').waitFor();
    await choBanner.getByText('與 Ben 同一支手機').waitFor();
    expect(await cho.getByTestId('rank').count()).toBe(0);
    await shoot(office, 'control-1-flags-disqualified-zh-TW-1280');
    await shoot(cho, 'phone-2-disqualified-zh-TW');
    // A reload keeps saying so.
    await cho.reload();
    await choBanner.getByText('你已被主辦單位取消資格').waitFor();

    // Ben too, from a second control screen on a phone-sized window, in English (a watcher may decide it).
    const small = await openPage(browser, { locale: 'en-US', viewport: { width: 390, height: 844 } });
    await loginByApi(small, server);
    await small.goto(`${server.url}/triviaGame/start/${game.id}`);
    const smallFlags = small.getByTestId('flags-card');
    const benRow = smallFlags.locator('[data-testid="fair-play-row"][data-nickname="Ben"]');
    await benRow.getByTestId('flag-sharedDevice').waitFor();
    await benRow.getByRole('button', { name: 'Disqualify' }).click();
    await benRow.getByLabel('Reason').fill('Three players on one phone');
    await benRow.getByRole('button', { name: 'Disqualify' }).click();
    await benRow.getByText('Disqualified', { exact: true }).waitFor();
    const benBanner = ben.getByTestId('disqualified');
    await benBanner.getByText('The organiser has disqualified you').waitFor();
    await benBanner.getByText('Three players on one phone').waitFor();
    await smallFlags.scrollIntoViewIfNeeded();
    await shoot(small, 'control-2-flags-disqualified-en-390');
    await shoot(ben, 'phone-3-disqualified-en');

    // Cho is ranked again: the message goes, the place comes back, on her phone and the control screen.
    await choRow.getByRole('button', { name: '恢復資格' }).click();
    await choRow.getByText('列入排名').waitFor();
    await choBanner.waitFor({ state: 'hidden' });
    await cho.getByTestId('rank').waitFor();
    await ranking.getByTestId('ranking-row').filter({ hasText: 'Cho' }).waitFor();
    await shoot(cho, 'phone-4-ranked-again-zh-TW');
  });

  it('after the game ended: a disqualification and a requalification reach every phone at once, without a reload (issue 33)', async () => {
    const game = await operator.createGame({ title: '散場後取消資格', type: 1, start_time: null, end_time: null });
    const { id: q1 } = await createQuestion(game.id, '最後一題', '台灣最高的山是哪一座？', ['玉山', '雪山']);
    const ann = await openPage(browser, { locale: 'zh-TW', viewport: PHONE });
    const ben = await openPage(browser, { locale: 'en-US', viewport: PHONE });
    const cho = await openPage(browser, { locale: 'zh-TW', viewport: PHONE });
    await join(ann, game.pin, 'Ann', 'zh-TW');
    await join(ben, game.pin, 'Ben', 'en');
    await join(cho, game.pin, 'Cho', 'zh-TW');

    // Ann answers right first, Ben right second, Cho wrong: places 1, 2, 3.
    await flow(game.id, q1, 2);
    await option(ann, 'A').click();
    await ann.getByText('已收到你的答案').waitFor();
    await option(ben, 'A').click();
    await ben.getByText(/Received at/).waitFor();
    await option(cho, 'B').click();
    await cho.getByText('已收到你的答案').waitFor();
    await flow(game.id, q1, 3);
    await admin('/triviaGame/gameFlow', { trivia_game_id: game.id, question_id: null, type: 5 });
    for (const phone of [ann, ben, cho]) await phone.getByTestId('final').waitFor();
    await ann.getByTestId('rank').getByText('第 1 名').waitFor();
    await ben.getByTestId('rank').getByText('#2').waitFor();
    await cho.getByTestId('rank').getByText('第 3 名').waitFor();

    // After the end, the operator disqualifies Ann: her phone says so and shows no place, the others move up.
    const ranked = (await admin('/triviaGame/getRank', { trivia_game_id: game.id })) as { list: Array<{ player_id: number; nickname: string }> };
    const annId = ranked.list.find((r) => r.nickname === 'Ann')!.player_id;
    await admin('/triviaGame/disqualify', { trivia_game_id: game.id, player_id: annId, reason: '同一人兩支手機' });
    const annBanner = ann.getByTestId('disqualified');
    await annBanner.getByText('你已被主辦單位取消資格').waitFor();
    await annBanner.getByText('同一人兩支手機').waitFor();
    await ann.getByTestId('final').getByTestId('rank').waitFor({ state: 'detached' });
    await ben.getByTestId('rank').getByText('#1').waitFor();
    await cho.getByTestId('rank').getByText('第 2 名').waitFor();
    await shoot(ann, 'phone-5-disqualified-after-end-zh-TW');
    await shoot(ben, 'phone-6-moved-up-after-end-en');

    // Ranked again: Ann's place comes back and the others go back down, still without a reload.
    await admin('/triviaGame/requalify', { trivia_game_id: game.id, player_id: annId });
    await annBanner.waitFor({ state: 'hidden' });
    await ann.getByTestId('rank').getByText('第 1 名').waitFor();
    await ben.getByTestId('rank').getByText('#2').waitFor();
    await cho.getByTestId('rank').getByText('第 3 名').waitFor();
  });
});
