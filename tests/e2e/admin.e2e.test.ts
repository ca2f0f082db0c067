/**
 * Staff accounts in real Chromium against the real server (issue 15): the super admin creates a role
 * and an operator restricted to a second company on the screens; the operator, logged in in a second
 * browser context, sees only its menu and acts for that company; granted a permission, its menu grows
 * without a reload; disabled, its session ends and it lands on /login with the server's message. A
 * sheet with one bad row is previewed with that row reported, then imported without it. Screenshots
 * of both screens and their dialogs at 1280 px and 360 px, in zh-TW and en, go to /tmp/shots-admin.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createAdmin } from '../support/fixtures';
import { DESKTOP, launchBrowser, openPage, saveScreenshot, settle, type PageOptions } from './support/browser';
import { type OperatorApi, operatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const SHOTS = '/tmp/shots-admin';
const PHONE = { width: 360, height: 780 } as const;
const OPERATOR = { username: 'olivia.op', password: 'Olivia-pass-1', name: 'Olivia Operator', email: 'olivia@example.com' };
const SECOND_COMPANY = 'Cid Two Events';

let server: RunningServer;
let browser: Browser;
let superAdmin: OperatorApi;
let secondCompanyId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  superAdmin = await operatorApi(server);
  ({ id: secondCompanyId } = await superAdmin.call('/company/create', { name: SECOND_COMPANY }));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openAs(path: string, credentials?: { username: string; password: string }, options: PageOptions = { locale: 'en-US' }): Promise<Page> {
  const page = await openPage(browser, options);
  page.on('pageerror', (e) => console.error('PAGEERROR', e.message));
  await loginByApi(page, server, credentials?.username, credentials?.password);
  await page.goto(`${server.url}${path}`);
  return page;
}

/** Waits for running transitions (dialogs, toasts) to end, then saves a screenshot of the whole page for review. */
async function shoot(page: Page, name: string) {
  await settle(page);
  await saveScreenshot(page, name, SHOTS);
}

/** The same for a dialog: what the screen shows (a dialog covers the viewport, not the page below it). */
async function shootDialog(page: Page, name: string) {
  await shoot(page, name);
}

const sidebar = (page: Page) => page.getByTestId('sidebar');
/** The top-level entries of the sidebar menu, as the user reads them. */
const menuEntries = (page: Page) =>
  sidebar(page)
    .getByRole('navigation')
    .locator(':scope > ul > li')
    .evaluateAll((items) => items.map((item) => (item.textContent ?? '').trim()));
const node = (scope: Page | ReturnType<Page['getByTestId']>, identifier: string) =>
  scope.locator(`[data-testid="permission-node"][data-identifier="${identifier}"]`);
const adminRow = (page: Page, username: string) => page.locator(`[data-testid="admin-row"][data-username="${username}"]`);

