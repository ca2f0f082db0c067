/**
 * The question dialog per kind (issue 34) in real Chromium against the real server: one question of
 * each kind 3–8 made through the dialog of a speed contest — each kind's own fields, its rule messages
 * as the user types and saves (in Chinese, and in English on a 390 px phone), what the server stored
 * (true/false's fixed options, the accepted answers, the slider, an ordering question's letters given
 * out of order, the explanation kept to bold) — the list naming every kind, and an ordering question
 * opened again in its right order. Then the control screen over content slides: shown without a
 * countdown, the next question shown over one (the server closes it), one closed by itself, no
 * ranking after a slide. Screenshots (SCREENSHOTS=1) go to /tmp/shots-editor.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, triviaGames } from '@/server/db/schema';
import { DESKTOP, launchBrowser, MOBILE, openPage, type PageOptions, settle, shoot as shootInto } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { loginByApi, loginToken } from './support/session';

const SHOTS = '/tmp/shots-editor';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);

let server: RunningServer;
let browser: Browser;
let gameId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // The demo speed contest every fresh installation has (this file's server is its own).
  gameId = (await server.app.db.select().from(triviaGames)).find((g) => g.type === 1 && g.title.includes('示範'))!.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function questionList(options: PageOptions): Promise<Page> {
  const page = await openPage(browser, options);
  page.on('pageerror', (error) => console.error(`page error: ${error.stack}`));
  await loginByApi(page, server);
  await page.goto(`${server.url}/triviaGame/update/${gameId}`);
  await page.getByTestId('game-title').waitFor();
  return page;
}

const stored = async (title: string) => (await server.app.db.select().from(questions).where(eq(questions.title, title)))[0]!;

/** Opens the new-question dialog on `kind`, with the title and text filled. */
async function newQuestion(page: Page, create: string, kind: string, title: string, text: string): Promise<Locator> {
  await page.getByRole('button', { name: create }).click();
  const dialog = page.getByTestId('question-dialog');
  await dialog.getByTestId('field-title').locator('input').fill(title);
  await dialog.getByTestId('field-question-text').locator('textarea').fill(text);
  await pickKind(dialog, kind);
  return dialog;
}

/**
 * Picks a kind and waits until it is the checked one. A click is tried again when it did not take:
 * in headless Chromium one click on this radio group was lost now and then (2 in about 20 runs; a
 * click right after the dialog opened took 8 times in 8, and a second click always took). The cause
 * is not known; the test says what the operator sees once the kind is picked.
 */
