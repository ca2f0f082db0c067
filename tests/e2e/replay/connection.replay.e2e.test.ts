/**
 * The connection machine (machines/connection: a page's one WebSocket, connecting → open ⇄
 * reconnecting → closed) replayed in Chromium (issue 23): the shortest paths of the chart that
 * together take every transition a browser can cause drive the real pages on the real server (the
 * embedded database). The chart runs in two places, and each path is replayed where its events can
 * happen (one start per place, each offered only those events):
 * - the control screen (/triviaGame/start/:id): the game machine's `connection` child holds the tab's
 *   one client (src/app/realtime/admin-realtime.ts), which the shell holds too; its badge shows the
 *   state, with "Reconnect now" while the socket is lost;
 * - the phone (/play, 390 px, a player resumed from its stored token): the player machine's
 *   `connection` child holds the page's client while the phone plays; a lost socket is the
 *   "Reconnecting…" banner with "Retry now".
 *
 * How the chart's events happen (`events` below):
 * - `socket.open`: the page's ticket request (POST /api/admin/ws/ticket, /api/play/ticket) is held
 *   (`gate`) while the page connects, and let go: the real server's ticket, socket and `ready`;
 * - `socket.reconnecting`: a network cut — the page's socket is closed under it (`socketGate.drop`) and
 *   its next tickets are held, so it keeps trying; on the control screen from `connecting` it is the
 *   screen opened (from the game list, in the same tab) while the tab's socket is down: the screen's
 *   connection starts in the status the shared client reports;
 * - `connection.retry`: the user's "Reconnect now" / "Retry now" while the backoff runs: the attempt
 *   the backoff had started is still held, so the one more ticket request the tap makes proves it
 *   tried at once;
 * - `socket.closed`, `socket.rejected`: the client's ticket refused for good — the phone's player is
 *   deleted (the game reset after its rehearsal, POST /triviaGame/reset) while it is cut off, and its
 *   next ticket gets code 202. The client reports `closed` and then the rejection (both transitions
 *   are taken by the page's actor, whichever of the two the path's step stands for); the phone then
 *   reads its state, learns the player is gone and shows the join form.
 * The states (`states`) assert what the user sees, in the path's language (the paths alternate
 * between zh-TW and en): the control screen's badge (its text and colour) and action, the phone's
 * banner and its button, the lobby's player count (the socket's snapshot brings it). After every step
 * the page's own connection actor must have taken the step's transitions (`observed`: the test
 * build's seam, src/shared/test-inspector.ts).
 *
 * notInBrowser (below): `open --socket.connecting-->` (the real client never reports connecting after
 * it was open without closing first), with its reason. Only the phone reaches `closed` (the control
 * screen's client takes no refused ticket as final), so the control screen's `closed` badge is
 * asserted but never reached here; and the control screen's `connecting`, on its path from the game
 * list, is asserted before the screen opens (in the page it lasts no time).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { connectionMachine, type ConnectionEvent, type ConnectionInput } from '@machines/connection/connection.machine';
import { FakeClient } from '../../machines/support/fake-connection-client';
import { launchBrowser, openPage } from '../support/browser';
import { operatorApi, type OperatorApi } from '../support/operator-api';
import { startServer, type RunningServer } from '../support/server';
import { browserLocale, gate, observePage, replayInChromium, say, socketGate, type Gate, type Lang, type SocketGate } from './support/replay';

const PHONE = { width: 390, height: 844 } as const;
/** How long a poll waits for the page or the server (a loaded two-core machine). */
const WAIT_MS = 10_000;

let server: RunningServer;
let browser: Browser;
let operator: OperatorApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  operator = await operatorApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.app.close();
});

// ---------------------------------------------------------------------------------------------
// The model: one start per place, each offered the events that can happen there.

type Where = 'control' | 'phone';
const CONTROL = 'the control screen';
const PHONE_START = 'the phone';

const ev = (type: ConnectionEvent['type']) => ({ type }) as ConnectionEvent;

/** The control screen's client never closes while the screen holds it, nor takes a refusal as final. */
function controlEvents(snapshot: AnyMachineSnapshot): ConnectionEvent[] {
  if (snapshot.matches('connecting')) return [ev('socket.open'), ev('socket.reconnecting')];
  if (snapshot.matches('open')) return [ev('socket.reconnecting')];
  if (snapshot.matches('reconnecting')) return [ev('socket.open'), ev('connection.retry')];
  return [];
}

/**
 * The phone's client is the page's only holder: it starts connecting afresh (never in `reconnecting`);
 * a ticket is asked for only while connecting or reconnecting, so a refusal comes from those.
 */
