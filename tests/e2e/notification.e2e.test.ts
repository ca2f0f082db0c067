/**
 * Notifications in real Chromium (docs/product.md, Notifications): admin A sends to admin
 * B through the send screen; B sees it bold and unread, opens it by double-click and it turns read;
 * marking with nothing selected shows the check message; mark all; the text, read-status and date
 * shortcut filters; the created time as "how long ago" (minutes under an hour, hours under a day, then days), kept up to date while
 * the list is open; the server's 422 under the message field. Screenshots go to /tmp/shots.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@/server/db/schema';
import { createAdmin } from '../support/fixtures';
import { DESKTOP, launchBrowser, MOBILE, openPage, saveScreenshot, settle, type PageOptions } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const SHOTS = '/tmp/shots';
const BOB = { username: 'bob', password: 'Bob-password-1', name: 'Bob Builder' };

let server: RunningServer;
let browser: Browser;
let bobId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  bobId = await createAdmin(server.app, { ...BOB, roles: ['operator'] });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function apiToken(username = 'admin', password?: string): Promise<string> {
  const { TEST_ADMIN_PASSWORD } = await import('../support/app');
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: password ?? TEST_ADMIN_PASSWORD }),
  });
  return ((await res.json()) as any).data.token_info.token;
}

async function sendByApi(token: string, admins: number[], message: string) {
  const res = await fetch(`${server.url}/api/admin/notification/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ admins, message }),
  });
  expect(((await res.json()) as any).code).toBe(200);
}

async function openAs(path: string, who: 'admin' | 'bob', options: PageOptions = { locale: 'en-US' }): Promise<Page> {
  const page = await openPage(browser, options);
  if (who === 'bob') await loginByApi(page, server, BOB.username, BOB.password);
  else await loginByApi(page, server);
  page.on('pageerror', (e) => console.error('PAGEERROR', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('CONSOLE', m.text()));
  await page.goto(`${server.url}${path}`);
  return page;
}

const rows = (page: Page) => page.getByTestId('notification-row');
const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });
const weightOf = (page: Page, text: string) =>
  rowWith(page, text)
    .getByTestId('notification-text')
    .evaluate((el) => Number(getComputedStyle(el.parentElement!).fontWeight));

async function typeMessage(page: Page, text: string) {
  const editor = page.getByTestId('rich-text-editor').locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.type(text);
}

describe('notifications', () => {
  it('A sends to B on the send screen; B reads it by double-click and it turns read', async () => {
    const a = await openAs('/notification/send', 'admin');
    await a.getByRole('heading', { level: 1, name: 'Send a notification' }).waitFor();
    await a.getByTestId('recipient-picker').getByText('All admins').waitFor();
    await a.getByRole('button', { name: 'Recipients' }).click();
    await a.getByRole('menuitemcheckbox', { name: BOB.name }).click();
    await a.keyboard.press('Escape');
    await a.getByTestId('recipient-chip').filter({ hasText: BOB.name }).waitFor();
    await typeMessage(a, 'Quarterly review ');
    await a.keyboard.press('Control+b');
    await a.keyboard.type('tomorrow');
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    await a.waitForURL((url) => url.pathname === '/notification');
    await a.getByText('Sent to 1 admin').waitFor();

    const b = await openAs('/notification', 'bob');
    await rowWith(b, 'Quarterly review tomorrow').waitFor();
    const row = rowWith(b, 'Quarterly review tomorrow');
    expect(await row.getAttribute('data-unread')).toBe('true');
    expect(await row.getByTestId('icon-unread').count()).toBe(1);
    expect(await weightOf(b, 'Quarterly review tomorrow')).toBeGreaterThanOrEqual(600);

    await row.dblclick();
    const dialog = b.getByTestId('notification-detail');
    await dialog.getByTestId('notification-from').filter({ hasText: 'Administrator' }).waitFor();
    await dialog.locator('strong, b').filter({ hasText: 'tomorrow' }).first().waitFor();
    await b.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await rowWith(b, 'Quarterly review tomorrow').getByTestId('icon-read').waitFor();
    expect(await rowWith(b, 'Quarterly review tomorrow').getAttribute('data-unread')).toBeNull();
    expect(await weightOf(b, 'Quarterly review tomorrow')).toBeLessThan(600);
  });

  it('shows the check message when marking with nothing selected, and marks all as read', async () => {
    const admin = await apiToken();
    await sendByApi(admin, [bobId], '<p>Alpha report</p>');
    await sendByApi(admin, [bobId], '<p>Beta report</p>');
    const b = await openAs('/notification', 'bob');
    await rowWith(b, 'Beta report').waitFor();
    await b.getByRole('button', { name: 'Mark' }).click();
    await b.getByRole('menuitem', { name: 'Mark selected as read' }).click();
    await b.getByText('Please select notifications first').waitFor();

    // A selected row is marked; read rows cannot be selected.
    await rowWith(b, 'Alpha report').getByRole('checkbox').check({ force: true });
    expect(await rowWith(b, 'Quarterly review tomorrow').getByRole('checkbox').isDisabled()).toBe(true);
    await b.getByRole('button', { name: 'Mark' }).click();
    await b.getByRole('menuitem', { name: 'Mark selected as read' }).click();
    await rowWith(b, 'Alpha report').getByTestId('icon-read').waitFor();
    expect(await rowWith(b, 'Beta report').getAttribute('data-unread')).toBe('true');

    await b.getByRole('button', { name: 'Mark' }).click();
    await b.getByRole('menuitem', { name: 'Mark all as read' }).click();
    await rowWith(b, 'Beta report').getByTestId('icon-read').waitFor();
    expect(await b.locator('[data-testid="notification-row"][data-unread]').count()).toBe(0);
  });

  it('filters by text, read status and a date shortcut', async () => {
    const admin = await apiToken();
    await sendByApi(admin, [bobId], '<p>Gamma fresh news</p>');
    await sendByApi(admin, [bobId], '<p>Delta old news</p>');
    const [old] = await server.app.db.select().from(notifications).where(eq(notifications.plainText, 'Delta old news'));
    await server.app.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(notifications.id, old!.id));

    const b = await openAs('/notification', 'bob');
    await rowWith(b, 'Gamma fresh news').waitFor();

    await b.getByRole('textbox', { name: 'Message' }).fill('news');
    await b.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => rows(b).count()).toBe(2);

    await b.getByRole('button', { name: 'Last week' }).click();
    await expect.poll(() => rows(b).allInnerTexts()).toEqual([expect.stringContaining('Gamma fresh news')]);
    await b.getByRole('button', { name: 'Last 3 months' }).click();
    await expect.poll(() => rows(b).count()).toBe(2);

    await b.getByRole('button', { name: 'Reset' }).click();
    await b.getByText('Unread', { exact: true }).first().click();
    await expect.poll(() => rows(b).count()).toBe(2);
    expect(await b.locator('[data-testid="notification-row"]:not([data-unread])').count()).toBe(0);
    await b.getByText('Read', { exact: true }).first().click();
    await rowWith(b, 'Quarterly review tomorrow').waitFor();
    expect(await b.locator('[data-testid="notification-row"][data-unread]').count()).toBe(0);
  });

  it('shows the created time as how long ago (the date and time in its tooltip), renewed while the list stays open, in both languages', async () => {
    const admin = await apiToken();
    for (const [locale, justNow, later, detail] of [
      ['zh-TW', '剛剛', '3 分鐘前', '3 分鐘前'],
      ['en-US', 'just now', '3 minutes ago', '3 minutes ago'],
    ] as const) {
      const text = `Fresh news ${locale}`;
      await sendByApi(admin, [bobId], `<p>${text}</p>`);
      const b = await openPage(browser, { locale });
      // The page's clock runs as usual but can jump: three minutes pass without waiting them out.
      await b.clock.install();
      await loginByApi(b, server, BOB.username, BOB.password);
      await b.goto(`${server.url}/notification`);
      const time = rowWith(b, text).getByTestId('notification-time');
      await expect.poll(() => time.innerText()).toBe(justNow);
      const [created] = await server.app.db.select().from(notifications).where(eq(notifications.plainText, text));
      // The date and time the list used to show, now in the tooltip and the element's machine-readable time.
      expect(await time.getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(new Date((await time.getAttribute('datetime'))!).getTime()).toBe(created!.createdAt.getTime());

      await b.clock.fastForward('03:00');
      await expect.poll(() => time.innerText()).toBe(later);
      await rowWith(b, text).dblclick();
      await b.getByTestId('notification-detail').getByText(detail, { exact: false }).waitFor();
    }
  });

  it('shows the server 422 under the message field for an empty message', async () => {
    const a = await openAs('/notification/send', 'admin');
    await a.getByRole('heading', { level: 1, name: 'Send a notification' }).waitFor();
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    const error = a.getByTestId('message-error');
    await error.waitFor();
    expect((await error.innerText()).trim().length).toBeGreaterThan(0);
    expect(new URL(a.url()).pathname).toBe('/notification/send');
  });

  it('screenshots: list, detail, send in zh-TW and en; the list on a phone in both', async () => {
    const admin = await apiToken();
    await sendByApi(
      admin,
      [bobId],
      '<h2>Weekend event</h2><p>The <strong>live trivia</strong> final starts at <em>19:00</em>. Please check the <a href="https://example.com/plan">run sheet</a>.</p><ul><li>Stage check 17:30</li><li>Rehearsal 18:00</li></ul>',
    );
    await sendByApi(admin, [bobId], '<p>New questions for level 2 are ready for review.</p>');
    for (const [locale, tag] of [
      ['zh-TW', 'zh-TW'],
      ['en-US', 'en'],
    ] as const) {
      const b = await openAs('/notification', 'bob', { locale, viewport: DESKTOP });
      await rows(b).first().waitFor();
      await settle(b);
      await saveScreenshot(b, `notification-list-${tag}`, SHOTS);
      await rowWith(b, 'Weekend event').dblclick();
      await b.getByTestId('notification-detail').getByText('Stage check 17:30').waitFor();
      await settle(b);
      await b.screenshot({ path: `${SHOTS}/notification-detail-${tag}.png` });
      const a = await openAs('/notification/send', 'admin', { locale, viewport: DESKTOP });
      await a.getByTestId('recipient-picker').waitFor();
      await typeMessage(a, locale === 'zh-TW' ? '明天下午兩點彩排，請準時到場。' : 'Rehearsal tomorrow at 2 pm, please be on time.');
      await settle(a);
      await saveScreenshot(a, `notification-send-${tag}`, SHOTS);
    }
    for (const locale of ['zh-TW', 'en-US'] as const) {
      const phone = await openAs('/notification', 'bob', { locale, viewport: MOBILE });
      await rows(phone).first().waitFor();
      await settle(phone);
      await saveScreenshot(phone, `notification-list-mobile-${locale}`, SHOTS);
    }
  });
});
