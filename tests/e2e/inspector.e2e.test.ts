/**
 * The Stately inspector, checked (docs/architecture.md, Statecharts): the SPA in dev mode — Vite's dev
 * server in this process, proxying /api to the real server on the pass's database — opened on a game's
 * control screen with `?inspect` shows the inspector the page's actors: the session actor, and the
 * control screen as one system, the game at its root (systemId `game`) with its connection and one
 * actor per question as children; and the operator's click on a question reaches it as the game's
 * `host.showQuestion` event, then the question actor's own step.
 *
 * The inspector is a window the page opens at stately.ai: the test answers that address itself with a
 * small page that says it is connected and keeps every message it is sent, so no internet is needed
 * and what is checked is exactly what the real inspector would be given.
 */
import net from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { TOKEN_COOKIE } from './support/session';

/**
 * What the inspector window is sent: @statelyai/inspect's serialised inspection events. An actor's
 * `name` is its id among its parent's children (`connection`, `question-<id>`), or its machine's id
 * for a root (`game`, `session`).
 */
interface Received {
  type: string;
  name?: string;
  sessionId?: string;
  parentId?: string;
  rootId?: string;
  event?: { type?: string };
}

/** Stands in for https://stately.ai/inspect: connects back to the page that opened it and keeps what it receives. */
const INSPECTOR_PAGE = `<!doctype html><meta charset="utf-8"><title>inspector</title><script>
window.received = [];
addEventListener('message', (e) => window.received.push(e.data));
window.opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

let server: RunningServer;
let vite: ViteDevServer;
let viteUrl: string;
let browser: Browser;
let operator: OperatorApi;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  operator = await operatorApi(server);
  const port = await freePort();
  vite = await createServer({
    configFile: path.resolve('vite.config.ts'),
    mode: 'development',
    logLevel: 'error',
    clearScreen: false,
    server: { host: '127.0.0.1', port, strictPort: true, proxy: { '/api': { target: server.url, ws: true }, '/files': server.url } },
  });
  await vite.listen();
  viteUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await browser?.close();
  await vite?.close();
  await server?.close();
});

const receivedBy = (inspector: Page) => inspector.evaluate(() => (window as unknown as { received: Received[] }).received);

describe('the Stately inspector on the control screen (dev mode, ?inspect)', () => {
  it('receives the session actor, the game system with its connection and question actors, and the operator’s steps as events', async () => {
    const { id: gameId } = await operator.createGame({ title: 'Inspector game', type: 1 });
    const { id: questionId } = await operator.call('/question/create', {
      trivia_game_id: gameId,
      title: 'Inspected question',
      question_text: 'Which is the highest mountain of Taiwan?',
      question_img: '',
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: 30,
      score: 0,
      question_type: 1,
      is_bonus: 0,
      options: ['Yushan', 'Xueshan'].map((text, i) => ({ title: 'AB'[i], text, img: '' })),
      answer: ['A'],
    });

    const page = await openPage(browser, { locale: 'en-US' });
    const context = page.context();
    await context.route('https://stately.ai/**', (route) => route.fulfill({ contentType: 'text/html', body: INSPECTOR_PAGE }));
    await context.addCookies([{ name: TOKEN_COOKIE, value: operator.token, url: viteUrl }]);
    // Dev mode compiles the modules on the first visit: slower than the production build.
    page.setDefaultTimeout(60_000);
    const [inspector] = await Promise.all([context.waitForEvent('page', { timeout: 60_000 }), page.goto(`${viteUrl}/triviaGame/start/${gameId}?inspect`)]);
    await page.getByTestId('game-title').filter({ hasText: 'Inspector game' }).waitFor();

    const actors = async () => (await receivedBy(inspector)).filter((message) => message.type === '@xstate.actor');
    await expect
      .poll(async () => (await actors()).map((actor) => actor.name), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['session', 'game', 'connection', `question-${questionId}`]));
    const all = await actors();
    const named = (name: string) => all.filter((actor) => actor.name === name);
    // React's strict mode (dev) mounts the screen twice: the game the page runs is the one its question belongs to.
    const question = named(`question-${questionId}`).find((actor) => named('game').some((game) => game.sessionId === actor.parentId));
    expect(question, 'a question actor whose parent is the game').toBeDefined();
    const game = named('game').find((actor) => actor.sessionId === question!.parentId)!;
    // One system: the game is its root, the connection and the question its children.
    expect(game.parentId).toBeUndefined();
    expect(question!.rootId).toBe(game.sessionId);
    expect(named('connection').some((actor) => actor.parentId === game.sessionId), 'the game owns the connection actor').toBe(true);
    // The session actor (signed in) is there too, a system of its own.
    expect(named('session').length).toBeGreaterThan(0);
    expect(named('session').every((actor) => actor.parentId === undefined)).toBe(true);

    // An operator's step: the click is the game's event, forwarded to the question actor.
    await page.getByTestId('question-row').filter({ hasText: 'Inspected question' }).getByTestId('question-action').click();
    await page.getByTestId('countdown-dialog').waitFor();
    const events = async () => (await receivedBy(inspector)).filter((message) => message.type === '@xstate.event');
    await expect
      .poll(async () => (await events()).filter((message) => message.sessionId === game.sessionId).map((message) => message.event?.type), { timeout: 30_000 })
      .toContain('host.showQuestion');
    await expect
      .poll(async () => (await events()).filter((message) => message.sessionId === question!.sessionId).map((message) => message.event?.type), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/^host\./)]));
  });
});
