/**
 * Status (2026-12-08, two-core machine shared with other work, load 10 to 12): 34 paths chosen of
 * 1,795 shortest ones (14 of the flow, 5 of the control lease, 7 of the rehearsal, 8 of the
 * autopilot and the stage message), states 48/48 (the 4 transient ones passed through), transitions
 * 94/95 (the other is `notInBrowser`, below; a 96th, releasing control while another screen asks,
 * which the screen never offers, left the chart); the page's own game actor takes every step's
 * transitions (`observed`). Before the autopilot (2026-11-26, load 5 to 7): 26 paths, 38/38 states,
 * 75/76 transitions; six runs in a row green, 70 s for the one file then (the waits for the server's
 * frames and the held calls given 10 s); the path search takes 2 to 5 s of that.
 *
 * The traversal is one per region (tests/e2e/replay/support/game-model.ts, as in
 * tests/machines/game.machine.test.ts): the four parallel regions at once did not finish. The
 * replay is split the same way, one test file per region (tests/e2e/replay/game-<region>.replay.e2e.test.ts
 * call `replayGameRegion`), each on a server and a browser of its own: the e2e workers share them.
 * 2026-12-07, load 18 to 25: flow 150 s, lease 95 s, rehearsal 65 s, 245 s for the three on two
 * workers (the one file before: 287 s at load 24 to 26). 2026-12-08, load 10 to 12: flow 100 s,
 * lease 60 s, rehearsal 55 s, autopilot 45 s, 174 s for the four on two workers.
 *
 * The game machine (machines/game) replayed in Chromium (issue 23): the shortest paths of the chart
 * that together take its transitions drive the real control screen (/triviaGame/start/:id, the game
 * system of src/app/features/live) against the real server on the embedded database. One server and
 * one browser for the file; each path gets a fresh game and a fresh control screen of the operator
 * "Hana" (a role of her own, so her `triviaGame.control` can be withdrawn and granted back while the
 * screen is open), and, when the path needs a second control screen, one of "Ben" beside it.
 *
 * How the chart's events become what happens (`events` below):
 * - the operator's clicks: Show question, Publish answer now and its 確定 / 取消, Publish ranking, Game
 *   over and its confirmation, Retry, Check again, the pre-flight acknowledgement, Request / Take /
 *   Release control, Hand over / Keep control, the rehearsal's switches (start in its panel, stop in
 *   its banner), the autopilot's Pause / Resume on the stage bar, the stage message card's form, Retry of a publish that failed at zero (the page's clock runs the countdown out
 *   while the network is cut under the publish);
 * - the screen's calls in flight (loading the game, the top 10, the pre-flight check, ending, a
 *   question being shown, a control call) are held (`gate`) until the path's outcome event lets
 *   them reach the real server (once the server is where the outcome needs it) or cuts the network
 *   under them;
 * - the server's events: the frames of the game's topics on the screen's socket are held on their
 *   way (playwright's routeWebSocket) and handed to the page when the path says the event happens;
 *   what causes them is real (a game-flow step sent through the admin API with the id of the screen
 *   holding control — the server takes steps from that screen only —, Ben's or Hana's control calls
 *   through the admin API, a player joining or answering through the play API, a reset, the
 *   rehearsal's bots, the socket dropped and resubscribed);
 * - the admin's rights: her role loses or gets back `triviaGame.control` (the server pushes
 *   `access.changed`, the screen's session reloads);
 * - time: the page's clock is playwright's (the snapshot wait is fast-forwarded), the server's a
 *   TestClock (tests/support/clock.ts) moved by the path.
 * The states (`states`) assert what the operator sees, in the path's language (zh-TW / en alternate).
 * The model offers only what the screen lets an operator do there: Game over is in the header, under
 * the countdown dialog (a modal) while a question is live, so the model ends a game only between
 * questions (the chart itself allows `host.endGame` while one is live).
 */
