/**
 * The audience's faces in real Chromium against the real server (issue 7): players on phone-sized
 * pages (/play) and the venue's big screen (/quiz), while the operator's steps go through the admin
 * API (the control screen is tested on its own). What is asserted is what people in the room notice:
 * the PIN and QR code on the screen and the count of players, the question and its countdown, the
 * receipt of an answer, right or wrong with the points, the rank, a promotion or an elimination in a
 * level game, the final results — in both languages, through a reload and a double tap.
 * Screenshots for review go to /tmp/shots-audience.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { solidPng } from '@/server/lib/png';
import { launchBrowser, openPage, shoot as shootInto } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';

const SHOTS = '/tmp/shots-audience';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);
const AXE = path.resolve('node_modules/axe-core/axe.min.js');
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
const createGame = (body: Record<string, unknown>) => operator.createGame(body);

interface QuestionSpec {
  text: string;
  options: string[];
  answer: string[];
  questionType?: 1 | 2;
  seconds?: number;
  levelId?: number;
  score?: number;
  img?: string;
}

async function addQuestion(gameId: number, spec: QuestionSpec): Promise<number> {
  const { id } = await admin('/question/create', {
    trivia_game_id: gameId,
    title: spec.text.slice(0, 20),
    question_text: spec.text,
    question_img: spec.img ?? '',
    pre_video_url: '',
    have_answering_time: 1,
    answering_time: spec.seconds ?? 60,
    score: spec.score ?? 0,
    question_type: spec.questionType ?? 1,
    is_bonus: 0,
    options: spec.options.map((text, i) => ({ title: 'ABCD'[i], text, img: '' })),
    answer: spec.answer,
    ...(spec.levelId ? { level_id: spec.levelId } : {}),
  });
  return id;
}

const flow = (gameId: number, questionId: number | null, type: 2 | 3 | 4 | 5) => admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type });

async function phone(locale: string, viewport: { width: number; height: number } = PHONE): Promise<Page> {
  const page = await openPage(browser, { locale, viewport });
  page.on('pageerror', (error) => console.error(`player page error: ${error.stack}`));
  return page;
}

/**
 * Every answer the page sends from now on, in order: `ws` for a request frame on its live socket,
 * `POST` for POST /api/play/answer.
 */
/** Every POST /api/play/ticket the page sends (the socket after a join opens with the join's ticket). */
function ticketsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/play/ticket') && asked.push(request.method()));
  return asked;
}

function answersSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/play/answer') && sent.push(request.method()));
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"type":"request"') && payload.includes('"operation":"answer"')) sent.push('ws');
    }),
  );
  return sent;
}

/** Opens /play (by the QR link when `byLink`, else typing the PIN) and joins. */
async function join(page: Page, pin: string, nickname: string, language: 'zh-TW' | 'en', byLink = false) {
  await page.goto(`${server.url}/play${byLink ? `?pin=${pin}` : ''}`);
  const texts = language === 'zh-TW' ? { pin: 'PIN 碼', nickname: '暱稱', join: '加入' } : { pin: 'Game PIN', nickname: 'Nickname', join: 'Join' };
  const pinBox = page.getByLabel(texts.pin);
  if ((await pinBox.inputValue()) !== pin) await pinBox.fill(pin);
  await page.getByLabel(texts.nickname).fill(nickname);
  await page.getByRole('button', { name: texts.join, exact: true }).click();
}

const option = (page: Page, title: string) => page.locator(`button.option[data-option="${title}"]`);

