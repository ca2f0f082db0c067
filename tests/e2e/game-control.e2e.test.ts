/**
 * The control screen (/triviaGame/start/:id: docs/product.md for the screen, the countdown dialog and
 * the confirmations, docs/game-rules.md for the steps) in real Chromium against the real server, with players joining and answering
 * through the real /api/play API: a whole speed contest (show, the countdown publishing the answer by
 * itself at zero, publish ranking, publish-now after 是否公佈答案, the live panel's players, answers
 * and top 10, a double click making one step, game over back to the list); a reload in the middle of
 * a question resuming its countdown; a level game with its promotion scores. Screenshots in both
 * languages at desktop and phone width go to /tmp/shots-control for review.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { questions } from '@/server/db/schema';
import { DESKTOP, launchBrowser, MOBILE, openPage, saveScreenshot, settle, type PageOptions } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { ADMIN } from './support/session';

const SHOTS = '/tmp/shots-control';
const AXE = path.resolve('node_modules/axe-core/axe.min.js');

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const res = await post('/api/admin/login', { username: ADMIN.username, password: ADMIN.password });
  token = res.data.token_info.token;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function post(path: string, body: unknown, bearer?: string): Promise<{ code: number; message: string; data: any }> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data: any };
}

async function admin(path: string, body: unknown) {
  const res = await post(`/api/admin${path}`, body, token);
  if (res.code !== 200) throw new Error(`${path}: ${JSON.stringify(res)}`);
  return res.data;
}

const options = (...texts: string[]) => texts.map((text, i) => ({ title: 'ABCD'[i], text, img: '' }));

async function createGame(body: Record<string, unknown>): Promise<{ id: number; pin: string }> {
  const { id } = await admin('/triviaGame/create', body);
  const { item } = await admin('/triviaGame/detail', { id });
  return { id, pin: item.pin };
}

async function addQuestion(gameId: number, title: string, spec: Record<string, unknown> = {}): Promise<number> {
  const { id } = await admin('/question/create', {
    trivia_game_id: gameId,
    title,
    question_text: `${title}：台灣最高的山是？`,
    question_img: '',
    pre_video_url: '',
    have_answering_time: 1,
    answering_time: 3,
    score: 0,
    question_type: 1,
    is_bonus: 0,
    options: options('玉山', '雪山', '合歡山'),
    answer: ['A'],
    ...spec,
  });
  return id;
}

async function join(pin: string, nickname: string): Promise<string> {
  const res = await post('/api/play/join', { pin, nickname });
  if (res.code !== 200) throw new Error(`join ${nickname}: ${JSON.stringify(res)}`);
  return res.data.player_token;
}

async function answer(playerToken: string, questionId: number, choices: string[]) {
  const res = await post('/api/play/answer', { question_id: questionId, choices }, playerToken);
  expect(res.code, JSON.stringify(res)).toBe(200);
}

/** A logged-in page on `path`; every code-201/500 toast and page error is collected in `problems`, every socket in `sockets`. */
async function control(path: string, pageOptions: PageOptions = {}): Promise<{ page: Page; problems: string[]; sockets: string[] }> {
  const page = await openPage(browser, pageOptions);
  const problems: string[] = [];
  // The WebSockets the page opens (the tab's one realtime client).
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', async (res) => {
    if (!res.url().includes('/api/admin/') || res.request().method() !== 'POST') return;
    const body = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (body && body.code !== 200) problems.push(`${res.url()}: ${body.code} ${body.message}`);
  });
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
  await page.goto(`${server.url}${path}`);
  return { page, problems, sockets };
}

async function shoot(page: Page, name: string) {
  await settle(page);
  await saveScreenshot(page, name, SHOTS);
}

