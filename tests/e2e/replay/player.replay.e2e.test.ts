/**
 * STATUS (issue 23; issue 33: finished is no longer final, a ranking published again after the end is
 * read — ENDED_RANKED — and a player is gone by its game's deletion, since a reset no longer takes a
 * game under way): green, 25/25 on 2026-12-07. 23 paths chosen of the shortest ones take all 50 transitions of the chart
 * and rest in all 24 state nodes; the page's own player
 * actor takes each step's transitions (`observed`). The last two runs (2026-11-26, two-core machine shared
 * with other tests, load 11 to 12): 25/25 tests in 115 and 121 s (paths 95 and 101 s). Nothing left.
 *
 * The player machine (machines/player) replayed in Chromium (issue 23): the shortest paths of the chart
 * that together take every transition drive the real phone page (/play, 390 px) against the real
 * server on the embedded database. One server and one browser for the file; each path gets a fresh
 * game (a level game when the path needs a level or a question without a time limit) and a fresh phone.
 *
 * How the chart's events become what happens to a phone (`events` below):
 * - the player's taps: the PIN and nickname typed and 加入 / Join, an option tapped, Retry, "Join
 *   another game";
 * - the server's events: the operator's game-flow steps through the admin API (show, publish the
 *   answer, publish the ranking, end), another player joining;
 * - a call in flight and its outcome: the phone's calls (join, /state, the answer over the WebSocket
 *   or POST /answer) are held (`gate`, and the socket's frames through playwright's routeWebSocket);
 *   the outcome event lets the call reach the real server once the server is where the outcome needs
 *   it (the game ended, the nickname taken, the answer time over, the game reset after a rehearsal),
 *   or cuts the network under it;
 * - the network: a cut (every request of the phone fails, its socket closes and cannot reconnect), the
 *   browser's `online` (context.setOffline off and on), the socket dropped by the server side;
 * - time: the server's clock is a TestClock (tests/support/clock.ts) that moves only when a path moves
 *   it; the page's clock is playwright's, installed and paused at the server's time, moved with
 *   page.clock.runFor — the countdown's ticks, the pending answer's retry, the offline retry, the
 *   heartbeat. Nothing waits for real time.
 * The states (`states`) assert what the player sees, in the path's language (the paths alternate
 * between zh-TW and en): the screen's texts, disabled options, the countdown. After every step the
 * page's own player actor must have taken the step's transitions (reported by the test build's seam,
 * src/shared/test-inspector.ts, through observePage).
 * The server's events are offered as a real server sends them: the game's end comes alone only where
 * nothing is left to publish (the lobby, a published ranking); elsewhere the server publishes the live
 * question's answer and the final ranking first, which other steps cover.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page, Route, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AnyMachineSnapshot, StateValue } from 'xstate';
import { msToNextChange } from '@/domain/clock';
import { players } from '@/server/db/schema';
import { COALESCE_MS } from '@/server/features/live/realtime';
import { OFFLINE_RETRY_MS, pendingRetryMs, playerMachine } from '@machines/player/player.machine';
import type { JoinedEndedGame, JoinOutput, PendingAnswer, PlayerContext, PlayerEvent, PlayerInput, PlayerView, RejectedToken, Unreachable } from '@machines/player/types';
import { TestClock } from '../../support/clock';
import { launchBrowser, openPage } from '../support/browser';
import { operatorApi, type OperatorApi } from '../support/operator-api';
import { DIST_DIR, startServer, type RunningServer } from '../support/server';
import { JOINED, LEVEL2, OFFLINE_RETRY, Q1, RETRY, T0, TICK, VIEWS } from '../../machines/support/player-views';
import { browserLocale, gate, observePage, replayInChromium, say, type Gate, type Lang, type ReplayPath, type ReplayStep } from './support/replay';

// ---------------------------------------------------------------------------------------------
// The model: the events offered to the traversal (as in tests/machines/player.machine.test.ts).

const REJECTED: RejectedToken = { tokenRejected: true, message: 'rejoin' };
const UNREACHABLE: Unreachable = { unreachable: true, message: 'unreachable' };
const ENDED_GAME: JoinedEndedGame = { gameEnded: true, message: 'ended', game: { title: 'Quiz night', ranking: null } };
const LATE = new Error('late');
const TAKEN = new Error('nickname taken');
const KEPT: PendingAnswer = { questionId: Q1.id, choices: ['A'], tappedAt: T0 - 4_000 };

type ModelEvent =
  | PlayerEvent
  | { type: 'xstate.done.actor.join'; output: JoinOutput }
  | { type: 'xstate.error.actor.join'; error: unknown }
  | { type: 'xstate.done.actor.loadState'; output: PlayerView }
  | { type: 'xstate.error.actor.loadState'; error: unknown }
  | { type: 'xstate.done.actor.submitAnswer'; output: { choices: string[] } }
  | { type: 'xstate.error.actor.submitAnswer'; error: unknown }
  | { type: 'xstate.done.actor.deliverAnswer'; output: { choices: string[] } }
  | { type: 'xstate.error.actor.deliverAnswer'; error: unknown }
  | { type: typeof TICK }
  | { type: typeof RETRY }
  | { type: typeof OFFLINE_RETRY };

/**
 * The end after a published question: the final view holds it, so a ranking stands that a
 * disqualification after the end publishes again (finished --server.rankingPublished-->, issue 33).
 */
const ENDED_RANKED: PlayerView = { ...VIEWS.ENDED, question: VIEWS.RANKED.question };