import type { FastifyInstance } from 'fastify';
import type { Browser, Page, Route, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { gameMachine, liveQuestionOf, SNAPSHOT_WAIT_MS } from '@machines/game/game.machine';
import { AUTO_ADVANCE_DEFAULT } from '@machines/game/autopilot';
import type { AutopilotState, ControlState, LoadedGame, OperatorSnapshot, PreflightReport, RehearsalState, StageMessage } from '@machines/game/types';
import { TestClock } from '../../../support/clock';
import { createAdmin } from '../../../support/fixtures';
import { launchBrowser, openPage } from '../../support/browser';
import { operatorApi, type OperatorApi } from '../../support/operator-api';
import { startServer, type RunningServer } from '../../support/server';
import { loginToken } from '../../support/session';
import {
  BLOCKED,
  ctxOf,
  describeEvent,
  ENDED,
  inState,
  LIVE,
  ME,
  MINE,
  NAMES,
  REHEARSAL_PLAYERS,
  SNAP_ENDED,
  SNAP_LIVE,
  STARTS,
  WAIT,
  type GameInput,
  type GameRegion,
  type ModelEvent,
} from './game-model';
import { gate, observePage, replayInChromium, say, browserLocale, type Gate, type Lang, type ReplayPath, type ReplayStep } from './replay';

// ---------------------------------------------------------------------------------------------
// The world: one server on a TestClock, one browser; per path a game, Hana's screen, maybe Ben's.

const HANA = { username: 'hana', password: 'Hana-pass-123', name: 'Hana' };
const BEN = { username: 'ben', password: 'Ben-pass-123', name: 'Ben' };
const HOST_ROLE = 'replay-host';
const HOST_PERMISSIONS = ['triviaGame', 'triviaGame.index', 'triviaGame.update', 'triviaGame.start', 'triviaGame.list', 'triviaGame.edit', 'triviaGame.control'];
const MISSING_IMAGE = '/files/images/1/2026-01/0123456789abcdef0123456789abcdef.png';

let app: FastifyInstance;
let url: string;
let browser: Browser;
let operator: OperatorApi;
let hanaToken: string;
let benToken: string;
let roleId: number;
const clock = new TestClock(Date.now());

async function adminCall(token: string, route: string, body: unknown): Promise<any> {
  const res = await fetch(`${url}/api/admin${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, cid: '1', lang: 'en' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: any };
  if (json.code !== 200) throw new Error(`${route} failed: ${JSON.stringify(json)}`);
  return json.data;
}

interface Frame {
  type: string;
  text: string;
  data: any;
}

interface Screen {
  lang: Lang;
  page: Page;
  path: ReplayPath<ModelEvent, GameInput>;
  game: { id: number; pin: string; title: string; q1: number; q2: number; broken: boolean; ended: boolean; live: number | null };
  screenId: string;
  /** Ben's control screen, when the path needs a second one. */
  ben: { page: Page; screenId: string } | null;
  loadGate: Gate;
  rankGate: Gate;
  preflightGate: Gate;
  controlGate: Gate;
  rehearsalGate: Gate;
  autopilotGate: Gate;
  stageGate: Gate;
  /** A pause or resume the server has acted on, its answer held: hands it to the page. */
  autopilotAnswer: (() => Promise<void>) | null;
  /** A rehearsal call the server has acted on, its answer held: hands it to the page. */
  rehearsalAnswer: (() => Promise<void>) | null;
  /** Fails the screen's next publish (gameFlow 3): a publish at zero that fails. */
  failPublish: boolean;
  /** Held game-flow calls of this screen: 2 (show) and 5 (end). */
  shows: Route[];
  ends: Route[];
  /** The server's frames of the game's topics, held on their way to the page. */
  held: Frame[];
  socket: { page: WebSocketRoute; server: WebSocketRoute; open: boolean } | null;
  subscriptions: number;
  /** The last control state the server sent (held or handed over). */
  control: ControlState | null;
  step: ReplayStep<ModelEvent> | null;
  /** The transitions the page's own game actor took since the last look. */
  observed: () => Promise<string[]>;
}

const t = (screen: Screen, zh: string, en: string) => say(screen.lang, zh, en);

/**
 * The network fails under one of the screen's calls (`cut`): the app's alert says so (網路錯誤, only
 * its button closes it, and it covers the page) and the operator closes it before going on, as the
 * question replay does. Without this the alert, which comes a moment after the failure shows, took
 * the next click (CI, 2026-11-26: the pre-flight's acknowledgement after a failed check).
 */
async function networkFails(screen: Screen, cut: () => Promise<unknown>): Promise<void> {
  await cut();
  const alert = screen.page.getByTestId('alert-dialog');
  await alert.getByText(t(screen, '網路錯誤', 'Network error'), { exact: true }).waitFor();
  await alert.getByRole('button', { name: t(screen, '確定', 'OK'), exact: true }).click();
  await alert.waitFor({ state: 'hidden' });
}

async function createGame(index: number, broken: boolean, autopilot: boolean): Promise<Screen['game']> {
  const title = `Replay ${index} 控制台`;
  // The autopilot's paths: a game that runs itself (before its first question the operator shows it).
  const game = await operator.createGame({ title, type: 1, ...(autopilot ? { auto_advance: { ...AUTO_ADVANCE_DEFAULT, enabled: true } } : {}) });
  const ids: number[] = [];
  for (const [i, name] of ['第一題', '第二題'].entries()) {
    const { id } = await operator.call('/question/create', {
      trivia_game_id: game.id,
      title: name,
      question_text: `${name}：台灣最高的山是？`,
      question_img: i === 0 && broken ? MISSING_IMAGE : '',
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: 60,
      score: 0,
      question_type: 1,
      is_bonus: 0,
      options: ['玉山', '雪山'].map((text, n) => ({ title: 'AB'[n], text, img: '' })),
      answer: ['A'],
    });
    ids.push(id);
  }
  return { id: game.id, pin: game.pin, title, q1: ids[0]!, q2: ids[1]!, broken, ended: false, live: null };
}

/**
 * A game-flow step the screen's own actor does not send: before the screen opens, the operator's
 * (no screen); once it is open, as the screen holding control (the server takes steps from it only).
 */
const flowCall = (screen: Screen, questionId: number | null, type: 2 | 3 | 4 | 5) => {
  const body = { trivia_game_id: screen.game.id, question_id: questionId, type };
  if (!screen.screenId) return operator.call('/triviaGame/gameFlow', body);
  const holder = holderOf(screen.control);
  if (holder === screen.screenId) return adminCall(hanaToken, '/triviaGame/gameFlow', { ...body, screen_id: screen.screenId });
  if (screen.ben && holder === screen.ben.screenId) return adminCall(benToken, '/triviaGame/gameFlow', { ...body, screen_id: screen.ben.screenId });
  return operator.call('/triviaGame/gameFlow', body);
};

/** A reset of the game, as flowCall sends a step: from the screen holding control, if one does. */
const resetCall = (screen: Screen) => {
  const body = { id: screen.game.id };
  const holder = screen.screenId ? holderOf(screen.control) : null;
  if (holder && holder === screen.screenId) return adminCall(hanaToken, '/triviaGame/reset', { ...body, screen_id: screen.screenId });
  if (holder && screen.ben && holder === screen.ben.screenId) return adminCall(benToken, '/triviaGame/reset', { ...body, screen_id: screen.ben.screenId });
  return operator.call('/triviaGame/reset', body);
};

/** Waits until a frame of `type` is held (after `from` frames were held), optionally matching. */
async function heldFrame(screen: Screen, type: string, match: (frame: Frame) => boolean = () => true): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(() => (found = screen.held.find((frame) => frame.type === type && match(frame))), { message: `the server sends ${type}`, timeout: 10_000 })
    .toBeTruthy();
  return found!;
}

/** Hands the page the held frame (and drops it from the queue). */
async function deliver(screen: Screen, frame: Frame): Promise<void> {
  screen.held.splice(screen.held.indexOf(frame), 1);
  if (!screen.socket?.open) throw new Error('the socket closed before the frame could be handed over');
  await screen.socket.page.send(frame.text);
}

/** The screen's socket is dropped by the server side; it reconnects and subscribes again (a new snapshot). */
async function resubscribe(screen: Screen): Promise<void> {
  const before = screen.subscriptions;
  const socket = screen.socket;
  if (!socket?.open) throw new Error('no socket to drop');
  socket.open = false;
  await Promise.all([socket.server.close({ code: 1001, reason: 'going away' }), socket.page.close({ code: 1001, reason: 'going away' })]);
  await expect.poll(() => screen.subscriptions, { message: 'the screen subscribes again', timeout: 15_000 }).toBeGreaterThan(before);
}

async function otherScreen(screen: Screen): Promise<NonNullable<Screen['ben']>> {
  if (screen.ben) return screen.ben;
  const page = await openPage(browser, { locale: 'en-US' });
  await page.context().addCookies([{ name: 'Admin-Token', value: benToken, url }]);
  await page.goto(`${url}/triviaGame/start/${screen.game.id}`);
  await page.getByTestId('control-bar').waitFor();
  const screenId = await page.evaluate((key) => sessionStorage.getItem(key) ?? '', `lt.controlScreen.${screen.game.id}`);
  expect(screenId).toMatch(/\S/);
  screen.ben = { page, screenId };
  await heldFrame(screen, 'server.control', (frame) => frame.data.screens.some((s: { screen_id: string }) => s.screen_id === screenId));
  return screen.ben;
}

const holderOf = (control: ControlState | null) => control?.holder?.screen_id ?? null;
const askerOf = (control: ControlState | null) => control?.request?.screen_id ?? null;

/** Control calls as either screen (through the admin API, with that screen's id). */
async function controlAs(screen: Screen, who: 'hana' | 'ben', action: 'request' | 'accept' | 'decline' | 'release'): Promise<void> {
  const ben = who === 'ben' ? await otherScreen(screen) : null;
  const state = await adminCall(who === 'ben' ? benToken : hanaToken, '/triviaGame/control', {
    trivia_game_id: screen.game.id,
    screen_id: ben ? ben.screenId : screen.screenId,
    action,
  });
  screen.control = state;
}

/** Whether the server's control state `state` is the model's `want` (Hana's screen is ME, Ben's OTHER). */
function controlIs(screen: Screen, state: ControlState, want: ControlState): boolean {
  const idOf = (who: ControlState['holder']) => (who === null ? null : who === ME ? screen.screenId : (screen.ben?.screenId ?? 'ben'));
  return holderOf(state) === idOf(want.holder) && askerOf(state) === idOf(want.request);
}

/** Moves the server's control lease to what `want` describes (Hana's screen is ME, Ben's OTHER). */
async function controlTo(screen: Screen, want: ControlState): Promise<void> {
  if (want !== MINE) await otherScreen(screen);
  const ben = () => screen.ben!.screenId;
  const wantHolder = want.holder === null ? null : want.holder === ME ? screen.screenId : 'ben';
  const wantAsker = want.request === null ? null : want.request === ME ? screen.screenId : 'ben';
  const is = (id: string | null, who: string | null) => (who === 'ben' ? id === ben() : id === who);
  for (let guard = 0; guard < 6; guard += 1) {
    const holder = holderOf(screen.control);
    const asker = askerOf(screen.control);
    if (is(holder, wantHolder) && is(asker, wantAsker)) return;
    const holderWho = holder === null ? null : holder === screen.screenId ? 'hana' : 'ben';
    if (asker !== null && holderWho && is(asker, wantHolder) && !is(holder, wantHolder)) await controlAs(screen, holderWho, 'accept');
    else if (asker !== null && !is(asker, wantAsker) && holderWho) await controlAs(screen, holderWho, 'decline');
    else if (!is(holder, wantHolder)) {
      if (holderWho) await controlAs(screen, holderWho, 'release');
      else await controlAs(screen, wantHolder === 'ben' ? 'ben' : 'hana', 'request');
    } else if (wantAsker) await controlAs(screen, wantAsker === 'ben' ? 'ben' : 'hana', 'request');
  }
  throw new Error(`the control lease did not reach ${NAMES.get(want)}`);
}

/** The rights of Hana's role: with or without triviaGame.control. */
async function rights(canControl: boolean): Promise<void> {
  await operator.call('/role/update', {
    id: roleId,
    title: 'Replay host',
    permissions: canControl ? HOST_PERMISSIONS : HOST_PERMISSIONS.filter((p) => p !== 'triviaGame.control'),
  });
}

const playApi = async (route: string, body: unknown, token?: string) => {
  const res = await fetch(`${url}/api/play${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: any };
};

async function openScreen(replayPath: ReplayPath<ModelEvent, GameInput>, lang: Lang, index: number): Promise<Screen> {
  const firstReport = replayPath.steps.find((s) => s.event.type === 'xstate.done.actor.runPreflight') as ReplayStep<ModelEvent> | undefined;
  const broken = (firstReport?.event as { output?: unknown } | undefined)?.output === BLOCKED;
  const game = await createGame(index, broken, replayPath.start.region === 'autopilot');
  await rights(true);
  // The game as the path's first load or snapshot has it.
  const first = replayPath.steps.find((s) => s.event.type === 'xstate.done.actor.loadGame' || s.event.type === 'server.snapshot')?.event as
    | { output?: LoadedGame; snapshot?: OperatorSnapshot }
    | undefined;
  const page = await openPage(browser, { locale: browserLocale(lang) });
  page.on('pageerror', (error) => console.error(`control screen error: ${error.stack}`));
  const screen: Screen = {
    lang,
    page,
    path: replayPath,
    game,
    screenId: '',
    ben: null,
    loadGate: await gate(page, (u) => u.pathname === '/api/admin/question/list'),
    rankGate: await gate(page, (u) => u.pathname === '/api/admin/triviaGame/getRank'),
    preflightGate: await gate(page, (u) => u.pathname === '/api/admin/triviaGame/preflight'),
    controlGate: await gate(page, (u) => u.pathname === '/api/admin/triviaGame/control'),
    rehearsalGate: await gate(page, (u) => u.pathname === '/api/admin/triviaGame/rehearsal'),
    autopilotGate: await gate(page, (u) => u.pathname === '/api/admin/triviaGame/autopilot'),
    stageGate: await gate(page, (u) => u.pathname === '/api/admin/triviaGame/stageMessage'),
    autopilotAnswer: null,
    rehearsalAnswer: null,
    failPublish: false,
    shows: [],
    ends: [],
    held: [],
    socket: null,
    subscriptions: 0,
    control: null,
    step: null,
    // Before the first goto: the test build then reports the page's own game actor's transitions.
    observed: await observePage(page, gameMachine),
  };
  if (first?.output === LIVE || first?.snapshot === SNAP_LIVE) {
    await flowCall(screen, game.q2, 2);
    game.live = game.q2;
  }
  if (first?.output === ENDED || first?.snapshot === SNAP_ENDED) {
    await flowCall(screen, null, 5);
    game.ended = true;
  }
  await page.route('**/api/admin/triviaGame/gameFlow', (route: Route) => {
    const type = (JSON.parse(route.request().postData() ?? '{}') as { type?: number }).type;
    if (type === 2) screen.shows.push(route);
    else if (type === 5) screen.ends.push(route);
    else if (type === 3 && screen.failPublish) {
      screen.failPublish = false;
      void route.abort('internetdisconnected');
    }
    else void route.continue();
  });
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    const socket = { page: ws, server, open: true };
    screen.socket = socket;
    server.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString('utf8');
      const frame = JSON.parse(text) as { type?: string; topic?: string; data?: unknown };
      if (frame.type === 'subscribed' && typeof frame.topic === 'string' && frame.topic.endsWith(':operator')) screen.subscriptions += 1;
      if (typeof frame.topic === 'string' && frame.topic.startsWith('game:') && frame.type?.startsWith('server.')) {
        if (frame.type === 'server.control') screen.control = frame.data as ControlState;
        screen.held.push({ type: frame.type, text, data: frame.data });
        return;
      }
      ws.send(message);
    });
    ws.onClose(() => {
      socket.open = false;
      void server.close().catch(() => undefined);
    });
    server.onClose(() => {
      socket.open = false;
      void ws.close().catch(() => undefined);
    });
  });
  await page.clock.install();
  await page.context().addCookies([{ name: 'Admin-Token', value: hanaToken, url }]);
  await page.goto(`${url}/triviaGame/start/${game.id}`);
  await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key) ?? '', `lt.controlScreen.${game.id}`), { timeout: 20_000 }).toMatch(/\S/);
  // The first screen present takes control: known before any path step.
  await expect.poll(() => holderOf(screen.control), { message: 'the server grants this screen control', timeout: 20_000 }).toBeTruthy();
  screen.screenId = await page.evaluate((key) => sessionStorage.getItem(key) ?? '', `lt.controlScreen.${game.id}`);
  return screen;
}

