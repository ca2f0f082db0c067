/**
 * The stage console (docs/product.md, "The stage console") in real Chromium against the real server:
 * a show of 10 questions (single choice, true/false, a poll, a content slide) run with the keyboard
 * alone once the screen is open — Space and → take the step the stage bar names, Enter answers its
 * confirmations — with one phone answering through the play API. Every step is taken exactly once
 * (the page's calls, the stored statuses and the audit trail), the bar never names a step already
 * done, a held-down key repeats nothing, Space typed in the stage message's field types a space, and
 * the presenter view shows the answer and the notes of the question on screen. Screenshots (both
 * languages, desktop and 1024 px) go to /tmp/shots-stage.
 */
import type { Browser, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, questions, triviaGames as games } from '@/server/db/schema';
import { DESKTOP, launchBrowser, openPage, saveScreenshot, settle, type PageOptions } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { ADMIN } from './support/session';

const SHOTS = '/tmp/shots-stage';
const TABLET = { width: 1024, height: 768 } as const;

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

interface Spec {
  title: string;
  type: 1 | 3 | 4 | 8;
  options?: string[];
  answer?: string[];
  notes?: string;
  explanation?: string;
}

async function addQuestion(gameId: number, spec: Spec): Promise<number> {
  const { id } = await admin('/question/create', {
    trivia_game_id: gameId,
    title: spec.title,
    question_text: `${spec.title}？`,
    question_img: '',
    pre_video_url: '',
    have_answering_time: spec.type === 8 ? 0 : 1,
    answering_time: 3,
    score: 0,
    question_type: spec.type,
    is_bonus: 0,
    options: (spec.options ?? []).map((text, i) => ({ title: 'ABCD'[i], text, img: '' })),
    answer: spec.answer ?? [],
    explanation: spec.explanation ?? '',
    notes: spec.notes ?? '',
  });
  return id;
}

/** The show: ten questions of four kinds, in the game's order. */
const SHOW: Spec[] = [
  { title: '台北 101', type: 1, options: ['508 公尺', '448 公尺', '601 公尺'], answer: ['A'], notes: '開場：先問觀眾有沒有上去過。\n提醒：答案是 508 公尺。', explanation: '<p>台北 101 高 <strong>508</strong> 公尺。</p>' },
  { title: '玉山', type: 3, answer: ['A'] },
  { title: '最愛的小吃', type: 4, options: ['珍珠奶茶', '滷肉飯', '小籠包'] },
  { title: '中場休息', type: 8 },
  { title: '日月潭', type: 1, options: ['南投', '台中'], answer: ['A'] },
  { title: '台灣是島嶼', type: 3, answer: ['A'] },
  { title: '阿里山', type: 1, options: ['嘉義', '花蓮'], answer: ['A'] },
  { title: '太魯閣', type: 1, options: ['花蓮', '台東'], answer: ['A'] },
  { title: '野柳', type: 3, answer: ['B'] },
  { title: '最後一題', type: 1, options: ['對', '錯'], answer: ['A'] },
];

/** A logged-in control screen; every code other than 200 and every page error lands in `problems`, each game-flow call in `flows`. */
async function control(gameId: number, options: PageOptions = {}) {
  const page = await openPage(browser, options);
  const problems: string[] = [];
  const flows: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', async (res) => {
    if (!res.url().includes('/api/admin/') || res.request().method() !== 'POST') return;
    const body = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (body && body.code !== 200) problems.push(`${res.url()}: ${body.code} ${body.message}`);
    if (res.url().endsWith('/triviaGame/gameFlow') && body?.code === 200) {
      const sent = JSON.parse(res.request().postData() ?? '{}') as { type: number; question_id: number | null };
      flows.push(`${sent.type}:${sent.question_id ?? ''}`);
    }
  });
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
  await page.goto(`${server.url}/triviaGame/start/${gameId}`);
  await page.getByTestId('connection').filter({ hasText: /即時連線中|Live/ }).waitFor();
  return { page, problems, flows };
}