describe('admin management', () => {
  it('a role and an operator of one company made on the screens; its menu grows without a reload; disabled, its session ends', async () => {
    const admin = await openPage(browser, { locale: 'en-US' });
    admin.on('pageerror', (e) => console.error('PAGEERROR', e.message));
    // No fake clock on this page: with Playwright's clock installed, a dialog's closing animation
    // sometimes never ends for Chakra's presence (both animations finished, the dialog left in the page
    // as `closed`), which no real browser clock does. The success message is waited out instead.
    await loginByApi(admin, server);
    await admin.goto(`${server.url}/admin/role`);

    // A role that opens the trivia games only: ticking the menu ticks everything under it.
    await admin.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    await admin.getByTestId('create-role').click();
    const roleDialog = admin.getByTestId('role-dialog');
    await roleDialog.locator('input[name="identifier"]').fill('game-staff');
    await roleDialog.locator('input[name="title"]').fill('Game staff');
    await node(roleDialog, 'triviaGame').click();
    for (const child of ['triviaGame.index', 'triviaGame.update', 'triviaGame.start', 'triviaGame.list', 'triviaGame.edit', 'triviaGame.control']) {
      expect(await node(roleDialog, child).locator('input').isChecked()).toBe(true);
    }
    expect(await node(roleDialog, 'notification').locator('input').isChecked()).toBe(false);
    await roleDialog.getByRole('button', { name: 'Save' }).click();
    await roleDialog.waitFor({ state: 'detached' });
    const roleRow = admin.locator('[data-testid="role-row"][data-identifier="game-staff"]');
    await expect.poll(() => roleRow.getByTestId('role-permission-count').innerText()).toBe('7');
    expect(await roleRow.getByTestId('role-admin-count').innerText()).toBe('0');

    // The operator: that role, the second company only.
    await admin.goto(`${server.url}/admin/index`);
    await admin.getByRole('heading', { level: 1, name: 'Admins' }).waitFor();
    await admin.getByTestId('create-admin').click();
    const dialog = admin.getByTestId('admin-dialog');
    await dialog.locator('input[name="username"]').fill(OPERATOR.username);
    await dialog.locator('input[name="name"]').fill(OPERATOR.name);
    await dialog.locator('input[name="email"]').fill(OPERATOR.email);
    await dialog.locator('input[name="password"]').fill('short');
    expect(await dialog.getByTestId('password-hint').getAttribute('data-strength')).toBe('1');
    await dialog.locator('input[name="password"]').fill(OPERATOR.password);
    await expect.poll(() => dialog.getByTestId('password-hint').getAttribute('data-strength')).not.toBe('1');
    await dialog.getByTestId('role-choices').getByText('Game staff').click();
    const companies = dialog.getByTestId('company-choices');
    expect(await companies.getByRole('checkbox', { name: 'Default company' }).isChecked()).toBe(true);
    await companies.getByText('Default company').click();
    await companies.getByText(SECOND_COMPANY).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    // It acts for the second company only: this company's list does not show it, and the message says why.
    const saved = admin.getByTestId('message').filter({ hasText: `Saved. ${OPERATOR.username} acts for other companies only` });
    await saved.waitFor();
    // The message covers the navbar while it shows (2.5 s), then goes.
    await saved.waitFor({ state: 'hidden' });
    expect(await adminRow(admin, OPERATOR.username).count()).toBe(0);

    // The super admin moves to the second company with the navbar's switcher, and finds it there.
    await admin.getByTestId('company-switcher').click();
    await Promise.all([admin.waitForURL((url) => url.pathname === '/dashboard'), admin.getByRole('menuitemradio', { name: SECOND_COMPANY }).click()]);
    await admin.goto(`${server.url}/admin/index`);
    await adminRow(admin, OPERATOR.username).waitFor();
    expect(await adminRow(admin, OPERATOR.username).getByTestId('admin-companies').innerText()).toBe(SECOND_COMPANY);
    expect(await adminRow(admin, OPERATOR.username).getByTestId('admin-roles').innerText()).toContain('Game staff');

    // The operator, in a browser of its own, sees only its menu and acts for its one company.
    const operator = await openAs('/dashboard', OPERATOR);
    await operator.getByTestId('user-menu').filter({ hasText: OPERATOR.name }).waitFor();
    await expect.poll(() => menuEntries(operator)).toEqual(['Dashboard', 'Game list']);
    await expect.poll(() => operator.evaluate(() => sessionStorage.getItem('cid'))).toBe(String(secondCompanyId));
    await operator.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // Granted the notifications menu directly: its menu grows, without a reload.
    await adminRow(admin, OPERATOR.username).getByRole('button', { name: `Edit ${OPERATOR.username}` }).click();
    await node(dialog, 'notification').click();
    expect(await node(dialog, 'notification.index').locator('input').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => menuEntries(operator)).toEqual(['Dashboard', 'Game list', 'Notification list']);
    expect(await operator.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // Disabled: its session ends, and it lands on /login with the server's message.
    await adminRow(admin, OPERATOR.username).getByRole('button', { name: `Disable ${OPERATOR.username}` }).click();
    const confirm = admin.getByRole('alertdialog');
    await confirm.getByText(`Disable ${OPERATOR.username}?`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => adminRow(admin, OPERATOR.username).getByTestId('admin-status').innerText()).toBe('Disabled');
    await operator.waitForURL((url) => url.pathname === '/login');
    await operator.getByTestId('message').filter({ hasText: 'This account is disabled; please contact an administrator' }).waitFor();
  });

  it('a sheet with one bad row: the preview reports the row, the import creates the others and says so', async () => {
    const admin = await openAs('/admin/index');
    await admin.getByTestId('open-import').click();
    const dialog = admin.getByTestId('import-dialog');

    // The template comes from the server under the name it gives, with the headers the import reads.
    const [download] = await Promise.all([admin.waitForEvent('download'), dialog.getByTestId('template-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const template = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(template.split(/\r?\n/)[0]).toBe('username,name,email,password,roles,status');

    const sheet = [
      'username,name,email,password,roles,status',
      'sheet.one,Sheet One,sheet1@example.com,Sheet-pass-1,viewer,1',
      'sheet.two,Sheet Two,not-an-email,Sheet-pass-2,viewer,1',
      'sheet.three,Sheet Three,sheet3@example.com,Sheet-pass-3,viewer,1',
    ].join('\n');
    await dialog.getByTestId('import-file-input').setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });

    const rows = dialog.getByTestId('import-row');
    await expect.poll(() => rows.count()).toBe(3);
    const bad = dialog.locator('[data-testid="import-row"][data-invalid]');
    expect(await bad.count()).toBe(1);
    expect(await bad.getAttribute('data-row')).toBe('3');
    expect(await bad.getByTestId('import-row-errors').innerText()).toMatch(/^Email: .+/);
    expect(await bad.locator('[data-column="email"]').evaluate((cell) => getComputedStyle(cell).color)).not.toBe(
      await bad.locator('[data-column="name"]').evaluate((cell) => getComputedStyle(cell).color),
    );
    // The dry run created nobody.
    expect((await superAdmin.call('/admin/list', { page: 1, limit: 10, keyword: 'sheet.' })).total).toBe(0);

    // The real server answers; the request is only held back until the progress was seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await admin.route('**/api/admin/admin/import', async (route) => {
      await released;
      await route.continue();
    });
    await dialog.getByTestId('import-run').filter({ hasText: 'Import 2 admins' }).click();
    await dialog.getByTestId('import-progress').filter({ hasText: 'Importing 2 admins' }).waitFor();
    release();
    await dialog.getByTestId('import-summary').filter({ hasText: 'Admins created: 2 · rows skipped: 1' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await adminRow(admin, 'sheet.one').waitFor();
    await adminRow(admin, 'sheet.three').waitFor();
    expect(await adminRow(admin, 'sheet.two').count()).toBe(0);
  });
});

describe('the admin dialog', () => {
  it("shows the server's 422 messages under their fields and stays open", async () => {
    const page = await openAs('/admin/index');
    await page.getByTestId('create-admin').click();
    const dialog = page.getByTestId('admin-dialog');
    await dialog.locator('input[name="username"]').fill('ADMIN');
    await dialog.locator('input[name="name"]').fill('Second admin');
    await dialog.locator('input[name="email"]').fill('second@example.com');
    await dialog.locator('input[name="password"]').fill('Admin');
    await dialog.getByTestId('role-choices').getByText('Viewer').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Each message under its own field.
    const field = (name: string) => dialog.locator('[data-scope="field"][data-part="root"]').filter({ has: page.locator(`input[name="${name}"]`) });
    await field('username').getByText('This username is taken').waitFor();
    await field('password').locator('[data-part="error-text"]').filter({ hasText: 'The password must have at least 8 characters, with letters and digits' }).waitFor();
    // The strength hint keeps its bar and leaves the sentence to the field's message.
    expect(await field('password').getByText('The password must have at least 8 characters', { exact: false }).count()).toBe(1);
    for (const other of ['name', 'email']) expect(await field(other).locator('[data-part="error-text"]').count()).toBe(0);
    // Typing in a field clears its message only.
    await dialog.locator('input[name="username"]').fill('second.admin');
    await expect.poll(() => dialog.getByText('This username is taken').count()).toBe(0);
    expect(await field('password').locator('[data-part="error-text"]').count()).toBe(1);
  });
});

describe('what the logged-in admin may do', () => {
  it('a manager who is not super sees the roles and permissions it does not hold greyed out, and cannot change a super admin', async () => {
    const manager = { username: 'mia.manager', password: 'Mia-pass-123' };
    await createAdmin(server.app, { ...manager, name: 'Mia Manager', roles: ['operator'], permissions: ['admin', 'admin.index', 'admin.list', 'admin.edit'] });
    const page = await openAs('/admin/index', manager);
    await adminRow(page, 'admin').waitFor();
    expect(await adminRow(page, 'admin').getByRole('button', { name: 'Edit admin' }).isDisabled()).toBe(true);
    expect(await adminRow(page, 'admin').getByRole('button', { name: 'Delete admin' }).isDisabled()).toBe(true);
    expect(await adminRow(page, 'admin').getByRole('button', { name: 'Edit admin' }).getAttribute('title')).toBe(
      'This admin holds permissions you do not have; you cannot change it',
    );

    await page.getByTestId('create-admin').click();
    const dialog = page.getByTestId('admin-dialog');
    const role = (title: string) => dialog.getByTestId('role-choices').getByRole('checkbox', { name: new RegExp(`^${title}`) });
    await expect.poll(() => role('Super admin').isDisabled()).toBe(true);
    expect(await role('Operator').isDisabled()).toBe(false);
    expect(await role('Viewer').isDisabled()).toBe(false);
    expect(await node(dialog, 'file.index').locator('input').isDisabled()).toBe(true);
    expect(await node(dialog, 'triviaGame.edit').locator('input').isDisabled()).toBe(false);
    // Ticking a menu ticks only what the manager holds: of Admins, the four admin permissions.
    await node(dialog, 'admin').click();
    expect(await node(dialog, 'admin.edit').locator('input').isChecked()).toBe(true);
    expect(await node(dialog, 'role.edit').locator('input').isChecked()).toBe(false);
    await shootDialog(page, 'admin-dialog-manager-en-1280');
  });

  it("knows its own row by the session's token, also when this browser never logged it in: marked, neither disabled nor deleted", async () => {
    // Logged in through the API (as a session restored from its cookie would be): the browser holds no last username.
    const page = await openAs('/admin/index');
    const me = adminRow(page, 'admin');
    await me.getByText('You', { exact: true }).waitFor();
    expect(await page.getByTestId('admin-table').getByText('You', { exact: true }).count()).toBe(1);
    expect(await me.getByRole('button', { name: 'Disable admin' }).isDisabled()).toBe(true);
    expect(await me.getByRole('button', { name: 'Disable admin' }).getAttribute('title')).toBe('You cannot disable your own account');
    expect(await me.getByRole('button', { name: 'Delete admin' }).isDisabled()).toBe(true);
    expect(await me.getByRole('button', { name: 'Delete admin' }).getAttribute('title')).toBe('You cannot delete your own account');
    // Anyone else on the list the super admin may delete.
    const other = page.locator('[data-testid="admin-row"]:not([data-username="admin"])').first();
    expect(await other.getByRole('button', { name: /^Delete / }).isDisabled()).toBe(false);
  });

  it('without admin.edit the list is read-only: no create, import or row actions', async () => {
    const reader = { username: 'rita.reader', password: 'Rita-pass-123' };
    await createAdmin(server.app, { ...reader, name: 'Rita Reader', roles: ['viewer'], permissions: ['admin', 'admin.index', 'admin.list'] });
    const page = await openAs('/admin/index', reader);
    await page.getByRole('heading', { level: 1, name: 'Admins' }).waitFor();
    await adminRow(page, reader.username).waitFor();
    expect(await page.getByTestId('create-admin').count()).toBe(0);
    expect(await page.getByTestId('open-import').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await adminRow(page, reader.username).getByRole('button').count()).toBe(0);
  });
});

describe('accessibility (axe-core) and screenshots', () => {
  const AXE = path.resolve('node_modules/axe-core/axe.min.js');

  /** Serious and critical violations on the page as it is now (axe injected into a context that ignores the CSP). */
  async function seriousViolations(page: Page): Promise<string[]> {
    await settle(page);
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
      type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
      return (await axe.run(document)).violations;
    });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  const sheet = [
    'username,name,email,password,roles,status',
    'amy.chen,陳怡安,amy@example.com,Amy-pass-123,operator,1',
    'ben.lin,林柏文,ben(at)example.com,Ben-pass-123,viewer,1',
    'carol.wu,吳佳蓉,carol@example.com,carol,operator,1',
    'dan.ho,何大衛,dan@example.com,Dan-pass-123,viewer,1',
  ].join('\n');

  /**
   * The admin list, its dialog (empty, filled, a menu ticked), the import preview of a sheet with bad
   * rows, the role list and a role's dialog: `check` runs in each state, a screenshot is saved of each.
   */
  async function visitScreens(page: Page, name: (screen: string) => string, check: () => Promise<void>) {
    await page.goto(`${server.url}/admin/index`);
    await page.getByTestId('admin-row').first().waitFor();
    await check();
    await shoot(page, name('admin-list'));

    await page.getByTestId('create-admin').click();
    const dialog = page.getByTestId('admin-dialog');
    await dialog.getByTestId('permission-tree').waitFor();
    await check();
    await dialog.locator('input[name="username"]').fill('amy.chen');
    await dialog.locator('input[name="password"]').fill('Password1');
    await shootDialog(page, name('admin-dialog'));
    await node(dialog, 'notification').click();
    await shootDialog(page, name('admin-dialog-tree'));
    await dialog.getByRole('button', { name: /Cancel|取消/ }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('open-import').click();
    const importer = page.getByTestId('import-dialog');
    await importer.getByTestId('import-file-input').setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await importer.getByTestId('import-preview').waitFor();
    await check();
    await shootDialog(page, name('admin-import'));
    await importer.getByRole('button', { name: /Cancel|取消/ }).click();

    await page.goto(`${server.url}/admin/role`);
    await page.getByTestId('role-row').first().waitFor();
    await check();
    await shoot(page, name('role-list'));
    await page.locator('[data-testid="role-row"][data-identifier="operator"]').getByRole('button').first().click();
    await page.getByTestId('role-dialog').getByTestId('permission-tree').waitFor();
    await check();
    await shootDialog(page, name('role-dialog'));
  }

  // One page per language: axe at 1280 px, then every screen again at 360 px; both widths shot for review.
  for (const [locale, tag] of [
    ['zh-TW', 'zh-TW'],
    ['en-US', 'en'],
  ] as const) {
    it(`the admin list, its dialogs and the role screen have no serious violation (${locale}), shot at 1280 and 360 px`, async () => {
      const context = await browser.newContext({ locale, viewport: DESKTOP, bypassCSP: true });
      context.setDefaultTimeout(10_000);
      onTestFinished(() => context.close());
      const page = await context.newPage();
      await loginByApi(page, server);
      await visitScreens(
        page,
        (screen) => `${screen}-${tag}-1280`,
        async () => expect(await seriousViolations(page)).toEqual([]),
      );
      await page.setViewportSize(PHONE);
      await visitScreens(
        page,
        (screen) => `${screen}-${tag}-360`,
        async () => undefined,
      );
    });
  }
});