// includeHidden: while the countdown dialog (a modal) is open, the page under it is aria-hidden; the operator still sees the row.
const questionRow = (screen: Screen, title: string) =>
  screen.page
    .getByTestId('question-row')
    .or(screen.page.getByTestId('question-card'))
    .filter({ has: screen.page.getByRole('cell', { name: title, exact: true, includeHidden: true }) });
const action = (screen: Screen, title: string) => questionRow(screen, title).getByTestId('question-action');
const countdown = (screen: Screen) => screen.page.getByTestId('countdown-dialog');
// The control bar's strip, or the countdown dialog's while it is open (both are then on the page).
const strip = (screen: Screen) => screen.page.getByTestId('control-bar').getByTestId('control-strip').or(countdown(screen).getByTestId('control-strip')).first();

/** The strip names who holds control, as the last control state the screen heard says. */
async function holderShown(screen: Screen, snapshot: AnyMachineSnapshot): Promise<void> {
  const control = ctxOf(snapshot).control;
  if (!control || !inState(snapshot, { flow: 'open' })) return;
  const text =
    control.holder === null ? t(screen, '目前沒有人掌控', 'Nobody holds control') : control.holder === ME ? t(screen, '此畫面掌控中', 'This screen holds control') : t(screen, 'Ben 掌控中', 'Ben holds control');
  await strip(screen).getByTestId('control-holder').getByText(text).waitFor();
}

