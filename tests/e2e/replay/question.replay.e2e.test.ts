/**
 * The question machine (machines/question) replayed in Chromium: its actor runs in the control screen
 * (/triviaGame/start/:id), one per question row, spawned by the game actor (machines/game). The paths
 * xstate/graph generates from the chart (tests/e2e/replay/support/replay.ts picks the few that take
 * every transition) drive the screen on the real server; each path has a game of its own with one
 * question, timed (a speed contest, 120 s to answer) or untimed (a level game's question without an
 * answering time), opened at the stored status the path starts from (the `restoring` state: set up
 * through the admin API before the screen opens, as another screen would have).
 *
 * How the chart's events happen here:
 * - the operator's steps are clicks: the row's 出題 / 公佈排名 button, the dialog's 立即公佈答案 and
 *   its 是否公佈答案 box (確定 / 取消), the retry after a failed publish;
 * - the three calls (gameFlow 2, 3, 4) are held at the network (`gate`) while the chart waits for
 *   them, then reach the real server (`pass`; the server's real-time frames are held meanwhile, so the
 *   HTTP answer is what the screen hears first) or fail as a network failure (`abort`);
 * - the server's real-time events: another operator's screen doing the step (Oliver's control screen,
 *   present on the game through its own socket: it asks for control, this screen's operator hands it
 *   over with the prompt's button, Oliver's screen sends the step, and this screen asks for control
 *   back, which Oliver hands over; the server takes steps from the screen holding control only,
 *   src/server/features/live/control/lease.ts), or, while this screen's call is in flight, the server doing
 *   the step before its HTTP answer reaches the page (`send`); a question already shown hears its
 *   timing again when the socket is cut and the screen reconnects (the operator snapshot);
 * - a network failure is the call aborted at the network: the app's 網路錯誤 alert shows and the
 *   operator closes it;
 * - the countdown's tick is the page's own clock (playwright's page.clock): a tick that does not end
 *   the countdown is the next second going by; the tick that ends it runs the clock to zero.
 * After every step the page's own question actor must have taken the step's transitions (the test
 * build reports them: src/shared/test-inspector.ts).
 *
 * STATUS (issue 23): green. 13 paths chosen of 65 shortest take all 30 transitions and rest in all 15
 * states; nothing is `notInBrowser`. It was parked as a .wip file after failing 2 runs in 4; the three
 * causes, all in this test, none in the product:
 * - the question's row was looked up by its cell's role, and while the countdown dialog (a modal) is
 *   open the page under it is aria-hidden, out of the tree role locators search: a path that opens on a
 *   shown question found its row only when the row rendered before the dialog (`row`, includeHidden);
 * - a ranking published again within REPEAT_RANKING_WITHIN_MS of the last is taken by the server for
 *   the same click and sends no event: the path set up at "ranking published" repeats it at once, so
 *   the server's clock now skips that span first (a deliberate repeat comes later);
 * - the last tick ran the page's clock 120 s in one go, so the page's heartbeat (a ping every 10 s, the
 *   socket dead after 25 s without an answer) closed the socket, and the reconnect's snapshot set the
 *   countdown back to the server's real time: the clock now runs 5 s at a time, each ping answered.
 * Then 6 runs in a row green (about 45 s each alone, 95 s beside the session replay at load 8 to 14).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { REPEAT_RANKING_WITHIN_MS } from '@/server/features/live/flow/flow';
import { questionMachine } from '@machines/question/question.machine';
import type { QuestionInput } from '@machines/question/types';
import { T0, TICK, type QuestionModelEvent } from '../../machines/support/question-events';
import { createAdmin } from '../../support/fixtures';
import { TestSocket } from '../../support/ws';
import { launchBrowser, openPage } from '../support/browser';
import { operatorApi, type OperatorApi } from '../support/operator-api';
import { type RunningServer, startServer } from '../support/server';
import { loginToken, TOKEN_COOKIE } from '../support/session';
import { browserLocale, gate, observePage, replayInChromium, say, socketGate, type Gate, type Lang, type SocketGate } from './support/replay';

/** The other operator: his control screen does the steps another screen does (co-hosting, docs/game-rules.md). */
const OLIVER = { username: 'oliver', password: 'Oliver-pass-123', name: 'Oliver' };

