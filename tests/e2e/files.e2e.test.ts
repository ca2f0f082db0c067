/**
 * The file screen (issue 17) in real Chromium against the real server on its embedded database:
 * the super admin makes a directory (the shared name rules shown as typed, the server's 422 under the
 * field), uploads a 4 MB CSV over an upload throttled by the browser (CDP) so the progress bar,
 * percentage and MB/s are seen, tries a second upload meanwhile and is refused with the shared rule's
 * sentence, downloads the file and gets the same bytes, cancels an upload on the way, is refused a
 * type and a size before anything is sent, replaces the file after "replace?", drops a file on the
 * table (two at once are refused), and deletes a file and then the directory, whose
 * confirmation says how many files go with it. An upload sent with an expired access token is
 * refreshed and replayed once. In English at 360 px the tree is a drawer, nothing overflows the
 * screen, two files are ticked and deleted together. A reader with file.list alone sees no changing
 * button and can download. axe finds no serious violation. Screenshots (1280 and 360 px, zh-TW and
 * en) go to /tmp/shots-files.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createRole } from '../support/fixtures';
import { launchBrowser, openPage, saveScreenshot, settle, type PageOptions } from './support/browser';
import { type OperatorApi, operatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { expireToken, loginByApi, tokenOf } from './support/session';

const SHOTS = '/tmp/shots-files';
const PHONE = { width: 360, height: 740 } as const;
const MB = 1024 * 1024;
const READER = { username: 'rita.reader', password: 'Rita-reader-1', name: 'Rita Reader' };
const AXE = path.resolve('node_modules/axe-core/axe.min.js');

let server: RunningServer;
let browser: Browser;
let admin: OperatorApi;

beforeAll(async () => {
  // An 8 MB upload limit, so a 9 MB file is refused by the screen.
  [server, browser] = await Promise.all([startServer({ config: { uploadLimit: 8 * MB } }), launchBrowser()]);
  admin = await operatorApi(server);
  await createRole(server.app, 'file-reader', ['file', 'file.index', 'file.list']);
  await createAdmin(server.app, { ...READER, roles: ['file-reader'] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A CSV of about `bytes` bytes, its rows numbered (so a shifted or cut byte shows). */
function csvOf(bytes: number): Buffer {
  const rows = ['id,name,score'];
  let size = rows[0]!.length + 1;
  for (let id = 1; size < bytes; id += 1) {
    const row = `${id},玩家${id},${(id * 7919) % 1000}`;
    rows.push(row);
    size += Buffer.byteLength(row) + 1;
  }
  return Buffer.from(`${rows.join('\n')}\n`);
}

/** Uploads through the API as the super admin (set-up for the screens under test). */
async function uploadByApi(directory: string, name: string, content: Buffer): Promise<void> {
  const form = new FormData();
  form.append('directory', directory);
  form.append('replace', '0');
  form.append('file', new Blob([new Uint8Array(content)], { type: 'text/csv' }), name);
  const response = await fetch(`${server.url}/api/admin/file/uploadFile`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, cid: '1' }, body: form });
  const body = (await response.json()) as { code: number };
  if (body.code !== 200) throw new Error(`upload of ${name} failed: ${JSON.stringify(body)}`);
}

async function openFiles(options: PageOptions, credentials?: { username: string; password: string }): Promise<Page> {
  const page = await openPage(browser, options);
  page.on('pageerror', (error) => console.error(`page error: ${error.stack}`));
  await loginByApi(page, server, credentials?.username, credentials?.password);
  await page.goto(`${server.url}/file/index`);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  await saveScreenshot(page, name, SHOTS);
}

const row = (page: Page, name: string) => page.getByTestId('file-row').filter({ has: page.getByTestId('file-name').getByText(name, { exact: true }) });

/** Counts the upload requests the page sends, by their answer's status. */
function watchUploads(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/admin/file/uploadFile')) statuses.push(response.status());
  });
  return statuses;
}

