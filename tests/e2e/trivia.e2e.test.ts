/**
 * The trivia game screens in real Chromium against the real server (docs/product.md: the
 * question list, the question dialog and its rules): a level game made through the game list, its promotion score
 * saved on blur, a question with four uploaded image options that breaks each rule on the way,
 * options relettered after a deletion, the question edited and deleted; and the columns of a speed
 * contest. Screenshots of the lists and of the dialog with its errors go to /tmp/shots for review.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triviaGames } from '@/server/db/schema';
import { solidPng } from '@/server/lib/png';
import { DESKTOP, launchBrowser, MOBILE, openPage, type PageOptions, shoot as shootInto } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const SHOTS = '/tmp/shots';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function loggedIn(path: string, options: PageOptions = {}): Promise<Page> {
  const page = await openPage(browser, options);
  page.on('pageerror', (error) => console.error(`page error: ${error.stack}`));
  await loginByApi(page, server);
  await page.goto(`${server.url}${path}`);
  return page;
}

const png = (rgb: [number, number, number]) => ({ name: 'picture.png', mimeType: 'image/png', buffer: solidPng(24, 24, rgb) });
const texts = async (locator: Locator) => (await locator.allInnerTexts()).map((s) => s.trim());

/** The demo games every fresh installation has (seeded with company 1). */
async function demoGameIds(): Promise<{ speed: number; levels: number }> {
  const games = await server.app.db.select().from(triviaGames);
  const speed = games.find((g) => g.type === 1 && g.title.includes('示範'))!;
  const levels = games.find((g) => g.type === 2 && g.title.includes('示範'))!;
  return { speed: speed.id, levels: levels.id };
}