type Action = (screen: Screen, event: any, step: ReplayStep<ModelEvent>) => Promise<void>;
const acting = (actions: Record<string, Action>) =>
  Object.fromEntries(
    Object.entries(actions).map(([type, act]) => [
      type,
      async (screen: Screen, event: ModelEvent, step: ReplayStep<ModelEvent>) => {
        screen.step = step;
        await act(screen, event, step);
      },
    ]),
  );

const neverOffered = (why: string) => async () => {
  throw new Error(why);
};

/** The rehearsal's call is let through to the server (its answer held) when what the server did comes first. */
async function rehearsalActs(screen: Screen): Promise<void> {
  if (!screen.rehearsalAnswer) screen.rehearsalAnswer = await screen.rehearsalGate.send();
}

const rehearsalFrame = (screen: Screen, want: RehearsalState) =>
  heldFrame(screen, 'server.rehearsal', (frame) => (want.players === 0 ? frame.data.players === 0 : frame.data.players > 0 && (want.joined === 0 || frame.data.joined === frame.data.players)));

/** The rehearsal (simulated players): the pre-flight panel's switch, the banner's switch, the server's reports. */
const rehearsalEvents: Record<string, Action> = {
  'host.startRehearsal': async (screen) => {
    const panel = screen.page.getByTestId('rehearsal-panel');
    await panel.getByRole('spinbutton').fill(String(REHEARSAL_PLAYERS));
    await panel.getByTestId('rehearsal-start').locator('label, [data-part="control"]').first().click();
    await screen.rehearsalGate.next();
  },
  'host.stopRehearsal': async (screen) => {
    await screen.page.getByTestId('rehearsal-banner').getByTestId('rehearsal-stop').locator('label, [data-part="control"]').first().click();
    await screen.rehearsalGate.next();
  },
  'server.rehearsal': async (screen, event: { rehearsal: RehearsalState }, step) => {
    if (inState(step.before, { rehearsal: 'starting' }) || inState(step.before, { rehearsal: 'stopping' })) await rehearsalActs(screen);
    const frame = await rehearsalFrame(screen, event.rehearsal);
    // Earlier reports of the rehearsal are stale: only this one is handed over.
    screen.held = screen.held.filter((f) => f.type !== 'server.rehearsal' || f === frame);
    await deliver(screen, frame);
  },
  'rehearsal.loaded': neverOffered('raised by the game itself once it is loaded'),
  'xstate.done.actor.rehearsalCall': async (screen) => {
    const answer = screen.rehearsalAnswer;
    screen.rehearsalAnswer = null;
    if (answer) await answer();
    else await screen.rehearsalGate.pass();
  },
  'xstate.error.actor.rehearsalCall': (screen) => networkFails(screen, () => screen.rehearsalGate.abort()),
};
/** The pause or resume is let through to the server (its answer held) when the server's report comes first. */
async function autopilotActs(screen: Screen): Promise<void> {
  if (!screen.autopilotAnswer) screen.autopilotAnswer = await screen.autopilotGate.send();
}

