/**
 * The join address at a venue (issue 16), in real Chromium against a server without PUBLIC_URL on
 * 127.0.0.1 (a loopback address, as a laptop running `npm start`): the operator sets the company's
 * public URL in the company dialog, and the display opened from the control screen shows and encodes
 * that address; without one, the control screen warns before opening the display, offering the LAN
 * addresses, the company settings and "open anyway". Screenshots for review go to /tmp/shots-venue.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, saveScreenshot, settle } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { TOKEN_COOKIE } from './support/session';

const SHOTS = '/tmp/shots-venue';
const PHONE = { width: 360, height: 740 } as const;
const PUBLIC_URL = 'https://quiz.venue.example';

let server: RunningServer;
let browser: Browser;
let operator: OperatorApi;
let game: { id: number; pin: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ config: { publicUrl: null } }), launchBrowser()]);
  operator = await operatorApi(server);
  game = await operator.createGame({ title: 'Venue night', type: 1 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openAs(path: string, options: { locale: string; viewport?: { width: number; height: number } }): Promise<Page> {
  const page = await openPage(browser, options);
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: operator.token, url: server.url }]);
  await page.goto(`${server.url}${path}`);
  return page;
}

/** Clicks the control screen's display button (or the warning's "open anyway") and catches the display's tab. */
async function openDisplay(page: Page, click: () => Promise<void>): Promise<Page> {
  const [display] = await Promise.all([page.waitForEvent('popup'), click()]);
  await display.getByTestId('join-url').waitFor();
  return display;
}

describe('the join address', () => {
  it("is the company's public URL once set in the company dialog: the control screen and the display show it, the QR code encodes it", async () => {
    const page = await openAs('/admin/company', { locale: 'en-US', viewport: DESKTOP });
    await page.getByRole('button', { name: 'Edit “Default company”' }).click();
    const dialog = page.getByTestId('company-dialog');
    await dialog.getByText('Leave it empty to use the server default (PUBLIC_URL)', { exact: false }).waitFor();
    await dialog.locator('input[name="public_url"]').fill('not a url');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByTestId('company-public-url').getByText('Enter an address starting with http:// or https://', { exact: false }).waitFor();
    await dialog.locator('input[name="public_url"]').fill(`${PUBLIC_URL}/`);
    expect(await dialog.locator('select[name="time_zone"]').inputValue()).toBe('Asia/Taipei');
    await dialog.locator('select[name="time_zone"]').selectOption('Europe/London');
    await settle(page);
    await saveScreenshot(page, 'company-dialog-en-1280', SHOTS);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Company “Default company” saved').waitFor();
    await page.getByTestId('company-public-url').getByText(`Join at ${PUBLIC_URL}`).waitFor();
    const [company] = (await operator.call('/company/list', { page: 1, limit: 10 })).list;
    expect(company).toMatchObject({ public_url: PUBLIC_URL, time_zone: 'Europe/London' });

    await page.goto(`${server.url}/triviaGame/start/${game.id}`);
    const joinUrl = `${PUBLIC_URL}/play?pin=${game.pin}`;
    await expect.poll(() => page.getByTestId('join-address').getAttribute('href')).toBe(joinUrl);
    await saveScreenshot(page, 'control-join-address-en-1280', SHOTS);
    // A public URL: no warning, the display opens at once.
    const display = await openDisplay(page, () => page.getByTestId('open-quiz').click());
    expect(await page.getByTestId('venue-warning').count()).toBe(0);
    expect(await display.getByTestId('join-url').innerText()).toBe(`quiz.venue.example/play?pin=${game.pin}`);
    await expect.poll(() => display.getByTestId('join-qr').getAttribute('data-text')).toBe(joinUrl);
  });

  it('without a public URL on a loopback address, is warned about before the display opens; "open anyway" opens it on this address', async () => {
    await operator.call('/company/update', { id: 1, public_url: null });
    const page = await openAs(`/triviaGame/start/${game.id}`, { locale: 'zh-TW', viewport: PHONE });
    await expect.poll(() => page.getByTestId('join-address').getAttribute('href')).toBe(`${server.url}/play?pin=${game.pin}`);
    await page.getByTestId('open-quiz').click();
    const warning = page.getByTestId('venue-warning');
    await warning.getByText('手機無法連到這個網址').waitFor();
    await warning.getByText('在現場網路上重新開啟此畫面').waitFor();
    // The LAN addresses (or, on a machine without any, the sentence saying so) once the server answered.
    await warning.locator('[data-testid="venue-lan-urls"], :text("本機沒有可供其他裝置連線的網路位址")').first().waitFor();
    for (const href of await warning.getByTestId('venue-lan-urls').getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) {
      expect(href).toMatch(new RegExp(`^http://\\d+\\.\\d+\\.\\d+\\.\\d+:\\d+/triviaGame/start/${game.id}$`));
    }
    expect(await warning.getByTestId('venue-company-link').getAttribute('href')).toBe('/admin/company');
    await settle(page);
    await saveScreenshot(page, 'venue-warning-zh-TW-360', SHOTS);

    const display = await openDisplay(page, () => warning.getByRole('button', { name: '仍要開啟' }).click());
    await warning.waitFor({ state: 'detached' });
    expect(await display.getByTestId('join-url').innerText()).toBe(`${new URL(server.url).host}/play?pin=${game.pin}`);
  });
});