describe('a level game, its promotion scores and a question with image options', () => {
  it('creates the game, saves a promotion score on blur, and walks a question through every rule', async () => {
    const page = await loggedIn('/triviaGame/index', { locale: 'zh-TW' });
    await page.getByRole('heading', { level: 1, name: '問答遊戲' }).waitFor();
    expect(await page.title()).toBe('問答遊戲 - 活動互動管理後台');

    // Create a level game (type 2) through the dialog.
    await page.getByRole('button', { name: '新增遊戲' }).click();
    const gameDialog = page.getByTestId('game-dialog');
    await gameDialog.getByRole('button', { name: '儲存' }).click();
    await gameDialog.getByText('請輸入標題').waitFor();
    await gameDialog.getByPlaceholder('例如：週年慶搶答').fill('E2E 闖關賽');
    await gameDialog.locator('label').filter({ hasText: '闖關賽' }).click();
    await gameDialog.getByLabel('開始時間').waitFor();
    // The player cap: 10,000 unless the operator sets it, its range said on leaving the field.
    const cap = gameDialog.getByLabel('人數上限', { exact: true });
    expect(await cap.inputValue()).toBe('10000');
    await cap.fill('60000');
    await cap.blur();
    await gameDialog.getByTestId('field-player-cap').getByText('人數上限需介於 1 到 50000 人').waitFor();
    await cap.fill('15000');
    await gameDialog.getByRole('button', { name: '儲存' }).click();
    await gameDialog.waitFor({ state: 'hidden' });
    const created = (await server.app.db.select().from(triviaGames)).find((g) => g.title === 'E2E 闖關賽');
    expect(created?.playerCap).toBe(15_000);
    const row = page.getByTestId('game-row').filter({ hasText: 'E2E 闖關賽' });
    await row.getByText('闖關賽', { exact: true }).waitFor();

    // To its question list.
    await row.getByRole('link', { name: '題目' }).click();
    await page.waitForURL(/\/triviaGame\/update\/\d+$/);
    await page.getByTestId('game-title').filter({ hasText: 'E2E 闖關賽' }).waitFor();

    // A second level: level 1 now needs a promotion score, digits only, saved on blur.
    const scores = page.getByTestId('promotion-scores');
    await scores.getByRole('button', { name: '新增關卡' }).click();
    await scores.getByText('請輸入第 1 關的晉級分數').waitFor();
    const score1 = scores.getByLabel('第 1 關晉級分數');
    await score1.fill('3a0');
    expect(await score1.inputValue()).toBe('30');
    const saved = page.waitForResponse((res) => res.url().endsWith('/triviaGame/updateLevel'));
    await score1.blur();
    expect((await (await saved).json()).code).toBe(200);
    await scores.getByText('請輸入第 1 關的晉級分數').waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('promotion-scores').getByText('最後一關，無需晉級分數').waitFor();
    expect(await page.getByTestId('promotion-scores').getByLabel('第 1 關晉級分數').inputValue()).toBe('30');

    // The question dialog: defaults, the title checked on blur.
    await page.getByRole('button', { name: '新增題目' }).click();
    const dialog = page.getByTestId('question-dialog');
    const title = dialog.getByTestId('field-title').locator('input');
    await title.focus();
    await title.blur();
    await dialog.getByTestId('field-title').getByText('請輸入標題').waitFor();
    expect(await dialog.getByText('請選擇關卡').count()).toBe(1); // only the placeholder option, no message yet
    expect(await dialog.getByLabel('答題秒數', { exact: true }).inputValue()).toBe('1');
    expect(await dialog.getByTestId('option-title').allInnerTexts()).toEqual(['A', 'B']);
    expect(await dialog.getByRole('button', { name: /刪除選項/ }).count()).toBe(0); // only 2 options

    // Save with nothing filled: every rule shows its message.
    await dialog.getByRole('button', { name: '儲存' }).click();
    await dialog.getByTestId('field-level').getByText('請選擇關卡').last().waitFor();
    await dialog.getByText('請輸入題目文字或選擇題目圖片').waitFor();
    await dialog.getByTestId('options-error').filter({ hasText: '請輸入答案或選擇答案圖片' }).waitFor();
    await dialog.getByTestId('options-error').filter({ hasText: '請至少選擇一個答案' }).waitFor();
    await shoot(page, 'trivia-question-dialog-errors-zh-TW');

    // Four options; the add button goes at four.
    await dialog.getByRole('button', { name: '新增選項' }).click();
    await dialog.getByRole('button', { name: '新增選項' }).click();
    expect(await dialog.getByTestId('option-title').allInnerTexts()).toEqual(['A', 'B', 'C', 'D']);
    expect(await dialog.getByRole('button', { name: '新增選項' }).count()).toBe(0);

    // Text in one option: every option needs text.
    await dialog.getByLabel('選項 A 文字').fill('紅');
    for (const i of [1, 2, 3]) await dialog.getByTestId(`option-${i}`).getByText('請輸入答案', { exact: true }).waitFor();
    await dialog.getByLabel('選項 B 文字').fill('綠');
    await dialog.getByLabel('選項 C 文字').fill('藍');
    await dialog.getByLabel('選項 D 文字').fill('黃');

    // A file that is not an image is refused before upload.
    await dialog.locator('input[type=file][aria-label="選項 A 圖片"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await dialog.getByTestId('option-0').getByText('只能上傳圖片檔案（JPG、PNG、GIF、WebP）').waitFor();

    // An image in one option: every option needs one.
    await dialog.locator('input[type=file][aria-label="選項 A 圖片"]').setInputFiles(png([0xe7, 0x4c, 0x3c]));
    await dialog.getByTestId('option-0').getByRole('img', { name: '選項 A 圖片' }).waitFor();
    for (const i of [1, 2, 3]) await dialog.getByTestId(`option-${i}`).getByText('請選擇題目圖片').waitFor();
    const colours: [number, number, number][] = [
      [0x2e, 0xcc, 0x71],
      [0x34, 0x98, 0xdb],
      [0xf1, 0xc4, 0x0f],
    ];
    for (const [i, letter] of (['B', 'C', 'D'] as const).entries()) {
      await dialog.locator(`input[type=file][aria-label="選項 ${letter} 圖片"]`).setInputFiles(png(colours[i]!));
      await dialog.getByTestId(`option-${i + 1}`).getByRole('img', { name: `選項 ${letter} 圖片` }).waitFor();
    }
    expect(await dialog.getByText('請選擇題目圖片').count()).toBe(0);

    // Single choice: ticking B clears A.
    await dialog.getByTestId('option-0').getByText('正確答案').click();
    await dialog.getByTestId('option-1').getByText('正確答案').click();
    expect(await dialog.getByTestId('option-0').locator('input[type=checkbox]').isChecked()).toBe(false);
    expect(await dialog.getByTestId('option-1').locator('input[type=checkbox]').isChecked()).toBe(true);
    await dialog.getByText('請至少選擇一個答案').waitFor({ state: 'hidden' });

    // Delete option B: the rest are relettered A–C and B's answer goes with it.
    await dialog.getByRole('button', { name: '刪除選項 B' }).click();
    expect(await dialog.getByTestId('option-title').allInnerTexts()).toEqual(['A', 'B', 'C']);
    expect(await dialog.getByLabel('選項 B 文字').inputValue()).toBe('藍');
    await dialog.getByText('請至少選擇一個答案').waitFor();
    await dialog.getByTestId('option-2').getByText('正確答案').click();

    // The rest, then save.
    await title.fill('顏色題');
    await dialog.getByTestId('field-level').locator('select').selectOption({ label: '第 1 關' });
    await dialog.getByTestId('field-question-text').locator('textarea').fill('哪一個是黃色？');
    await dialog.getByRole('button', { name: '儲存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const questionRow = page.getByTestId('question-row').filter({ hasText: '顏色題' });
    await questionRow.waitFor();
    expect(await texts(questionRow.locator('td'))).toEqual(expect.arrayContaining(['第 1 關', '顏色題', '哪一個是黃色？', '1 秒']));
    await shoot(page, 'trivia-question-list-type2-created-zh-TW');

    // Edit: the dialog loads the question by id.
    await questionRow.getByRole('button', { name: '修改' }).click();
    await dialog.waitFor();
    await expect.poll(() => title.inputValue()).toBe('顏色題');
    expect(await dialog.getByTestId('option-title').allInnerTexts()).toEqual(['A', 'B', 'C']);
    expect(await dialog.getByTestId('option-2').locator('input[type=checkbox]').isChecked()).toBe(true);
    await title.fill('顏色題（改）');
    await dialog.getByRole('button', { name: '儲存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const edited = page.getByTestId('question-row').filter({ hasText: '顏色題（改）' });
    await edited.waitFor();

    // Delete, after confirming.
    await edited.getByRole('button', { name: /刪除/ }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText('確認刪除？').waitFor();
    await confirm.getByRole('button', { name: '確定' }).click();
    await page.getByTestId('question-row').filter({ hasText: '顏色題' }).waitFor({ state: 'detached' });
    await page.getByTestId('question-table').getByText('暫無資料').waitFor();
  });
});

describe('the lists', () => {
  it('shows a speed contest without level and score but with the bonus flag, in English', async () => {
    const { speed, levels } = await demoGameIds();
    const page = await loggedIn('/triviaGame/index', { locale: 'en-US' });
    await page.getByTestId('game-row').first().waitFor();
    await shoot(page, 'trivia-game-list-en');

    await page.goto(`${server.url}/triviaGame/update/${speed}`);
    await page.getByTestId('question-row').first().waitFor();
    const headers = await texts(page.getByTestId('question-table').locator('th'));
    // The first column holds the tick boxes of the bulk actions (a box in its header, no text).
    expect(headers).toEqual(['', 'Order', 'Title', 'Kind', 'Question text', 'Question image', 'Answering seconds', 'Double points', 'Actions']);
    await page.getByTestId('question-table').getByText('Double points', { exact: true }).nth(1).waitFor(); // the demo's bonus question
    expect(await page.getByTestId('promotion-scores').count()).toBe(0);
    await shoot(page, 'trivia-question-list-type1-en');

    await page.goto(`${server.url}/triviaGame/update/${levels}`);
    await page.getByTestId('question-row').first().waitFor();
    expect(await texts(page.getByTestId('question-table').locator('th'))).toEqual([
      '',
      'Order',
      'Level',
      'Title',
      'Kind',
      'Question text',
      'Question image',
      'Score',
      'Answering seconds',
      'Actions',
    ]);
    await page.getByTestId('promotion-scores').getByLabel('Promotion score of level 1').waitFor();
    await shoot(page, 'trivia-question-list-type2-en');

    await page.getByRole('button', { name: 'New question' }).click();
    const dialog = page.getByTestId('question-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter the question text or choose a question image').waitFor();
    await shoot(page, 'trivia-question-dialog-errors-en');
  });

  it("shows the game dialog's player cap and its range message in both languages, on a desktop and a 360 px phone", async () => {
    for (const [locale, create, label, message] of [
      ['zh-TW', '新增遊戲', '人數上限', '人數上限需介於 1 到 50000 人'],
      ['en', 'New game', 'Player cap', 'The player cap must be between 1 and 50000'],
    ] as const) {
      for (const [viewport, suffix] of [
        [DESKTOP, ''],
        [{ width: 360, height: 740 }, '-360'],
      ] as const) {
        const page = await loggedIn('/triviaGame/index', { locale, viewport });
        await page.getByRole('button', { name: create }).click();
        const dialog = page.getByTestId('game-dialog');
        const cap = dialog.getByLabel(label, { exact: true });
        await cap.fill('0');
        await cap.blur();
        await dialog.getByTestId('field-player-cap').getByText(message).waitFor();
        const box = await dialog.getByTestId('field-player-cap').boundingBox();
        expect(box!.x + box!.width, 'the field fits the screen').toBeLessThanOrEqual(viewport.width);
        await shoot(page, `trivia-game-dialog-player-cap-${locale}${suffix}`);
        await page.close();
      }
    }
  });

  it('looks right in Chinese on a desktop and on a phone', async () => {
    const { speed, levels } = await demoGameIds();
    const page = await loggedIn('/triviaGame/index', { locale: 'zh-TW', viewport: DESKTOP });
    await page.getByTestId('game-row').first().waitFor();
    await shoot(page, 'trivia-game-list-zh-TW');
    await page.goto(`${server.url}/triviaGame/update/${speed}`);
    await page.getByTestId('question-row').first().waitFor();
    await shoot(page, 'trivia-question-list-type1-zh-TW');
    await page.goto(`${server.url}/triviaGame/update/${levels}`);
    await page.getByTestId('question-row').first().waitFor();
    await shoot(page, 'trivia-question-list-type2-zh-TW');

    const phone = await loggedIn('/triviaGame/index', { locale: 'zh-TW', viewport: MOBILE });
    await phone.getByTestId('game-row').first().waitFor();
    await shoot(phone, 'trivia-game-list-zh-TW-mobile');
    await phone.goto(`${server.url}/triviaGame/update/${levels}`);
    await phone.getByTestId('question-row').first().waitFor();
    await shoot(phone, 'trivia-question-list-type2-zh-TW-mobile');
  });
});