/** Hands the page the server's latest frame of `type` matching `match` (earlier ones are stale). */
async function deliverLatest(screen: Screen, type: string, match: (frame: Frame) => boolean): Promise<void> {
  await heldFrame(screen, type, match);
  const frame = screen.held.filter((f) => f.type === type && match(f)).at(-1)!;
  screen.held = screen.held.filter((f) => f.type !== type || f === frame);
  await deliver(screen, frame);
}

const stageCard = (screen: Screen) => screen.page.getByTestId('stage-message');

/**
 * The autopilot (the stage bar's Pause / Resume, the server's reports) and the stage message (the
 * card's form, the server's report). A report while this screen's own call is held is that call
 * reaching the server (its answer held); otherwise the screen holding control (this one) paused or
 * resumed, or put the card up, through the admin API with its screen id.
 */
const autopilotEvents: Record<string, Action> = {
  'autopilot.stored': neverOffered('raised by the game itself once the autopilot is stored'),
  'host.pauseAutopilot': async (screen) => {
    await screen.page.getByTestId('autopilot-toggle').click();
    await screen.autopilotGate.next();
  },
  'host.resumeAutopilot': async (screen) => {
    await screen.page.getByTestId('autopilot-toggle').click();
    await screen.autopilotGate.next();
  },
  'server.autopilot': async (screen, event: { autopilot: AutopilotState }, step) => {
    // What was held before is stale: the page has heard every change until now.
    screen.held = screen.held.filter((f) => f.type !== 'server.autopilot');
    if (inState(step.before, { autopilot: 'pausing' }) || inState(step.before, { autopilot: 'resuming' })) await autopilotActs(screen);
    else
      await adminCall(hanaToken, '/triviaGame/autopilot', {
        trivia_game_id: screen.game.id,
        action: event.autopilot.state === 'paused' ? 'pause' : 'resume',
        screen_id: screen.screenId,
      });
    await deliverLatest(screen, 'server.autopilot', (f) => f.data.state === event.autopilot.state);
  },
  'xstate.done.actor.autopilotCall': async (screen) => {
    const answer = screen.autopilotAnswer;
    screen.autopilotAnswer = null;
    if (answer) await answer();
    else await screen.autopilotGate.pass();
  },
  'xstate.error.actor.autopilotCall': (screen) => networkFails(screen, () => screen.autopilotGate.abort()),
  'host.setStageMessage': async (screen, event: { message: StageMessage }) => {
    await stageCard(screen).getByTestId('stage-message-title').fill(event.message.title);
    await stageCard(screen).getByTestId('stage-message-put').click();
    await screen.stageGate.next();
  },
  'server.stageMessage': async (screen, event: { message: StageMessage }) => {
    if (!screen.held.some((f) => f.type === 'server.stageMessage'))
      await adminCall(hanaToken, '/triviaGame/stageMessage', { trivia_game_id: screen.game.id, stage_message: event.message, screen_id: screen.screenId });
    await deliverLatest(screen, 'server.stageMessage', (f) => f.data?.stage_message?.title === event.message.title || f.data?.title === event.message.title);
  },
  'xstate.done.actor.stageMessageCall': async (screen) => {
    await screen.stageGate.pass();
  },
  'xstate.error.actor.stageMessageCall': (screen) => networkFails(screen, () => screen.stageGate.abort()),
};
const autopilotStates: Record<string, (screen: Screen, snapshot: AnyMachineSnapshot) => Promise<void>> = {
  autopilot: async () => {},
  'autopilot.off': async (screen) => {
    // The stage bar says the mode once the game is drawn (not while it loads).
    const mode = screen.page.getByTestId('autopilot-state');
    if ((await mode.count()) > 0) await expect.poll(() => mode.first().textContent(), { timeout: 10_000 }).toBe('off');
    expect(await screen.page.getByTestId('autopilot-toggle').count(), 'no pause / resume without the autopilot').toBe(0);
  },
  'autopilot.deciding': async () => {
    throw new Error('deciding is transient: the chart never rests there');
  },
  'autopilot.running': async (screen, snapshot) => {
    await autopilotSays(screen, 'running');
    if (inState(snapshot, { rights: 'controlling' }) && inState(snapshot, { flow: 'open' }))
      await screen.page.getByTestId('autopilot-toggle').getByText(t(screen, '暫停', 'Pause')).waitFor();
  },
  'autopilot.paused': async (screen, snapshot) => {
    await autopilotSays(screen, 'paused');
    if (inState(snapshot, { rights: 'controlling' }) && inState(snapshot, { flow: 'open' }))
      await screen.page.getByTestId('autopilot-toggle').getByText(t(screen, '繼續', 'Resume')).waitFor();
  },
  'autopilot.pausing': async (screen) => {
    await expect.poll(() => screen.autopilotGate.held + (screen.autopilotAnswer ? 1 : 0), { timeout: 10_000, message: 'the pause is on its way' }).toBeGreaterThan(0);
    await screen.page.getByTestId('autopilot-toggle').and(screen.page.locator('[data-loading]')).waitFor();
  },
  'autopilot.resuming': async (screen) => {
    await expect.poll(() => screen.autopilotGate.held + (screen.autopilotAnswer ? 1 : 0), { timeout: 10_000, message: 'the resume is on its way' }).toBeGreaterThan(0);
    await screen.page.getByTestId('autopilot-toggle').and(screen.page.locator('[data-loading]')).waitFor();
  },
  stage: async () => {},
  'stage.idle': async (screen, snapshot) => {
    // The card up now, as the screen last heard it (only once the game is drawn).
    const message = ctxOf(snapshot).stageMessage;
    if (message && inState(snapshot, { flow: 'open' })) await stageCard(screen).getByTestId('stage-message-current').getByText(message.title).waitFor();
  },
  'stage.sending': async (screen) => {
    await expect.poll(() => screen.stageGate.held, { timeout: 10_000, message: 'the stage message is on its way' }).toBeGreaterThan(0);
    await stageCard(screen).getByTestId('stage-message-put').and(screen.page.locator('[data-loading]')).waitFor();
  },
};
/** The stage bar's autopilot says `mode`. */
async function autopilotSays(screen: Screen, mode: string) {
  await expect.poll(() => screen.page.getByTestId('autopilot-state').first().textContent(), { timeout: 10_000 }).toBe(mode);
}