const ALWAYS: ModelEvent[] = [
  { type: 'player.join', pin: '123456', nickname: 'Ann' },
  { type: 'player.answer', choices: ['A'], tappedAt: KEPT.tappedAt },
  { type: 'player.back' },
  { type: 'player.retry' },
  { type: 'connection.reconnected' },
  { type: 'connection.online' },
  { type: TICK },
  { type: RETRY },
  { type: OFFLINE_RETRY },
  { type: 'xstate.done.actor.join', output: JOINED },
  { type: 'xstate.error.actor.join', error: TAKEN },
  { type: 'xstate.error.actor.join', error: ENDED_GAME },
  ...[...Object.values(VIEWS), ENDED_RANKED].map((view) => ({ type: 'xstate.done.actor.loadState' as const, output: view })),
  { type: 'xstate.error.actor.loadState', error: REJECTED },
  { type: 'xstate.error.actor.loadState', error: new Error('Network Error') },
  { type: 'xstate.done.actor.submitAnswer', output: { choices: ['A'] } },
  { type: 'xstate.error.actor.submitAnswer', error: LATE },
  { type: 'xstate.error.actor.submitAnswer', error: UNREACHABLE },
  { type: 'xstate.done.actor.deliverAnswer', output: { choices: ['A'] } },
  { type: 'xstate.error.actor.deliverAnswer', error: LATE },
  { type: 'xstate.error.actor.deliverAnswer', error: UNREACHABLE },
  { type: 'xstate.error.actor.deliverAnswer', error: REJECTED },
];

const inState = (snapshot: AnyMachineSnapshot, value: StateValue) => snapshot.matches(value as never);
const viewOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as PlayerContext).view;

/**
 * The events offered in a state: the player's, the outcomes and time in every state (the chart keeps
 * those it can take), and the server's as a real server sends them — one question on screen at a
 * time (a question is shown when none is live, an answer published for the live one, a ranking after
 * a published answer), a level-2 question to a phone that knows its level, and the clock's pong and a
 * player joining where the phone has its socket and nothing else runs (the lobby). While the phone
 * reads its state (`syncing`) any of the server's events may come: the server's state is not known.
 */
function modelEvents(snapshot: AnyMachineSnapshot): ModelEvent[] {
  const events = [...ALWAYS];
  const view = viewOf(snapshot);
  const question = view?.question ?? null;
  // After the end (finished, and the state read again from there) the server publishes nothing but a
  // ranking again (a disqualification): no question, no answer, no second end.
  if (view?.gameEnded) {
    if (question && question.status >= 2) events.push({ type: 'server.rankingPublished', questionId: Q1.id });
    return events;
  }
  const syncing = inState(snapshot, 'syncing');
  if (syncing || !question || question.status >= 2) events.push({ type: 'server.questionShown', question: Q1, deadline: T0 + 2_500, receivedAt: T0 });
  if ((syncing || !question || question.status >= 2) && view?.levelReached != null) events.push({ type: 'server.questionShown', question: LEVEL2, deadline: T0 + 2_500, receivedAt: T0 });
  if (syncing || question?.status === 1) events.push({ type: 'server.answerPublished', questionId: Q1.id });
  if (syncing || (question && question.status >= 2)) events.push({ type: 'server.rankingPublished', questionId: Q1.id });
  // The end alone only where nothing is left to publish (src/server/features/live/flow/publication.ts, finishGame:
  // a live question's answer, then the final ranking if answers were published after the last one, then the end).
  if (syncing || !question || inState(snapshot, { inGame: 'ranked' })) events.push({ type: 'server.gameEnded' });
  if (inState(snapshot, { inGame: 'lobby' })) events.push({ type: 'clock.synced', offsetMs: 0 }, { type: 'server.playerCount', count: 2 });
  return events;
}

const NAMES = new Map<unknown, string>([...Object.entries(VIEWS).map(([name, view]) => [view, name] as [unknown, string]), [Q1, 'Q1'], [LEVEL2, 'LEVEL2'], [ENDED_RANKED, 'ENDED_RANKED'], [REJECTED, 'REJECTED'], [UNREACHABLE, 'UNREACHABLE'], [ENDED_GAME, 'ENDED_GAME'], [LATE, 'LATE'], [TAKEN, 'TAKEN']]);
const describeEvent = (event: ModelEvent): string => {
  const payload = 'output' in event ? event.output : 'error' in event ? event.error : 'question' in event ? event.question : undefined;
  const name = payload === undefined ? undefined : NAMES.get(payload);
  return name ? `${event.type}(${name})` : event.type;
};
function serializeState(snapshot: AnyMachineSnapshot, event: ModelEvent | undefined, previous?: AnyMachineSnapshot): string {
  const c = snapshot.context as PlayerContext;
  const here = `${JSON.stringify(snapshot.value)} s=${c.remainingMs === null ? '-' : Math.ceil(c.remainingMs / 1000)} token=${c.token !== null} level=${c.view?.levelReached ?? '-'} q=${c.view?.question?.status ?? '-'} pending=${c.pending !== null}`;
  if (!event || !previous) return here;
  return `${here} via ${describeEvent(event)} from ${JSON.stringify(previous.value)}`;
}

// ---------------------------------------------------------------------------------------------
// The world: one server on a TestClock, one browser; per path a game and a phone.

const PHONE = { width: 390, height: 844 } as const;
/** How long a poll waits for what the page or the server does (as long as a locator: browser.ts's default), for a loaded machine. */
const WAIT_MS = 10_000;
const QUESTION_SECONDS = 10;

let app: FastifyInstance;
let url: string;
let browser: Browser;
let operator: OperatorApi;
const clock = new TestClock(Date.now());