const row = (page: Page, title: string) => page.getByTestId('question-row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
const countdownSeconds = async (page: Page) => Number(await page.getByTestId('countdown-seconds').innerText());

describe('a speed contest run from the control screen', () => {
  it('shows questions, publishes at zero by itself, publishes the ranking, and ends the game', async () => {
    const { id: gameId, pin } = await createGame({ title: 'E2E 控制台搶答', type: 1 });
    const q1 = await addQuestion(gameId, '第一題', { answering_time: 4 });
    const q2 = await addQuestion(gameId, '第二題', { answering_time: 30, is_bonus: 1 });
    const amy = await join(pin, 'Amy');
    const ben = await join(pin, 'Ben');
    const cat = await join(pin, 'Cat');

    const { page, problems, sockets } = await control(`/triviaGame/start/${gameId}`, { locale: 'zh-TW' });
    const flows: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/triviaGame/gameFlow')) flows.push(req.postData() ?? '');
    });
    await page.getByTestId('game-title').filter({ hasText: 'E2E 控制台搶答' }).waitFor();
    expect(await page.title()).toBe('遊戲控制 - 活動互動管理後台');
    const header = page.getByTestId('game-header');
    await header.getByText('搶答賽').waitFor();
    await header.getByText('啟用').waitFor();
    expect(await header.getByText('開放時間').count()).toBe(0); // type 1: no open time
    // The type-1 columns: bonus, no level or score.
    const columns = await page.getByTestId('question-table').locator('thead th').allInnerTexts();
    expect(columns.map((c) => c.trim())).toEqual(['排序', '標題', '題目文字', '題目圖片', '答題時間', '加倍題', '狀態', '操作']);
    await row(page, '第一題').getByText('未出題').waitFor();
    await row(page, '第二題').getByText('加倍題').waitFor();

    // The live panel: players joined, live over the operator topic.
    await page.getByTestId('connection').getByText('即時連線中').waitFor();
    await page.getByTestId('player-count').filter({ hasText: /^3$/ }).waitFor();
    const dan = await join(pin, 'Dan');
    await page.getByTestId('player-count').filter({ hasText: /^4$/ }).waitFor();
    await page.getByTestId('players-card').getByText(`玩家以 PIN ${pin} 加入`).waitFor();
    // The shell's live events and the operator topic share the tab's one socket.
    expect(sockets, 'one WebSocket for the tab').toHaveLength(1);

    // The quiz display opens in a new tab with a single-use code, the company and the game.
    const quizRequest = page.context().waitForEvent('request', (req) => req.url().includes('/quiz?'));
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('open-quiz').click()]);
    const opened = new URL((await quizRequest).url());
    expect(opened.pathname).toBe('/quiz');
    expect(opened.searchParams.get('token')).toMatch(/^\S{16,}$/);
    expect(opened.searchParams.get('company_id')).toBe('1');
    expect(opened.searchParams.get('trivia_game_id')).toBe(String(gameId));
    await popup.close();

    // Show question 1: the countdown dialog counts down from 4.
    await row(page, '第一題').getByTestId('question-action').click();
    const dialog = page.getByTestId('countdown-dialog');
    await dialog.waitFor();
    await dialog.getByText('第一題', { exact: true }).waitFor();
    expect(await countdownSeconds(page)).toBeLessThanOrEqual(4);
    // Players answer; the dialog and the panel count them per option.
    await Promise.all([answer(amy, q1, ['A']), answer(ben, q1, ['A']), answer(cat, q1, ['B'])]);
    await dialog.getByTestId('countdown-answered').filter({ hasText: '已作答 3 / 4 人' }).waitFor();
    await dialog.locator('[data-option="A"]').getByTestId('answer-count').filter({ hasText: '2 人' }).waitFor();
    // Nobody presses anything: at zero the answer is published by itself and the dialog closes.
    await dialog.waitFor({ state: 'hidden', timeout: 8_000 });
    await row(page, '第一題').getByText('已公佈答案').waitFor();
    await row(page, '第一題').getByTestId('question-action').filter({ hasText: '公佈排名' }).waitFor();
    expect(flows.filter((f) => f.includes('"type":3')).length).toBe(1);
    // The panel keeps the question's answers, now with the correct option, and the current top 10.
    await page.getByTestId('answers-card').getByText('上一題：第一題').waitFor();
    const ranking = page.getByTestId('ranking-card');
    await ranking.getByTestId('ranking-row').first().waitFor();
    await ranking.getByTestId('ranking-row').nth(3).waitFor(); // every player who joined is ranked
    expect(await ranking.getByTestId('ranking-row').first().innerText()).toMatch(/Amy|Ben/); // right, and fast

    // Publish the ranking, with a double click: one step, one success message, no error.
    await row(page, '第一題').getByTestId('question-action').dblclick();
    await page.getByText('公佈排名成功').waitFor();
    await row(page, '第一題').getByText('已公佈排名').waitFor();
    expect(flows.filter((f) => f.includes('"type":4')).length).toBe(1);
    await shoot(page, 'control-after-ranking-zh-TW-desktop');

    // The results export is on the control screen too: the workbook ranks the four players.
    await page.getByTestId('export-results').click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel（排名、作答紀錄、各題統計、取消資格）' }).click();
    const download = await downloading;
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    expect(book.worksheets[0]!.rowCount).toBe(5); // a header and the four players
    await page.keyboard.press('Escape');

    // Question 2: publish now asks 是否公佈答案 first; cancelling keeps the countdown going.
    await row(page, '第二題').getByTestId('question-action').dblclick();
    await dialog.waitFor();
    await dialog.getByText('第二題', { exact: true }).waitFor();
    await answer(dan, q2, ['A']);
    await dialog.getByTestId('countdown-answered').filter({ hasText: '已作答 1 / 4 人' }).waitFor();
    expect(flows.filter((f) => f.includes('"type":2')).length).toBe(2); // the double click showed it once
    await shoot(page, 'control-countdown-zh-TW-desktop');
    await dialog.getByTestId('publish-now').click();
    const confirm = page.getByTestId('confirm-publish');
    await confirm.getByText('是否公佈答案').waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'hidden' });
    // Cancelled, the countdown goes on: the next second shows.
    const before = await countdownSeconds(page);
    await expect.poll(() => countdownSeconds(page), { timeout: 5_000 }).toBeLessThan(before);
    await dialog.getByTestId('publish-now').click();
    await confirm.getByRole('button', { name: '確定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, '第二題').getByText('已公佈答案').waitFor();
    // Dan's bonus answer puts him first.
    await ranking.getByTestId('ranking-row').first().filter({ hasText: 'Dan' }).waitFor();

    // Game over: 確定要結束遊戲嗎？ then back to the game list.
    await page.getByTestId('end-game').click();
    const end = page.getByTestId('confirm-end');
    await end.getByText('確定要結束遊戲嗎？').waitFor();
    await end.getByRole('button', { name: '確定' }).click();
    await page.waitForURL(/\/triviaGame\/index$/);
    await page.getByText('遊戲結束成功').waitFor();
    await page.getByTestId('game-row').filter({ hasText: 'E2E 控制台搶答' }).getByText('關閉').waitFor();
    expect(problems).toEqual([]);
  });
});

