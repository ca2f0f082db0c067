/**
 * Bad addresses (issue 16, point 5): every page whose address names a game — the question list
 * (/triviaGame/update/:id) and the control screen (/triviaGame/start/:id) — shows one not-found state
 * in the user's language with a way back to the game list, whether the id is not an id at all or the
 * server does not know it (never existed, deleted). The control screen opens no realtime
 * subscription for such a game and shows no "reconnecting" or "failed to load" beside it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot, settle } from './support/browser';
import { type OperatorApi, operatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

let server: RunningServer;
let browser: Browser;
let operator: OperatorApi;
let deletedId: number;
let liveGame: { id: number; title: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  operator = await operatorApi(server);
  deletedId = (await operator.createGame({ title: 'E2E deleted game', type: 1 })).id;
  await operator.call('/triviaGame/delete', { id: deletedId });
  liveGame = { id: (await operator.createGame({ title: 'E2E existing game', type: 1 })).id, title: 'E2E existing game' };
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const WORDS = {
  'zh-TW': { title: '此遊戲不存在或已被刪除', back: '返回遊戲列表', listHeading: '問答遊戲', reconnecting: '重新連線', loadFailed: '載入失敗' },
  en: { title: 'This game does not exist or was deleted', back: 'Back to the game list', listHeading: 'Trivia games', reconnecting: 'reconnecting', loadFailed: 'could not be loaded' },
} as const;

/** Every game frame the page sent on its WebSockets (subscriptions name `game:<id>:…`). */
function gameFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', ({ payload }) => typeof payload === 'string' && payload.includes('game:') && frames.push(payload)));
  return frames;
}

const badIds = () => ['-1', '0', 'abc', '1.5', '01', '99999999999', '9999', String(deletedId)];

for (const [language, locale] of [['zh-TW', 'zh-TW'], ['en', 'en-US']] as const) {
  describe(`bad game addresses in ${language}`, () => {
    it('show the one not-found state with a way back, and never a realtime subscription', async () => {
      const words = WORDS[language];
      const page = await openPage(browser, { locale });
      const frames = gameFrames(page);
      await loginByApi(page, server);

      for (const screen of ['update', 'start']) {
        for (const id of badIds()) {
          await page.goto(`${server.url}/triviaGame/${screen}/${id}`);
          const state = page.getByTestId('record-not-found');
          await state.getByRole('heading', { name: words.title, level: 1 }).waitFor();
          await state.getByRole('link', { name: words.back }).waitFor();
          // Nothing else on the page tries to be the game: no table, no control, no error beside it.
          expect(await page.getByTestId('question-table').count(), `${screen}/${id}`).toBe(0);
          expect(await page.getByTestId('game-control').count(), `${screen}/${id}`).toBe(0);
          const text = await page.locator('main').innerText();
          expect(text, `${screen}/${id}`).not.toContain(words.reconnecting);
          expect(text, `${screen}/${id}`).not.toContain(words.loadFailed);
        }
      }
      expect(frames).toEqual([]);
      await saveScreenshot(page, `bad-address-${language}-desktop`);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await page.getByTestId('record-not-found').getByRole('link', { name: words.back }).waitFor();
      await settle(page);
      const box = await page.getByTestId('record-not-found').getByRole('link', { name: words.back }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      await saveScreenshot(page, `bad-address-${language}-360`);

      await page.getByTestId('record-not-found').getByRole('link', { name: words.back }).click();
      await page.waitForURL((url) => url.pathname === '/triviaGame/index');
      await page.getByRole('heading', { name: words.listHeading, level: 1 }).waitFor();
    });
  });
}

it('lets an existing game through to both screens', async () => {
  const page = await openPage(browser, { locale: 'en-US' });
  await loginByApi(page, server);
  await page.goto(`${server.url}/triviaGame/update/${liveGame.id}`);
  await page.getByTestId('game-title').getByText(liveGame.title).waitFor();
  await page.getByTestId('question-table').waitFor();
  await page.goto(`${server.url}/triviaGame/start/${liveGame.id}`);
  await page.getByTestId('game-control').waitFor();
  expect(await page.getByTestId('record-not-found').count()).toBe(0);
});