let server: RunningServer;
let browser: Browser;
let operator: OperatorApi;
let oliverToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  operator = await operatorApi(server);
  await createAdmin(server.app, { ...OLIVER, roles: ['operator'] });
  oliverToken = await loginToken(server, OLIVER.username, OLIVER.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The speed contest's answering time: long enough that the server never publishes by itself during a path. */
const ANSWERING_SECONDS = 120;
type ModelEvent = QuestionModelEvent;

const OPERATOR_EVENTS: ModelEvent[] = [
  { type: 'host.showQuestion' },
  { type: 'host.publishNow' },
  { type: 'host.confirm' },
  { type: 'host.cancel' },
  { type: 'host.publishRanking' },
  { type: 'host.retry' },
  { type: 'server.answerPublished' },
  { type: 'server.rankingPublished' },
  { type: TICK },
  { type: 'xstate.error.actor.showQuestion', error: 'network' },
  { type: 'xstate.done.actor.publishAnswer', output: {} },
  { type: 'xstate.error.actor.publishAnswer', error: 'network' },
  { type: 'xstate.done.actor.publishRanking', output: {} },
  { type: 'xstate.error.actor.publishRanking', error: 'network' },
];

/** A question is timed or not for good: a path offers the timing of its own question only (2.5 s in the model). */
function modelEvents(snapshot: { context: { timed: boolean } }): ModelEvent[] {
  const deadline = snapshot.context.timed ? T0 + 2_500 : null;
  return [
    ...OPERATOR_EVENTS,
    { type: 'server.questionShown', deadline, serverTime: T0 },
    { type: 'xstate.done.actor.showQuestion', output: { deadline, serverTime: T0 } },
  ];
}

const STARTS: Array<{ name: string; input: QuestionInput }> = [
  { name: 'not sent', input: { questionId: 1, status: 0, timed: true, answeringSeconds: 2 } },
  { name: 'not sent, untimed', input: { questionId: 1, status: 0, timed: false, answeringSeconds: 0 } },
  { name: 'shown, 1.5 s left', input: { questionId: 1, status: 1, timed: true, answeringSeconds: 2, remainingMs: 1_500 } },
  { name: 'answer published', input: { questionId: 1, status: 2, timed: true, answeringSeconds: 2 } },
  { name: 'ranking published', input: { questionId: 1, status: 3, timed: true, answeringSeconds: 2 } },
];

interface Ctx {
  page: Page;
  lang: Lang;
  gameId: number;
  questionId: number;
  title: string;
  /** The screen's gameFlow calls (show, publish answer, publish ranking). */
  flows: Gate;
  socket: SocketGate;
  /** Real-time frames: ranking events the server sent the page; the heartbeat's pings the page sent and the pongs it got. */
  frames: { ranking: number; pings: number; pongs: number };
  /** The seconds the countdown showed after the last tick (null before the first look). */
  seconds: number | null;
  observed: () => Promise<string[]>;
  /** Oliver's control screen on the same game, once a path needs another screen's step. */
  coHost: TestSocket | null;
}

let games = 0;

/** A game of its own with one question, at the stored status the path starts from. */
async function gameFor(input: QuestionInput): Promise<{ gameId: number; questionId: number; title: string }> {
  games += 1;
  const title = `Replay question ${games}`;
  let gameId: number;
  let spec: Record<string, unknown>;
  if (input.timed) {
    gameId = (await operator.createGame({ title: `Replay game ${games}`, type: 1 })).id;
    spec = { have_answering_time: 1, answering_time: ANSWERING_SECONDS };
  } else {
    gameId = (
      await operator.createGame({
        title: `Replay game ${games}`,
        type: 2,
        start_time: new Date(Date.now() - 3_600_000).toISOString(),
        end_time: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).id;
    const { list } = await operator.call('/triviaGame/updateLevel', { trivia_game_id: gameId, trivia_game_level: [{ level: 1, promotion_score: null }] });
    spec = { level_id: list[0].id, have_answering_time: 0 };
  }
  const { id: questionId } = await operator.call('/question/create', {
    trivia_game_id: gameId,
    title,
    question_text: `${title}：台灣最高的山是？`,
    question_img: '',
    pre_video_url: '',
    have_answering_time: 1,
    answering_time: ANSWERING_SECONDS,
    score: 10,
    question_type: 1,
    is_bonus: 0,
    options: [
      { title: 'A', text: '玉山', img: '' },
      { title: 'B', text: '雪山', img: '' },
    ],
    answer: ['A'],
    ...spec,
  });
  for (const type of [2, 3, 4].slice(0, input.status)) await flow(gameId, questionId, type as 2 | 3 | 4);
  return { gameId, questionId, title };
}

/** A step set up before any control screen is open (the admin API, no screen: nobody holds control yet). */
async function flow(gameId: number, questionId: number, type: 2 | 3 | 4): Promise<void> {
  await operator.call('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type });
}

/** POST /api/admin<route> as Oliver (his control screen's calls). */
async function asOliver(route: string, body: unknown): Promise<any> {
  const response = await fetch(`${server.url}/api/admin${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${oliverToken}`, cid: '1', lang: 'en' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as any;
  if (json.code !== 200) throw new Error(`Oliver's ${route} failed: ${JSON.stringify(json)}`);
  return json.data;
}

const oliverScreen = (ctx: Ctx) => `oliver-screen-${ctx.gameId}`;

/** Oliver opens the game's control screen: his socket listens to the game and to his screen's topic (his presence). */
async function openOliverScreen(ctx: Ctx): Promise<TestSocket> {
  const { ticket } = await asOliver('/ws/ticket', {});
  const socket = await TestSocket.open(`${server.url.replace(/^http/, 'ws')}/api/ws?ticket=${ticket}`);
  await socket.next((frame) => frame.type === 'ready');
  for (const topic of [`game:${ctx.gameId}:operator`, `game:${ctx.gameId}:screen:${oliverScreen(ctx)}`]) {
    socket.send({ type: 'subscribe', topic });
    const answer = await socket.next((frame) => (frame.type === 'subscribed' || frame.type === 'refused') && frame.topic === topic);
    if (answer.type !== 'subscribed') throw new Error(`Oliver's screen could not listen to ${topic}`);
  }
  return socket;
}

/** This screen's control strip: the countdown dialog's while the dialog covers the page, else the page's. */
const strip = async (ctx: Ctx) =>
  (await dialog(ctx).isVisible()) ? dialog(ctx).getByTestId('control-strip') : ctx.page.getByTestId('control-bar').getByTestId('control-strip');
const holderSays = async (ctx: Ctx, zh: string, en: string) =>
  (await strip(ctx)).getByTestId('control-holder').getByText(say(ctx.lang, zh, en), { exact: true }).waitFor();

/**
 * Another operator's screen does the step, as at a venue with two hosts: Oliver's screen asks for
 * control, the operator of this screen hands it over (the prompt's 移交 button), Oliver's screen
 * sends the step, then this screen asks for control back (要求控制權) and Oliver hands it over. The
 * step reaches this screen as the server's real-time event, whoever holds control.
 */
async function anotherScreenDoes(ctx: Ctx, type: 2 | 3 | 4): Promise<void> {
  ctx.coHost ??= await openOliverScreen(ctx);
  const control = (action: 'request' | 'accept') => asOliver('/triviaGame/control', { trivia_game_id: ctx.gameId, screen_id: oliverScreen(ctx), action });
  await control('request');
  const prompt = (await strip(ctx)).getByTestId('handover-prompt');
  await prompt.getByText(say(ctx.lang, `${OLIVER.name} 要求控制權`, `${OLIVER.name} asks for control`)).waitFor();
  await prompt.getByTestId('handover-accept').click();
  await holderSays(ctx, `${OLIVER.name} 掌控中`, `${OLIVER.name} holds control`);
  await asOliver('/triviaGame/gameFlow', { trivia_game_id: ctx.gameId, question_id: ctx.questionId, type, screen_id: oliverScreen(ctx) });
  // The step shows here first (a question shown opens the countdown dialog; a publication closes it), then control comes back.
  await dialog(ctx).waitFor({ state: type === 2 ? 'visible' : 'hidden' });
  const back = await strip(ctx);
  await back.getByTestId('control-request').click();
  await back.getByTestId('control-waiting').waitFor();
  await control('accept');
  await holderSays(ctx, '此畫面掌控中', 'This screen holds control');
}

// includeHidden: while the countdown dialog is open (a modal), the page under it is aria-hidden, out of the
// accessibility tree that role locators search; the operator still sees the row.
const row = (ctx: Ctx) =>
  ctx.page.getByTestId('question-row').filter({ has: ctx.page.getByRole('cell', { name: ctx.title, exact: true, includeHidden: true }) });
const action = (ctx: Ctx) => row(ctx).getByTestId('question-action');
const dialog = (ctx: Ctx) => ctx.page.getByTestId('countdown-dialog');
const confirmBox = (ctx: Ctx) => ctx.page.getByTestId('confirm-publish');
const shownSeconds = async (ctx: Ctx) => Number(await ctx.page.getByTestId('countdown-seconds').innerText());
const isStep = (type: 2 | 3 | 4) => (request: { postData: () => string | null }) => (request.postData() ?? '').includes(`"type":${type}`);

/** The screen's call is answered by the real server while the real-time frames wait, so the HTTP answer comes first. */
async function answerFirst(ctx: Ctx, visible: () => Promise<void>): Promise<void> {
  ctx.socket.holding = true;
  await ctx.flows.pass();
  await visible();
  ctx.socket.holding = false;
  ctx.socket.passAll();
}

/** The server does the step the screen's call asked for, and its real-time event reaches the page before the HTTP answer. */
async function eventFirst(ctx: Ctx, visible: () => Promise<void>): Promise<void> {
  const deliver = await ctx.flows.send();
  await visible();
  await deliver();
}

/**
 * The network fails under the screen's call: the app's alert says so (網路錯誤, its button only closes
 * it) and the operator closes it before going on.
 */
async function networkFails(ctx: Ctx): Promise<void> {
  await ctx.flows.abort();
  const alert = ctx.page.getByTestId('alert-dialog');
  await alert.getByText(say(ctx.lang, '網路錯誤', 'Network error'), { exact: true }).waitFor();
  await alert.getByText(say(ctx.lang, '無法連線到伺服器', 'The server could not be reached')).waitFor();
  await alert.getByRole('button', { name: say(ctx.lang, '確定', 'OK'), exact: true }).click();
  await alert.waitFor({ state: 'hidden' });
}

const rowSays = (ctx: Ctx, zh: string, en: string) => row(ctx).getByText(say(ctx.lang, zh, en), { exact: true }).waitFor();

replayInChromium<Ctx, ModelEvent, QuestionInput>({
  machine: 'question',
  definition: questionMachine,
  starts: STARTS,
  modelEvents,
  // The vertex: the state, the whole seconds left (ticks change them), and the event and state it came from.
  serializeState: (snapshot, event, previous) => {
    const here = `${JSON.stringify(snapshot.value)} ${(snapshot.context as { remainingMs: number | null }).remainingMs ?? '-'}`;
    return event && previous ? `${here} via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}` : here;
  },
  describeEvent: (event) => (event.type === TICK ? 'tick' : event.type),
  transient: ['restoring'],
  timeout: 60_000,

  async open(path, { lang }) {
    const { gameId, questionId, title } = await gameFor(path.start.input);
    const page = await openPage(browser, { locale: browserLocale(lang) });
    const observed = await observePage(page, questionMachine, (id) => id === `question-${questionId}`);
    await page.clock.install();
    const flows = await gate(page, '**/api/admin/triviaGame/gameFlow');
    const frames = { ranking: 0, pings: 0, pongs: 0 };
    const socket = await socketGate(page, (url) => url.pathname === '/api/ws', {
      holding: false,
      when: (frame) => /server\.(questionShown|answerPublished|rankingPublished)/.test(frame),
      onFrame: (frame) => {
        if (frame.includes('server.rankingPublished')) frames.ranking += 1;
        if (frame.startsWith('{"type":"pong"')) frames.pongs += 1;
      },
      onSend: (frame) => {
        if (frame.startsWith('{"type":"ping"')) frames.pings += 1;
      },
    });
    const ctx: Ctx = { page, lang, gameId, questionId, title, flows, socket, frames, seconds: null, observed, coHost: null };
    await page.context().addCookies([{ name: TOKEN_COOKIE, value: operator.token, url: server.url }]);
    await page.goto(`${server.url}/triviaGame/start/${gameId}`);
    await row(ctx).waitFor();
    // The first screen open on the game holds control: this one runs the game.
    await holderSays(ctx, '此畫面掌控中', 'This screen holds control');
    return ctx;
  },
  async close(ctx) {
    ctx.coHost?.close();
  },
  observed: (ctx) => ctx.observed(),

  events: {
    async 'host.showQuestion'(ctx) {
      await action(ctx).click();
      await ctx.flows.next();
    },
    'xstate.done.actor.showQuestion': (ctx) => answerFirst(ctx, () => dialog(ctx).waitFor()),
    'xstate.error.actor.showQuestion': (ctx) => networkFails(ctx),
    async 'server.questionShown'(ctx, _event, step) {
      if (step.before.matches('notSent')) return anotherScreenDoes(ctx, 2);
      if (step.before.matches('showing')) return eventFirst(ctx, () => dialog(ctx).waitFor());
      // Shown already: the socket is cut, the screen reconnects and the server tells the timing again.
      const before = ctx.socket.connections;
      ctx.socket.drop();
      await expect.poll(() => ctx.socket.connections, { timeout: 15_000 }).toBeGreaterThan(before);
    },
    async [TICK](ctx, _event, step) {
      if (step.after.matches({ shown: { countdown: 'running' } })) {
        // The next second goes by on the page's clock.
        const before = await shownSeconds(ctx);
        await ctx.page.clock.runFor(1_000);
        await expect.poll(() => shownSeconds(ctx)).toBeLessThan(before);
        ctx.seconds = await shownSeconds(ctx);
        return;
      }
      // The last tick: the page's clock runs to zero; the screen publishes the answer by itself. The
      // server's clock stays (its own publication at the question's real deadline is not this path's),
      // so the page's clock runs a few seconds at a time, each ping of the page's heartbeat answered
      // before the next run: a heartbeat left unanswered for 25 s of the page's time would close the
      // socket as dead, and the reconnect's snapshot would set the countdown back to the server's time.
      let left = (await shownSeconds(ctx)) * 1_000 + 1_000;
      while (left > 0) {
        const run = Math.min(5_000, left);
        await ctx.page.clock.runFor(run);
        left -= run;
        await expect.poll(() => ctx.frames.pongs >= ctx.frames.pings).toBe(true);
      }
      await ctx.flows.next();
    },
    async 'host.publishNow'(ctx) {
      await dialog(ctx).getByTestId('publish-now').click();
    },
    async 'host.confirm'(ctx) {
      await confirmBox(ctx).getByRole('button', { name: say(ctx.lang, '確定', 'Confirm') }).click();
      await ctx.flows.next();
    },
    async 'host.cancel'(ctx) {
      await confirmBox(ctx).getByRole('button', { name: say(ctx.lang, '取消', 'Cancel') }).click();
    },
    'xstate.done.actor.publishAnswer': (ctx) => answerFirst(ctx, () => rowSays(ctx, '已公佈答案', 'Answer published')),
    'xstate.error.actor.publishAnswer': (ctx) => networkFails(ctx),
    async 'host.retry'(ctx) {
      await dialog(ctx).getByTestId('retry-publish').click();
      await ctx.flows.next();
    },
    async 'server.answerPublished'(ctx, _event, step) {
      if (step.before.matches('publishingAnswer')) return eventFirst(ctx, () => rowSays(ctx, '已公佈答案', 'Answer published'));
      await anotherScreenDoes(ctx, 3);
    },
    async 'host.publishRanking'(ctx, _event, step) {
      // A ranking published already is published again from the row's ⋯ menu, never a button.
      if (step.before.matches('rankingPublished')) {
        await row(ctx).getByTestId('question-menu').click();
        await ctx.page.getByTestId('publish-ranking-again').click();
      } else await action(ctx).click();
      await ctx.flows.next();
    },
    'xstate.done.actor.publishRanking': (ctx) => answerFirst(ctx, () => rowSays(ctx, '已公佈排名', 'Ranking published')),
    'xstate.error.actor.publishRanking': (ctx) => networkFails(ctx),
    async 'server.rankingPublished'(ctx, _event, step) {
      const before = ctx.frames.ranking;
      // A ranking published again: the server takes a repeat within REPEAT_RANKING_WITHIN_MS of the
      // last publication for the same click (a double click, two screens), answers it without
      // publishing, and sends no event. A deliberate repeat comes later.
      if (step.before.matches('rankingPublished')) await server.clock.skip(REPEAT_RANKING_WITHIN_MS);
      await anotherScreenDoes(ctx, 4);
      // Also a self-transition (a ranking again): the frame reaching the page is what there is to wait for.
      await expect.poll(() => ctx.frames.ranking).toBeGreaterThan(before);
    },
  },

  states: {
    async notSent(ctx) {
      await rowSays(ctx, '未出題', 'Not sent');
      await expect.poll(() => action(ctx).isEnabled()).toBe(true);
      expect(await action(ctx).innerText()).toContain(say(ctx.lang, '出題', 'Show question'));
      await dialog(ctx).waitFor({ state: 'hidden' });
    },
    async showing(ctx) {
      await expect.poll(() => action(ctx).getAttribute('data-loading')).not.toBeNull();
      expect(await action(ctx).isDisabled()).toBe(true);
      expect(ctx.flows.held).toBe(1);
      expect(isStep(2)(await ctx.flows.next())).toBe(true);
    },
    async shown(ctx) {
      await dialog(ctx).waitFor();
      await dialog(ctx).getByText(ctx.title, { exact: true }).waitFor();
    },
    async 'shown.countdown'() {
      // Its two children say what shows.
    },
    async 'shown.countdown.running'(ctx) {
      const seconds = await shownSeconds(ctx);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(ANSWERING_SECONDS);
    },
    async 'shown.countdown.untimed'(ctx) {
      await dialog(ctx).getByText(say(ctx.lang, '不限時', 'No time limit'), { exact: true }).waitFor();
      expect(await ctx.page.getByTestId('countdown-seconds').count()).toBe(0);
    },
    async 'shown.publishNow'() {
      // Its two children say what shows.
    },
    async 'shown.publishNow.idle'(ctx) {
      await confirmBox(ctx).waitFor({ state: 'hidden' });
      await expect.poll(() => dialog(ctx).getByTestId('publish-now').isEnabled()).toBe(true);
    },
    async 'shown.publishNow.confirmingPublish'(ctx) {
      await confirmBox(ctx).getByText(say(ctx.lang, '是否公佈答案', 'Publish the answer?')).waitFor();
      expect(await dialog(ctx).getByTestId('publish-now').isDisabled()).toBe(true);
    },
    async publishingAnswer(ctx) {
      await confirmBox(ctx).waitFor({ state: 'hidden' });
      const button = dialog(ctx).getByTestId('publish-now');
      await expect.poll(() => button.getAttribute('data-loading')).not.toBeNull();
      expect(isStep(3)(await ctx.flows.next())).toBe(true);
    },
    async publishFailed(ctx) {
      await dialog(ctx).getByTestId('retry-publish').waitFor();
      await dialog(ctx).getByText(say(ctx.lang, '公佈答案失敗', 'The answer could not be published')).waitFor();
      expect(await ctx.page.getByTestId('countdown-seconds').count() === 0 || (await shownSeconds(ctx)) === 0).toBe(true);
    },
    async answerPublished(ctx) {
      await dialog(ctx).waitFor({ state: 'hidden' });
      await rowSays(ctx, '已公佈答案', 'Answer published');
      await expect.poll(() => action(ctx).isEnabled()).toBe(true);
      expect(await action(ctx).innerText()).toContain(say(ctx.lang, '公佈排名', 'Publish ranking'));
    },
    async publishingRanking(ctx) {
      await expect.poll(() => action(ctx).getAttribute('data-loading')).not.toBeNull();
      expect(await action(ctx).isDisabled()).toBe(true);
      expect(isStep(4)(await ctx.flows.next())).toBe(true);
    },
    async rankingPublished(ctx) {
      await dialog(ctx).waitFor({ state: 'hidden' });
      await rowSays(ctx, '已公佈排名', 'Ranking published');
      // A step already done is no button: publishing the ranking again waits in the row's ⋯ menu.
      const menu = row(ctx).getByTestId('question-menu');
      await expect.poll(() => menu.isEnabled()).toBe(true);
      expect(await action(ctx).count()).toBe(0);
    },
  },
});
