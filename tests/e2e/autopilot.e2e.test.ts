/**
 * The autopilot (docs/game-rules.md, "Autopilot") in real Chromium against the real server: a speed
 * contest of five questions (one a content slide) with `auto_advance` on. The operator shows question 1
 * with the control screen's stage bar (Space), then closes the control screen. With nobody at the
 * desk, the big screen and a phone (zh-TW, 390 px) go through every question, its answer, the ranking
 * and the slide, and the game ends by itself; the phone answers two questions by tapping. Afterwards
 * the admin API says every question ended, the game ended, and the audit trail lists each automatic
 * step once, in order, as taken by `autopilot` (the first step, the admin's).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';

const PHONE = { width: 390, height: 844 } as const;
const BIG_SCREEN = { width: 1280, height: 720 } as const;
const AUTO = { enabled: true, reveal: 'at_zero', ranking_after_s: 2, next_after_s: 3, end_after_last: true };
/** Generous: the whole show takes about 40 s on a busy machine. */
const WAIT = { timeout: 20_000 };

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

interface Spec {
  title: string;
  type: 1 | 3 | 8;
  seconds: number;
  options?: string[];
  answer?: string[];
}

/** The show, in the game's order; the phone taps the two questions of 4 s. */
const SHOW: Spec[] = [
  { title: '台北 101', type: 1, seconds: 4, options: ['508 公尺', '448 公尺'], answer: ['A'] },
  { title: '玉山', type: 3, seconds: 4, answer: ['A'] },
  { title: '中場休息', type: 8, seconds: 3 },
  { title: '日月潭', type: 1, seconds: 4, options: ['南投', '台中'], answer: ['A'] },
  { title: '阿里山', type: 1, seconds: 3, options: ['嘉義', '花蓮'], answer: ['A'] },
];

async function addQuestion(gameId: number, spec: Spec): Promise<number> {
  const { id } = await admin('/question/create', {
    trivia_game_id: gameId,
    title: spec.title,
    question_text: `${spec.title}？`,
    question_img: '',
    pre_video_url: '',
    have_answering_time: spec.type === 8 ? 0 : 1,
    answering_time: spec.seconds,
    score: 0,
    question_type: spec.type,
    is_bonus: 0,
    options: (spec.options ?? []).map((text, i) => ({ title: 'AB'[i], text, img: '' })),
    answer: spec.answer ?? [],
    explanation: '',
  });
  return id;
}

function watchErrors(page: Page, name: string, problems: string[]) {
  page.on('pageerror', (error) => problems.push(`${name}: ${error.message}`));
}

const screenOf = (page: Page) => page.locator('.page').getAttribute('data-screen');
const option = (page: Page, title: string) => page.locator(`button.option[data-option="${title}"]`);

