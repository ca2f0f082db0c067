/**
 * The question kinds 3–8 played live (issue 34) in real Chromium against the real server: one game
 * with a question of each kind, created through the admin API; a phone at 390 px (Chinese) answers each
 * with its own input — 對 / 錯, a vote, a typed answer sent with Enter, a slider moved by its − button,
 * an order placed by taps — and a second phone at 360 px (English) watches; the big screen at 1280 px
 * shows each question and its reveal. What is asserted is what people in the room see: the input, the
 * receipt, right or wrong with the points, each kind's reveal (the accepted answer and the typed ones,
 * the value with its tolerance and the histogram, the order, a poll's votes), the explanation, and the
 * content slide full screen with no input and no countdown. Screenshots go to /tmp/shots-audience.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { launchBrowser, openPage, shoot as shootInto } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';

const SHOTS = '/tmp/shots-audience';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);
const PHONE = { width: 390, height: 844 } as const;
const SMALL_PHONE = { width: 360, height: 740 } as const;
const BIG_SCREEN = { width: 1280, height: 720 } as const;
const AXE = path.resolve('node_modules/axe-core/axe.min.js');

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
const flow = (gameId: number, questionId: number | null, type: 2 | 3 | 4 | 5) => admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type });

interface KindSpec {
  type: 3 | 4 | 5 | 6 | 7 | 8;
  title: string;
  text: string;
  options?: string[];
  answer?: string[];
  acceptedAnswers?: string[];
  slider?: { min: number; max: number; step: number; answer: number; tolerance: number; unit: string };
  explanation?: string;
  /** A level game's question: its level's id and its points. */
  levelId?: number;
  score?: number;
}

async function addQuestion(gameId: number, spec: KindSpec): Promise<number> {
  const { id } = await admin('/question/create', {
    trivia_game_id: gameId,
    title: spec.title,
    question_text: spec.text,
    question_img: '',
    pre_video_url: '',
    have_answering_time: spec.type === 8 ? 0 : 1,
    answering_time: 60,
    score: spec.score ?? 0,
    question_type: spec.type,
    is_bonus: 0,
    options: (spec.options ?? []).map((text, i) => ({ title: 'ABCD'[i], text, img: '' })),
    answer: spec.answer ?? [],
    accepted_answers: spec.acceptedAnswers ?? [],
    ignore_punctuation: 1,
    slider: spec.slider ?? null,
    explanation: spec.explanation ?? '',
    ...(spec.levelId ? { level_id: spec.levelId } : {}),
  });
  return id;
}

async function phone(locale: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await openPage(browser, { locale, viewport });
  page.on('pageerror', (error) => console.error(`player page error: ${error.stack}`));
  return page;
}

async function join(page: Page, pin: string, nickname: string, language: 'zh-TW' | 'en') {
  await page.goto(`${server.url}/play?pin=${pin}`);
  await page.getByLabel(language === 'zh-TW' ? '暱稱' : 'Nickname').fill(nickname);
  await page.getByRole('button', { name: language === 'zh-TW' ? '加入' : 'Join', exact: true }).click();
}

const screenOf = (page: Page) => page.locator('.page').getAttribute('data-screen');
const option = (page: Page, title: string) => page.locator(`button.option[data-option="${title}"]`);