beforeAll(async () => {
  ({ app, url } = await startServer({ clock }));
  [browser, operator] = await Promise.all([launchBrowser(), operatorApi({ url } as RunningServer)]);
  if (!fs.existsSync(path.join(DIST_DIR, 'play.html'))) throw new Error(`${DIST_DIR}/play.html is missing: build the test bundle first`);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface GameQuestion {
  id: number;
  text: string;
  level: 1 | 2 | null;
  timed: boolean;
  /** 0 not shown, 1 on screen, 2 answer published, 3 ranking published. */
  status: 0 | 1 | 2 | 3;
  /** The server's deadline (ms on the server's clock) once shown, when timed. */
  deadline: number | null;
}

interface Game {
  id: number;
  pin: string;
  title: string;
  levels: boolean;
  ended: boolean;
  questions: GameQuestion[];
}

async function createGame(levels: boolean, n: number): Promise<Game> {
  const title = `Replay ${n} ${levels ? '闖關' : '搶答'}`;
  const game = await operator.createGame(
    levels
      ? { title, type: 2, start_time: new Date(clock.now() - 3_600_000).toISOString(), end_time: new Date(clock.now() + 3_600_000).toISOString() }
      : { title, type: 1 },
  );
  let levelIds: number[] = [];
  if (levels) {
    const { list } = await operator.call('/triviaGame/updateLevel', {
      trivia_game_id: game.id,
      trivia_game_level: [
        { level: 1, promotion_score: 100 },
        { level: 2, promotion_score: null },
      ],
    });
    levelIds = list.map((level: { id: number }) => level.id);
  }
  // Timed level-1 questions in order, then (level games) one without a time limit and one of level 2.
  const specs: Array<{ level: 1 | 2 | null; timed: boolean }> = [
    ...Array.from({ length: 4 }, () => ({ level: levels ? (1 as const) : null, timed: true })),
    ...(levels ? [{ level: 1 as const, timed: false }, { level: 2 as const, timed: true }] : []),
  ];
  const questions: GameQuestion[] = [];
  for (const [i, spec] of specs.entries()) {
    const text = `${spec.level === 2 ? 'L2' : spec.timed ? 'T' : 'U'}${i + 1}: 台灣最高的山？ Highest mountain?`;
    const { id } = await operator.call('/question/create', {
      trivia_game_id: game.id,
      title: text.slice(0, 20),
      question_text: text,
      question_img: '',
      pre_video_url: '',
      have_answering_time: spec.timed ? 1 : 0,
      answering_time: QUESTION_SECONDS,
      score: 10,
      question_type: 1,
      is_bonus: 0,
      options: [
        { title: 'A', text: '玉山 Yushan', img: '' },
        { title: 'B', text: '雪山 Xueshan', img: '' },
      ],
      answer: ['A'],
      ...(spec.level ? { level_id: levelIds[spec.level - 1] } : {}),
    });
    questions.push({ id, text, level: spec.level, timed: spec.timed, status: 0, deadline: null });
  }
  return { id: game.id, pin: game.pin, title, levels, ended: false, questions };
}

async function playApi(route: string, body: unknown, token?: string): Promise<{ code: number; message: string; data: any }> {
  const res = await fetch(`${url}/api/play${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data: any };
}

interface Phone {
  lang: Lang;
  page: Page;
  path: ReplayPath<ModelEvent, PlayerInput>;
  game: Game;
  index: number;
  /** The nickname of the last join typed. */
  nickname: string;
  joins: number;
  joinGate: Gate;
  stateGate: Gate;
  /** POST /api/play/answer (the answer's way when the socket cannot carry it). */
  answerPosts: Route[];
  /** Answer request frames held on their way to the server. */
  answerFrames: string[];
  /**
   * What happens to an answer call (a frame on the socket, or the POST): held until its outcome
   * (`hold`), let through (`pass`: an outcome let one go, its fallback follows) or failed (`fail`: the
   * network was cut under it). Back to `hold` at every action.
   */
  answers: 'hold' | 'pass' | 'fail';
  /** The step being replayed (the model's snapshots around it). */
  step: ReplayStep<ModelEvent> | null;
  /** The phone's socket is subscribed to the game's topic. */
  subscribed: boolean;
  /** The network is cut: every request of the phone fails, its socket closes and cannot reconnect. */
  cut: boolean;
  socket: { page: WebSocketRoute; server: WebSocketRoute; open: boolean } | null;
  /** Types of the frames the server sent the page, in order. */
  frames: string[];
  /** The screen shown last (what stays on screen while the phone reads its state again). */
  lastScreen: string | null;
  /** The transitions the page's own player actor took since the last call (the test build's seam). */
  observed: () => Promise<string[]>;
}

const t = (phone: Phone, zh: string, en: string) => say(phone.lang, zh, en);
const current = (game: Game) => [...game.questions].reverse().find((q) => q.status > 0) ?? null;
const liveQuestion = (game: Game) => game.questions.find((q) => q.status === 1) ?? null;

async function flow(game: Game, question: GameQuestion | null, type: 2 | 3 | 4 | 5): Promise<any> {
  const data = await operator.call('/triviaGame/gameFlow', { trivia_game_id: game.id, question_id: question?.id ?? null, type });
  if (type === 5) game.ended = true;
  else if (question) {
    question.status = (type - 1) as 1 | 2 | 3;
    if (type === 2) question.deadline = data.question?.deadline ? Date.parse(data.question.deadline) : null;
  }
  return data;
}

/** Waits until the server sent the page a frame of `type` (counting from `from`), when the phone's socket is open. */
async function frameReached(phone: Phone, from: number, type: string): Promise<void> {
  if (!phone.socket?.open) return;
  await expect.poll(() => phone.frames.slice(from).includes(type), { timeout: WAIT_MS, message: `the page hears ${type}` }).toBe(true);
}

/** Runs a change of the game that the page hears on its socket; while it reads its state, it reads again (held too). */
async function serverStep(phone: Phone, type: string, step: () => Promise<unknown>): Promise<void> {
  // A phone with a token listens to the game's topic (unless the network is cut): what the server does next reaches it.
  if (!phone.cut && (phone.step?.before.context as PlayerContext | undefined)?.token) await expect.poll(() => phone.subscribed, { timeout: WAIT_MS, message: "the phone listens to the game's topic" }).toBe(true);
  const from = phone.frames.length;
  const held = phone.stateGate.held;
  await step();
  await frameReached(phone, from, type);
  if (phone.socket?.open && held > 0) await expect.poll(() => phone.stateGate.held, { timeout: WAIT_MS, message: 'the phone reads its state again' }).toBeGreaterThan(held);
}

async function show(phone: Phone, want: { level2?: boolean; untimed?: boolean } = {}): Promise<GameQuestion> {
  const game = phone.game;
  const live = liveQuestion(game);
  if (live) await serverStep(phone, 'server.answerPublished', () => flow(game, live, 3));
  const next = game.questions.find((q) => q.status === 0 && (want.level2 ? q.level === 2 : q.level !== 2) && (want.untimed ? !q.timed : q.timed));
  if (!next) throw new Error(`the path needs more questions than the game has (${JSON.stringify(want)})`);
  await serverStep(phone, 'server.questionShown', () => flow(game, next, 2));
  return next;
}

async function publish(phone: Phone): Promise<GameQuestion> {
  const q = liveQuestion(phone.game) ?? (await show(phone));
  await serverStep(phone, 'server.answerPublished', () => flow(phone.game, q, 3));
  return q;
}

async function playerToken(phone: Phone): Promise<string> {
  const stored = await phone.page.evaluate(() => localStorage.getItem('live-trivia.player'));
  const token = stored ? (JSON.parse(stored) as { token?: string }).token : undefined;
  if (!token) throw new Error('the phone keeps no player token');
  return token;
}

/** What the server tells this phone's player now (POST /api/play/state with its token). */
async function phoneView(phone: Phone): Promise<any> {
  const res = await playApi('/state', {}, await playerToken(phone));
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data;
}

/** The phone's player answers A to the live question (as it did before the reload the path starts from). */
async function answerAsPhone(phone: Phone): Promise<void> {
  const live = liveQuestion(phone.game);
  if (!live) throw new Error('no live question to answer');
  const res = await playApi('/answer', { question_id: live.id, choices: ['A'] }, await playerToken(phone));
  expect(res.code, JSON.stringify(res)).toBe(200);
}

/** The server's clock past a question's deadline and its 500 ms grace (but before the server publishes, 3 s after). */
async function pastDeadline(question: GameQuestion): Promise<void> {
  if (question.deadline === null) throw new Error('an untimed question has no deadline');
  await clock.advanceTo(question.deadline + 800);
}

/**
 * Moves the real game to where /state answers what the model's next state needs (the outcome of a
 * held read), then lets the read go.
 */
async function stateOutcome(phone: Phone, step: ReplayStep<ModelEvent>): Promise<void> {
  const after = step.after;
  const game = phone.game;
  // An answer the phone still keeps goes unless the server shows it stored: stored it is, then.
  const kept = (step.before.context as PlayerContext).pending;
  if (kept && !inState(after, 'delivering') && liveQuestion(game)) await answerAsPhone(phone);
  const q = current(game);
  if (inState(after, 'delivering')) {
    // The kept answer's question is live and the answer not stored: nothing to move.
  } else if (inState(after, 'finished')) {
    if (!game.ended) {
      // A final view with a question (ENDED_RANKED): one is published first, so a ranking stands.
      if (viewOf(after)?.question && (current(game)?.status ?? 0) < 2) await publish(phone);
      await serverStep(phone, 'server.gameEnded', () => flow(game, null, 5));
    }
  } else if (inState(after, { inGame: 'lobby' })) {
    if (q) throw new Error('a game that showed a question never answers the lobby again');
  } else if (inState(after, { inGame: 'answering' })) {
    const untimed = (after.context as PlayerContext).remainingMs === null;
    const mine = await phoneView(phone);
    if (!q || q.status !== 1 || q.timed === untimed || !mine.question?.can_answer || mine.my_answer) await show(phone, { untimed });
  } else if (inState(after, { inGame: 'answered' })) {
    if (q?.status !== 1) await show(phone);
    if (!(await phoneView(phone)).my_answer) await answerAsPhone(phone);
  } else if (inState(after, { inGame: 'watching' })) {
    const live = q?.status === 1 ? q : await show(phone);
    await pastDeadline(live);
  } else if (inState(after, { inGame: 'revealed' })) {
    if (!q || q.status < 2) await publish(phone);
  } else if (inState(after, { inGame: 'ranked' })) {
    const published = q && q.status >= 2 ? q : await publish(phone);
    await serverStep(phone, 'server.rankingPublished', () => flow(game, published, 4));
  } else {
    throw new Error(`no server state for ${JSON.stringify(after.value)}`);
  }
  while (phone.stateGate.held > 0) await phone.stateGate.pass();
}

/** Lets the held answer go to the server (frames on the socket, or the POST), and its fallback after it. */
async function releaseAnswer(phone: Phone): Promise<void> {
  phone.answers = 'pass';
  // A tap's answer whose frame got no reply in time went again as a POST; when the server refuses that one,
  // the page reads /state to tell a lost reply from a refusal (src/play/player-logic.ts, sendAnswer). The
  // machine itself reads no state after a tap's outcome, so such reads go through until the next action.
  if (phone.step && inState(phone.step.before, { inGame: 'answering' })) phone.stateGate.holding = false;
  for (const frame of phone.answerFrames.splice(0)) {
    if (phone.socket?.open) await phone.socket.server.send(frame);
  }
  for (const route of phone.answerPosts.splice(0)) await route.continue();
}

/** Cuts the phone off: its requests fail, its socket closes and does not come back. */
async function cut(phone: Phone): Promise<void> {
  phone.cut = true;
  phone.answers = 'fail';
  phone.answerFrames.splice(0);
  if (phone.socket?.open) {
    phone.socket.open = false;
    phone.subscribed = false;
    await phone.socket.page.close({ code: 4000, reason: 'network cut' }).catch(() => undefined);
    await phone.socket.server.close({ code: 1000 }).catch(() => undefined);
  }
  for (const route of phone.answerPosts.splice(0)) await route.abort('internetdisconnected');
}

/** The browser's `online`: the network is back (off, then on again, when it was not cut). */
async function online(phone: Phone): Promise<void> {
  phone.cut = false;
  await phone.page.context().setOffline(true);
  await phone.page.context().setOffline(false);
}

/** Something the server does not know about the answer: the answer's outcome as the model wants it. */
async function answerOutcome(phone: Phone, step: ReplayStep<ModelEvent>, error: unknown): Promise<void> {
  const question = liveQuestion(phone.game) ?? current(phone.game);
  if (error === undefined) return releaseAnswer(phone);
  if (error === UNREACHABLE) return cut(phone);
  if (error === LATE) {
    if (question) await pastDeadline(question);
    return releaseAnswer(phone);
  }
  if (error === REJECTED) {
    await playerGone(phone, false);
    return releaseAnswer(phone);
  }
  throw new Error(`no outcome for ${String(step.event.type)}`);
}

/**
 * The phone's player is gone, its token unknown (code 202): its game is deleted (the live question's
 * answer published first, as a delete needs). A reset no longer takes a game under way (issue 33), so a
 * game deleted is what sends a phone in the middle of a show back to joining; the next join is to a
 * fresh game. `heard`: the phone hears the publication (its state read is held, not its socket).
 */
async function playerGone(phone: Phone, heard: boolean): Promise<void> {
  const live = liveQuestion(phone.game);
  if (live && heard) await serverStep(phone, 'server.answerPublished', () => flow(phone.game, live, 3));
  else if (live) await flow(phone.game, live, 3);
  await operator.call('/triviaGame/delete', { id: phone.game.id });
  phone.game = await createGame(phone.game.levels, phone.index + 2000 + phone.joins);
}

/**
 * A ranking published again after the game ended: a disqualification does it (fair-play.ts). The
 * player disqualified is another one, written straight to the table (an ended game takes no join), so
 * the phone hears the ranking alone (`server.disqualified` names the other player).
 */
async function rankingAfterEnd(phone: Phone): Promise<void> {
  if ((current(phone.game)?.status ?? 0) < 2) throw new Error('the game ended without a published question: no ranking to publish again');
  const [other] = await app.db
    .insert(players)
    .values({ triviaGameId: phone.game.id, nickname: `Late${phone.index}`, tokenHash: randomBytes(32).toString('hex'), joinOrder: 10_000 + phone.index })
    .returning({ id: players.id });
  await serverStep(phone, 'server.rankingPublished', () => operator.call('/triviaGame/disqualify', { trivia_game_id: phone.game.id, player_id: other!.id, reason: 'replay' }));
}

async function advancePage(phone: Phone, ms: number): Promise<void> {
  await phone.page.clock.runFor(ms);
}

const seconds = async (phone: Phone): Promise<number> => Number((await phone.page.getByTestId('countdown').innerText()).replace(/\D/g, ''));

async function openPhone(replayPath: ReplayPath<ModelEvent, PlayerInput>, lang: Lang, index: number): Promise<Phone> {
  const events = replayPath.steps.map((s) => s.event);
  const levels =
    events.some((e) => e.type === 'server.questionShown' && e.question.level === 2) ||
    replayPath.steps.some((s) => inState(s.after, { inGame: { answering: { countdown: 'untimed' } } }));
  const game = await createGame(levels, index);
  const page = await openPage(browser, { locale: browserLocale(lang), viewport: PHONE });
  page.on('pageerror', (error) => console.error(`player page error: ${error.stack}`));
  const phone: Phone = {
    lang,
    page,
    path: replayPath,
    game,
    index,
    nickname: '',
    joins: 0,
    joinGate: await gate(page, '**/api/play/join'),
    stateGate: await gate(page, '**/api/play/state'),
    answerPosts: [],
    answerFrames: [],
    answers: 'hold',
    step: null,
    subscribed: false,
    cut: false,
    socket: null,
    frames: [],
    lastScreen: null,
    observed: await observePage(page, playerMachine),
  };
  await page.route('**/api/play/answer', (route) => {
    if (phone.answers === 'fail') return route.abort('internetdisconnected');
    if (phone.answers === 'pass') return route.continue();
    phone.answerPosts.push(route);
  });
  await page.route('**/api/play/ticket', (route) => (phone.cut ? route.abort('internetdisconnected') : route.continue()));
  await page.routeWebSocket(/\/ws/, (ws) => {
    if (phone.cut) {
      void ws.close({ code: 4000, reason: 'network cut' });
      return;
    }
    const server = ws.connectToServer();
    const socket = { page: ws, server, open: true };
    phone.socket = socket;
    ws.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString('utf8');
      if (text.includes('"type":"request"') && text.includes('"operation":"answer"') && phone.answers === 'hold') phone.answerFrames.push(text);
      else server.send(message);
    });
    server.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString('utf8');
      const type = (JSON.parse(text) as { type?: string }).type ?? '';
      if (socket === phone.socket) {
        phone.frames.push(type);
        if (type === 'subscribed') phone.subscribed = true;
      }
      ws.send(message);
    });
    const closed = (side: WebSocketRoute) => (code: number | undefined, reason: string | undefined) => {
      socket.open = false;
      if (socket === phone.socket) phone.subscribed = false;
      void side.close({ code: code && code >= 3000 ? code : 1000, reason }).catch(() => undefined);
    };
    ws.onClose(closed(server));
    server.onClose(closed(ws));
  });

  // The page's clock: the server's time, standing still until the path moves it.
  // (Installed a minute early: the page's clock runs from the install to the pause, which may only go forward.)
  await page.clock.install({ time: clock.now() - 60_000 });
  await page.clock.pauseAt(clock.now());

  const input = replayPath.start.input;
  if (input.token) {
    // A phone that joined this game before: its token (and the answer it could not send) in local storage.
    phone.nickname = `P${index}a`;
    const joined = await playApi('/join', { pin: game.pin, nickname: phone.nickname });
    expect(joined.code, JSON.stringify(joined)).toBe(200);
    const stored: Record<string, string> = { 'live-trivia.player': JSON.stringify({ token: joined.data.player_token, pin: game.pin }) };
    if (input.pending) {
      const q = game.questions[0]!;
      await flow(game, q, 2);
      stored['live-trivia.pending'] = JSON.stringify({ questionId: q.id, choices: ['A'], tappedAt: clock.now() - 4_000, token: joined.data.player_token });
    }
    await page.goto(`${url}/api/play/nowhere`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, stored);
  }
  await page.goto(`${url}/play`);
  return phone;
}

/** The texts of each screen, as the phone shows them. */
async function screen(phone: Phone, name: string): Promise<void> {
  await phone.page.locator(`.page[data-screen="${name}"]`).waitFor();
  phone.lastScreen = name;
}

const option = (phone: Phone, title: string) => phone.page.locator(`button.option[data-option="${title}"]`);

// ---------------------------------------------------------------------------------------------
// The adapter.

type Action = (phone: Phone, event: any, step: ReplayStep<ModelEvent>) => Promise<void>;
/** Every action first notes its step and holds the answer calls again. */
const acting = (actions: Record<string, Action>) =>
  Object.fromEntries(
    Object.entries(actions).map(([type, action]) => [
      type,
      async (phone: Phone, event: ModelEvent, step: ReplayStep<ModelEvent>) => {
        phone.step = step;
        phone.answers = 'hold';
        phone.stateGate.holding = true;
        await action(phone, event, step);
      },
    ]),
  );

replayInChromium<Phone, ModelEvent, PlayerInput>({
  machine: 'player',
  definition: playerMachine,
  starts: [
    { name: 'a new phone', input: { token: null } },
    { name: 'a phone that joined before', input: { token: 'stored-token' } },
    { name: 'a phone reloaded with an answer still pending', input: { token: 'stored-token', pending: KEPT } },
  ],
  modelEvents,
  serializeState,
  describeEvent,
  open: (replayPath, { lang, index }) => openPhone(replayPath, lang, index),
  observed: (phone) => phone.observed(),
  timeout: 60_000,
  transient: ['starting'],
  events: acting({
    'player.join': async (phone) => {
      // A game that has ended takes no join: the player joins another game (a fresh PIN).
      if (phone.game.ended) phone.game = await createGame(phone.game.levels, phone.index + 1000);
      phone.joins += 1;
      phone.nickname = `P${phone.index}j${phone.joins}`;
      const page = phone.page;
      await page.getByLabel(t(phone, 'PIN 碼', 'Game PIN')).fill(phone.game.pin);
      await page.getByLabel(t(phone, '暱稱', 'Nickname')).fill(phone.nickname);
      await page.getByRole('button', { name: t(phone, '加入', 'Join'), exact: true }).click();
      await phone.joinGate.next();
    },
    'player.answer': async (phone) => {
      await option(phone, 'A').click();
    },
    'player.back': async (phone) => {
      await phone.page.getByRole('button', { name: t(phone, '加入其他遊戲', 'Join another game') }).click();
    },
    'player.retry': async (phone) => {
      await phone.page.getByRole('button', { name: t(phone, '重試', 'Retry') }).click();
    },
    'clock.synced': async (phone) => {
      // The heartbeat's next ping (1 s, 3 s after connecting, then every 10 s): its pong measures the clock again.
      const from = phone.frames.length;
      for (let i = 0; i < 10 && !phone.frames.slice(from).includes('pong'); i += 1) await advancePage(phone, 1_000);
      await frameReached(phone, from, 'pong');
    },
    'server.playerCount': async (phone) => {
      const from = phone.frames.length;
      const other = await playApi('/join', { pin: phone.game.pin, nickname: `Other${phone.index}` });
      expect(other.code, JSON.stringify(other)).toBe(200);
      // The server tells the joins of a moment together (COALESCE_MS on its clock).
      await clock.advance(COALESCE_MS);
      await frameReached(phone, from, 'server.playerJoined');
      await phone.page.getByText(t(phone, '目前 2 位玩家', '2 players joined')).waitFor();
    },
    'connection.reconnected': async (phone) => {
      // The server side drops the socket; the phone reconnects after its backoff (at most 500 ms at first).
      // Only a subscription after the first is a reconnect to the page: the first one comes before.
      await expect.poll(() => phone.subscribed, { timeout: WAIT_MS, message: "the phone listens to the game's topic" }).toBe(true);
      const socket = phone.socket!;
      // Closing a side by hand fires neither side's onClose: both sides are closed here, as a server going away would.
      socket.open = false;
      phone.subscribed = false;
      await socket.server.close({ code: 1000 }).catch(() => undefined);
      await socket.page.close({ code: 4000, reason: 'going away' }).catch(() => undefined);
      // The page's clock moves once the page has seen the close (and set its backoff): the banner says so.
      await phone.page.getByText(t(phone, '重新連線中…', 'Reconnecting…'), { exact: true }).waitFor();
      await advancePage(phone, 600);
      await expect.poll(() => phone.subscribed, { timeout: WAIT_MS, message: 'the phone subscribes again' }).toBe(true);
    },
    'connection.online': async (phone) => {
      await online(phone);
    },
    'server.questionShown': async (phone, event) => {
      await show(phone, { level2: event.question.level === 2 });
    },
    'server.answerPublished': async (phone) => {
      await publish(phone);
    },
    'server.rankingPublished': async (phone) => {
      if (phone.game.ended) return rankingAfterEnd(phone);
      const q = current(phone.game);
      const published = q && q.status >= 2 ? q : await publish(phone);
      await serverStep(phone, 'server.rankingPublished', () => flow(phone.game, published, 4));
    },
    'server.gameEnded': async (phone) => {
      await serverStep(phone, 'server.gameEnded', () => flow(phone.game, null, 5));
    },
    [TICK]: async (phone, _event, step) => {
      const before = await seconds(phone);
      if (!inState(step.after, { inGame: { answering: { countdown: 'running' } } })) {
        // The rest of the time passes on the phone (not on the server: an answer on its way is still in time there).
        await advancePage(phone, before * 1_000);
      } else {
        await advancePage(phone, msToNextChange(before * 1_000));
        await expect.poll(() => seconds(phone), { timeout: WAIT_MS, message: 'the countdown shows the next second' }).toBe(before - 1);
      }
    },
    [RETRY]: async (phone, _event, step) => {
      await advancePage(phone, pendingRetryMs((step.before.context as PlayerContext).pendingAttempts));
    },
    [OFFLINE_RETRY]: async (phone) => {
      await advancePage(phone, OFFLINE_RETRY_MS);
    },
    'xstate.done.actor.join': async (phone) => {
      await phone.joinGate.pass();
    },
    'xstate.error.actor.join': async (phone, event) => {
      const request = await phone.joinGate.next();
      if (event.error === ENDED_GAME) {
        await flow(phone.game, null, 5);
      } else {
        // Someone else took the nickname a moment before.
        const { nickname } = JSON.parse(request.postData() ?? '{}') as { nickname: string };
        const other = await playApi('/join', { pin: phone.game.pin, nickname });
        expect(other.code, JSON.stringify(other)).toBe(200);
      }
      await phone.joinGate.pass();
    },
    'xstate.done.actor.loadState': async (phone, _event, step) => {
      await phone.stateGate.next();
      await stateOutcome(phone, step);
    },
    'xstate.error.actor.loadState': async (phone, event) => {
      await phone.stateGate.next();
      if (event.error === REJECTED) {
        await playerGone(phone, true);
        while (phone.stateGate.held > 0) await phone.stateGate.pass();
      } else {
        while (phone.stateGate.held > 0) await phone.stateGate.abort();
      }
    },
    'xstate.done.actor.submitAnswer': (phone, _event, step) => answerOutcome(phone, step, undefined),
    'xstate.error.actor.submitAnswer': (phone, event, step) => answerOutcome(phone, step, event.error),
    'xstate.done.actor.deliverAnswer': (phone, _event, step) => answerOutcome(phone, step, undefined),
    'xstate.error.actor.deliverAnswer': (phone, event, step) => answerOutcome(phone, step, event.error),
  }),
  states: {
    joining: async (phone) => {
      await expect.poll(() => phone.page.getByTestId('me').count(), { timeout: WAIT_MS, message: 'no player on a phone that joins' }).toBe(0);
    },
    'joining.form': async (phone, snapshot) => {
      const page = phone.page;
      await screen(phone, 'join');
      await page.getByRole('heading', { name: t(phone, '加入遊戲', 'Join the game') }).waitFor();
      await expect.poll(() => page.getByRole('button', { name: t(phone, '加入', 'Join'), exact: true }).isEnabled(), { timeout: WAIT_MS }).toBe(true);
      if ((snapshot.context as PlayerContext).error) await page.getByRole('alert').waitFor();
    },
    'joining.submitting': async (phone) => {
      await screen(phone, 'join');
      const button = phone.page.getByRole('button', { name: t(phone, '加入中…', 'Joining…') });
      await button.waitFor();
      expect(await button.isDisabled(), 'one join at a time').toBe(true);
    },
    'joining.ended': async (phone) => {
      await screen(phone, 'ended');
      const ended = phone.page.getByTestId('game-ended');
      await ended.getByRole('heading', { name: t(phone, '本場遊戲已結束', 'This game has ended') }).waitFor();
      await ended.getByText(phone.game.title).waitFor();
      await ended.getByRole('button', { name: t(phone, '加入其他遊戲', 'Join another game') }).waitFor();
    },
    syncing: async (phone, snapshot) => {
      // Reading the state: the last screen stays (no spinner flash), or "Connecting…" before there is one.
      const page = phone.page;
      if (viewOf(snapshot) && phone.lastScreen) await page.locator(`.page[data-screen="${phone.lastScreen}"]`).waitFor();
      else await page.getByText(t(phone, '連線中…', 'Connecting…'), { exact: true }).waitFor();
      await expect.poll(() => phone.stateGate.held, { timeout: WAIT_MS, message: 'the phone reads its state' }).toBeGreaterThan(0);
    },
    delivering: async (phone, snapshot) => {
      const page = phone.page;
      if (phone.lastScreen === 'pending' && viewOf(snapshot)) await page.getByTestId('pending').waitFor();
      else if (!viewOf(snapshot)) await page.getByText(t(phone, '連線中…', 'Connecting…'), { exact: true }).waitFor();
      await expect.poll(() => phone.answerFrames.length + phone.answerPosts.length, { timeout: WAIT_MS, message: 'the kept answer is on its way' }).toBeGreaterThan(0);
    },
    offline: async (phone) => {
      await screen(phone, 'offline');
      await phone.page.getByRole('heading', { name: t(phone, '無法連線到伺服器', 'Cannot reach the server') }).waitFor();
      await phone.page.getByRole('button', { name: t(phone, '重試', 'Retry') }).waitFor();
    },
    inGame: async (phone) => {
      await phone.page.getByTestId('me').getByText(phone.nickname).waitFor();
    },
    'inGame.lobby': async (phone) => {
      await screen(phone, 'lobby');
      await phone.page.getByRole('heading', { name: t(phone, '你已加入！', "You're in!") }).waitFor();
      await phone.page.getByText(t(phone, `歡迎，${phone.nickname}`, `Welcome, ${phone.nickname}`)).waitFor();
    },
    'inGame.answering': async (phone) => {
      await screen(phone, 'answering');
      const q = liveQuestion(phone.game);
      if (q) await phone.page.getByRole('heading', { name: q.text }).waitFor();
      await option(phone, 'A').waitFor();
      await phone.page.getByText(t(phone, '單選題：點一下選項即作答', 'Single choice: tap an option to answer')).waitFor();
    },
    'inGame.answering.countdown': async () => {},
    'inGame.answering.countdown.running': async (phone) => {
      await phone.page.getByTestId('countdown').getByText(phone.lang === 'en' ? /^\d+ s left$/ : /^剩餘 \d+ 秒$/).waitFor();
      const left = await seconds(phone);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(QUESTION_SECONDS);
    },
    'inGame.answering.countdown.untimed': async (phone) => {
      await phone.page.getByTestId('countdown').getByText(t(phone, '不限時', 'No time limit')).waitFor();
    },
    'inGame.answering.countdown.expired': async (phone) => {
      await phone.page.getByTestId('countdown').getByText(t(phone, '剩餘 0 秒', '0 s left')).waitFor();
    },
    'inGame.answering.form': async () => {},
    'inGame.answering.form.choosing': async (phone, snapshot) => {
      await expect.poll(() => option(phone, 'A').isEnabled(), { timeout: WAIT_MS, message: 'the options can be tapped' }).toBe(true);
      if ((snapshot.context as PlayerContext).error) await phone.page.getByRole('alert').waitFor();
    },
    'inGame.answering.form.submitting': async (phone) => {
      await phone.page.getByText(t(phone, '送出中…', 'Sending…')).waitFor();
      expect(await option(phone, 'B').isDisabled(), 'no second answer while one is on its way').toBe(true);
    },
    'inGame.pending': async (phone) => {
      await screen(phone, 'pending');
      const pending = phone.page.getByTestId('pending');
      await pending.getByText(t(phone, '連線恢復後會自動送出', 'Sent when the connection returns')).waitFor();
      await pending.getByText(t(phone, '你的選擇：A. 玉山 Yushan', 'Your choice: A. 玉山 Yushan')).waitFor();
      expect(await phone.page.getByTestId('pending-tapped').innerText()).toMatch(phone.lang === 'en' ? /^Tapped at \d{1,2}:\d{2}:\d{2}/ : /^作答時間 /);
    },
    'inGame.answered': async (phone) => {
      await screen(phone, 'answered');
      const receipt = phone.page.getByTestId('receipt');
      await receipt.getByText(t(phone, '已收到你的答案', 'Answer received')).waitFor();
      await receipt.getByText(t(phone, '你的選擇：A. 玉山 Yushan', 'Your choice: A. 玉山 Yushan')).waitFor();
    },
    'inGame.watching': async (phone) => {
      await screen(phone, 'watching');
      expect(await option(phone, 'A').count(), 'no option to tap').toBe(0);
      const eliminated = liveQuestion(phone.game)?.level === 2;
      if (eliminated) await phone.page.getByTestId('eliminated').getByText(t(phone, '你已被淘汰', 'You have been eliminated')).waitFor();
      else await phone.page.getByText(t(phone, '請看大螢幕', 'Watch the big screen')).waitFor();
    },
    'inGame.revealed': async (phone) => {
      await screen(phone, 'revealed');
      const result = phone.page.getByTestId('result');
      await result.getByText(t(phone, '正確答案：A. 玉山 Yushan', 'Correct answer: A. 玉山 Yushan')).waitFor();
      await result.getByText(t(phone, '等待公佈排名…', 'Waiting for the ranking…')).waitFor();
    },
    'inGame.ranked': async (phone) => {
      await screen(phone, 'ranked');
      await phone.page.getByRole('heading', { name: t(phone, '目前排名', 'Your rank') }).waitFor();
      await phone.page.getByTestId('rank').getByText(phone.lang === 'en' ? /^#\d+$/ : /^第 \d+ 名$/).waitFor();
    },
    finished: async (phone) => {
      await screen(phone, 'finished');
      const final = phone.page.getByTestId('final');
      await final.getByRole('heading', { name: t(phone, '遊戲結束', 'Game over') }).waitFor();
      await final.getByText(t(phone, `謝謝 ${phone.nickname} 參加！`, `Thanks for playing, ${phone.nickname}!`)).waitFor();
    },
  },
});
