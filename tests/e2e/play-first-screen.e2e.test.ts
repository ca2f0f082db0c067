/**
 * The player page's first screen without the player machine (issue 18's budget, src/play/app.tsx): the
 * join form is drawn before the machine, the realtime client and the later screens (src/play/live.tsx)
 * have loaded. In real Chromium against the real server, with that one file held back or failing:
 * what is typed stays typed (and focused) when the machine arrives, a join sent before it waits for it
 * with the button busy and then goes, and a file that cannot be fetched is fetched again at the next
 * join (a network error in the form if that fails too).
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';

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

const LIVE_CHUNK = /\/assets\/live-[\w-]+\.js$/;

async function phone(): Promise<Page> {
  const page = await openPage(browser, { locale: 'en', viewport: { width: 390, height: 844 } });
  page.on('pageerror', (error) => console.error(`player page error: ${error.stack}`));
  return page;
}

/** Holds the player machine's file back until `release` is called. */
async function holdLiveChunk(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = () => {};
  const wasRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(LIVE_CHUNK, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { requested: wasRequested, release };
}

describe('the player page before its machine has loaded', () => {
  it('keeps what is typed, and where, when the machine arrives; a join sent before it waits for it, then goes', async () => {
    const game = await operator.createGame({ title: 'First screen', type: 1 });
    const page = await phone();
    const held = await holdLiveChunk(page);
    const joinCalls: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/play/join') && joinCalls.push(request.url()));
    await page.goto(`${server.url}/play`);
    await held.requested;

    // The form is there and usable while the machine's file is still on its way.
    await page.getByLabel('Game PIN').fill(game.pin);
    await page.getByLabel('Nickname').fill('Ada');
    const loaded = page.waitForResponse(LIVE_CHUNK);
    held.release();
    await loaded;
    await page.waitForLoadState('networkidle');
    expect(await page.getByLabel('Game PIN').inputValue()).toBe(game.pin);
    expect(await page.getByLabel('Nickname').inputValue()).toBe('Ada');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('nickname');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByText('Welcome, Ada').waitFor();
    await page.close();

    // A fresh phone that joins before the file has arrived: busy, no call yet, then in.
    const late = await phone();
    const lateHeld = await holdLiveChunk(late);
    late.on('request', (request) => request.url().endsWith('/api/play/join') && joinCalls.push(request.url()));
    await late.goto(`${server.url}/play?pin=${game.pin}`);
    await lateHeld.requested;
    await late.getByLabel('Nickname').fill('Ben');
    const before = joinCalls.length;
    await late.getByRole('button', { name: 'Join', exact: true }).click();
    const busy = late.getByRole('button', { name: 'Joining…', exact: true });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(joinCalls.length).toBe(before);
    lateHeld.release();
    await late.getByText('Welcome, Ben').waitFor();
    expect(joinCalls.length).toBe(before + 1);
    await late.close();
  });

  it('says the network failed when the machine cannot be fetched, and tries again at the next join', async () => {
    const game = await operator.createGame({ title: 'First screen offline', type: 1 });
    const page = await phone();
    // Fetched after the first paint: fails unseen; at the join, fails again: said; at the next, arrives.
    let failures = 2;
    await page.route(LIVE_CHUNK, (route) => (failures-- > 0 ? route.abort('internetdisconnected') : route.continue()));
    const firstFailure = page.waitForEvent('requestfailed', (request) => LIVE_CHUNK.test(request.url()));
    await page.goto(`${server.url}/play?pin=${game.pin}`);
    await firstFailure;
    await page.getByLabel('Nickname').fill('Cat');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('alert').getByText('Cannot reach the server; check your connection and try again').waitFor();
    expect(await page.getByRole('button', { name: 'Join', exact: true }).isEnabled()).toBe(true);

    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByText('Welcome, Cat').waitFor();
    await page.close();
  });
});