/** Drops files on the table as a desktop's file manager would (a drag carrying files). */
async function dropFiles(page: Page, files: { name: string; text: string }[]): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.text], file.name, { type: 'text/plain' }));
    return data;
  }, files);
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await page.getByText(/放開滑鼠，把檔案上傳到|Drop the file to upload it to/).waitFor();
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the file screen', () => {
  it('makes a directory, uploads a CSV with progress, refuses a second upload meanwhile, downloads the same bytes, replaces it and deletes both', async () => {
    const page = await openFiles({ locale: 'zh-TW' });
    await page.getByRole('heading', { level: 1, name: '檔案管理' }).waitFor();
    await page.getByTestId('file-empty').getByText('這個目錄是空的').waitFor();
    await page.getByTestId('upload-limit').getByText('每個檔案最大 8 MB').waitFor();

    // The make-directory dialog checks the shared rules as the name is typed.
    await page.getByRole('button', { name: '新增目錄' }).click();
    const dialog = page.getByTestId('make-directory-dialog');
    const nameField = dialog.getByRole('textbox', { name: '目錄名稱' });
    await nameField.fill('報告//2024');
    await dialog.getByText('名稱不可以「/」開頭或結尾，也不可連續出現「//」').waitFor();
    await nameField.fill('報告 🎉');
    await dialog.getByText('目錄名稱不可包含表情符號').waitFor();
    await nameField.fill('報告 2024');
    expect(await dialog.getByText('目錄名稱不可包含表情符號').count()).toBe(0);
    await dialog.getByRole('button', { name: '儲存' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, '報告 2024').waitFor();
    await page.getByTestId('directory-tree').getByRole('button', { name: '報告 2024', exact: true }).waitFor();

    // The same name again: the server's 422 appears under the field.
    await page.getByRole('button', { name: '新增目錄' }).click();
    await nameField.fill('報告 2024');
    await dialog.getByRole('button', { name: '儲存' }).click();
    await dialog.getByText('此目錄已有名為「報告 2024」的檔案或目錄').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Into the directory, by its name in the table.
    await row(page, '報告 2024').getByRole('button', { name: '開啟「報告 2024」' }).click();
    await page.getByTestId('file-breadcrumb').getByText('報告 2024').waitFor();
    await page.getByTestId('file-empty').waitFor();

    // A 4 MB CSV over an upload the browser holds to 1 MB/s: the progress is seen on the way.
    const uploads = watchUploads(page);
    const csv = csvOf(4 * MB);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: MB });
    await page.getByTestId('upload-input').setInputFiles({ name: 'scores.csv', mimeType: 'text/csv', buffer: csv });
    const progress = page.getByTestId('upload-progress');
    await progress.getByText('正在上傳「scores.csv」到「報告 2024」').waitFor();
    await page.waitForFunction(() => {
      const percent = Number.parseInt(document.querySelector('[data-testid="upload-percent"]')?.textContent ?? '', 10);
      return percent >= 10 && percent < 90 && /\d MB\/s$/.test(document.querySelector('[data-testid="upload-speed"]')?.textContent ?? '');
    });
    const bar = Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(bar).toBeGreaterThan(0);
    expect(bar).toBeLessThan(100);
    const speed = Number.parseFloat((await page.getByTestId('upload-speed').textContent()) ?? '');
    expect(speed).toBeGreaterThan(0.3);
    expect(speed).toBeLessThan(3);

    // A second file chosen meanwhile is refused before anything is sent.
    await page.getByTestId('upload-input').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: csvOf(1000) });
    await page.getByTestId('upload-problem').getByText('已有檔案正在上傳，一次只能上傳一個檔案，請等它完成').waitFor();
    await shoot(page, 'desktop-zh-TW-uploading');

    await progress.waitFor({ state: 'hidden', timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await row(page, 'scores.csv').getByTestId('file-size').getByText('4 MB').waitFor();
    expect(uploads).toEqual([200]);

    // The download is the same bytes, under the file's name.
    const downloading = page.waitForEvent('download');
    await row(page, 'scores.csv').getByRole('button', { name: '下載「scores.csv」' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('scores.csv');
    expect(fs.readFileSync((await download.path())!).equals(csv)).toBe(true);

    // Cancelled on the way: nothing is stored, and the next upload is not refused as a second one.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: MB });
    await page.getByTestId('upload-input').setInputFiles({ name: 'cancelled.csv', mimeType: 'text/csv', buffer: csvOf(4 * MB) });
    await page.waitForFunction(() => Number.parseInt(document.querySelector('[data-testid="upload-percent"]')?.textContent ?? '', 10) >= 5);
    await progress.getByRole('button', { name: '取消上傳' }).click();
    await progress.waitFor({ state: 'hidden' });
    await page.getByText('已取消上傳「cancelled.csv」').waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('button', { name: '重新整理' }).click();
    await row(page, 'scores.csv').waitFor();
    expect(await row(page, 'cancelled.csv').count()).toBe(0);

    // A type and a size the rules refuse are refused before sending, in the rules' words.
    await page.getByTestId('upload-input').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByTestId('upload-problem').getByText('只能上傳 Word（doc、docx）、PDF、文字檔（txt）、CSV、Excel（xls、xlsx）或影片（mp4）').waitFor();
    await page.getByTestId('upload-input').setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: csvOf(9 * MB) });
    await page.getByTestId('upload-problem').getByText('檔案不可超過 8 MB').waitFor();
    expect(uploads.filter((status) => status === 200)).toHaveLength(1);

    // The same name again asks first, then replaces.
    const smaller = csvOf(2000);
    await page.getByTestId('upload-input').setInputFiles({ name: 'scores.csv', mimeType: 'text/csv', buffer: smaller });
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: '要取代檔案嗎？' });
    await confirm.getByText('「報告 2024」裡已有名為「scores.csv」的檔案。要用新上傳的檔案取代它嗎？').waitFor();
    await confirm.getByRole('button', { name: '取代' }).click();
    await row(page, 'scores.csv').getByTestId('file-size').getByText('2 KB').waitFor();
    expect(uploads.filter((status) => status === 200)).toHaveLength(2);
    await shoot(page, 'desktop-zh-TW-directory');

    // A file dropped on the table is uploaded there; two dropped at once are refused.
    await dropFiles(page, [{ name: 'a.txt', text: 'a' }, { name: 'b.txt', text: 'b' }]);
    await page.getByTestId('upload-problem').getByText('一次只能上傳一個檔案，請只拖曳一個檔案').waitFor();
    await dropFiles(page, [{ name: 'notes.txt', text: '會議紀錄\n' }]);
    await row(page, 'notes.txt').waitFor();
    expect(await page.getByTestId('upload-problem').count()).toBe(0);

    // Delete the file (confirmed), then the directory from the root: its confirmation counts its files.
    await row(page, 'notes.txt').getByRole('button', { name: '刪除「notes.txt」' }).click();
    const deleteFile = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: '確認刪除' });
    await deleteFile.getByText('確定要刪除檔案「notes.txt」嗎？刪除後無法復原。').waitFor();
    await deleteFile.getByRole('button', { name: '刪除' }).click();
    await row(page, 'notes.txt').waitFor({ state: 'detached' });

    await page.getByTestId('file-breadcrumb').getByRole('button', { name: '全部檔案' }).click();
    await row(page, '報告 2024').getByRole('button', { name: '刪除目錄「報告 2024」' }).click();
    const deleteDirectory = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: '確認刪除' });
    await deleteDirectory.getByText('確定要刪除目錄「報告 2024」嗎？裡面的 1 個檔案（包含子目錄裡的）會一起刪除，且無法復原。').waitFor();
    await deleteDirectory.getByRole('button', { name: '刪除' }).click();
    await page.getByTestId('file-empty').waitFor();
    expect(await page.getByTestId('directory-tree').getByRole('button', { name: '報告 2024', exact: true }).count()).toBe(0);
    expect((await admin.call('/file/list', { directory: '' })).list).toEqual([]);
  });

  it('replays an upload sent with an expired access token once, after the refresh', async () => {
    // A server of its own, whose clock the test moves past the token's life.
    const expiring = await startServer();
    try {
      const page = await openPage(browser, { locale: 'en-US' });
      await loginByApi(page, expiring);
      await page.goto(`${expiring.url}/file/index`);
      await page.getByTestId('file-empty').waitFor();
      const uploads = watchUploads(page);
      await expireToken(expiring, (await tokenOf(page))!);
      await page.getByTestId('upload-input').setInputFiles({ name: 'late.csv', mimeType: 'text/csv', buffer: csvOf(5000) });
      await row(page, 'late.csv').waitFor();
      expect(uploads).toEqual([401, 200]);
      expect(await page.getByTestId('upload-problem').count()).toBe(0);
    } finally {
      await expiring.close();
    }
  });

  it('works at 360 px in English: the tree in a drawer, nothing off screen, two files ticked and deleted together', async () => {
    await admin.call('/file/makeDirectory', { directory: '', name: 'Reports/2024' });
    await uploadByApi('Reports/2024', 'Quarterly results for the board meeting (final version).csv', csvOf(30_000));
    await uploadByApi('Reports/2024', 'attendees.csv', csvOf(500));
    await uploadByApi('', 'price list.csv', csvOf(1200));

    const page = await openFiles({ locale: 'en-US', viewport: PHONE });
    await page.getByRole('heading', { level: 1, name: 'File manager' }).waitFor();
    await row(page, 'Reports').waitFor();
    // The directory's file count is read under its name on a phone.
    await row(page, 'Reports').getByText(/^2 files · \d{4}-\d{2}-\d{2}$/).waitFor();
    expect(await page.getByTestId('directory-tree').isVisible()).toBe(false);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    await shoot(page, '360-en-root');

    await page.getByRole('button', { name: 'Directories' }).click();
    const drawer = page.getByTestId('tree-drawer');
    await drawer.getByRole('button', { name: 'Expand "Reports"' }).click();
    await drawer.getByRole('button', { name: '2024', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
    await row(page, 'attendees.csv').waitFor();
    expect(await overflow()).toBe(0);
    await shoot(page, '360-en-directory');

    await page.getByRole('button', { name: 'Directories' }).click();
    await drawer.getByRole('button', { name: '2024', exact: true }).waitFor();
    await shoot(page, '360-en-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('checkbox', { name: 'Select all files' }).check({ force: true });
    await page.getByText('2 files selected').waitFor();
    await page.getByTestId('delete-selected').click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: 'Confirm deletion' });
    await confirm.getByText('Delete the 2 selected files? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('file-empty').getByText('This directory is empty').waitFor();
    expect(await overflow()).toBe(0);
    await shoot(page, '360-en-empty');

    await page.getByRole('button', { name: 'New directory' }).click();
    await page.getByTestId('make-directory-dialog').getByRole('textbox', { name: 'Directory name' }).fill('q1/');
    await page.getByTestId('make-directory-dialog').getByText('A name must not start or end with / or have two / in a row').waitFor();
    await shoot(page, '360-en-make-directory');
    await page.keyboard.press('Escape');
  });

  it('shows the same screen in zh-TW at 360 px and in English at 1280 px (screenshots), with no serious axe violation', async () => {
    const zh = await openFiles({ locale: 'zh-TW', viewport: PHONE });
    await row(zh, 'Reports').waitFor();
    expect(await zh.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await shoot(zh, '360-zh-TW-root');

    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 }, bypassCSP: true });
    try {
      const en = await context.newPage();
      await loginByApi(en, server);
      await en.goto(`${server.url}/file/index`);
      await row(en, 'Reports').getByRole('button', { name: 'Open "Reports"' }).click();
      await en.getByTestId('directory-tree').getByRole('button', { name: '2024', exact: true }).waitFor();
      await row(en, '2024').waitFor();
      await en.getByRole('button', { name: 'All files' }).first().click();
      await row(en, 'price list.csv').waitFor();
      await shoot(en, 'desktop-en-root');
      expect(await seriousViolations(en)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a reader with file.list alone sees no changing button and can download', async () => {
    const page = await openFiles({ locale: 'en-US' }, READER);
    await row(page, 'price list.csv').waitFor();
    for (const name of ['Upload file', 'New directory', 'Delete']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await row(page, 'Reports').getByRole('button', { name: 'Delete directory "Reports"' }).count()).toBe(0);
    expect(await page.getByTestId('upload-input').count()).toBe(0);
    const downloading = page.waitForEvent('download');
    await row(page, 'price list.csv').getByRole('button', { name: 'Download "price list.csv"' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('price list.csv');
    expect(fs.readFileSync((await download.path())!).equals(csvOf(1200))).toBe(true);
  });
});