function phoneEvents(snapshot: AnyMachineSnapshot): ConnectionEvent[] {
  if (snapshot.matches('connecting')) return [ev('socket.open')];
  if (snapshot.matches('open')) return [ev('socket.reconnecting')];
  if (snapshot.matches('reconnecting')) return [ev('socket.open'), ev('connection.retry'), ev('socket.closed'), ev('socket.rejected')];
  return [];
}

// ---------------------------------------------------------------------------------------------
// The world: one server, one browser; per path a game and a page.

interface Ctx {
  lang: Lang;
  where: Where;
  page: Page;
  game: { id: number; pin: string };
  /** The page's ticket requests, held while `holding`. */
  tickets: Gate;
  sockets: SocketGate;
  /** Types of the frames the server sent the page. */
  frames: string[];
  /** The control screen is on screen (on a path that opens it from the game list, not yet at first). */
  entered: boolean;
  nickname: string;
  observed: () => Promise<string[]>;
}

const t = (ctx: Ctx, zh: string, en: string) => say(ctx.lang, zh, en);

async function playApi(route: string, body: unknown, token?: string): Promise<{ code: number; data: any }> {
  const res = await fetch(`${server.url}/api/play${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: any };
}

/** Lets every held ticket request (and those to come) reach the server. */
async function releaseTickets(ctx: Ctx): Promise<void> {
  ctx.tickets.holding = false;
  while (ctx.tickets.held > 0) await ctx.tickets.pass();
}

/** Waits until the page's socket is up: the server's `ready` on it. */
async function socketReady(ctx: Ctx, from: number): Promise<void> {
  await expect.poll(() => ctx.frames.slice(from).includes('ready'), { timeout: WAIT_MS, message: "the server's ready frame" }).toBe(true);
}

/** A network cut: the socket closes under the page and its next tickets are held, so it keeps trying; waits for its next attempt. */
async function cut(ctx: Ctx): Promise<void> {
  ctx.tickets.holding = true;
  ctx.sockets.drop();
  await ctx.tickets.next();
}

const badge = (ctx: Ctx) => ctx.page.getByTestId('connection');
const badgeAction = (ctx: Ctx) => ctx.page.getByTestId('connection-action');
const banner = (ctx: Ctx) => ctx.page.getByTestId('reconnecting');

/** The badge's colour family, from its computed text colour (Chakra's palettes: green, red, gray). */
async function hue(locator: Locator): Promise<'green' | 'red' | 'gray'> {
  const rgb = await locator.evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number) as [number, number, number];
  if (g > r + 30 && g > b) return 'green';
  if (r > g + 30 && r > b + 30) return 'red';
  return 'gray';
}

async function expectBadge(ctx: Ctx, zh: string, en: string, colour: 'green' | 'red' | 'gray'): Promise<void> {
  await badge(ctx).getByText(t(ctx, zh, en), { exact: true }).waitFor();
  await expect.poll(() => hue(badge(ctx)), { timeout: WAIT_MS, message: `the badge is ${colour}` }).toBe(colour);
}

/** The control screen of a fresh game, connecting (its ticket held); `fromList`: the game list instead, its socket then cut. */
async function openControl(lang: Lang, index: number, fromList = false): Promise<Ctx> {
  const game = await operator.createGame({ title: `Connection ${index} 連線`, type: 1 });
  const page = await openPage(browser, { locale: browserLocale(lang) });
  const frames: string[] = [];
  const ctx: Ctx = {
    lang,
    where: 'control',
    page,
    game,
    tickets: await gate(page, (u) => u.pathname === '/api/admin/ws/ticket'),
    sockets: await socketGate(page, /\/api\/ws/, { holding: false, onFrame: (frame) => frames.push(String((JSON.parse(frame) as { type?: string }).type)) }),
    frames,
    entered: true,
    nickname: '',
    // Before the first goto: the test build then reports the page's actors' transitions.
    observed: await observePage(page, connectionMachine),
  };
  await page.context().addCookies([{ name: 'Admin-Token', value: operator.token, url: server.url }]);
  if (fromList) {
    // The screen opens later, from the game list, while the tab's socket (the shell's) is down.
    ctx.entered = false;
    ctx.tickets.holding = false;
    await page.goto(`${server.url}/triviaGame/index`);
    await socketReady(ctx, 0);
    await cut(ctx);
  } else {
    await page.goto(`${server.url}/triviaGame/start/${game.id}`);
    await ctx.tickets.next();
  }
  return ctx;
}

async function openPhone(lang: Lang, index: number): Promise<Ctx> {
  const game = await operator.createGame({ title: `Connection ${index} 手機`, type: 1 });
  const nickname = `Conn${index}`;
  const joined = await playApi('/join', { pin: game.pin, nickname });
  expect(joined.code, JSON.stringify(joined)).toBe(200);
  const page = await openPage(browser, { locale: browserLocale(lang), viewport: PHONE });
  const frames: string[] = [];
  const ctx: Ctx = {
    lang,
    where: 'phone',
    page,
    game,
    tickets: await gate(page, (u) => u.pathname === '/api/play/ticket'),
    sockets: await socketGate(page, /\/api\/ws/, { holding: false, onFrame: (frame) => frames.push(String((JSON.parse(frame) as { type?: string }).type)) }),
    frames,
    entered: true,
    nickname,
    observed: await observePage(page, connectionMachine),
  };
  // The phone resumes the player it joined as (src/play/storage.ts).
  await page.addInitScript((stored) => localStorage.setItem('live-trivia.player', stored), JSON.stringify({ token: joined.data.player_token, pin: game.pin }));
  await page.goto(`${server.url}/play`);
  await ctx.tickets.next();
  return ctx;
}

const where = (ctx: Ctx, control: () => Promise<void>, phone: () => Promise<void>) => (ctx.where === 'control' ? control() : phone());

replayInChromium<Ctx, ConnectionEvent, ConnectionInput>({
  machine: 'connection',
  definition: connectionMachine,
  starts: [
    { name: CONTROL, input: { client: new FakeClient() }, modelEvents: controlEvents },
    { name: PHONE_START, input: { client: new FakeClient() }, modelEvents: phoneEvents },
  ],
  open: (replayPath, { lang, index }) => (replayPath.start.name === CONTROL ? openControl(lang, index, replayPath.steps[0]?.event.type === 'socket.reconnecting') : openPhone(lang, index)),
  observed: (ctx) => ctx.observed(),
  notInBrowser: [
    {
      transition: 'open --socket.connecting--> reconnecting',
      reason:
        'the realtime client (src/shared/realtime/client.ts) reports connecting only from start(), which after an open socket follows a stop or a refused ticket, both reported as closed first; a lost socket it reports as reconnecting',
    },
  ],
  events: {
    'socket.open': async (ctx) => {
      const from = ctx.frames.length;
      await releaseTickets(ctx);
      await socketReady(ctx, from);
    },
    'socket.reconnecting': async (ctx, _event, step) => {
      if (step.before.matches('connecting')) {
        // The control screen opened from the game list while the tab's socket is down.
        await ctx.page.locator(`a[href$="/triviaGame/start/${ctx.game.id}"]`).first().click();
        ctx.entered = true;
        return;
      }
      await cut(ctx);
    },
    'connection.retry': async (ctx) => {
      // The backoff's own attempt is in flight (held): no timer runs, so one more ticket request is the tap's.
      await ctx.tickets.next();
      const before = ctx.tickets.held;
      const button =
        ctx.where === 'control'
          ? badgeAction(ctx).filter({ hasText: t(ctx, '立即重新連線', 'Reconnect now') })
          : banner(ctx).getByRole('button', { name: t(ctx, '立即重試', 'Retry now') });
      await button.click();
      await expect.poll(() => ctx.tickets.held, { timeout: WAIT_MS, message: 'the tap tries again at once' }).toBe(before + 1);
    },
    'socket.closed': (ctx) => refuseTicket(ctx),
    'socket.rejected': (ctx) => refuseTicket(ctx),
  },
  states: {
    connecting: (ctx) =>
      where(
        ctx,
        async () => {
          if (!ctx.entered) {
            // The screen's connection starts when the screen opens: the game list is on screen, no badge yet.
            await ctx.page.locator(`a[href$="/triviaGame/start/${ctx.game.id}"]`).first().waitFor();
            expect(await badge(ctx).count()).toBe(0);
            return;
          }
          await expectBadge(ctx, '連線中…', 'Connecting…', 'gray');
          expect(await badgeAction(ctx).count(), 'no action while connecting').toBe(0);
        },
        async () => {
          // The phone plays (the lobby from its state) but has heard nothing live yet: no player count, no banner.
          await ctx.page.getByTestId('me').getByText(ctx.nickname).waitFor();
          await ctx.page.getByRole('heading', { name: t(ctx, '你已加入！', "You're in!") }).waitFor();
          expect(await ctx.page.locator('.lobby .pill').count(), 'no live player count yet').toBe(0);
          expect(await banner(ctx).count()).toBe(0);
        },
      ),
    open: (ctx) =>
      where(
        ctx,
        async () => {
          await expectBadge(ctx, '即時連線中', 'Live', 'green');
          await expect.poll(() => badgeAction(ctx).count(), { timeout: WAIT_MS, message: 'no action while live' }).toBe(0);
        },
        async () => {
          // The socket's snapshot brings the player count; the banner is gone.
          await ctx.page.getByText(t(ctx, '目前 1 位玩家', '1 player joined')).waitFor();
          await expect.poll(() => banner(ctx).count(), { timeout: WAIT_MS, message: 'no reconnecting banner' }).toBe(0);
        },
      ),
    reconnecting: (ctx) =>
      where(
        ctx,
        async () => {
          await expectBadge(ctx, '連線中斷，重新連線中…', 'Connection lost, reconnecting…', 'red');
          const action = badgeAction(ctx);
          await action.getByText(t(ctx, '立即重新連線', 'Reconnect now')).waitFor();
          expect(await action.isEnabled()).toBe(true);
        },
        async () => {
          await banner(ctx).getByText(t(ctx, '重新連線中…', 'Reconnecting…')).waitFor();
          expect(await banner(ctx).getByRole('button', { name: t(ctx, '立即重試', 'Retry now') }).isEnabled()).toBe(true);
          // Still playing: the lobby stays under the banner.
          await ctx.page.getByTestId('me').getByText(ctx.nickname).waitFor();
        },
      ),
    closed: (ctx) =>
      where(
        ctx,
        async () => {
          await expectBadge(ctx, '連線已關閉', 'Connection closed', 'red');
          await expect.poll(() => badgeAction(ctx).count(), { timeout: WAIT_MS, message: 'nothing to do once closed' }).toBe(0);
        },
        async () => {
          // The player is gone: no banner, the phone asks to join again.
          await ctx.page.getByRole('heading', { name: t(ctx, '加入遊戲', 'Join the game') }).waitFor();
          await expect.poll(() => banner(ctx).count(), { timeout: WAIT_MS, message: 'no reconnecting banner' }).toBe(0);
          expect(await ctx.page.getByTestId('me').count(), 'nobody plays on this phone').toBe(0);
        },
      ),
  },
});

/** The phone's player deleted while it is cut off (the game reset after a rehearsal); its next ticket is refused (202). */
async function refuseTicket(ctx: Ctx): Promise<void> {
  if (ctx.where !== 'phone') throw new Error('only the phone has a ticket that can be refused');
  await operator.call('/triviaGame/reset', { id: ctx.game.id });
  await releaseTickets(ctx);
}

// ---------------------------------------------------------------------------------------------
// The buttons for a user: the tap reconnects at once (the backoff's own attempt still held), the
// lost-connection display goes, and the page hears the game live again.

describe('"Reconnect now" and "Retry now" reconnect at once', () => {
  it('the control screen\'s "Reconnect now" [zh-TW]', async () => {
    const ctx = await openControl('zh-TW', 900);
    try {
      await releaseTickets(ctx);
      await expectBadge(ctx, '即時連線中', 'Live', 'green');
      await cut(ctx);
      await expectBadge(ctx, '連線中斷，重新連線中…', 'Connection lost, reconnecting…', 'red');
      // The network is back; the tap's attempt goes through while the backoff's stays held.
      ctx.tickets.holding = false;
      const from = ctx.frames.length;
      await badgeAction(ctx).getByText('立即重新連線').click();
      await socketReady(ctx, from);
      await expectBadge(ctx, '即時連線中', 'Live', 'green');
      expect(await badgeAction(ctx).count(), 'no action once live').toBe(0);
      expect(ctx.tickets.held, "the backoff's attempt is still held: the tap reconnected").toBe(1);
      // A player joins: the operator sees it live again.
      expect((await playApi('/join', { pin: ctx.game.pin, nickname: 'Late' })).code).toBe(200);
      await expect.poll(() => ctx.page.getByTestId('player-count').innerText(), { timeout: WAIT_MS }).toBe('1');
    } finally {
      await ctx.tickets.dispose();
    }
  });

  it('the phone\'s "Retry now" [en]', async () => {
    const ctx = await openPhone('en', 901);
    try {
      await releaseTickets(ctx);
      await ctx.page.getByText('1 player joined').waitFor();
      await cut(ctx);
      await banner(ctx).getByText('Reconnecting…').waitFor();
      ctx.tickets.holding = false;
      const from = ctx.frames.length;
      await banner(ctx).getByRole('button', { name: 'Retry now' }).click();
      await socketReady(ctx, from);
      await expect.poll(() => banner(ctx).count(), { timeout: WAIT_MS, message: 'the banner goes' }).toBe(0);
      expect(ctx.tickets.held, "the backoff's attempt is still held: the tap reconnected").toBe(1);
      // Another player joins: the phone hears it live again.
      expect((await playApi('/join', { pin: ctx.game.pin, nickname: 'Other' })).code).toBe(200);
      await ctx.page.getByText('2 players joined').waitFor();
    } finally {
      await ctx.tickets.dispose();
    }
  });
});