const rehearsalStates: Record<string, (screen: Screen, snapshot: AnyMachineSnapshot) => Promise<void>> = {
  rehearsal: async () => {},
  'rehearsal.off': async (screen) => {
    expect(await screen.page.getByTestId('rehearsal-banner').count(), 'no rehearsal banner').toBe(0);
  },
  'rehearsal.starting': async (screen) => {
    await expect.poll(() => screen.rehearsalGate.held + (screen.rehearsalAnswer ? 1 : 0), { timeout: 10_000, message: 'the start is on its way' }).toBeGreaterThan(0);
    await screen.page.getByTestId('rehearsal-panel').getByTestId('rehearsal-start').locator('[data-state="checked"]').first().waitFor();
  },
  'rehearsal.on': async (screen) => {
    await screen.page.getByTestId('rehearsal-banner').waitFor();
  },
  'rehearsal.stopping': async (screen) => {
    await expect.poll(() => screen.rehearsalGate.held + (screen.rehearsalAnswer ? 1 : 0), { timeout: 10_000, message: 'the stop is on its way' }).toBeGreaterThan(0);
    await screen.page.getByTestId('rehearsal-banner').waitFor();
  },
};

/**
 * Declares the replay of one region of the game chart (`GameRegion`: its starts in
 * ./game-model.ts) in the calling test file, on a server and a browser of the file's own.
 */