describe('a reload in the middle of a question', () => {
  it('resumes the countdown with the time the server says is left, then publishes at zero even with the confirmation open', async () => {
    const { id: gameId, pin } = await createGame({ title: 'E2E 重新整理', type: 1 });
    const questionId = await addQuestion(gameId, '長題目', { answering_time: 10 });
    await join(pin, 'Eve');
    const { page, problems } = await control(`/triviaGame/start/${gameId}`, { locale: 'zh-TW' });
    await row(page, '長題目').getByTestId('question-action').click();
    const dialog = page.getByTestId('countdown-dialog');
    await dialog.waitFor();
    // Three seconds of the countdown gone by, as the screen shows them.
    await expect.poll(() => countdownSeconds(page), { timeout: 15_000 }).toBeLessThanOrEqual(7);
    await page.reload();
    await dialog.waitFor();
    const left = await countdownSeconds(page);
    // What the server says is left (same machine, same clock): the screen agrees within a second.
    const [stored] = await server.app.db.select().from(questions).where(eq(questions.id, questionId));
    const serverLeft = Math.ceil((stored!.shownAt!.getTime() + 10_000 - Date.now()) / 1000);
    expect(serverLeft).toBeLessThanOrEqual(7); // at least 3 s went by
    expect(Math.abs(left - serverLeft)).toBeLessThanOrEqual(1); // not 10 again
    await page.getByTestId('player-count').filter({ hasText: /^1$/ }).waitFor();
    // 是否公佈答案 is still open when the countdown reaches zero: the answer is published all the same,
    // once, and both boxes close.
    const published: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/triviaGame/gameFlow') && req.postData()?.includes('"type":3')) published.push(req.url());
    });
    await dialog.getByTestId('publish-now').click();
    await page.getByTestId('confirm-publish').getByText('是否公佈答案').waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 12_000 });
    await page.getByTestId('confirm-publish').waitFor({ state: 'hidden' });
    await row(page, '長題目').getByText('已公佈答案').waitFor();
    expect(published).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});

