/**
 * Companies and the audit trail in real Chromium against the real server (issue 15). The super admin
 * creates a company on the company screen (the server's 422 under the name first), and the navbar's
 * company switcher, absent while there was one company, offers it at once; switching loads the
 * dashboard for that company, whose game list is empty; a game created there, and the company's
 * creation back in the first company, are in the audit trail with their details in the drawer, the
 * filters narrow them, and the CSV export holds what the filters select. In a browser of another time
 * zone, the trail shows an entry at the time its CSV gives, the company's, and says so (issue 33).
 * An admin's open screen follows changes made elsewhere without a reload: its role gains a
 * permission (the menu grows), it is given a second company (the switcher appears). (admin.e2e covers
 * a direct permission and a disabled account.)
 * Screenshots of both screens, the dialog, the switcher and the drawer at 1280 and 360 px, in zh-TW
 * and en, go to /tmp/shots-company-audit for review; axe finds no serious violation on them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '@/server/db/schema';
import { createAdmin, createRole } from '../support/fixtures';
import { DESKTOP, launchBrowser, MOBILE, openPage, saveScreenshot, settle } from './support/browser';
import { operatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const SHOTS = '/tmp/shots-company-audit';
const PHONE = { width: 360, height: 780 } as const;
const NEW_COMPANY = 'Harbour Events';
const GAME_TITLE = 'Harbour opening quiz';
const FLOOR = { username: 'floor.staff', password: 'Floor-pass-1', name: 'Flora Floor', email: 'flora@example.com' };
const FLOOR_PERMISSIONS = ['triviaGame', 'triviaGame.index', 'triviaGame.list'];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Saves a screenshot for review once the transitions are over. */
async function shoot(page: Page, name: string) {
  await settle(page);
  await saveScreenshot(page, name, SHOTS);
}

const companyNames = (page: Page) => page.getByTestId('company-name').allInnerTexts();
const switcher = (page: Page) => page.getByTestId('company-switcher');
const auditRows = (page: Page) => page.getByTestId('audit-row');
/** The table's rows as the user reads them: operation, company, outcome. */
const auditLines = (page: Page) =>
  auditRows(page).evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim());
      return { operation: cells[3], company: cells[2], outcome: cells[5], who: cells[1] };
    }),
  );

async function chooseCompany(page: Page, name: string) {
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect.poll(() => switcher(page).getAttribute('aria-label')).toContain(name);
}

/** The sidebar's top-level entries, as the user reads them. */
const menuEntries = (page: Page) =>
  page
    .getByTestId('sidebar')
    .getByRole('navigation')
    .locator(':scope > ul > li')
    .evaluateAll((items) => items.map((item) => (item.textContent ?? '').trim()));

const AXE = path.resolve('node_modules/axe-core/axe.min.js');