describe('a game of every new question kind, on a phone and the big screen', () => {
  it('answers true/false, a poll, a typed answer, a slider and an order with their inputs, reveals each, and shows a content slide', async () => {
    const game = await operator.createGame({ title: 'E2E 題型', type: 1 });
    const trueFalse = await addQuestion(game.id, {
      type: 3,
      title: '玉山',
      text: '玉山是台灣最高的山。',
      answer: ['A'],
      explanation: '<p>玉山高 <strong>3,952</strong> 公尺。</p>',
    });
    const poll = await addQuestion(game.id, { type: 4, title: '飲料', text: '你最喜歡哪一種飲料？', options: ['茶 Tea', '咖啡 Coffee', '果汁 Juice'] });
    const typed = await addQuestion(game.id, { type: 5, title: '最高峰', text: '台灣最高的山叫什麼？', acceptedAnswers: ['玉山', 'Yushan'] });
    const slider = await addQuestion(game.id, {
      type: 6,
      title: '距離',
      text: '台北到新竹大約幾公里？',
      slider: { min: 0, max: 100, step: 1, answer: 70, tolerance: 5, unit: 'km' },
    });
    // The editor gives the letters out of order: the phones list A, B, C, the right order is B, C, A.
    const ordering = await addQuestion(game.id, { type: 7, title: '由北到南', text: '由北到南排列這些城市。', options: ['高雄 Kaohsiung', '台北 Taipei', '台中 Taichung'], answer: ['B', 'C', 'A'] });
    const slide = await addQuestion(game.id, { type: 8, title: '中場休息', text: '感謝贊助商！ Thanks to our sponsor!' });

    const { code } = await admin('/triviaGame/displayCode', { trivia_game_id: game.id });
    const display = await openPage(browser, { locale: 'zh-TW', viewport: BIG_SCREEN });
    display.on('pageerror', (error) => console.error(`display page error: ${error.stack}`));
    await display.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`);
    await display.getByTestId('pin').getByText(game.pin).waitFor();

    const ann = await phone('zh-TW', PHONE);
    const ben = await phone('en', SMALL_PHONE);
    await join(ann, game.pin, '安安', 'zh-TW');
    await join(ben, game.pin, 'Ben', 'en');
    await ann.getByText('歡迎，安安').or(ann.getByText('安安')).first().waitFor();
    await display.getByText('2 位玩家已加入').waitFor();

    // 3, true/false: two big buttons named 對 / 錯 in the page's language.
    await flow(game.id, trueFalse, 2);
    await expect.poll(() => screenOf(ann)).toBe('answering');
    await expect.poll(() => screenOf(ben)).toBe('answering');
    await expect.poll(() => option(ann, 'A').innerText()).toContain('對');
    await expect.poll(() => option(ben, 'B').innerText()).toContain('False');
    const tfBox = await option(ann, 'A').boundingBox();
    expect(tfBox!.height, 'a big target').toBeGreaterThanOrEqual(100);
    await display.getByTestId('display-options').getByText('對').waitFor();
    await shoot(ann, 'kinds-3-true-false-390-zh');
    await shoot(ben, 'kinds-3-true-false-360-en');
    await shoot(display, 'kinds-3-true-false-display');
    await option(ann, 'A').click();
    await ann.getByTestId('receipt').getByText('你的選擇：對').waitFor();
    await option(ben, 'B').click();
    await ben.getByTestId('receipt').waitFor();
    await flow(game.id, trueFalse, 3);
    await ann.getByTestId('result').getByText('答對了！').waitFor();
    await ann.getByTestId('correct-answer').getByText('正確答案：對').waitFor();
    await ann.getByTestId('explanation').getByText('玉山高 3,952 公尺。').waitFor();
    // Rich text: the bold part is bold, not the tag's text.
    await ann.getByTestId('explanation').locator('strong', { hasText: '3,952' }).waitFor();
    await ben.getByTestId('result').getByText('Wrong').waitFor();
    await ben.getByTestId('correct-answer').getByText('Correct answer: True').waitFor();
    await display.getByTestId('display-explanation').getByText('玉山高 3,952 公尺。').waitFor();
    await display.getByTestId('display-explanation').locator('strong', { hasText: '3,952' }).waitFor();
    await expect.poll(() => display.locator('.bar-col[data-option="A"]').getAttribute('data-correct')).toBe('true');
    await shoot(ann, 'kinds-3-true-false-reveal-390-zh');
    await shoot(display, 'kinds-3-true-false-reveal-display');

    // 4, poll: a vote, no right or wrong, the chart of votes.
    await flow(game.id, poll, 2);
    await ann.getByText('投票：點一下選項即投票').waitFor();
    await option(ann, 'B').click();
    await ann.getByTestId('receipt').getByText('你的投票：B. 咖啡 Coffee').waitFor();
    await option(ben, 'B').click();
    await ben.getByTestId('receipt').waitFor();
    await flow(game.id, poll, 3);
    await ann.getByTestId('result').getByText('感謝你的投票！').waitFor();
    await ben.getByTestId('result').getByText('Thanks for voting!').waitFor();
    expect(await ann.getByTestId('result').getByText(/分$/).count(), 'a poll gives no points').toBe(0);
    await expect.poll(() => ann.getByTestId('votes').locator('li[data-option="B"]').getAttribute('data-count'), { message: 'the votes on the phone' }).toBe('2');
    await ann.getByTestId('votes').getByText('2 票').waitFor();
    await expect.poll(() => display.locator('.bar-col[data-option="B"]').getAttribute('data-count')).toBe('2');
    expect(await display.locator('.bar-col[data-correct="true"]').count(), 'a poll has no correct option').toBe(0);
    await display.getByTestId('answer-total').getByText('2 票').waitFor();
    await shoot(ann, 'kinds-4-poll-reveal-390-zh');
    await shoot(display, 'kinds-4-poll-reveal-display');

    // 5, type answer: a text field, a counter, Enter sends.
    await flow(game.id, typed, 2);
    await display.getByTestId('type-prompt').waitFor();
    await shoot(display, 'kinds-5-type-answer-display');
    const annField = ann.getByLabel('你的答案');
    await annField.fill('玉山');
    await ann.getByTestId('typed-count').getByText('2 / 60').waitFor();
    await shoot(ann, 'kinds-5-type-answer-390-zh');
    await annField.press('Enter');
    await ann.getByTestId('receipt').getByText('你的答案：「玉山」').waitFor();
    await ben.getByLabel('Your answer').fill('Mount Jade');
    await ben.getByRole('button', { name: 'Submit answer' }).click();
    await ben.getByTestId('receipt').waitFor();
    await flow(game.id, typed, 3);
    await ann.getByTestId('result').getByText('答對了！').waitFor();
    await ann.getByTestId('correct-answer').getByText('正確答案：玉山、Yushan').waitFor();
    await ben.getByTestId('result').getByText('Wrong').waitFor();
    await display.getByTestId('accepted-answers').getByText('玉山、Yushan').waitFor();
    await display.getByTestId('typed-top').getByText('玉山').waitFor();
    await display.getByTestId('typed-top').getByText('× 1').waitFor();
    await shoot(ann, 'kinds-5-type-answer-reveal-390-zh');
    await shoot(display, 'kinds-5-type-answer-reveal-display');

    // 6, slider: starts mid-scale; − steps exactly; the value shows with its unit.
    await flow(game.id, slider, 2);
    await display.getByTestId('slider-scale').getByText('100 km').waitFor();
    await shoot(display, 'kinds-6-slider-display');
    await ann.getByTestId('slider-value').getByText('50 km').waitFor();
    await ann.getByRole('slider').fill('72');
    await ann.getByTestId('slider-value').getByText('72 km').waitFor();
    for (let i = 0; i < 3; i += 1) await ann.getByRole('button', { name: '減少一格' }).click();
    await ann.getByTestId('slider-value').getByText('69 km').waitFor();
    await shoot(ann, 'kinds-6-slider-390-zh');
    await shoot(ben, 'kinds-6-slider-360-en');
    await ann.getByRole('button', { name: '送出答案' }).click();
    await ann.getByTestId('receipt').getByText('你的答案：69 km').waitFor();
    await ben.getByRole('button', { name: 'One step more' }).click();
    await ben.getByRole('button', { name: 'Submit answer' }).click();
    await ben.getByTestId('receipt').getByText('Your answer: 51 km').waitFor();
    await flow(game.id, slider, 3);
    await ann.getByTestId('result').getByText('答對了！').waitFor();
    await ann.getByTestId('correct-answer').getByText('正確數值：70 km').waitFor();
    await ann.getByText('誤差在 ±5 km 以內都算答對').waitFor();
    await ben.getByTestId('result').getByText('Wrong').waitFor();
    await display.getByTestId('slider-answer').getByText(/答案：70 km/).waitFor();
    await expect.poll(() => display.locator('.h-col[data-answer="true"]').count(), { message: 'the answer is marked on the histogram' }).toBe(1);
    await expect.poll(() => display.locator('.h-col').evaluateAll((cols) => cols.reduce((sum, col) => sum + Number(col.getAttribute('data-count')), 0))).toBe(2);
    await shoot(ann, 'kinds-6-slider-reveal-390-zh');
    await shoot(display, 'kinds-6-slider-reveal-display');

    // 7, ordering: tap to place, tap again to undo, submit when all are placed.
    await flow(game.id, ordering, 2);
    await display.getByTestId('display-options').getByText('台北 Taipei').waitFor();
    await shoot(display, 'kinds-7-ordering-display');
    const submit = ann.getByRole('button', { name: '送出答案' });
    await option(ann, 'B').click();
    await option(ann, 'A').click();
    await expect.poll(() => option(ann, 'A').getAttribute('data-place')).toBe('2');
    await option(ann, 'A').click();
    await expect.poll(() => option(ann, 'A').getAttribute('data-place')).toBeNull();
    expect(await submit.isDisabled(), 'not every item is placed').toBe(true);
    await option(ann, 'C').click();
    await option(ann, 'A').click();
    await ann.getByTestId('order-status').getByText('已排好 3 / 3').waitFor();
    await shoot(ann, 'kinds-7-ordering-390-zh');
    await submit.click();
    await ann.getByTestId('receipt').getByText('你的答案：B. 台北 Taipei → C. 台中 Taichung → A. 高雄 Kaohsiung').waitFor();
    for (const title of ['A', 'B', 'C']) await option(ben, title).click();
    await ben.getByRole('button', { name: 'Submit answer' }).click();
    await ben.getByTestId('receipt').waitFor();
    await flow(game.id, ordering, 3);
    await ann.getByTestId('result').getByText('答對了！').waitFor();
    await ann.getByTestId('correct-answer').getByText('正確順序：B. 台北 Taipei → C. 台中 Taichung → A. 高雄 Kaohsiung').waitFor();
    await ben.getByTestId('result').getByText('Wrong').waitFor();
    await expect.poll(() => display.getByTestId('correct-order').locator('li').allInnerTexts()).toEqual(['B. 台北 Taipei', 'C. 台中 Taichung', 'A. 高雄 Kaohsiung']);
    await shoot(ann, 'kinds-7-ordering-reveal-390-zh');
    await shoot(display, 'kinds-7-ordering-reveal-display');

    // 8, content slide: full screen on the display, the slide on the phones; no input, no countdown.
    await flow(game.id, slide, 2);
    await expect.poll(() => screenOf(ann)).toBe('slide');
    await ann.getByTestId('slide').getByText('中場休息').waitFor();
    await ben.getByTestId('slide').getByText('感謝贊助商！ Thanks to our sponsor!').waitFor();
    await display.getByTestId('display-slide').getByText('中場休息').waitFor();
    expect(await ann.getByTestId('countdown').count()).toBe(0);
    expect(await ann.locator('button.option, input').count(), 'nothing to answer').toBe(0);
    expect(await display.getByTestId('display-countdown').count()).toBe(0);
    await shoot(ann, 'kinds-8-slide-390-zh');
    await shoot(display, 'kinds-8-slide-display');

    // Points came from the scored kinds only: Ann answered four right, Ben none.
    const annScore = Number((await ann.getByTestId('me').locator('.me-score').innerText()).replace(/\D/g, ''));
    const benScore = Number((await ben.getByTestId('me').locator('.me-score').innerText()).replace(/\D/g, ''));
    expect(annScore).toBeGreaterThan(0);
    expect(benScore).toBe(0);

    await flow(game.id, null, 5);
    await ann.getByTestId('final').waitFor();
    await display.getByTestId('final-results').waitFor();
  });
});

describe('a typed answer and a value sent without network', () => {
  it('wait on the phone as they were sent, and go as text and value when the network returns', async () => {
    const game = await operator.createGame({ title: 'E2E kinds offline', type: 1 });
    const typed = await addQuestion(game.id, { type: 5, title: 'Typed', text: 'Name the highest mountain.', acceptedAnswers: ['Yushan'] });
    const slider = await addQuestion(game.id, { type: 6, title: 'Slider', text: 'How far?', slider: { min: 0, max: 10, step: 0.5, answer: 5.5, tolerance: 0, unit: 'km' } });
    const page = await phone('en', SMALL_PHONE);
    await join(page, game.pin, 'Off', 'en');
    await page.getByText("You're in!").waitFor();

    await flow(game.id, typed, 2);
    await page.getByLabel('Your answer').fill('  yushan ');
    await page.context().setOffline(true);
    await page.getByLabel('Your answer').press('Enter');
    await page.getByTestId('pending').getByText('Your answer: 「yushan」').waitFor();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('live-trivia.pending'))) ?? '{}')).toMatchObject({ questionId: typed, text: 'yushan' });
    await shoot(page, 'kinds-5-type-answer-pending-360-en');
    await page.context().setOffline(false);
    await page.getByTestId('receipt').getByText('Your answer: 「yushan」').waitFor();
    await flow(game.id, typed, 3);
    await page.getByTestId('result').getByText('Correct!').waitFor();

    await flow(game.id, slider, 2);
    await page.getByTestId('slider-value').getByText('5 km').waitFor();
    await page.getByRole('button', { name: 'One step more' }).click();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Submit answer' }).click();
    await page.getByTestId('pending').getByText('Your answer: 5.5 km').waitFor();
    await page.context().setOffline(false);
    await page.getByTestId('receipt').getByText('Your answer: 5.5 km').waitFor();
    await flow(game.id, slider, 3);
    await page.getByTestId('result').getByText('Correct!').waitFor();
    await page.getByTestId('correct-answer').getByText('Correct value: 5.5 km').waitFor();
  });
});

describe('the new kinds in a level game (type 2)', () => {
  it("scores a right typed answer and a right order the question's points, a poll none", async () => {
    const now = Date.now();
    const game = await operator.createGame({ title: 'E2E 題型闖關', type: 2, start_time: new Date(now - 3_600_000).toISOString(), end_time: new Date(now + 3_600_000).toISOString() });
    const { list } = await admin('/triviaGame/updateLevel', { trivia_game_id: game.id, trivia_game_level: [{ level: 1, promotion_score: null }] });
    const levelId = (list as Array<{ id: number }>)[0]!.id;
    const typed = await addQuestion(game.id, { type: 5, title: 'Typed', text: '這座島叫什麼？', acceptedAnswers: ['台灣'], levelId, score: 30 });
    const poll = await addQuestion(game.id, { type: 4, title: 'Poll', text: '茶或咖啡？', options: ['茶', '咖啡'], levelId, score: 50 });
    const ordering = await addQuestion(game.id, { type: 7, title: 'Order', text: '由小到大', options: ['三', '一', '二'], answer: ['B', 'C', 'A'], levelId, score: 20 });
    const page = await phone('zh-TW', PHONE);
    await join(page, game.pin, '闖關', 'zh-TW');
    await page.getByText('你已加入！').waitFor();

    await flow(game.id, typed, 2);
    // Simplified Chinese matches the Traditional accepted answer.
    await page.getByLabel('你的答案').fill('台湾');
    await page.getByLabel('你的答案').press('Enter');
    await page.getByTestId('receipt').waitFor();
    await flow(game.id, typed, 3);
    await page.getByTestId('result').getByText('+30 分').waitFor();

    await flow(game.id, poll, 2);
    await option(page, 'A').click();
    await page.getByTestId('receipt').waitFor();
    await flow(game.id, poll, 3);
    await page.getByTestId('result').getByText('感謝你的投票！').waitFor();
    await page.getByTestId('result').getByText('總分 30').waitFor();

    await flow(game.id, ordering, 2);
    for (const title of ['B', 'C', 'A']) await option(page, title).click();
    await page.getByRole('button', { name: '送出答案' }).click();
    await page.getByTestId('receipt').waitFor();
    await flow(game.id, ordering, 3);
    await page.getByTestId('result').getByText('+20 分').waitFor();
    await page.getByTestId('result').getByText('總分 50').waitFor();
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

describe('axe on the new inputs and reveals (en, 360 px)', () => {
  it('finds no serious or critical violation on the true/false, typed, slider and ordering inputs, a reveal and a slide', async () => {
    const game = await operator.createGame({ title: 'E2E axe kinds', type: 1 });
    const ids = [
      await addQuestion(game.id, { type: 3, title: 'TF', text: 'The sky is blue.', answer: ['A'], explanation: '<p>Mostly <em>blue</em>.</p>' }),
      await addQuestion(game.id, { type: 5, title: 'Typed', text: 'Name the highest mountain.', acceptedAnswers: ['Yushan'] }),
      await addQuestion(game.id, { type: 6, title: 'Slider', text: 'How far?', slider: { min: 0, max: 10, step: 0.5, answer: 5, tolerance: 0, unit: 'km' } }),
      await addQuestion(game.id, { type: 7, title: 'Order', text: 'North to south.', options: ['Kaohsiung', 'Taipei'], answer: ['B', 'A'] }),
      await addQuestion(game.id, { type: 8, title: 'Break', text: 'Thanks to our sponsor.' }),
    ];
    // A context that ignores the CSP so axe can be injected (the page itself is unchanged).
    const context = await browser.newContext({ locale: 'en', viewport: SMALL_PHONE, bypassCSP: true });
    context.setDefaultTimeout(10_000);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await join(page, game.pin, 'Axe', 'en');
    await page.getByText("You're in!").waitFor();
    for (const [i, id] of ids.entries()) {
      // The question before is closed first (the first one was, by its reveal below).
      if (i > 1) await flow(game.id, ids[i - 1]!, 3);
      await flow(game.id, id, 2);
      await expect.poll(() => screenOf(page)).toBe(i === ids.length - 1 ? 'slide' : 'answering');
      expect(await seriousViolations(page), `question ${i + 1}`).toEqual([]);
      if (i === 0) {
        await option(page, 'A').click();
        await page.getByTestId('receipt').waitFor();
        await flow(game.id, id, 3);
        await page.getByTestId('explanation').getByText('Mostly blue.').waitFor();
        expect(await seriousViolations(page), 'the reveal').toEqual([]);
      }
    }
  });
});