async function pickKind(dialog: Locator, kind: string) {
  const item = dialog.getByTestId('field-kind').locator('label[data-part="item"]').filter({ hasText: new RegExp(`^${kind}$`) });
  for (let attempt = 1; ; attempt++) {
    await item.click();
    try {
      await expect.poll(() => item.getAttribute('data-state'), { message: kind, timeout: 2_000 }).toBe('checked');
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function save(dialog: Locator, label: string) {
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the question dialog, kind by kind', () => {
  it('creates one question of each kind 3–8 in Chinese, lists their kinds, and opens an ordering question again in its order', async () => {
    const page = await questionList({ locale: 'zh-TW', viewport: DESKTOP });

    // The picker offers all eight kinds.
    await page.getByRole('button', { name: '新增題目' }).click();
    const picker = page.getByTestId('question-dialog').getByTestId('field-kind');
    await picker.getByText('內容頁').waitFor();
    expect((await picker.locator('[data-part="item-text"]').allInnerTexts()).map((s) => s.trim())).toEqual(['單選', '複選', '是非題', '投票', '填答題', '滑桿題', '排序題', '內容頁']);
    await page.getByTestId('question-dialog').getByRole('button', { name: '取消' }).click();

    // True/false: 對 or 錯 must be chosen; an explanation with bold.
    let dialog = await newQuestion(page, '新增題目', '是非題', '地球是平的', '地球是平的嗎？');
    await dialog.getByTestId('field-true-false').waitFor();
    expect(await dialog.getByTestId('options').count(), 'no options to edit').toBe(0);
    await dialog.getByRole('button', { name: '儲存' }).click();
    await dialog.getByTestId('field-true-false').getByText('請選擇「對」或「錯」為答案').waitFor();
    await dialog.getByTestId('field-true-false').getByText('錯', { exact: true }).click();
    await dialog.getByTestId('field-true-false').getByText('請選擇「對」或「錯」為答案').waitFor({ state: 'hidden' });
    const explanation = dialog.getByRole('textbox', { name: '解說' });
    await explanation.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('地球是圓的');
    // Only bold, italic and links in the toolbar.
    expect(await dialog.getByTestId('field-explanation').getByRole('button', { name: '標題 2' }).count()).toBe(0);
    await shoot(page, 'editor-true-false-zh-TW');
    await save(dialog, '儲存');
    const trueFalse = await stored('地球是平的');
    expect(trueFalse).toMatchObject({ questionType: 3, answer: ['B'] });
    expect(trueFalse.options.map((o) => o.title)).toEqual(['A', 'B']);
    expect(trueFalse.explanation).toMatch(/<(b|strong)\b[^>]*>(<[^>]+>)*地球是圓的/);

    // Poll: options, no ticks.
    dialog = await newQuestion(page, '新增題目', '投票', '午餐', '午餐吃什麼？');
    await dialog.getByText('2 到 4 個選項；投票沒有正確答案，也不計分').waitFor();
    expect(await dialog.getByTestId('options').locator('input[type=checkbox]').count()).toBe(0);
    await dialog.getByText('2 到 4 個選項；投票沒有正確答案，也不計分').waitFor();
    await dialog.getByLabel('選項 A 文字').fill('麵');
    await dialog.getByLabel('選項 B 文字').fill('飯');
    await save(dialog, '儲存');
    expect(await stored('午餐')).toMatchObject({ questionType: 4, answer: [] });

    // Type answer: 1 to 20 accepted answers, checked as typed.
    dialog = await newQuestion(page, '新增題目', '填答題', '首都', '臺灣的首都是？');
    await dialog.getByRole('button', { name: '儲存' }).click();
    await dialog.getByTestId('accepted-answers-error').getByText('請輸入 1 到 20 個可接受的答案').waitFor();
    await dialog.getByLabel('可接受的答案 1', { exact: true }).fill('台北');
    await dialog.getByTestId('accepted-answers-error').waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: '新增答案' }).click();
    // The same answer in the other script is listed twice.
    await dialog.getByLabel('可接受的答案 2', { exact: true }).fill('臺北');
    await dialog.getByTestId('accepted-answers-error').getByText('可接受的答案重複了').waitFor();
    await dialog.getByLabel('可接受的答案 2', { exact: true }).fill('Taipei');
    await dialog.getByTestId('accepted-answers-error').waitFor({ state: 'hidden' });
    await dialog.getByText('忽略標點符號').click();
    await shoot(page, 'editor-type-answer-zh-TW');
    await save(dialog, '儲存');
    expect(await stored('首都')).toMatchObject({ questionType: 5, acceptedAnswers: ['台北', 'Taipei'], ignorePunctuation: 1, options: [] });

    // Slider: the step must divide the range, said on leaving the field.
    dialog = await newQuestion(page, '新增題目', '滑桿題', '高度', '台北 101 有幾層？');
    const step = dialog.getByLabel('間距', { exact: true });
    await step.fill('3');
    await step.blur();
    await dialog.getByTestId('field-slider-step').getByText('間距需大於 0，且最小值到最大值需為間距的整數倍').waitFor();
    await step.fill('1');
    await dialog.getByTestId('field-slider-step').getByText('間距需大於 0').waitFor({ state: 'hidden' });
    await dialog.getByLabel('最大值', { exact: true }).fill('120');
    await dialog.getByLabel('答案', { exact: true }).fill('101');
    await dialog.getByLabel('容許誤差', { exact: true }).fill('2');
    await dialog.getByTestId('field-slider-unit').locator('input').fill('層');
    await shoot(page, 'editor-slider-zh-TW');
    await save(dialog, '儲存');
    expect(await stored('高度')).toMatchObject({ questionType: 6, slider: { min: 0, max: 120, step: 1, answer: 101, tolerance: 2, unit: '層' } });

    // Ordering: options in their right order, moved with the buttons; saved with letters out of order.
    dialog = await newQuestion(page, '新增題目', '排序題', '朝代', '依時間先後排列');
    await dialog.getByLabel('選項 1 文字').fill('唐');
    await dialog.getByLabel('選項 2 文字').fill('宋');
    await dialog.getByRole('button', { name: '新增選項' }).click();
    await dialog.getByLabel('選項 3 文字').fill('漢');
    await dialog.getByRole('button', { name: '將選項 3 上移' }).click();
    // Keyboard: the moved option's button keeps the focus; Enter moves it again.
    await dialog.getByRole('button', { name: '將選項 2 上移' }).focus();
    await page.keyboard.press('Enter');
    const orderTexts = async () => Promise.all([1, 2, 3].map((n) => dialog.getByLabel(`選項 ${n} 文字`).inputValue()));
    expect(await orderTexts()).toEqual(['漢', '唐', '宋']);
    await shoot(page, 'editor-ordering-zh-TW');
    await save(dialog, '儲存');
    const ordering = await stored('朝代');
    expect(ordering.questionType).toBe(7);
    expect(ordering.options.map((o) => o.title)).toEqual(['A', 'B', 'C']);
    expect(ordering.answer, 'the letters are not in the right order').not.toEqual(['A', 'B', 'C']);
    expect(ordering.answer.map((title) => ordering.options.find((o) => o.title === title)!.text)).toEqual(['漢', '唐', '宋']);

    // Content slide: no options, no answers, no answering time.
    dialog = await newQuestion(page, '新增題目', '內容頁', '中場休息', '感謝贊助商');
    await dialog.getByTestId('slide-note').waitFor();
    expect(await dialog.getByLabel('答題秒數', { exact: true }).count()).toBe(0);
    expect(await dialog.getByLabel('加倍題').count()).toBe(0);
    await dialog.getByTestId('slide-note').waitFor();
    await shoot(page, 'editor-slide-zh-TW');
    await save(dialog, '儲存');
    expect(await stored('中場休息')).toMatchObject({ questionType: 8, options: [], answer: [] });

    // The list names every kind (searched by title: the list has a second page now).
    const kindOf = (title: string) => page.getByTestId('question-row').filter({ hasText: title }).getByTestId('question-kind');
    const search = page.getByRole('textbox', { name: '請輸入標題' });
    for (const [title, kind] of [
      ['地球是平的', '是非題'],
      ['午餐', '投票'],
      ['首都', '填答題'],
      ['高度', '滑桿題'],
      ['朝代', '排序題'],
      ['中場休息', '內容頁'],
    ] as const) {
      await search.fill(title);
      await search.press('Enter');
      await expect.poll(() => kindOf(title).innerText()).toBe(kind);
      await expect.poll(() => page.getByTestId('question-row').count()).toBe(1);
    }
    await search.fill('');
    await search.press('Enter');
    await page.getByTestId('question-row').nth(9).waitFor();
    await shoot(page, 'editor-question-list-zh-TW');
    // A content slide has no answering time.
    await search.fill('中場休息');
    await search.press('Enter');
    await page.getByTestId('question-row').filter({ hasText: '中場休息' }).waitFor();
    await expect.poll(() => page.getByTestId('question-row').count()).toBe(1);
    expect(await page.getByTestId('question-row').locator('td').allInnerTexts()).toContain('—');
    await search.fill('朝代');
    await search.press('Enter');
    await page.getByTestId('question-row').filter({ hasText: '朝代' }).waitFor();
    await expect.poll(() => page.getByTestId('question-row').count()).toBe(1);

    // Edit the ordering question: it opens in its right order; moved and saved again.
    await page.getByTestId('question-row').filter({ hasText: '朝代' }).getByRole('button', { name: '修改' }).click();
    dialog = page.getByTestId('question-dialog');
    await expect.poll(orderTexts).toEqual(['漢', '唐', '宋']);
    await dialog.getByRole('button', { name: '將選項 3 上移' }).click();
    expect(await orderTexts()).toEqual(['漢', '宋', '唐']);
    await save(dialog, '儲存');
    const edited = await stored('朝代');
    expect(edited.answer.map((title) => edited.options.find((o) => o.title === title)!.text)).toEqual(['漢', '宋', '唐']);

    // The slider opens with its values.
    await search.fill('高度');
    await search.press('Enter');
    await page.getByTestId('question-row').filter({ hasText: '高度' }).getByRole('button', { name: '修改' }).click();
    await expect.poll(() => dialog.getByLabel('答案', { exact: true }).inputValue()).toBe('101');
    expect(await dialog.getByTestId('field-slider-unit').locator('input').inputValue()).toBe('層');
    await dialog.getByRole('button', { name: '取消' }).click();
  });

  it('says each kind’s rules in English on a 390 px phone, and fits the screen', async () => {
    const page = await questionList({ locale: 'en', viewport: MOBILE });
    const fits = async (dialog: Locator) => {
      const box = await dialog.locator('[data-testid="field-kind"]').boundingBox();
      expect(box!.x + box!.width, 'the kind picker fits the screen').toBeLessThanOrEqual(MOBILE.width);
    };

    const dialog = await newQuestion(page, 'New question', 'True / false', 'Flat', 'Is the earth flat?');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please choose True or False as the answer').waitFor();
    await fits(dialog);
    await shoot(page, 'editor-true-false-en-390');
    await dialog.getByText('True', { exact: true }).click();
    await dialog.getByText('Please choose True or False as the answer').waitFor({ state: 'hidden' });
    await dialog.getByText('Type answer', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter 1 to 20 accepted answers').waitFor();
    await shoot(page, 'editor-type-answer-en-390');
    await dialog.getByText('Slider', { exact: true }).click();
    await dialog.getByLabel('Tolerance', { exact: true }).fill('-1');
    await dialog.getByLabel('Minimum', { exact: true }).fill('100');
    await dialog.getByLabel('Minimum', { exact: true }).blur();
    await dialog.getByText('The maximum must be greater than the minimum').waitFor();
    await dialog.getByText('The tolerance cannot be less than 0').waitFor();
    await shoot(page, 'editor-slider-en-390');
    await dialog.getByText('Ordering', { exact: true }).click();
    await dialog.getByText('The letters are shuffled when saved', { exact: false }).waitFor();
    await shoot(page, 'editor-ordering-en-390');
    await dialog.getByText('Content slide', { exact: true }).click();
    await dialog.getByTestId('slide-note').waitFor();
    await save(dialog, 'Save');
    const search = page.getByRole('textbox', { name: 'Search by title' });
    await search.fill('Flat');
    await search.press('Enter');
    await page.getByTestId('question-row').filter({ hasText: 'Flat' }).getByTestId('question-kind').getByText('Content slide').waitFor();
    await shoot(page, 'editor-question-list-en-390');
  });
});

describe('content slides on the control screen', () => {
  async function admin(token: string, path: string, body: unknown) {
    const res = await fetch(`${server.url}/api/admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: { id: number } };
    if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json.data;
  }

  it('shows a slide without a countdown, shows the next question over it, and closes the last slide by itself', async () => {
    const token = await loginToken(server);
    const { id } = await admin(token, '/triviaGame/create', { title: 'Slides', type: 1 });
    const base = { trivia_game_id: id, question_img: '', pre_video_url: '', have_answering_time: 1, answering_time: 3, score: 0, is_bonus: 0 };
    const slide = { ...base, question_type: 8, options: [], answer: [] };
    await admin(token, '/question/create', { ...slide, title: 'Welcome', question_text: 'Welcome to the show' });
    await admin(token, '/question/create', {
      ...base,
      title: 'Peak',
      question_text: 'Highest peak?',
      question_type: 1,
      options: [
        { title: 'A', text: 'Yushan', img: '' },
        { title: 'B', text: 'Xueshan', img: '' },
      ],
      answer: ['A'],
    });
    await admin(token, '/question/create', { ...slide, title: 'Break', question_text: 'A word from our sponsor' });

    const page = await openPage(browser, { locale: 'en', viewport: DESKTOP });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.context().addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
    await page.goto(`${server.url}/triviaGame/start/${id}`);
    const row = (title: string) => page.getByTestId('question-row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
    await row('Welcome').getByText('Not sent').waitFor();
    expect(await row('Welcome').locator('td').allInnerTexts()).toContain('—'); // no answering time

    // The slide: no countdown, no answers; the next question may be shown over it.
    await row('Welcome').getByTestId('question-action').click();
    const dialog = page.getByTestId('countdown-dialog');
    await dialog.getByText('Content slide on screen').waitFor();
    await dialog.getByTestId('slide-hint').waitFor();
    expect(await dialog.getByTestId('countdown-seconds').count()).toBe(0);
    expect(await dialog.getByTestId('answer-bars').count()).toBe(0);
    await page.getByTestId('answers-card').getByText('A content slide takes no answers.').waitFor();
    await shoot(page, 'control-slide-en');
    await dialog.getByTestId('show-next').click();
    await dialog.getByText('Peak', { exact: true }).waitFor();
    await dialog.getByTestId('countdown-seconds').waitFor();
    await row('Welcome').getByText('Closed').waitFor();
    expect(await row('Welcome').getByTestId('question-action').count(), 'no ranking after a slide').toBe(0);

    // The question publishes itself at zero; then the last slide, closed with its own button.
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await row('Peak').getByText('Answer published').waitFor();
    await row('Break').getByTestId('question-action').click();
    await dialog.getByText('Content slide on screen').waitFor();
    expect(await dialog.getByTestId('show-next').count(), 'no question left to show').toBe(0);
    await dialog.getByTestId('close-slide').click();
    await dialog.waitFor({ state: 'hidden' });
    await row('Break').getByText('Closed').waitFor();
    const stored = await server.app.db.select().from(questions).where(eq(questions.triviaGameId, id));
    expect(stored.map((q) => [q.title, q.status]).sort()).toEqual([
      ['Break', 2],
      ['Peak', 2],
      ['Welcome', 2],
    ]);
    await shoot(page, 'control-slides-done-en');
    expect(problems).toEqual([]);
  });
});

describe('accessibility of the dialog per kind', () => {
  it('has no serious axe violations with each kind’s fields shown', async () => {
    // A context that ignores the CSP, so that axe can be injected (the app itself is unchanged).
    const context = await browser.newContext({ locale: 'zh-TW', viewport: DESKTOP, bypassCSP: true });
    context.setDefaultTimeout(10_000);
    try {
      const page = await context.newPage();
      await loginByApi(page, server);
      await page.goto(`${server.url}/triviaGame/update/${gameId}`);
      await page.getByTestId('game-title').waitFor();
      await page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
      await page.getByRole('button', { name: '新增題目' }).click();
      const dialog = page.getByTestId('question-dialog');
      // The title left empty shows its error under the field (checked when the field is left), so
      // axe also weighs the form's error text, as a user sees it.
      await dialog.getByTestId('field-title').locator('input').focus();
      await pickKind(dialog, '是非題');
      await dialog.getByTestId('field-title').getByText('請輸入標題').waitFor();
      for (const kind of ['是非題', '投票', '填答題', '滑桿題', '排序題', '內容頁']) {
        await pickKind(dialog, kind);
        expect(await seriousViolations(page), kind).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});

async function seriousViolations(page: Page): Promise<string[]> {
  await settle(page);
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ html: string }> };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.html).join(', ')}`);
}
