/**
 * The results export from the game list in real Chromium: the export menu of a game offers Excel and
 * the three CSV tables; choosing one downloads the file under the game's (Chinese) title, and the
 * workbook opens with its four sheets. With an access token that expired before the click, the
 * download is refreshed and replayed once — the operator just gets the file. A screenshot of the
 * open menu goes to /tmp/shots for review.
 */
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triviaGames } from '@/server/db/schema';
import { launchBrowser, openPage, shoot } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { expireToken, loginByApi, tokenOf } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function gameList(): Promise<Page> {
  const page = await openPage(browser, { locale: 'zh-TW' });
  page.on('pageerror', (error) => console.error(`page error: ${error.stack}`));
  await loginByApi(page, server);
  await page.goto(`${server.url}/triviaGame/index`);
  await page.getByRole('heading', { level: 1, name: '問答遊戲' }).waitFor();
  return page;
}

async function exportFrom(page: Page, title: string, item: string) {
  const row = page.getByTestId('game-row').filter({ hasText: title });
  await row.getByTestId('export-results').click();
  await page.getByRole('menuitem', { name: item }).waitFor();
  await shoot(page, 'export-menu', '/tmp/shots');
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  const download = await downloading;
  const path = await download.path();
  if (!path) throw new Error('the download has no file');
  return { name: download.suggestedFilename(), path };
}

describe('the results export menu', () => {
  it('downloads the workbook and a CSV of a game, also when the access token expired meanwhile', async () => {
    const [game] = (await server.app.db.select().from(triviaGames)).filter((g) => g.type === 1);
    const page = await gameList();

    const workbook = await exportFrom(page, game!.title, 'Excel（排名、作答紀錄、各題統計、取消資格）');
    expect(workbook.name).toBe(`${game!.title}-成績.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(workbook.path);
    expect(book.worksheets.map((s) => s.name)).toEqual(['排名', '作答紀錄', '各題統計', '取消資格']);
    expect(book.getWorksheet('排名')!.getRow(1).values).toEqual([undefined, '名次', '暱稱', '加入順序', '總分', '答對總耗時（秒）', '答對題數', '作答題數', '公平性提示']);

    // The second download starts with a token the server's clock has moved past (no waiting).
    await expireToken(server, (await tokenOf(page))!);
    let refreshes = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/refresh')) refreshes += 1;
    });
    const csv = await exportFrom(page, game!.title, 'CSV — 作答紀錄');
    expect(refreshes, 'the expired token was refreshed').toBeGreaterThanOrEqual(1);
    expect(csv.name).toBe(`${game!.title}-作答紀錄.csv`);
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(csv.path, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')[0]).toBe('題號,題目標題,題目文字,暱稱,加入順序,選擇的答案,正確答案,是否答對,作答耗時（秒）,得分,收到時間（Asia/Taipei）');
    await page.context().close();
  });
});