describe('a level game', () => {
  it('shows the promotion scores and steps a question through publish now and the ranking', async () => {
    const { id: gameId, pin } = await createGame({
      title: 'E2E Level game',
      type: 2,
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { list: levels } = await admin('/triviaGame/updateLevel', {
      trivia_game_id: gameId,
      trivia_game_level: [
        { level: 1, promotion_score: 20 },
        { level: 2, promotion_score: null },
      ],
    });
    const l1 = await addQuestion(gameId, 'Level one', { level_id: levels[0].id, score: 10, answering_time: 60 });
    await addQuestion(gameId, 'Level two', { level_id: levels[1].id, score: 30, have_answering_time: 0 });
    const fay = await join(pin, 'Fay');
    const gus = await join(pin, 'Gus');

    const { page, problems } = await control(`/triviaGame/start/${gameId}`, { locale: 'en-US' });
    await page.getByTestId('game-title').filter({ hasText: 'E2E Level game' }).waitFor();
    const header = page.getByTestId('game-header');
    await header.getByText('Level contest').waitFor();
    await header.getByText('Open time').waitFor();
    const scores = page.getByTestId('promotion-scores');
    expect(await scores.getByLabel('Level 1 promotion score').inputValue()).toBe('20');
    await scores.getByText('Level 2 is the last level: no promotion score').waitFor();
    const columns = await page.getByTestId('question-table').locator('thead th').allInnerTexts();
    expect(columns.map((c) => c.trim())).toEqual(['Order', 'Level', 'Title', 'Question text', 'Question image', 'Score', 'Answering time', 'Status', 'Action']);
    await row(page, 'Level two').getByText('No limit').waitFor();
    await page.getByTestId('player-count').filter({ hasText: /^2$/ }).waitFor();
    // The pre-flight check finds level 1's promotion score out of reach (one question of 10 points); run anyway.
    const preflight = page.getByTestId('preflight-panel');
    await preflight.getByText('The promotion score of level 1 (20) cannot be reached: its questions score 10 in all').waitFor();
    await preflight.getByTestId('preflight-understood').click();
    await preflight.getByTestId('preflight-acknowledge').click();

    // Show level one; the other question cannot be shown while it is live.
    await row(page, 'Level one').getByTestId('question-action').click();
    const dialog = page.getByTestId('countdown-dialog');
    await dialog.waitFor();
    await Promise.all([answer(fay, l1, ['A']), answer(gus, l1, ['C'])]);
    await dialog.getByTestId('countdown-answered').filter({ hasText: '2 of 2 answered' }).waitFor();
    await shoot(page, 'control-countdown-en-desktop');
    await dialog.getByTestId('publish-now').click();
    await page.getByTestId('confirm-publish').getByText('Publish the answer?').waitFor();
    await page.getByTestId('confirm-publish').getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 'Level one').getByText('Answer published').waitFor();
    await row(page, 'Level one').getByTestId('question-action').filter({ hasText: 'Publish ranking' }).click();
    await page.getByTestId('ranking-card').getByTestId('ranking-row').first().filter({ hasText: 'Fay' }).waitFor();
    await row(page, 'Level one').getByText('Ranking published').waitFor();
    await shoot(page, 'control-after-ranking-en-desktop');

    // The untimed question waits for the button.
    await row(page, 'Level two').getByTestId('question-action').click();
    await dialog.getByText('No time limit', { exact: true }).waitFor();
    await page.setViewportSize(MOBILE);
    await shoot(page, 'control-untimed-en-mobile');
    await page.setViewportSize(DESKTOP);
    expect(problems).toEqual([]);
  });
});

describe('screenshots at phone width', () => {
  it('lays the screen out at 390 px in Chinese, with the countdown dialog', async () => {
    const { id: gameId, pin } = await createGame({ title: 'E2E 手機版控制台', type: 1 });
    await addQuestion(gameId, '手機題', { answering_time: 20 });
    await addQuestion(gameId, '第二題');
    await join(pin, 'Hal');
    const { page, problems } = await control(`/triviaGame/start/${gameId}`, { locale: 'zh-TW', viewport: MOBILE });
    await page.getByTestId('player-count').filter({ hasText: /^1$/ }).waitFor();
    await shoot(page, 'control-zh-TW-mobile');
    // Nothing wider than the phone but the table's own scroll area.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // On a phone the questions are cards, with their status and action in view.
    const card = page.getByTestId('question-card').filter({ hasText: '手機題' });
    await card.getByText('未出題').waitFor();
    await card.getByTestId('question-action').click();
    await page.getByTestId('countdown-dialog').waitFor();
    await shoot(page, 'control-countdown-zh-TW-mobile');
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'control-live-zh-TW-desktop');
    const en = await control(`/triviaGame/start/${gameId}`, { locale: 'en-US', viewport: MOBILE });
    await en.page.getByTestId('countdown-dialog').waitFor();
    await shoot(en.page, 'control-countdown-en-mobile');
    expect([...problems, ...en.problems]).toEqual([]);
  });
});