export function replayGameRegion(region: GameRegion): void {
  beforeAll(async () => {
    ({ app, url } = await startServer({ clock }));
    const server = { url } as RunningServer;
    [browser, operator] = await Promise.all([launchBrowser(), operatorApi(server)]);
    ({ id: roleId } = await operator.call('/role/create', { identifier: HOST_ROLE, title: 'Replay host', permissions: HOST_PERMISSIONS }));
    await createAdmin(app, { ...HANA, roles: [HOST_ROLE] });
    await createAdmin(app, { ...BEN, roles: ['operator'] });
    [hanaToken, benToken] = await Promise.all([loginToken(server, HANA.username, HANA.password), loginToken(server, BEN.username, BEN.password)]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  replayInChromium<Screen, ModelEvent, GameInput>({
    machine: 'game',
    definition: gameMachine,
    starts: STARTS,
    describeEvent,
    open: (replayPath, { lang, index }) => openScreen(replayPath, lang, index),
    observed: (screen) => screen.observed(),
    close: async (screen) => {
      await screen.ben?.page.close().catch(() => undefined);
    },

    timeout: 60_000,
    transient: ['flow.started', 'rights.deciding', 'rehearsal.deciding', 'autopilot.deciding'],
    notInBrowser: [
      {
        transition: 'rights.deciding --(always)#1 [withoutLease]--> rights.controlling',
        reason: 'every control screen has a screen id (src/app/features/live/api/control-api.ts screenIdFor): only a script without one steps without the lease',
      },
    ],
    events: acting({
      'host.retry': async (screen) => {
        await screen.page.getByRole('button', { name: t(screen, '重試', 'Retry') }).click();
      },
      'host.showQuestion': async (screen) => {
        await action(screen, '第一題').click();
        await expect.poll(() => screen.shows.length, { timeout: 10_000, message: 'the show is on its way' }).toBeGreaterThan(0);
      },
      'host.publishNow': async (screen) => {
        await countdown(screen).getByTestId('publish-now').click();
      },
      'host.confirmPublish': async (screen) => {
        await screen.page.getByTestId('confirm-publish').getByRole('button', { name: t(screen, '確定', 'Confirm') }).click();
        // The publish reaches the server; its event waits, held, for the path's server.answerPublished.
        await heldFrame(screen, 'server.answerPublished');
      },
      'host.cancelPublish': async (screen) => {
        await screen.page.getByTestId('confirm-publish').getByRole('button', { name: t(screen, '取消', 'Cancel') }).click();
      },
      'host.publishRanking': async (screen) => {
        await action(screen, '第二題').click();
      },
      'host.retryPublish': async (screen) => {
        // The countdown runs out and the screen's publish at zero fails (the network cut under it): Retry.
        screen.failPublish = true;
        await screen.page.clock.runFor(61_000);
        // The API client reports the network failure in a dialog of its own: dismissed first.
        const failure = screen.page.getByRole('alertdialog').or(screen.page.getByRole('dialog')).filter({ hasText: t(screen, '網路錯誤', 'Network error') });
        await failure.getByRole('button', { name: t(screen, '確定', 'OK'), exact: true }).click();
        await countdown(screen).getByTestId('retry-publish').click();
        await heldFrame(screen, 'server.answerPublished');
      },
      'host.runPreflight': async (screen) => {
        const panel = screen.page.getByTestId('preflight-panel');
        await panel.getByRole('spinbutton').fill('500');
        await panel.getByTestId('preflight-recheck').click();
      },
      'host.acknowledgePreflight': async (screen) => {
        const panel = screen.page.getByTestId('preflight-panel');
        await panel.getByTestId('preflight-understood').click();
        await panel.getByTestId('preflight-acknowledge').click();
      },
      'host.endGame': async (screen) => {
        await screen.page.getByTestId('end-game').click();
      },
      'host.confirm': async (screen) => {
        await screen.page.getByTestId('confirm-end').getByRole('button', { name: t(screen, '確定', 'Confirm') }).click();
      },
      'host.cancel': async (screen) => {
        await screen.page.getByTestId('confirm-end').getByRole('button', { name: t(screen, '取消', 'Cancel') }).click();
      },
      'host.requestControl': async (screen) => {
        await strip(screen).getByTestId('control-request').click();
        await screen.controlGate.next();
      },
      'host.acceptControl': async (screen) => {
        await strip(screen).getByTestId('handover-accept').click();
        await screen.controlGate.next();
      },
      'host.declineControl': async (screen) => {
        await strip(screen).getByTestId('handover-decline').click();
        await screen.controlGate.next();
      },
      'host.releaseControl': async (screen) => {
        await strip(screen).getByTestId('control-release').click();
        await screen.controlGate.next();
      },
      'server.control': async (screen, event: { control: ControlState }) => {
        await controlTo(screen, event.control);
        // The server's frame of that state (it may come after the call's answer); older ones are stale.
        const frame = await heldFrame(screen, 'server.control', (f) => controlIs(screen, f.data as ControlState, event.control));
        screen.held = screen.held.filter((f) => f.type !== 'server.control' || f === frame);
        await deliver(screen, frame);
      },
      'session.rights': async (screen, event: { canControl: boolean }) => {
        await rights(event.canControl);
      },
      'question.statusChanged': async (screen) => {
        // The show this screen sent reaches the server: the question reports it is on screen.
        if (screen.shows.length === 0) throw new Error('no show of this screen on its way');
        await screen.shows.shift()!.continue();
        screen.game.live = screen.game.q1;
      },
      'server.snapshot': async (screen, event: { snapshot: OperatorSnapshot }) => {
        const wantEnded = event.snapshot.game.status === 0;
        if (wantEnded && !screen.game.ended) {
          await flowCall(screen, null, 5);
          screen.game.ended = true;
        }
        let frame = screen.held.find((f) => f.type === 'server.snapshot' && (f.data.game.status === 0) === wantEnded);
        if (!frame) {
          screen.held = screen.held.filter((f) => f.type !== 'server.snapshot');
          await resubscribe(screen);
          frame = await heldFrame(screen, 'server.snapshot');
        }
        await deliver(screen, frame);
      },
      'server.questionShown': async (screen) => {
        if (!screen.held.some((f) => f.type === 'server.questionShown')) {
          await flowCall(screen, screen.game.q2, 2);
          screen.game.live = screen.game.q2;
        }
        await deliver(screen, await heldFrame(screen, 'server.questionShown'));
      },
      'server.answerCount': async (screen) => {
        const player = await playApi('/join', { pin: screen.game.pin, nickname: `A${Date.now() % 100000}` });
        await playApi('/answer', { question_id: screen.game.q2, choices: ['A'] }, player.data.player_token);
        await clock.advance(1_000); // the counts go out at most once a second
        await deliver(screen, await heldFrame(screen, 'server.answerCount'));
      },
      'server.answerPublished': async (screen) => {
        if (!screen.held.some((f) => f.type === 'server.answerPublished')) await flowCall(screen, screen.game.q2, 3);
        screen.game.live = null;
        await deliver(screen, await heldFrame(screen, 'server.answerPublished'));
      },
      'server.rankingPublished': async (screen) => {
        await flowCall(screen, screen.game.q2, 4);
        await deliver(screen, await heldFrame(screen, 'server.rankingPublished'));
      },
      'server.playerJoined': async (screen) => {
        const player = await playApi('/join', { pin: screen.game.pin, nickname: `J${Date.now() % 100000}` });
        expect(player.code, JSON.stringify(player)).toBe(200);
        await clock.advance(1_000); // joins are published together, at most once a second
        await deliver(screen, await heldFrame(screen, 'server.playerJoined'));
      },
      'server.gameEnded': async (screen) => {
        let frame: Frame | undefined;
        if (!screen.game.ended) {
          await flowCall(screen, null, 5);
          screen.game.ended = true;
          frame = await heldFrame(screen, 'server.gameEnded');
        }
        frame ??= screen.held.find((f) => f.type === 'server.gameEnded');
        if (!frame) {
          // Over already: a resubscription tells it again (its snapshot says so, and the game hears it ended).
          screen.held = screen.held.filter((f) => f.type !== 'server.snapshot');
          await resubscribe(screen);
          frame = await heldFrame(screen, 'server.snapshot');
        }
        await deliver(screen, frame);
      },
      'server.gameReset': async (screen, _event, step) => {
        // The rehearsal's stop resets the game itself; else a reset from the screen holding control
        // (while a screen holds it, the server takes a reset from no other: issue 33).
        if (inState(step.before, { rehearsal: 'stopping' })) await rehearsalActs(screen);
        else await resetCall(screen);
        Object.assign(screen.game, { ended: false, live: null });
        await deliver(screen, await heldFrame(screen, 'server.gameReset'));
      },
      'ranking.refresh': neverOffered('raised by the game itself after loading and after a published answer'),
      [WAIT]: async (screen) => {
        await screen.page.clock.fastForward(SNAPSHOT_WAIT_MS);
      },
      'xstate.done.actor.loadGame': async (screen) => {
        await screen.loadGate.pass();
      },
      'xstate.error.actor.loadGame': (screen) => networkFails(screen, () => screen.loadGate.abort()),
      'xstate.done.actor.endGame': async (screen) => {
        await screen.ends.shift()!.continue();
        screen.game.ended = true;
      },
      'xstate.error.actor.endGame': (screen) => networkFails(screen, () => screen.ends.shift()!.abort('internetdisconnected')),
      'xstate.done.actor.loadRanking': async (screen) => {
        await screen.rankGate.pass();
      },
      'xstate.error.actor.loadRanking': (screen) => networkFails(screen, () => screen.rankGate.abort()),
      'xstate.done.actor.runPreflight': async (screen, event: { output: PreflightReport }) => {
        const broken = event.output.blocking > 0;
        if (broken !== screen.game.broken) {
          const [question] = (await operator.call('/question/list', { page: 1, limit: 1, order: 'asc', sort: 'sort', trivia_game_id: screen.game.id })).list;
          await operator.call('/question/update', { ...question, question_img: broken ? MISSING_IMAGE : '' });
          screen.game.broken = broken;
        }
        await screen.preflightGate.pass();
      },
      'xstate.error.actor.runPreflight': (screen) => networkFails(screen, () => screen.preflightGate.abort()),
      'xstate.done.actor.controlCall': async (screen) => {
        await screen.controlGate.pass();
      },
      'xstate.error.actor.controlCall': (screen) => networkFails(screen, () => screen.controlGate.abort()),
      ...rehearsalEvents,
      ...autopilotEvents,
    }),
    states: {
      flow: async () => {},
      'flow.loading': async (screen) => {
        await screen.page.getByTestId('questions-loading').waitFor();
      },
      'flow.loadFailed': async (screen) => {
        await screen.page.getByText(t(screen, '遊戲載入失敗', 'The game could not be loaded')).waitFor();
        await screen.page.getByRole('button', { name: t(screen, '重試', 'Retry') }).waitFor();
      },
      'flow.synchronizing': async (screen) => {
        await screen.page.getByTestId('game-title').filter({ hasText: screen.game.title }).waitFor();
      },
      'flow.open': async (screen) => {
        await questionRow(screen, '第一題').waitFor();
        await questionRow(screen, '第二題').waitFor();
      },
      'flow.open.ready': async (screen) => {
        await screen.page.getByTestId('preflight-panel').waitFor();
      },
      'flow.open.ready.unchecked': async (screen) => {
        await screen.page.locator('[data-testid="preflight-panel"][data-phase="unchecked"]').waitFor();
        await screen.page.getByText(t(screen, '由掌控遊戲的操作人員執行檢查。', 'The operator holding control runs the check.')).waitFor();
      },
      'flow.open.ready.checking': async (screen) => {
        await screen.page.locator('[data-testid="preflight-panel"][data-phase="checking"]').getByTestId('preflight-checking').waitFor();
        expect(await action(screen, '第一題').isDisabled(), 'not before the check').toBe(true);
      },
      'flow.open.ready.reviewing': async (screen) => {
        const panel = screen.page.locator('[data-testid="preflight-panel"][data-phase="reviewing"]');
        await panel.locator('[data-severity="blocking"]').first().waitFor();
        expect(await action(screen, '第一題').isDisabled(), 'blocking problems acknowledged first').toBe(true);
      },
      'flow.open.ready.checkFailed': async (screen) => {
        const panel = screen.page.locator('[data-testid="preflight-panel"][data-phase="checkFailed"]');
        await panel.getByText(t(screen, '無法完成檢查', 'The check could not run')).waitFor();
      },
      'flow.open.ready.cleared': async (screen, snapshot) => {
        await screen.page.locator('[data-testid="preflight-panel"][data-phase="cleared"]').getByTestId('preflight-cleared').waitFor();
        if (inState(snapshot, { rights: 'controlling' }) && liveQuestionOf(ctxOf(snapshot).questionStatuses) === null && screen.shows.length === 0)
          await expect.poll(() => action(screen, '第一題').isEnabled(), { timeout: 10_000, message: 'the first question may be shown' }).toBe(true);
      },
      'flow.open.running': async (screen) => {
        await screen.page.getByTestId('preflight-panel').waitFor({ state: 'detached' });
      },
      'flow.confirmingEnd': async (screen) => {
        await screen.page.getByTestId('confirm-end').getByText(t(screen, '確定要結束遊戲嗎？', 'Are you sure you want to end the game?')).waitFor();
      },
      'flow.ending': async (screen) => {
        await expect.poll(() => screen.ends.length, { timeout: 10_000, message: 'the end is on its way' }).toBeGreaterThan(0);
        await screen.page.getByTestId('confirm-end').waitFor({ state: 'hidden' });
      },
      'flow.ended': async () => {},
      'flow.ended.closed': async (screen) => {
        await screen.page.getByTestId('game-ended').getByText(t(screen, '遊戲已結束，題目無法再操作。', 'This game has ended; its questions can no longer be run.')).waitFor();
        expect(await screen.page.getByTestId('end-game').isDisabled()).toBe(true);
      },
      'flow.ended.byThisScreen': async (screen) => {
        await screen.page.waitForURL(/\/triviaGame\/index$/);
      },
      rights: async () => {},
      'rights.controlling': async (screen, snapshot) => {
        await holderShown(screen, snapshot);
      },
      'rights.controlling.holding': async (screen, snapshot) => {
        if (!ctxOf(snapshot).control || !inState(snapshot, { flow: 'open' })) return;
        await strip(screen).getByTestId('control-release').waitFor();
      },
      'rights.controlling.handingOver': async (screen) => {
        const prompt = strip(screen).getByTestId('handover-prompt');
        await prompt.getByText(t(screen, 'Ben 要求控制權', 'Ben asks for control')).waitFor();
      },
      'rights.controlling.answering': async (screen) => {
        await expect.poll(() => screen.controlGate.held, { timeout: 10_000, message: 'the answer is on its way' }).toBeGreaterThan(0);
      },
      'rights.watching': async (screen, snapshot) => {
        await holderShown(screen, snapshot);
        if (!ctxOf(snapshot).control || !inState(snapshot, { flow: 'open' })) return;
        await strip(screen).getByTestId('control-holder').getByText(t(screen, '您正在觀看', 'You are watching')).waitFor();
      },
      'rights.watching.observing': async (screen, snapshot) => {
        const c = ctxOf(snapshot);
        if (!c.control || !inState(snapshot, { flow: 'open' })) return;
        await strip(screen).getByTestId('control-request').getByText(c.control.holder ? t(screen, '要求控制權', 'Request control') : t(screen, '取得控制權', 'Take control')).waitFor();
      },
      'rights.watching.asking': async (screen) => {
        await expect.poll(() => screen.controlGate.held, { timeout: 10_000, message: 'the request is on its way' }).toBeGreaterThan(0);
      },
      'rights.watching.requesting': async (screen, snapshot) => {
        if (!inState(snapshot, { flow: 'open' })) return;
        await strip(screen).getByTestId('control-waiting').waitFor();
      },
      'rights.readOnly': async (screen, snapshot) => {
        if (!ctxOf(snapshot).control || !inState(snapshot, { flow: 'open' })) return;
        await strip(screen).getByText(t(screen, '您只能觀看（沒有控制權限）', 'You can watch only (no control permission)')).waitFor();
      },
      ranking: async () => {},
      'ranking.idle': async (screen) => {
        expect(screen.rankGate.held, 'no top 10 being read').toBe(0);
      },
      'ranking.loading': async (screen) => {
        await expect.poll(() => screen.rankGate.held, { timeout: 10_000, message: 'the top 10 is being read' }).toBeGreaterThan(0);
      },
      ...rehearsalStates,
      ...autopilotStates,
    },
  }, { region });
}