describe('a show run by the autopilot', () => {
  it('runs to its end with the control screen closed: every question, answer, ranking and the slide on the display and a phone, each step once in the audit trail as the autopilot’s', async () => {
    const problems: string[] = [];
    const { id: gameId } = await admin('/triviaGame/create', { title: 'E2E 自動導播', type: 1, auto_advance: AUTO });
    const { item: game } = await admin('/triviaGame/detail', { id: gameId });
    expect(game.auto_advance).toEqual(AUTO);
    const ids: number[] = [];
    for (const spec of SHOW) ids.push(await addQuestion(gameId, spec));

    // The big screen and a phone, joined.
    const { code } = await admin('/triviaGame/displayCode', { trivia_game_id: gameId });
    const display = await openPage(browser, { locale: 'zh-TW', viewport: BIG_SCREEN });
    watchErrors(display, 'display', problems);
    await display.goto(`${server.url}/quiz?token=${code}&company_id=1&trivia_game_id=${gameId}`);
    await display.getByTestId('pin').getByText(game.pin).waitFor();
    const phone = await openPage(browser, { locale: 'zh-TW', viewport: PHONE });
    watchErrors(phone, 'phone', problems);
    await phone.goto(`${server.url}/play?pin=${game.pin}`);
    await phone.getByLabel('暱稱').fill('安安');
    await phone.getByRole('button', { name: '加入', exact: true }).click();
    await phone.getByText('你已加入！').waitFor();
    await display.getByText('1 位玩家已加入').waitFor();

    // The control screen: the operator shows question 1 from the stage bar, then closes the screen.
    const desk = await openPage(browser, { locale: 'zh-TW' });
    watchErrors(desk, 'control screen', problems);
    await desk.context().addCookies([{ name: 'Admin-Token', value: operator.token, url: server.url }]);
    await desk.goto(`${server.url}/triviaGame/start/${gameId}`);
    await desk.getByTestId('connection').filter({ hasText: '即時連線中' }).waitFor();
    const primary = desk.getByTestId('stage-primary');
    // Space once the button is enabled (the chart may still be busy right after loading).
    await primary.filter({ hasText: '出題：第 1 題 台北 101' }).and(desk.locator(':enabled')).waitFor();
    expect(await primary.getAttribute('data-step')).toBe('2');
    expect(await primary.getAttribute('data-question-id')).toBe(String(ids[0]));
    await desk.keyboard.press('Space');
    await display.getByTestId('question-text').getByText('台北 101？').waitFor();
    await desk.context().close();
    expect(await display.getByTestId('answer-chart').count(), 'closed before the first automatic step').toBe(0);

    // Nobody at the desk from here: each question, its answer, its ranking, on both faces.
    for (const [index, spec] of SHOW.entries()) {
      const text = `${spec.title}？`;
      if (spec.type === 8) {
        await Promise.all([
          display.getByTestId('display-slide').getByText(spec.title, { exact: true }).waitFor(WAIT),
          phone.getByTestId('slide').getByText(spec.title, { exact: true }).waitFor(WAIT),
        ]);
        continue;
      }
      await Promise.all([display.getByTestId('question-text').getByText(text).waitFor(WAIT), option(phone, 'A').waitFor(WAIT)]);
      expect(await screenOf(phone), `${spec.title} answerable`).toBe('answering');
      const tap = index === 0 ? 'A' : index === 3 ? 'B' : null;
      if (tap) {
        await option(phone, tap).click();
        await phone.getByText('已收到你的答案').waitFor();
      }
      const verdict = tap === 'A' ? '答對了！' : tap === 'B' ? '答錯了' : '本題未作答';
      await Promise.all([
        display.getByTestId('answer-chart').locator('[data-option="A"][data-correct="true"]').waitFor(WAIT),
        phone.getByText(verdict).waitFor(WAIT),
      ]);
      await Promise.all([display.getByTestId('ranking').waitFor(WAIT), expect.poll(() => screenOf(phone), WAIT).toBe('ranked')]);
    }
    // The game ends by itself.
    await Promise.all([
      display.getByTestId('final-results').getByText('最終結果').waitFor(WAIT),
      phone.getByTestId('final').getByText('遊戲結束').waitFor(WAIT),
    ]);
    await display.locator('.podium [data-rank="1"]').getByText('安安').waitFor();

    // What the server stored: every question ended (the slide closed), the game ended.
    const { list } = await admin('/question/list', { trivia_game_id: gameId, page: 1, limit: 50 });
    const statuses = new Map((list as Array<{ id: number; status: number }>).map((q) => [q.id, q.status]));
    expect(ids.map((id) => statuses.get(id))).toEqual([3, 3, 2, 3, 3]);
    const { item: ended } = await admin('/triviaGame/detail', { id: gameId });
    expect(ended.status).toBe(0);

    // The audit trail: the admin's first step, then each automatic step once, in order.
    await server.app.auditTrail.settled();
    const audit = await admin('/audit/list', { page: 1, limit: 100, operation: 'triviaGameGameFlow' });
    const entries = (audit.list as Array<{ id: number; username: string; admin_id: number | null; target_id: string; summary: string; outcome: string }>)
      .filter((e) => e.target_id === String(gameId))
      .sort((a, b) => a.id - b.id);
    expect(entries[0]).toMatchObject({ username: 'admin', outcome: 'success' });
    expect(entries[0]!.admin_id).not.toBeNull();
    const [q1, q2, slide, q4, q5] = ids;
    const rest = entries.slice(1);
    expect(rest.every((e) => e.username === 'autopilot' && e.admin_id === null && e.outcome === 'success')).toBe(true);
    expect(rest.map((e) => e.summary)).toEqual([
      `autopilot: step 3 publish the answer, question ${q1} (台北 101)`,
      `autopilot: step 4 publish the ranking, question ${q1} (台北 101)`,
      `autopilot: step 2 show the question, question ${q2} (玉山)`,
      `autopilot: step 3 publish the answer, question ${q2} (玉山)`,
      `autopilot: step 4 publish the ranking, question ${q2} (玉山)`,
      `autopilot: step 2 show the question, question ${slide} (中場休息)`,
      `autopilot: step 2 show the question, question ${q4} (日月潭)`,
      `autopilot: step 3 publish the answer, question ${q4} (日月潭)`,
      `autopilot: step 4 publish the ranking, question ${q4} (日月潭)`,
      `autopilot: step 2 show the question, question ${q5} (阿里山)`,
      `autopilot: step 3 publish the answer, question ${q5} (阿里山)`,
      `autopilot: step 4 publish the ranking, question ${q5} (阿里山)`,
      'autopilot: step 5 end the game',
    ]);
    expect(problems).toEqual([]);
  });
});