describe('a speed contest (type 1) with three phones and the big screen', () => {
  it('joins, answers, survives a reload and a double tap, shows right/wrong, ranks, and ends — on every face', async () => {
    const game = await createGame({ title: 'E2E 搶答賽', type: 1 });
    // A question image as an operator adds one: uploaded for the company (questions take no other).
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(solidPng(48, 27, [0x40, 0x9e, 0xff]))], { type: 'image/png' }), 'mountain.png');
    const uploaded = await fetch(`${server.url}/api/admin/file/uploadImage`, { method: 'POST', body: form, headers: { authorization: `Bearer ${operator.token}`, cid: '1' } });
    const image = ((await uploaded.json()) as { data: { path: string } }).data.path;
    const q1 = await addQuestion(game.id, { text: '台灣最高的山是哪一座？', options: ['雪山', '玉山', '合歡山', '阿里山'], answer: ['B'], seconds: 60, img: image });
    const q2 = await addQuestion(game.id, { text: 'Which of these are cities in Taiwan?', options: ['Taipei', 'Osaka', 'Kaohsiung'], answer: ['A', 'C'], questionType: 2, seconds: 60 });

    // The big screen, opened with a fresh single-use code.
    const { code } = await admin('/triviaGame/displayCode', { trivia_game_id: game.id });
    const display = await openPage(browser, { locale: 'zh-TW', viewport: BIG_SCREEN });
    display.on('pageerror', (error) => console.error(`display page error: ${error.stack}`));
    await display.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`);
    await display.getByTestId('pin').getByText(game.pin).waitFor();
    expect(new URL(display.url()).searchParams.get('token'), 'the code left the address bar').toBeNull();
    expect(new URL(display.url()).searchParams.get('trivia_game_id')).toBe(String(game.id));
    await expect.poll(() => display.getByTestId('join-url').innerText()).toBe(`${new URL(server.url).host}/play?pin=${game.pin}`);
    expect(await display.getByTestId('join-qr').getAttribute('data-text')).toBe(`${server.url}/play?pin=${game.pin}`);
    expect(await display.getByTestId('join-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await display.getByText('0 位玩家已加入').waitFor();
    await shoot(display, 'display-1-lobby');

    // Three phones: one by the QR link (PIN prefilled) in Chinese, two typing the PIN, one in English.
    const ann = await phone('zh-TW');
    const annAnswers = answersSent(ann);
    const annTickets = ticketsAsked(ann);
    const ben = await phone('en-US', { width: 390, height: 844 });
    const cat = await phone('zh-TW', { width: 375, height: 740 });
    await ann.goto(`${server.url}/play?pin=${game.pin}`);
    expect(await ann.getByLabel('PIN 碼').inputValue(), 'the QR link fills the PIN').toBe(game.pin);
    await shoot(ann, 'player-1-join-zh-TW');
    await join(ann, game.pin, 'Ann', 'zh-TW', true);
    await ann.getByText('你已加入！').waitFor();
    await ann.getByText('歡迎，Ann').waitFor();
    await join(ben, game.pin, 'Ben', 'en');
    await ben.getByText("You're in!").waitFor();
    await shoot(ben, 'player-2-lobby-en');
    // A name that shows nothing, or with a text-direction control, is refused on the phone in its words (issue 33).
    await join(cat, game.pin, '\u3164\u200B', 'zh-TW');
    await cat.locator('#nickname-help.error').getByText('請輸入暱稱').waitFor();
    await join(cat, game.pin, 'Cat\u202Egpj.exe', 'zh-TW');
    await cat.locator('#nickname-help.error').getByText('暱稱不可包含改變文字方向的控制字元（例如 U+202E）').waitFor();
    // A taken nickname, whatever its case and however it is written ("аnn" with a Cyrillic а for "Ann"), is refused
    // with the server's message in the player's language.
    await join(cat, game.pin, 'аnn', 'zh-TW');
    await cat.getByRole('alert').getByText('此暱稱已有人使用，請換一個').waitFor();
    await cat.getByLabel('暱稱').fill('Cat');
    await cat.getByRole('button', { name: '加入', exact: true }).click();
    await cat.getByText('你已加入！').waitFor();
    await display.getByText('3 位玩家已加入').waitFor();
    await ann.getByText('目前 3 位玩家').waitFor();

    // Question 1 on every face, with a countdown from the server's clock.
    await flow(game.id, q1, 2);
    await display.getByTestId('question-text').getByText('台灣最高的山是哪一座？').waitFor();
    const shownSeconds = Number(await display.getByTestId('display-countdown').innerText());
    expect(shownSeconds).toBeGreaterThan(50);
    expect(shownSeconds).toBeLessThanOrEqual(60);
    await display.getByText('玉山').waitFor();
    expect(await display.getByTestId('question-img').getAttribute('src')).toBe(image);
    await shoot(display, 'display-2-question');
    for (const page of [ann, ben, cat]) await option(page, 'B').waitFor();
    await expect.poll(async () => Number((await ann.getByTestId('countdown').innerText()).replace(/\D/g, ''))).toBeGreaterThan(50);
    await ben.getByText(/\d+ s left/).waitFor();
    await shoot(ann, 'player-3-question-zh-TW');
    await shoot(ben, 'player-3-question-en');

    // A double tap sends one answer, over the open live socket.
    expect(annAnswers).toEqual([]);
    await option(ann, 'B').dblclick();
    await ann.getByText('已收到你的答案').waitFor();
    await ann.getByText(/於 \d+\.\d 秒時收到/).waitFor();
    expect(annAnswers, 'one answer for a double tap, over the live socket').toEqual(['ws']);
    expect(annTickets, "the socket opened after the join with the join's ticket").toEqual([]);
    await shoot(ann, 'player-4-receipt-zh-TW');
    // The big screen's countdown runs on.
    await expect.poll(async () => Number(await display.getByTestId('display-countdown').innerText()), { timeout: 5_000 }).toBeLessThan(shownSeconds);
    await option(ben, 'A').click();
    await ben.getByText(/Received at \d+\.\d s/).waitFor();

    // Ann reloads mid-question: she is the same player, her answer is still stored.
    await ann.reload();
    await ann.getByText('已收到你的答案').waitFor();
    await ann.getByText('你的選擇：B. 玉山').waitFor();
    await ann.getByTestId('me').getByText('Ann').waitFor();
    expect(annAnswers).toHaveLength(1);
    // A reloaded page has no join's ticket: its socket asks for one.
    await expect.poll(() => annTickets).toEqual(['POST']);

    // The answer: right or wrong with the points; the chart on the big screen.
    await flow(game.id, q1, 3);
    const annResult = ann.getByTestId('result');
    await annResult.getByText('答對了！').waitFor();
    const annPoints = Number((await annResult.locator('.points').innerText()).replace(/\D/g, ''));
    expect(annPoints).toBeGreaterThanOrEqual(500);
    expect(annPoints).toBeLessThanOrEqual(1000);
    await ann.getByText('正確答案：B. 玉山').waitFor();
    await ben.getByTestId('result').getByText('Wrong').waitFor();
    await ben.getByText('+0 points').waitFor();
    await cat.getByText('本題未作答').waitFor();
    await shoot(ann, 'player-5-correct-zh-TW');
    await shoot(ben, 'player-5-wrong-en');
    const chart = display.getByTestId('answer-chart');
    await chart.waitFor();
    expect(await chart.locator('[data-option="B"]').getAttribute('data-correct')).toBe('true');
    expect(await chart.locator('[data-option="A"]').getAttribute('data-correct')).toBe('false');
    expect(await chart.locator('[data-option="B"]').getAttribute('data-count')).toBe('1');
    expect(await chart.locator('[data-option="A"]').getAttribute('data-count')).toBe('1');
    expect(await chart.locator('[data-option="C"]').getAttribute('data-count')).toBe('0');
    await display.getByText('共 2 人作答').waitFor();
    await shoot(display, 'display-3-answer-chart');

    // The ranking: each phone its own rank; the podium on the big screen.
    await flow(game.id, q1, 4);
    await ann.getByTestId('rank').getByText('第 1 名').waitFor();
    await ben.getByTestId('rank').getByText('#2').waitFor();
    await ben.getByText('of 3 players').waitFor();
    await display.getByTestId('ranking').waitFor();
    await display.locator('.podium [data-rank="1"]').getByText('Ann').waitFor();
    await shoot(display, 'display-4-ranking');
    await shoot(ann, 'player-6-rank-zh-TW');
    await shoot(ben, 'player-6-rank-en');

    // A reload between questions keeps the score.
    await ann.reload();
    await ann.getByTestId('me').getByText(`${annPoints} 分`).waitFor();

    // Cat's phone loses the network; question 2 is shown meanwhile; back online, she gets it.
    await cat.context().setOffline(true);
    await cat.getByText('重新連線中…').waitFor();
    // Question 2, multiple choice: select, then submit.
    await flow(game.id, q2, 2);
    await cat.context().setOffline(false);
    await cat.getByText('Which of these are cities in Taiwan?').waitFor({ timeout: 20_000 });
    await option(cat, 'C').waitFor();
    await expect.poll(() => cat.getByText('重新連線中…').count()).toBe(0);
    await option(ben, 'A').click();
    await option(ben, 'C').click();
    expect(await option(ben, 'A').getAttribute('aria-pressed')).toBe('true');
    await shoot(ben, 'player-7-multiple-en');
    await ben.getByRole('button', { name: 'Submit answer' }).click();
    await ben.getByText('Answer received').waitFor();
    await option(ann, 'A').click();
    await option(ann, 'B').click();
    await ann.getByRole('button', { name: '送出答案' }).click();
    await ann.getByText('已收到你的答案').waitFor();
    await flow(game.id, q2, 3);
    await ben.getByTestId('result').getByText('Correct!').waitFor();
    await ann.getByTestId('result').getByText('答錯了').waitFor();
    await flow(game.id, q2, 4);
    await display.locator('.podium [data-rank="1"]').waitFor();

    // The end: final results everywhere.
    await flow(game.id, null, 5);
    await ann.getByTestId('final').getByText('遊戲結束').waitFor();
    await ben.getByTestId('final').getByText('Game over').waitFor();
    await display.getByTestId('final-results').getByText('最終結果').waitFor();
    await shoot(display, 'display-5-final');
    await shoot(ann, 'player-8-final-zh-TW');
    await shoot(ben, 'player-8-final-en');
    const annRank = await ann.getByTestId('rank').innerText();
    const benRank = await ben.getByTestId('rank').innerText();
    // Both scored one right answer (speed decides who leads): first and second, each in their language.
    const positions = [Number(annRank.replace(/\D/g, '')), Number(benRank.replace(/\D/g, ''))].sort();
    expect(positions).toEqual([1, 2]);
    expect(annRank).toMatch(/^第 [12] 名$/);
    expect(benRank).toMatch(/^#[12]$/);
  });
});

describe('a level game (type 2) as the players see it', () => {
  it('promotes the player who reached the promotion score and eliminates the other', async () => {
    const game = await createGame({
      title: 'E2E 闖關賽',
      type: 2,
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { list } = await admin('/triviaGame/updateLevel', {
      trivia_game_id: game.id,
      trivia_game_level: [
        { level: 1, promotion_score: 10 },
        { level: 2, promotion_score: null },
      ],
    });
    const [level1, level2] = list;
    const l1 = await addQuestion(game.id, { text: '第一關：1 + 1 = ?', options: ['2', '3'], answer: ['A'], levelId: level1.id, score: 10 });
    const l2 = await addQuestion(game.id, { text: '第二關：2 × 3 = ?', options: ['5', '6'], answer: ['B'], levelId: level2.id, score: 10 });
    const { code } = await admin('/triviaGame/displayCode', { trivia_game_id: game.id });
    const display = await openPage(browser, { locale: 'en-US', viewport: BIG_SCREEN });
    await display.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`);
    await display.getByTestId('pin').getByText(game.pin).waitFor();

    const dora = await phone('zh-TW');
    const eve = await phone('en-US');
    await join(dora, game.pin, 'Dora', 'zh-TW');
    await join(eve, game.pin, 'Eve', 'en');
    await dora.getByText('你已加入！').waitFor();
    await eve.getByText("You're in!").waitFor();

    await flow(game.id, l1, 2);
    await dora.getByText('第 1 關').waitFor();
    await option(dora, 'A').click();
    await option(eve, 'B').click();
    await dora.getByText('已收到你的答案').waitFor();
    await eve.getByText('Answer received').waitFor();
    await flow(game.id, l1, 3);
    await dora.getByTestId('promoted').getByText('恭喜晉級第 2 關！').waitFor();
    await eve.getByTestId('result').getByText('Wrong').waitFor();
    await shoot(dora, 'player-9-promoted-zh-TW');
    // The big screen loses the network while the ranking is published, and catches up by itself.
    await display.context().setOffline(true);
    await display.getByText('Reconnecting…').waitFor();
    await flow(game.id, l1, 4);
    await display.context().setOffline(false);
    await display.getByTestId('promoted-line').getByText('1 player promoted to level 2').waitFor();
    await display.locator('.podium [data-rank="1"]').getByText('Promoted').waitFor();
    await shoot(display, 'display-6-level-ranking');
    await dora.getByText('已達第 2 關').waitFor();

    await flow(game.id, l2, 2);
    await eve.getByTestId('eliminated').getByText('You have been eliminated').waitFor();
    expect(await option(eve, 'A').count(), 'no answer buttons for an eliminated player').toBe(0);
    await shoot(eve, 'player-9-eliminated-en');
    await option(dora, 'B').click();
    await dora.getByText('已收到你的答案').waitFor();
    await flow(game.id, l2, 3);
    await dora.getByTestId('result').getByText('答對了！').waitFor();
    await flow(game.id, l2, 4);
    await flow(game.id, null, 5);
    await dora.getByTestId('final').getByTestId('rank').getByText('第 1 名').waitFor();
    await eve.getByTestId('final').getByTestId('rank').getByText('#2').waitFor();
    await display.getByTestId('final-results').getByText('Final results').waitFor();
  });
});