/**
 * axe-core's serious and critical violations once the transitions are over (a drawer sliding in is
 * still translucent); the context must bypass the CSP.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: Array<{ target: string[] }> };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The page is wider than the screen (a horizontal scroll of the whole page). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe('companies and the audit trail', () => {
  it('creates a company, switches to it, creates a game there, and finds both in the audit trail, filtered and exported', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    page.on('pageerror', (error) => console.error(`page error: ${error.stack}`));
    // No fake clock on this page: with Playwright's clock installed, a dialog's closing animation
    // sometimes never ends for Chakra's presence (both animations finished, the dialog left in the page
    // as `closed`), which no real browser clock does. The success message is waited out instead.
    await loginByApi(page, server);
    await page.goto(`${server.url}/admin/company`);
    await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
    await expect.poll(() => companyNames(page)).toEqual(['Default company']);
    expect(await switcher(page).count(), 'one company: no switcher').toBe(0);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // The server's refusals appear under the name.
    await page.getByTestId('company-create').click();
    const dialog = page.getByTestId('company-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('[data-part="error-text"]').innerText()).toMatch(/\S/);
    await dialog.locator('input[name="name"]').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter a company name').waitFor();
    await dialog.locator('input[name="name"]').fill('default COMPANY');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A company with this name already exists').waitFor();
    expect(await dialog.locator('input[name="name"]').getAttribute('aria-invalid')).toBe('true');
    await shoot(page, 'company-dialog-422-en-1280');

    await dialog.locator('input[name="name"]').fill(NEW_COMPANY);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Company “${NEW_COMPANY}” created`).waitFor();
    // The message covers the navbar while it shows (2.5 s), then goes.
    await page.getByText(`Company “${NEW_COMPANY}” created`).waitFor({ state: 'hidden' });
    await expect.poll(() => companyNames(page)).toEqual(['Default company', NEW_COMPANY]);
    const newId = Number(await page.locator('[data-testid="company-row"]').nth(1).getAttribute('data-id'));

    // The switcher appears with both companies, without a reload.
    await switcher(page).waitFor();
    expect(await switcher(page).getAttribute('data-company-id')).toBe('1');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await switcher(page).click();
    const menu = page.getByTestId('company-menu');
    await expect.poll(() => menu.getByRole('menuitemradio').allInnerTexts()).toEqual(['Default company', NEW_COMPANY]);
    expect(await menu.getByRole('menuitemradio', { name: 'Default company' }).getAttribute('aria-checked')).toBe('true');
    await shoot(page, 'company-switcher-en-1280');
    await page.keyboard.press('Escape');

    // Switching: the dashboard, acting for the new company; its game list is empty.
    await chooseCompany(page, NEW_COMPANY);
    expect(await page.evaluate(() => sessionStorage.getItem('cid'))).toBe(String(newId));
    expect(await switcher(page).getAttribute('data-company-id')).toBe(String(newId));
    await page.getByTestId('sidebar').getByRole('link', { name: /^Game list$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Trivia games' }).waitFor();
    await page.getByTestId('game-table').getByText('No data').waitFor();
    expect(await page.getByTestId('game-row').count()).toBe(0);

    // A game of the new company.
    await page.getByRole('button', { name: 'New game' }).click();
    const gameDialog = page.getByTestId('game-dialog');
    await gameDialog.getByRole('textbox').first().fill(GAME_TITLE);
    await gameDialog.getByRole('button', { name: 'Save' }).click();
    await gameDialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('game-row').allInnerTexts()).toEqual([expect.stringContaining(GAME_TITLE)]);

    // The new company's trail: the game's creation, with every field in the drawer.
    await page.goto(`${server.url}/admin/audit`);
    await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
    await expect.poll(() => auditLines(page)).toEqual([{ operation: 'Create game', company: NEW_COMPANY, outcome: 'Success', who: `admin#1` }]);
    await auditRows(page).first().click();
    const drawer = page.getByTestId('audit-drawer');
    await drawer.waitFor();
    const details = await drawer.innerText();
    for (const text of ['Create game', 'triviaGameCreate', 'admin', `${NEW_COMPANY} (#${newId})`, GAME_TITLE, 'triviaGame', '127.0.0.1', 'Success', '200']) {
      expect(details).toContain(text);
    }
    await shoot(page, 'audit-drawer-en-1280');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    // Back in the first company: the company's creation, and the three refused attempts before it.
    await chooseCompany(page, 'Default company');
    await page.goto(`${server.url}/admin/audit`);
    await auditRows(page).first().waitFor();
    const filters = page.getByTestId('audit-filters');
    await filters.locator('select[name="operation"]').selectOption('companyCreate');
    const attempt = (outcome: string) => ({ operation: 'Create company', company: 'Default company', outcome, who: 'admin#1' });
    await expect.poll(() => auditLines(page)).toEqual([attempt('Success'), attempt('Refused'), attempt('Refused'), attempt('Refused')]);
    await auditRows(page).first().click();
    await drawer.waitFor();
    const created = await drawer.innerText();
    expect(created).toMatch(new RegExp(`Target ID\\s+${newId}\\b`));
    expect(created).toContain(NEW_COMPANY);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    // Narrowed by keyword and the last week: the successful creation alone.
    await filters.locator('input[name="keyword"]').fill('Harbour');
    await filters.getByRole('button', { name: 'Search' }).click();
    await filters.getByRole('button', { name: 'Last week' }).click();
    await expect.poll(() => auditLines(page)).toEqual([attempt('Success')]);
    await shoot(page, 'audit-filtered-en-1280');

    // The export holds what the filters select.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Time (Asia/Taipei),Admin ID,Username,Company ID,Operation,Target type,Target ID,Summary,IP address,User agent,Outcome,Code');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',admin,1,companyCreate,company,');
    expect(lines[1]).toContain(NEW_COMPANY);
  });

  it("shows an entry's time in the company's time zone, as its CSV does, and says so on screen, in a browser of another zone", async () => {
    const operator = await operatorApi(server);
    await operator.createGame({ title: 'Zone check quiz', type: 1, start_time: null, end_time: null });
    for (const [locale, viewport, caption, search] of [
      ['en-US', DESKTOP, "Times are in the company's time zone, Asia/Taipei (UTC+8), as in the exported CSV.", 'Search'],
      ['zh-TW', MOBILE, '時間為公司時區 Asia/Taipei（UTC+8），與匯出的 CSV 相同。', '搜尋'],
    ] as const) {
      // New York is 13 hours behind Taipei: a time in the browser's zone could not match the file's.
      const page = await openPage(browser, { locale, viewport, timezoneId: 'America/New_York' });
      await loginByApi(page, server);
      await page.goto(`${server.url}/admin/audit`);
      await page.getByTestId('audit-time-zone').getByText(caption).waitFor();
      const filters = page.getByTestId('audit-filters');
      await filters.locator('input[name="keyword"]').fill('Zone check quiz');
      await filters.getByRole('button', { name: search }).click();
      await expect.poll(() => auditLines(page)).toEqual([expect.objectContaining({ operation: locale === 'en-US' ? 'Create game' : '新增遊戲' })]);
      const shown = (await auditRows(page).getByTestId('audit-time').innerText()).replace(/\s+/g, ' ').trim();
      await shoot(page, `audit-time-zone-${locale}-${viewport.width}`);

      const downloading = page.waitForEvent('download');
      await page.getByTestId('audit-export').click();
      const lines = (await readFile((await (await downloading).path())!, 'utf8')).slice(1).trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]!.split(',')[0]).toBe(locale === 'en-US' ? 'Time (Asia/Taipei)' : '時間（Asia/Taipei）');
      expect(shown).toBe(lines[1]!.split(',')[0]);
      // The drawer says the same.
      await auditRows(page).first().click();
      await page.getByTestId('audit-drawer').getByText(shown, { exact: true }).waitFor();
      await page.context().close();
    }
  });

  it("follows a role that gains a permission and a company given, on the admin's open screen, without a reload", async () => {
    await createRole(server.app, 'floor-staff', FLOOR_PERMISSIONS);
    const floorId = await createAdmin(server.app, { ...FLOOR, roles: ['floor-staff'], companyIds: [1] });
    const page = await openPage(browser, { locale: 'en-US' });
    await loginByApi(page, server, FLOOR.username, FLOOR.password);
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('user-menu').filter({ hasText: FLOOR.name }).waitFor();
    await expect.poll(() => menuEntries(page)).toEqual(['Dashboard', 'Game list']);
    expect(await switcher(page).count()).toBe(0);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // Elsewhere, the super admin gives the role the notification list...
    const superAdmin = await operatorApi(server);
    const [role] = await server.app.db.select({ id: roles.id }).from(roles).where(eq(roles.identifier, 'floor-staff'));
    await superAdmin.call('/role/update', { id: role!.id, title: 'Floor staff', permissions: [...FLOOR_PERMISSIONS, 'notification', 'notification.index'] });
    await expect.poll(() => menuEntries(page)).toEqual(['Dashboard', 'Game list', 'Notification list']);

    // ... and the admin a second company.
    const { id: secondId } = await superAdmin.call('/company/create', { name: 'Floor Two Events' });
    await superAdmin.call('/admin/update', { id: floorId, ...FLOOR, password: undefined, roles: ['floor-staff'], status: 1, company_ids: [1, secondId] });
    await switcher(page).waitFor();
    await switcher(page).click();
    await expect.poll(() => page.getByTestId('company-menu').getByRole('menuitemradio').allInnerTexts()).toEqual(['Default company', 'Floor Two Events']);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), 'never reloaded').toBe(true);
  });

  /**
   * Both screens, the company dialog, the switcher and the drawer: the headings and the operation
   * filter in the page's language, no page-wide horizontal scroll, `check` in each state but the
   * dialog, a screenshot of each. The drawer opens with Enter on a row, or with a click.
   */
  async function visitScreens(page: Page, lang: 'en' | 'zh-TW', width: number, check: () => Promise<void>, openRow: 'Enter' | 'click') {
    const size = `${lang}-${width}`;
    const zh = lang === 'zh-TW';
    await page.goto(`${server.url}/admin/company`);
    await page.getByRole('heading', { level: 1, name: zh ? '公司管理' : 'Companies' }).waitFor();
    await page.getByTestId('company-row').first().waitFor();
    await switcher(page).waitFor(); // the first test made a second company
    expect(await overflows(page)).toBe(false);
    await check();
    await shoot(page, `company-list-${size}`);

    await page.getByTestId('company-create').click();
    await page.getByTestId('company-dialog').waitFor();
    await shoot(page, `company-dialog-${size}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('company-dialog').waitFor({ state: 'detached' });

    await switcher(page).click();
    await page.getByTestId('company-menu').waitFor();
    await check();
    await shoot(page, `company-switcher-${size}`);
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/admin/audit`);
    await page.getByRole('heading', { level: 1, name: zh ? '操作紀錄' : 'Audit trail' }).waitFor();
    await auditRows(page).first().waitFor();
    expect(await overflows(page)).toBe(false);
    const operations = await page.locator('select[name="operation"] option').allInnerTexts();
    expect(operations).toContain(zh ? '新增公司' : 'Create company');
    expect(operations).toContain(zh ? '遊戲進行步驟' : 'Game step');
    await check();
    await shoot(page, `audit-list-${size}`);
    if (openRow === 'Enter') await auditRows(page).first().press('Enter');
    else await auditRows(page).first().click();
    await page.getByTestId('audit-drawer').waitFor();
    await check();
    await shoot(page, `audit-drawer-${size}`);
  }

  // One page per language: axe at 1280 px, then the same screens at 360 px; both widths shot for review.
  it.each([
    { lang: 'zh-TW', locale: 'zh-TW' },
    { lang: 'en', locale: 'en-US' },
  ] as const)(
    'in $lang: both screens, the switcher and the drawer without a page-wide horizontal scroll at 1280 and 360 px, and no serious accessibility violation',
    async ({ lang, locale }) => {
      const context = await browser.newContext({ locale, viewport: DESKTOP, bypassCSP: true });
      context.setDefaultTimeout(10_000);
      try {
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`page error: ${error.stack}`));
        await loginByApi(page, server);
        await visitScreens(page, lang, DESKTOP.width, async () => expect(await seriousViolations(page)).toEqual([]), 'Enter');
        await page.setViewportSize(PHONE);
        await visitScreens(page, lang, PHONE.width, async () => undefined, 'click');
      } finally {
        await context.close();
      }
    },
  );
});
