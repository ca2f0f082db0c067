/**
 * The big screen's live answer count (issue 34) in real Chromium against the real server: while the
 * countdown runs, the display shows how many have answered — "N 人已作答" / "N answered", big — going
 * up as phones answer (two phones in the browser, a third player through the play API), never the
 * per-option chart; the count starts again at 0 on the next question, and a content slide shows none.
 * After the answer, a 5000-character explanation (too long to travel in the event) is shown whole on
 * the display and on the phone. Screenshots go to /tmp/shots-count.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, shoot as shootInto } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';

const SHOTS = '/tmp/shots-count';
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
const flow = (gameId: number, questionId: number | null, type: 2 | 3 | 4 | 5) => admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type });

async function addQuestion(gameId: number, type: 1 | 3 | 8, title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const { id } = await admin('/question/create', {
    trivia_game_id: gameId,
    title,
    question_text: `${title}？`,
    question_img: '',
    pre_video_url: '',
    have_answering_time: type === 8 ? 0 : 1,
    answering_time: 120,
    score: 10,
    question_type: type,
    is_bonus: 0,
    options: type === 1 ? ['玉山', '雪山', '合歡山'].map((text, i) => ({ title: 'ABC'[i], text, img: '' })) : [],
    answer: type === 8 ? [] : ['A'],
    explanation: '',
    ...extra,
  });
  return id;
}

/** A player answering through the play API (a phone without a browser). */
async function apiPlayer(pin: string, nickname: string): Promise<(questionId: number, choices: string[]) => Promise<void>> {
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${server.url}/api/play${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { code: number; data: { player_token?: string } };
    if (json.code !== 200) throw new Error(`${path} failed: ${JSON.stringify(json)}`);
    return json.data;
  };
  const { player_token } = await post('/join', { pin, nickname });
  return async (questionId, choices) => void (await post('/answer', { question_id: questionId, choices }, player_token));
}

async function phone(pin: string, nickname: string): Promise<Page> {
  const page = await openPage(browser, { locale: 'zh-TW', viewport: PHONE });
  page.on('pageerror', (error) => console.error(`player page error: ${error.stack}`));
  await page.goto(`${server.url}/play?pin=${pin}`);
  await page.getByLabel('暱稱').fill(nickname);
  await page.getByRole('button', { name: '加入', exact: true }).click();
  return page;
}

const option = (page: Page, title: string) => page.locator(`button.option[data-option="${title}"]`);
const liveCount = (display: Page) => display.getByTestId('answered-live').innerText();

describe('the display counts the answers live', () => {
  it('shows the count going up as phones answer, anew for each question, none on a slide; then the whole long explanation', async () => {
    const game = await operator.createGame({ title: 'E2E 作答人數', type: 1 });
    // 4999 characters, most of them 3 bytes: far too long for the event, whole on the screens.
    const explanation = `<p>${'玉山'.repeat(2485)}<strong>終點END</strong></p>`;
    expect(explanation).toHaveLength(4999);
    const q1 = await addQuestion(game.id, 1, '最高的山', { explanation });
    const q2 = await addQuestion(game.id, 3, '玉山在台灣');
    const slide = await addQuestion(game.id, 8, '中場休息');

    const { code } = await admin('/triviaGame/displayCode', { trivia_game_id: game.id });
    const display = await openPage(browser, { locale: 'zh-TW', viewport: BIG_SCREEN });
    display.on('pageerror', (error) => console.error(`display page error: ${error.stack}`));
    await display.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${game.id}`);
    await display.getByTestId('pin').getByText(game.pin).waitFor();

    const ann = await phone(game.pin, '安安');
    const ben = await phone(game.pin, '阿班');
    const cat = await apiPlayer(game.pin, 'Cat');
    await display.getByText('3 位玩家已加入').waitFor();

    await flow(game.id, q1, 2);
    await display.getByTestId('display-countdown').waitFor();
    await expect.poll(() => liveCount(display)).toBe('0 人已作答');
    const size = await display.getByTestId('answered-live').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size, 'readable from the back of the hall').toBeGreaterThanOrEqual(40);

    await option(ann, 'A').click();
    await ann.getByTestId('receipt').waitFor();
    await expect.poll(() => liveCount(display)).toBe('1 人已作答');
    await option(ben, 'B').click();
    await ben.getByTestId('receipt').waitFor();
    await expect.poll(() => liveCount(display)).toBe('2 人已作答');
    await cat(q1, ['C']);
    await expect.poll(() => liveCount(display)).toBe('3 人已作答');
    expect(await display.getByTestId('answer-chart').count(), 'no per-option counts while answering').toBe(0);
    await shoot(display, 'count-3-answered-zh');
    await display.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => liveCount(display)).toBe('3 answered');
    await shoot(display, 'count-3-answered-en');

    // The answer: the explanation left out of the event is read whole, on the display and the phone.
    await flow(game.id, q1, 3);
    const shown = display.getByTestId('display-explanation');
    await shown.locator('strong', { hasText: '終點END' }).waitFor();
    expect((await shown.innerText()).replace(/\s/g, '')).toContain(`${'玉山'.repeat(2485)}終點END`);
    expect(await display.getByTestId('answered-live').count(), 'no live count on the answer').toBe(0);
    await ann.getByTestId('explanation').locator('strong', { hasText: '終點END' }).waitFor();
    expect((await ann.getByTestId('explanation').innerText()).replace(/\s/g, '')).toContain(`${'玉山'.repeat(2485)}終點END`);
    await shoot(display, 'count-long-explanation');

    // The next question counts from 0 again.
    await flow(game.id, q2, 2);
    await display.getByTestId('display-options').waitFor();
    await expect.poll(() => liveCount(display)).toBe('0 answered');
    await option(ann, 'A').click();
    await ann.getByTestId('receipt').waitFor();
    await expect.poll(() => liveCount(display)).toBe('1 answered');
    await flow(game.id, q2, 3);

    // A content slide takes no answers: no count.
    await flow(game.id, slide, 2);
    await display.getByTestId('display-slide').waitFor();
    expect(await display.getByTestId('answered-live').count()).toBe(0);
    await shoot(display, 'count-slide');
  });
});