describe('when someone else ends the game', () => {
  it('says so, stays on the screen and offers no step any more', async () => {
    const { id: gameId, pin } = await createGame({ title: 'E2E 他處結束', type: 1 });
    await addQuestion(gameId, '題一', { answering_time: 30 });
    await join(pin, 'Ivy');
    const { page, problems } = await control(`/triviaGame/start/${gameId}`, { locale: 'zh-TW' });
    await row(page, '題一').getByTestId('question-action').filter({ hasText: '出題' }).waitFor();
    await page.getByTestId('connection').getByText('即時連線中').waitFor();
    // Another operator closes the game by saving it closed on the game list.
    await admin('/triviaGame/update', { id: gameId, title: 'E2E 他處結束', type: 1, status: 0 });
    await page.getByTestId('game-ended').getByText('遊戲已結束，題目無法再操作。').waitFor();
    expect(await row(page, '題一').getByTestId('question-action').isDisabled()).toBe(true);
    expect(await page.getByTestId('end-game').isDisabled()).toBe(true);
    expect(page.url()).toMatch(/\/triviaGame\/start\/\d+$/);
    // Opened again later, the closed game shows the same.
    await page.reload();
    await page.getByTestId('game-ended').waitFor();
    await page.getByTestId('game-status').getByText('關閉').waitFor();
    expect(problems).toEqual([]);
  });
});

describe('a lost connection', () => {
  it('catches up on reconnecting: a publish it missed closes the countdown', async () => {
    const { id: gameId, pin } = await createGame({ title: 'E2E 斷線', type: 1 });
    const questionId = await addQuestion(gameId, '斷線題', { answering_time: 60 });
    await join(pin, 'Kim');
    const { page, problems } = await control(`/triviaGame/start/${gameId}`, { locale: 'zh-TW' });
    await row(page, '斷線題').getByTestId('question-action').click();
    const dialog = page.getByTestId('countdown-dialog');
    await dialog.waitFor();
    // The connection drops (the server side goes away) and cannot come back for a while.
    await page.context().setOffline(true);
    for (const client of server.app.hub.clients) if (client.topics.has(`game:${gameId}:operator`)) client.socket.terminate();
    await page.getByTestId('connection').getByText('連線中斷，重新連線中…').waitFor();
    // Meanwhile another screen publishes the answer.
    await admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type: 3 });
    await page.context().setOffline(false);
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await row(page, '斷線題').getByText('已公佈答案').waitFor();
    await page.getByTestId('connection').getByText('即時連線中').waitFor();
    expect(problems).toEqual([]);
  });
});

describe('accessibility', () => {
  it('has no serious axe violations on the control screen and in the countdown dialog, in both languages', async () => {
    const { id: gameId, pin } = await createGame({ title: 'E2E axe', type: 1 });
    await addQuestion(gameId, 'Axe question', { answering_time: 30 });
    await join(pin, 'Jay');
    for (const locale of ['zh-TW', 'en-US']) {
      // A context that ignores the CSP, so that axe can be injected (the app itself is unchanged).
      const context = await browser.newContext({ locale, viewport: DESKTOP, bypassCSP: true });
      context.setDefaultTimeout(10_000);
      onTestFinished(() => context.close());
      await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
      const page = await context.newPage();
      await page.goto(`${server.url}/triviaGame/start/${gameId}`);
      await page.getByTestId('player-count').filter({ hasText: /^1$/ }).waitFor();
      // The screen an operator works on: control taken and the pre-flight checked (until then the
      // buttons are disabled, and a button fading in as it enables is not yet its own colour); in
      // English the question is already live, its countdown open.
      if (locale === 'zh-TW') {
        await page.locator('[data-testid="question-action"]:not([disabled])').waitFor();
        await page.locator('[data-testid="preflight-recheck"]:not([disabled])').waitFor();
      } else await page.getByTestId('countdown-dialog').waitFor();
      await page.addScriptTag({ path: AXE });
      expect(await seriousViolations(page)).toEqual([]);
      if (locale === 'zh-TW') await row(page, 'Axe question').getByTestId('question-action').click();
      await page.getByTestId('countdown-dialog').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});

async function seriousViolations(page: Page): Promise<string[]> {
  await settle(page); // colours in the middle of a fade are not the page's colours
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[]; html: string }> };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.html).join(', ')}`);
}
