/**
 * Questions in bulk on the question list (issue 35) in real Chromium against the real server: a
 * Kahoot-format workbook the test writes itself (title rows, the header at row 8 with Kahoot's exact
 * texts, "1,3" for a multiple choice) previewed with its layout said and imported all at once, the
 * questions then in the list with their kinds and seconds and stored with their answers; a sheet with
 * a bad row shows that row's problem in its cell and keeps Import disabled; the export menu's Excel
 * and Kahoot files (workbooks; the Kahoot export says how many questions it left out); two ticked
 * questions moved down together; a copy to another game through its preview; a bulk delete confirmed
 * with the product's words (docs/product.md). axe checks the import preview. Screenshots (SCREENSHOTS=1) of the preview and
 * the bulk bar in both languages at 1280 and 360 px go to /tmp/shots.
 */
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { KAHOOT_HEADERS } from '@/domain/question-sheet';
import { questions } from '@/server/db/schema';
import { DESKTOP, launchBrowser, settle, shoot } from './support/browser';
import { type OperatorApi, operatorApi } from './support/operator-api';
import { watchContext } from './support/screen-checks';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const SHOTS = '/tmp/shots';
const PHONE = { width: 360, height: 760 } as const;
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

/** The question list of `gameId`, in a context that ignores the CSP so axe can be injected. */
async function questionList(gameId: number, { locale = 'zh-TW', viewport = DESKTOP }: { locale?: string; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const context = await browser.newContext({ locale, viewport, bypassCSP: true, acceptDownloads: true });
  context.setDefaultTimeout(15_000);
  watchContext(context);
  onTestFinished(() => context.close());
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.stack}`));
  await loginByApi(page, server);
  await page.goto(`${server.url}/triviaGame/update/${gameId}`);
  await page.getByTestId('game-title').waitFor();
  return page;
}

/** Kahoot's quiz template as it comes: title and instruction rows, the header at row 8 (B–H), then the questions. */
async function kahootWorkbook(rows: Array<[string, string, string, string, string, number | string, string]>): Promise<Buffer> {
  const text = (value: string | number) => ({ value: String(value) });
  const header = [null, ...Object.values(KAHOOT_HEADERS).map(text)];
  const sheet = [
    [null, text('Quiz template')],
    [null, text('Add questions, at least two answer alternatives, time limit and choose correct answers (at least one).')],
    [],
    [null, text('Have fun creating your awesome quiz!')],
    [],
    [],
    [],
    header,
    ...rows.map((row, i) => [text(i + 1), ...row.map((value) => (typeof value === 'number' ? { value, type: Number } : text(value)))]),
  ];
  return writeXlsxFile(sheet as never).toBuffer();
}

async function axeViolations(page: Page): Promise<string[]> {
  await settle(page);
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const titlesOnScreen = (page: Page) => page.getByTestId('question-row').locator('td:nth-child(3)').allInnerTexts();
const stored = (gameId: number) => server.app.db.select().from(questions).where(eq(questions.triviaGameId, gameId)).orderBy(asc(questions.sort));

const QUESTIONS: Array<[string, 1 | 2, Array<'A' | 'B' | 'C'>, number]> = [
  ['台灣最高的山是？', 1, ['A'], 20],
  ['哪些是質數？', 2, ['A', 'C'], 30],
  ['日月潭位於哪個縣？', 1, ['B'], 10],
];

/** A choice question made through the API, with three options. */
function choice(gameId: number, title: string, type: 1 | 2, answer: string[], seconds: number) {
  return operator.call('/question/create', {
    trivia_game_id: gameId,
    title,
    question_text: title,
    question_img: '',
    pre_video_url: '',
    have_answering_time: 1,
    answering_time: seconds,
    score: 0,
    question_type: type,
    is_bonus: 0,
    options: ['甲', '乙', '丙'].map((text, i) => ({ title: 'ABC'[i], text, img: '' })),
    answer,
  });
}

async function openImport(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('question-import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog
    .getByTestId('import-file-input')
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await dialog.getByTestId('import-preview').waitFor();
  return dialog;
}

async function download(page: Page, item: string) {
  await page.getByTestId('question-export').click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  const file = await downloading;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path())!);
  return { name: file.suggestedFilename(), book };
}

describe('questions in bulk', () => {
  it('imports a Kahoot workbook through its preview: every answer and time limit right', async () => {
    const game = await operator.createGame({ title: '批次題目', type: 1, start_time: null, end_time: null });
    const sheet = await kahootWorkbook([
      ['台灣最高的山是？', '玉山', '雪山', '合歡山', '阿里山', 20, '1'],
      ['哪些是質數？', '2', '4', '3', '9', 30, '1,3'],
      ['日月潭位於哪個縣？', '台中市', '南投縣', '', '', 10, '2'],
    ]);
    const page = await questionList(game.id);

    const dialog = await openImport(page, 'kahoot-quiz.xlsx', sheet);
    expect(await dialog.getByTestId('import-layout').innerText()).toContain('Kahoot');
    const rows = dialog.getByTestId('import-row');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(1).locator('[data-cell="kind"]').innerText()).toContain('複選');
    expect(await rows.nth(1).locator('[data-cell="answer"]').innerText()).toBe('A, C');
    expect(await rows.nth(0).locator('[data-cell="seconds"]').innerText()).toBe('20 秒');
    await shoot(page, 'question-import-preview-zh-1280', SHOTS);
    expect(await axeViolations(page)).toEqual([]);

    const run = dialog.getByTestId('import-run');
    expect(await run.innerText()).toBe('匯入 3 題');
    await run.click();
    await dialog.getByTestId('import-summary').filter({ hasText: '新增 3 題' }).waitFor();
    await dialog.getByRole('button', { name: '關閉' }).first().click();
    await page.getByTestId('question-row').filter({ hasText: '日月潭位於哪個縣？' }).waitFor();
    expect(await titlesOnScreen(page)).toEqual(['台灣最高的山是？', '哪些是質數？', '日月潭位於哪個縣？']);
    expect(await page.getByTestId('question-kind').allInnerTexts()).toEqual(['單選', '複選', '單選']);
    const imported = await stored(game.id);
    expect(imported.map((q) => [q.questionType, q.answer, q.answeringTime])).toEqual([
      [1, ['A'], 20],
      [2, ['A', 'C'], 30],
      [1, ['B'], 10],
    ]);
  });

  it('exports (Excel, Kahoot with what it left out), moves two questions down, copies them with a preview, deletes two confirmed', async () => {
    const game = await operator.createGame({ title: '批次操作', type: 1, start_time: null, end_time: null });
    const other = await operator.createGame({ title: '複製目標', type: 1, start_time: null, end_time: null });
    // Export: our template, and Kahoot's with the typed-answer question left out (said on screen).
    for (const [title, type, answer, seconds] of QUESTIONS) await choice(game.id, title, type, answer, seconds);
    await operator.call('/question/create', {
      trivia_game_id: game.id,
      title: '台灣的首都？',
      question_text: '請輸入城市名稱',
      question_img: '',
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: 30,
      score: 0,
      question_type: 5,
      is_bonus: 0,
      options: [],
      answer: [],
      accepted_answers: ['台北'],
    });
    const page = await questionList(game.id);
    await page.getByTestId('question-row').nth(3).waitFor();
    const ours = await download(page, 'Excel（本系統範本）');
    expect(ours.name).toMatch(/\.xlsx$/);
    expect(JSON.stringify(ours.book.worksheets.map((s) => s.getSheetValues()))).toContain('哪些是質數？');
    const kahoot = await download(page, 'Kahoot 題目範本（.xlsx）');
    expect(kahoot.book.worksheets.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(kahoot.book.worksheets[0]!.getSheetValues())).toContain(KAHOOT_HEADERS.question);
    expect(JSON.stringify(kahoot.book.worksheets[1]!.getSheetValues())).toContain('台灣的首都？');
    expect(await page.getByTestId('export-left-out').innerText()).toContain('有 1 題未匯出到 Kahoot 檔');

    // Two ticked questions move down together; the selection stays for the next click.
    const tick = (title: string) => page.getByRole('checkbox', { name: `選取題目 ${title}` }).check({ force: true });
    await tick('台灣最高的山是？');
    await tick('哪些是質數？');
    expect(await page.getByTestId('bulk-count').innerText()).toBe('本頁已選取 2 題');
    expect(await page.getByTestId('bulk-up').isDisabled(), 'the first question cannot move up').toBe(true);
    await shoot(page, 'question-bulk-bar-zh-1280', SHOTS);
    await page.getByTestId('bulk-down').click();
    await expect.poll(() => titlesOnScreen(page)).toEqual(['日月潭位於哪個縣？', '台灣最高的山是？', '哪些是質數？', '台灣的首都？']);
    expect(await page.getByTestId('bulk-count').innerText()).toBe('本頁已選取 2 題');

    // Copy the two to the other game through the preview; the selection clears.
    await page.getByTestId('bulk-copy').click();
    const copy = page.getByTestId('copy-dialog');
    await copy.getByTestId('copy-target').selectOption({ label: '複製目標 · 搶答賽' });
    await copy.getByTestId('copy-row').nth(1).waitFor();
    expect(await copy.getByTestId('copy-row').locator('td:first-child').allInnerTexts()).toEqual(['台灣最高的山是？', '哪些是質數？']);
    await copy.getByTestId('copy-run').click();
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });
    await copy.waitFor({ state: 'hidden' });
    await settle(page);
    expect((await stored(other.id)).map((q) => [q.title, q.answer])).toEqual([
      ['台灣最高的山是？', ['A']],
      ['哪些是質數？', ['A', 'C']],
    ]);

    // Delete two, confirmed with the product's words.
    await tick('日月潭位於哪個縣？');
    await tick('台灣的首都？');
    await page.getByTestId('bulk-delete').click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('確認刪除？').waitFor();
    await confirm.getByRole('button', { name: '確定' }).click();
    await expect.poll(() => titlesOnScreen(page)).toEqual(['台灣最高的山是？', '哪些是質數？']);
    expect((await stored(game.id)).length).toBe(2);
  });

  it('a sheet with a bad row shows the problem in its cell and imports nothing (English, 1280 and 360 px)', async () => {
    const game = await operator.createGame({ title: 'Bad sheet', type: 1, start_time: null, end_time: null });
    const sheet = await kahootWorkbook([
      ['Which planet is largest?', 'Mars', 'Jupiter', 'Venus', '', 20, '2'],
      ['Which is a colour?', 'Red', 'Table', '', '', 10, '5'],
    ]);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await questionList(game.id, { locale: 'en-US', viewport });
      const dialog = await openImport(page, 'bad.xlsx', sheet);
      const bad = dialog.locator('[data-testid="import-row"][data-invalid]');
      expect(await bad.count()).toBe(1);
      expect(await bad.getAttribute('data-row')).toBe('10');
      const cell = bad.locator('[data-severity="error"]').first();
      expect(await cell.getAttribute('data-cell')).toBe('answer');
      expect(await cell.getByTestId('import-problems').innerText()).toContain("Column H · ");
      expect(await dialog.getByTestId('import-run').isDisabled()).toBe(true);
      expect(await dialog.getByTestId('import-run').innerText()).toBe('Fix the errors to import');
      await shoot(page, `question-import-preview-en-${viewport.width}`, SHOTS);
      if (viewport === PHONE) {
        // The table scrolls inside the dialog, not the page.
        const scroll = dialog.getByTestId('import-preview-scroll');
        expect(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
    }
    expect(await stored(game.id)).toEqual([]);
  });

  it('the bulk bar wraps on a 360 px phone and reads in both languages', async () => {
    const game = await operator.createGame({ title: 'Phone list', type: 1, start_time: null, end_time: null });
    for (const title of ['One', 'Two']) {
      await operator.call('/question/create', {
        trivia_game_id: game.id,
        title,
        question_text: `${title}?`,
        question_img: '',
        pre_video_url: '',
        have_answering_time: 1,
        answering_time: 20,
        score: 0,
        question_type: 1,
        is_bonus: 0,
        options: ['a', 'b'].map((text, i) => ({ title: 'AB'[i], text, img: '' })),
        answer: ['A'],
      });
    }
    for (const [locale, selectRow, shot] of [
      ['zh-TW', '選取題目 Two', 'question-bulk-bar-zh-360'],
      ['en-US', 'Select question Two', 'question-bulk-bar-en-360'],
    ] as const) {
      const page = await questionList(game.id, { locale, viewport: PHONE });
      await page.getByRole('checkbox', { name: selectRow }).check({ force: true });
      const bar = page.getByTestId('bulk-bar');
      await bar.waitFor();
      expect(await page.getByTestId('bulk-down').isDisabled(), 'the last question cannot move down').toBe(true);
      const box = (await bar.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await shoot(page, shot, SHOTS);
    }
    const page = await questionList(game.id, { locale: 'en-US' });
    await page.getByRole('checkbox', { name: 'Select question One' }).check({ force: true });
    await shoot(page, 'question-bulk-bar-en-1280', SHOTS);
  });
});