const primary = (page: Page) => page.getByTestId('stage-primary');
/** The step the bar offers now, as `type:questionId` ('' when none). */
const offered = async (page: Page): Promise<string> => {
  const button = primary(page);
  const step = await button.getAttribute('data-step');
  return step ? `${step}:${(await button.getAttribute('data-question-id')) ?? ''}` : '';
};

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
/** Tab (or Shift+Tab) until the element of `testId` has the focus. */
async function tabTo(page: Page, testId: string, key = 'Tab') {
  for (let i = 0; i < 80 && (await focused(page)) !== testId; i += 1) await page.keyboard.press(key);
  expect(await focused(page)).toBe(testId);
}

async function shoot(page: Page, name: string) {
  await settle(page);
  await saveScreenshot(page, name, SHOTS);
}

describe('the stage console', () => {
  it('runs a show of ten questions with the keyboard alone, each step once, never offering a step already done', async () => {
    const { id: gameId } = await admin('/triviaGame/create', { title: 'E2E 舞台控制台', type: 1 });
    const { item } = await admin('/triviaGame/detail', { id: gameId });
    const ids: number[] = [];
    for (const spec of SHOW) ids.push(await addQuestion(gameId, spec));
    const phone = await post('/api/play/join', { pin: item.pin, nickname: 'Amy' });
    const player = phone.data.player_token as string;

    // English first: the bar names the first step in the page's language.
    const english = await control(gameId, { locale: 'en-US', viewport: DESKTOP });
    await primary(english.page).filter({ hasText: 'Show: Q1 台北 101' }).waitFor();
    await english.page.getByTestId('presenter-notes').getByText('開場：先問觀眾有沒有上去過。').waitFor();
    await shoot(english.page, 'stage-en-desktop');
    await english.page.close();

    const { page, problems, flows } = await control(gameId, { locale: 'zh-TW', viewport: TABLET });
    await primary(page).filter({ hasText: '出題：第 1 題 台北 101' }).waitFor();
    expect(await primary(page).isEnabled()).toBe(true);
    await shoot(page, 'stage-zh-TW-1024-before');

    // Space typed in the stage message's field is a space, not a step (Tab there: the keyboard only).
    await tabTo(page, 'stage-message-text');
    await page.keyboard.type('a b');
    await page.keyboard.press('Space');
    expect(await page.getByTestId('stage-message-text').inputValue()).toBe('a b ');
    await page.waitForTimeout(500);
    expect(flows).toEqual([]);
    await primary(page).filter({ hasText: '出題：第 1 題 台北 101' }).waitFor();
    // Tab on out of the field: the keys take steps again.
    await tabTo(page, 'stage-message-put');

    // ? opens the keyboard help; Esc closes it.
    await page.keyboard.press('?');
    await page.getByTestId('keys-dialog').getByText('鍵盤快捷鍵').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('keys-dialog').waitFor({ state: 'hidden' });

    const done = new Set<string>();
    const seen: string[] = [];
    let early = 0;
    let presses = 0;
    for (let guard = 0; guard < 60; guard += 1) {
      await expect.poll(() => offered(page), { timeout: 15_000 }).not.toBe('');
      const step = await offered(page);
      seen.push(step);
      // The bar never offers a step already taken.
      expect(done.has(step), `offered ${step} again after ${[...done].join(', ')}`).toBe(false);
      const [type, qid] = step.split(':');
      const index = ids.indexOf(Number(qid));
      const spec = SHOW[index];
      const press = presses++ % 2 === 0 ? 'Space' : 'ArrowRight';

      if (type === '2') {
        await page.keyboard.press(press);
        await expect.poll(() => flows.includes(step)).toBe(true);
        if (index === 0) {
          // Question 1 on screen: the presenter view shows its answer and its notes.
          const view = page.getByTestId('presenter-view');
          await view.getByTestId('presenter-question').filter({ hasText: '台北 101' }).waitFor();
          expect(await view.locator('[data-correct="true"]').allInnerTexts()).toEqual([expect.stringContaining('508 公尺')]);
          await view.getByTestId('presenter-notes').getByText('提醒：答案是 508 公尺。').waitFor();
          await view.getByTestId('presenter-explanation').getByText('台北 101 高 508 公尺。').waitFor();
          // The countdown dialog covers the view: it carries the answer and the notes as well.
          const inDialog = page.getByTestId('countdown-presenter');
          await inDialog.getByTestId('presenter-notes').getByText('提醒：答案是 508 公尺。').waitFor();
          expect(await inDialog.locator('[data-correct="true"]').allInnerTexts()).toEqual([expect.stringContaining('508 公尺')]);
          await post('/api/play/answer', { question_id: ids[0], choices: ['A'] }, player);
          await page.getByTestId('stage-answered').filter({ hasText: '已作答 1 / 1 人' }).waitFor();
          await shoot(page, 'stage-zh-TW-1024-question');
          await page.setViewportSize(DESKTOP);
          await shoot(page, 'stage-zh-TW-desktop-question');
          await page.setViewportSize(TABLET);
        }
      } else if (type === '3' && spec?.type !== 8 && early < 3) {
        // Early, with 是否公佈答案 answered by Enter.
        early += 1;
        await page.keyboard.press(press);
        const confirm = page.getByTestId('confirm-publish');
        await confirm.getByText('是否公佈答案').waitFor();
        await page.keyboard.press('Enter');
        await expect.poll(() => flows.includes(step)).toBe(true);
      } else if (type === '3' && spec?.type !== 8) {
        // At zero: the countdown publishes by itself.
        await expect.poll(() => flows.includes(step), { timeout: 10_000 }).toBe(true);
      } else if (type === '5') {
        await page.keyboard.press(press);
        const end = page.getByTestId('confirm-end');
        await end.getByText('確定要結束遊戲嗎？').waitFor();
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/triviaGame\/index$/);
        await page.getByText('遊戲結束成功').waitFor();
        await expect.poll(() => flows.includes('5:')).toBe(true);
        done.add(step);
        break;
      } else if (type === '4' && index === 2) {
        await shoot(page, 'stage-zh-TW-1024-ranking');
        await page.keyboard.press(press);
        await expect.poll(() => flows.includes(step)).toBe(true);
      } else if (type === '4' && index === 1) {
        // A key held down: the first press takes the step, its repeats take nothing.
        await page.keyboard.down('ArrowRight');
        await expect.poll(() => flows.includes(step)).toBe(true);
        await expect.poll(() => offered(page)).not.toBe(step);
        const after = flows.length;
        await page.keyboard.down('ArrowRight'); // a repeat (the key is still down)
        await page.keyboard.down('ArrowRight');
        await page.waitForTimeout(700);
        await page.keyboard.up('ArrowRight');
        expect(flows.length).toBe(after);
      } else {
        await page.keyboard.press(press);
        await expect.poll(() => flows.includes(step)).toBe(true);
      }
      done.add(step);
      if (type === '4' && index === 0) {
        // Its ranking published, question 1's row offers publishing it again only in its ⋯ menu.
        const first = page.getByTestId('question-row').filter({ hasText: '台北 101' });
        await first.getByTestId('question-menu').waitFor();
        expect(await first.getByTestId('question-action').count()).toBe(0);
      }
      // Sampled after every step: the label never names a step already taken.
      await expect.poll(async () => done.has(await offered(page))).toBe(false);
    }

    // Each step once, in the game's order: every question shown, every answer published (a slide
    // closed by the next question shown over it), every ranking, the end.
    expect(new Set(flows).size, flows.join(' ')).toBe(flows.length);
    const byType = (t: string) => flows.filter((f) => f.startsWith(`${t}:`)).length;
    expect(byType('2')).toBe(10);
    expect(byType('3')).toBe(9);
    expect(byType('4')).toBe(9); // none after the slide
    expect(byType('5')).toBe(1);
    const stored = await server.app.db.select().from(questions).where(eq(questions.triviaGameId, gameId));
    for (const row of stored) expect([2, 3], `${row.title} status ${row.status}`).toContain(row.status);
    const audit = await server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operation, 'triviaGameGameFlow'), eq(auditLog.outcome, 'success')));
    expect(audit.length).toBe(flows.length);
    expect(problems).toEqual([]);
  });

  it('puts a stage message up and takes it off by keyboard, refusing a control character in the form', async () => {
    const { id: gameId } = await admin('/triviaGame/create', { title: 'E2E 舞台訊息', type: 1 });
    await addQuestion(gameId, SHOW[0]!);
    const { page, problems, flows } = await control(gameId, { locale: 'zh-TW', viewport: TABLET });
    await primary(page).filter({ hasText: '出題：第 1 題 台北 101' }).waitFor();
    await tabTo(page, 'stage-message-title');
    await page.keyboard.insertText('下一輪\u0007');
    await page.getByTestId('stage-message').getByText('不可包含控制字元（例如換行或定位字元）').waitFor();
    await page.keyboard.press('Backspace');
    await page.keyboard.type('：台灣地理');
    await page.keyboard.press('Tab');
    await page.keyboard.type('下半場 10 題');
    await page.keyboard.press('Enter');
    await page.getByTestId('stage-message-current').getByText('下一輪：台灣地理').waitFor();
    await expect.poll(async () => (await server.app.db.select().from(games).where(eq(games.id, gameId)))[0]!.stageMessage).toEqual({ title: '下一輪：台灣地理', text: '下半場 10 題' });
    await shoot(page, 'stage-message-zh-TW-1024');
    await tabTo(page, 'stage-message-off', 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('stage-message-current').waitFor({ state: 'detached' });
    await expect.poll(async () => (await server.app.db.select().from(games).where(eq(games.id, gameId)))[0]!.stageMessage).toBeNull();
    expect(flows).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows the autopilot on the bar: waiting for the first question, its countdown to the next step, paused and resumed with P', async () => {
    const { id: gameId } = await admin('/triviaGame/create', {
      title: 'E2E 自動播放',
      type: 1,
      auto_advance: { enabled: true, reveal: 'at_zero', ranking_after_s: 30, next_after_s: 30, end_after_last: true },
    });
    await addQuestion(gameId, SHOW[0]!);
    await addQuestion(gameId, SHOW[1]!);
    const { page, problems } = await control(gameId, { locale: 'zh-TW', viewport: TABLET });
    const autopilot = page.getByTestId('autopilot');
    await expect.poll(() => page.getByTestId('autopilot-state').textContent()).toBe('running');
    // The first question is the operator's.
    await autopilot.getByText('等待操作').waitFor();
    await primary(page).filter({ hasText: '出題：第 1 題 台北 101' }).and(page.locator(':enabled')).waitFor();
    await page.keyboard.press('Space');
    // Shown: the server publishes the answer at zero, then the ranking 30 s later — a countdown on the bar.
    await page.getByTestId('autopilot-next').filter({ hasText: '公佈排名：第 1 題 台北 101' }).waitFor({ timeout: 10_000 });
    await page.getByTestId('autopilot-when').filter({ hasText: /^0:[0-3]\d 後$/ }).waitFor();
    await shoot(page, 'stage-autopilot-zh-TW-1024');
    // P pauses (the clock of the next step stops), P again resumes.
    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('autopilot-state').textContent()).toBe('paused');
    await page.getByTestId('autopilot-when').filter({ hasText: /^已暫停/ }).waitFor();
    await expect.poll(async () => (await server.app.db.select().from(games).where(eq(games.id, gameId)))[0]!.autopilotPausedAt).not.toBeNull();
    await page.keyboard.press('P');
    await expect.poll(() => page.getByTestId('autopilot-state').textContent()).toBe('running');
    await expect.poll(async () => (await server.app.db.select().from(games).where(eq(games.id, gameId)))[0]!.autopilotPausedAt).toBeNull();
    expect(problems).toEqual([]);
  });
});