describe('the countdown', () => {
  it('runs out on the phone and on the big screen at the server deadline, then shows the answer the server published', async () => {
    const game = await createGame({ title: 'E2E countdown', type: 1 });
    const question = await addQuestion(game.id, { text: 'Quick!', options: ['Now', 'Later'], answer: ['A'], seconds: 3 });
    const { code } = await admin('/triviaGame/displayCode', { trivia_game_id: game.id });
    const display = await openPage(browser, { locale: 'en-US', viewport: BIG_SCREEN });
    await display.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`);
    await display.getByTestId('pin').getByText(game.pin).waitFor();
    const slow = await phone('en-US');
    await join(slow, game.pin, 'Slow', 'en');
    await slow.getByText("You're in!").waitFor();
    const shownAt = Date.now();
    await flow(game.id, question, 2);
    await slow.getByText(/[1-3] s left/).waitFor();
    await slow.getByText('Time is up for this question').waitFor({ timeout: 6_000 });
    await display.getByTestId('display-countdown').getByText("Time's up!").waitFor({ timeout: 6_000 });
    expect(Date.now() - shownAt, 'not before the deadline').toBeGreaterThanOrEqual(2_500);
    expect(await option(slow, 'A').count()).toBe(0);
    // No control screen is open: the server publishes the answer a few seconds past the deadline.
    await slow.getByText('No answer').waitFor({ timeout: 8_000 });
    await slow.getByText('Correct answer: A. Now').waitFor();
    await display.getByText('Correct', { exact: false }).first().waitFor();
    expect(Date.now() - shownAt, 'published by the server after the deadline').toBeGreaterThanOrEqual(3_000);
    await shoot(slow, 'player-10-published-by-server-en');
    await shoot(display, 'display-8-published-by-server');
  });
});

describe('the quiz display', () => {
  it('says clearly when its code was already used, and resumes after a reload without one', async () => {
    const game = await createGame({ title: 'E2E display code', type: 1 });
    const { code } = await admin('/triviaGame/displayCode', { trivia_game_id: game.id });
    const first = await openPage(browser, { locale: 'en-US', viewport: BIG_SCREEN });
    await first.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`);
    await first.getByTestId('pin').getByText(game.pin).waitFor();
    // The same tab reloads: the display session in session storage resumes it.
    await first.reload();
    await first.getByTestId('pin').getByText(game.pin).waitFor();

    const second = await openPage(browser, { locale: 'en-US', viewport: BIG_SCREEN });
    await second.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`);
    await second.getByTestId('display-error').getByText('This display link was already used or has expired').waitFor();
    expect(new URL(second.url()).searchParams.get('token')).toBeNull();
    await shoot(second, 'display-7-used-code');
  });
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe.each(['zh-TW', 'en-US'])('axe on the player page (%s)', (locale) => {
  it('finds no serious or critical violation on the join, question and result screens', async () => {
    const game = await createGame({ title: `E2E axe ${locale}`, type: 1 });
    const question = await addQuestion(game.id, { text: 'Axe?', options: ['Yes', 'No', 'Maybe', 'Later'], answer: ['A'] });
    // A context that ignores the CSP so axe can be injected (the page itself is unchanged).
    const context = await browser.newContext({ locale, viewport: PHONE, bypassCSP: true });
    context.setDefaultTimeout(10_000);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    const zh = locale === 'zh-TW';
    await page.goto(`${server.url}/play?pin=${game.pin}`);
    await page.locator('input[name="nickname"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `axe-1-join-${locale}`);
    await join(page, game.pin, 'Axe', zh ? 'zh-TW' : 'en', true);
    await page.getByText(zh ? '你已加入！' : "You're in!").waitFor();
    await flow(game.id, question, 2);
    await option(page, 'A').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `axe-2-question-${locale}`);
    await option(page, 'A').click();
    // The step that closes the question waits for the answer's receipt: an answer still on its way
    // when the question closes is refused, and the result would then not be "Correct!".
    await page.getByText(zh ? '已收到你的答案' : 'Answer received').waitFor();
    await flow(game.id, question, 3);
    await page.getByTestId('result').getByText(zh ? '答對了！' : 'Correct!').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `axe-3-result-${locale}`);
    // The language switch turns the whole page, remembered for the next visit.
    await page.getByRole('button', { name: zh ? 'English' : '中文' }).click();
    await page.getByTestId('result').getByText(zh ? 'Correct!' : '答對了！').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(zh ? 'en' : 'zh-TW');
    await page.reload();
    await page.getByTestId('result').getByText(zh ? 'Correct!' : '答對了！').waitFor();
  });
});
