/**
 * The whole rehearsal (issue 7, Tests) in real Chromium against the real server, nothing mocked: an
 * operator on the control screen (desktop, logged in), the quiz display opened from its button (a new
 * tab, caught as the context's new page), three players on phone-sized pages (/play) and twenty bots
 * of bench/lib/bots.ts joining by PIN over the public player API. They play
 *  (a) a speed contest: one question left to the countdown (it publishes by itself at zero), one
 *      published now after 是否公佈答案, a player reloading in the middle of a question, the rankings,
 *      game over back to the game list;
 *  (b) a level contest: one browser player promoted, another eliminated, the display showing it.
 * What is asserted is what people see on every face. Bots answer randomly, so exact numbers are asserted
 * for the three browser players and, for the bots, only totals or what their recorded choices add up
 * to; ranks are compared with the server's own ranking (getRank). Screenshots go to /tmp/shots-rehearsal.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { BotSwarm, randomChoices, type ShownQuestion } from '../../bench/lib/bots';
import { DESKTOP, launchBrowser, newPage, saveScreenshot, shoot as shootInto } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';
import { TOKEN_COOKIE } from './support/session';

const SHOTS = '/tmp/shots-rehearsal';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);
const BOTS = 20;
const EVERYONE = BOTS + 3;
const BIG_SCREEN = { width: 1920, height: 1080 } as const;

let server: RunningServer;
let browser: Browser;
let operator: OperatorApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // One login for the whole file: the operator's cookie and the set-up calls share its session.
  operator = await operatorApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const admin = (route: string, body: unknown) => operator.call(route, body);
const createGame = (body: Record<string, unknown>) => operator.createGame(body);

async function addQuestion(gameId: number, title: string, text: string, options: string[], answer: string[], spec: Record<string, unknown> = {}): Promise<number> {
  const { id } = await admin('/question/create', {
    trivia_game_id: gameId,
    title,
    question_text: text,
    question_img: '',
    pre_video_url: '',
    have_answering_time: 1,
    answering_time: 10,
    score: 0,
    question_type: 1,
    is_bonus: 0,
    options: options.map((optionText, i) => ({ title: 'ABCD'[i], text: optionText, img: '' })),
    answer,
    ...spec,
  });
  return id;
}

interface Ranked {
  rank: number;
  nickname: string;
  level: number;
  score: number;
}

/** The server's ranking of every player. */
async function serverRanking(gameId: number): Promise<{ list: Ranked[]; total: number }> {
  return admin('/triviaGame/getRank', { trivia_game_id: gameId, limit: 100 });
}

/** Every page of the test: screenshotted when the test fails, closed when it ends. */
function track() {
  const contexts: BrowserContext[] = [];
  onTestFinished(async ({ task }) => {
    try {
      if (task.result?.state === 'fail') {
        for (const context of contexts) {
          for (const [i, page] of context.pages().entries()) {
            const file = await saveScreenshot(page, `${task.name} ${contexts.indexOf(context)}-${i}`).catch(() => null);
            if (file) console.error(`screenshot of the failed test: ${file}`);
          }
        }
      }
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });
  return async (options: { locale: string; viewport: { width: number; height: number } }) => {
    const page = await newPage(browser, options);
    contexts.push(page.context());
    page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
    return page;
  };
}

let problems: string[] = [];

/** The operator: logged in on the control screen of `gameId`; every non-200 admin answer is a problem. */
async function operatorOn(open: ReturnType<typeof track>, gameId: number): Promise<Page> {
  const page = await open({ locale: 'zh-TW', viewport: DESKTOP });
  page.on('response', async (res) => {
    if (!res.url().includes('/api/admin/') || res.request().method() !== 'POST') return;
    const body = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (body && body.code !== 200) problems.push(`${res.url()}: ${body.code} ${body.message}`);
  });
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: operator.token, url: server.url }]);
  await page.goto(`${server.url}/triviaGame/start/${gameId}`);
  await page.getByTestId('connection').getByText('即時連線中').waitFor();
  return page;
}

/** Opens the display with the control screen's button and catches the new tab. */
async function openDisplay(operator: Page, pin: string): Promise<Page> {
  const [display] = await Promise.all([operator.context().waitForEvent('page'), operator.getByTestId('open-quiz').click()]);
  display.on('pageerror', (error) => problems.push(`page error on the display: ${error.message}`));
  // The operator drags the tab onto the venue's 1080p screen.
  await display.setViewportSize(BIG_SCREEN);
  await display.getByTestId('pin').getByText(pin).waitFor();
  expect(new URL(display.url()).pathname).toBe('/quiz');
  expect(new URL(display.url()).searchParams.get('token'), 'the single-use code left the address bar').toBeNull();
  return display;
}

type Language = 'zh-TW' | 'en';
const LOCALE: Record<Language, string> = { 'zh-TW': 'zh-TW', en: 'en-US' };
const JOIN_TEXTS = {
  'zh-TW': { nickname: '暱稱', pin: 'PIN 碼', join: '加入', joined: '你已加入！' },
  en: { nickname: 'Nickname', pin: 'Game PIN', join: 'Join', joined: "You're in!" },
} as const;

interface Player {
  page: Page;
  nickname: string;
  language: Language;
}

/** A phone on /play: by the QR link (PIN filled in) or typing the PIN, then the nickname. */
async function joinOn(page: Page, pin: string, nickname: string, language: Language, byLink: boolean): Promise<Player> {
  const texts = JOIN_TEXTS[language];
  if (byLink) await page.goto(`${server.url}/play?pin=${pin}`);
  const pinBox = page.getByLabel(texts.pin);
  if ((await pinBox.inputValue()) !== pin) await pinBox.fill(pin);
  await page.getByLabel(texts.nickname).fill(nickname);
  await page.getByRole('button', { name: texts.join, exact: true }).click();
  await page.getByText(texts.joined).waitFor();
  return { page, nickname, language };
}

async function phone(open: ReturnType<typeof track>, language: Language, width: number): Promise<Page> {
  const page = await open({ locale: LOCALE[language], viewport: { width, height: 780 } });
  await page.goto(`${server.url}/play`);
  return page;
}

const option = (page: Page, title: string) => page.locator(`button.option[data-option="${title}"]`);
const screenOf = (page: Page, screen: string) => page.locator(`.page[data-screen="${screen}"]`);
const row = (page: Page, title: string) => page.getByTestId('question-row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
const numberIn = async (page: Page, testId: string) => Number((await page.getByTestId(testId).first().innerText()).replace(/\D/g, ''));

/**
 * Twenty bots of bench/lib/bots.ts. They answer with random choices (recorded per question, so the
 * chart's counts can be checked), 2 to 3.5 s after the question arrives: the people in the room
 * answer first and the countdown is never at risk.
 */
function botSwarm(pin: string) {
  const choices = new Map<number, string[][]>();
  const swarm = new BotSwarm({
    url: server.url,
    pin,
    players: BOTS,
    nicknamePrefix: 'Bot ',
    answerDelay: (question: ShownQuestion) => {
      const wanted = 2_000 + Math.random() * 1_500;
      return question.remainingMs === null ? wanted : Math.max(0, Math.min(wanted, question.remainingMs - 1_000));
    },
    choose: (question: ShownQuestion) => {
      const picked = randomChoices(question);
      choices.set(question.questionId, [...(choices.get(question.questionId) ?? []), picked]);
      return picked;
    },
  });
  onTestFinished(() => swarm.stop());
  /** Resolves when every bot has had its answer to `questionId` acknowledged or refused. */
  const settled = (questionId: number) =>
    expect
      .poll(
        () => {
          const stats = swarm.stats.questions.get(questionId);
          return stats ? stats.acked + stats.refused : 0;
        },
        { timeout: 8_000 },
      )
      .toBe(BOTS);
  /** How many bots chose each option of `questionId`. */
  const tally = (questionId: number) => {
    const counts: Record<string, number> = {};
    for (const picked of choices.get(questionId) ?? []) for (const title of picked) counts[title] = (counts[title] ?? 0) + 1;
    return counts;
  };
  return { swarm, settled, tally };
}

/** Asserts the display's answer chart: the correct options marked, and each option's count. */
async function expectChart(display: Page, correct: string[], counts: Record<string, number>, optionTitles: string[]) {
  const chart = display.getByTestId('answer-chart');
  await chart.waitFor();
  for (const title of optionTitles) {
    const bar = chart.locator(`[data-option="${title}"]`);
    expect(await bar.getAttribute('data-correct'), `option ${title} marked correct`).toBe(String(correct.includes(title)));
    expect(Number(await bar.getAttribute('data-count')), `answers for ${title}`).toBe(counts[title] ?? 0);
  }
}

/** Asserts that a phone's rank is the server's rank of that player, out of everyone. */
async function expectRank(player: Player, ranking: { list: Ranked[]; total: number }, scope: Page | ReturnType<Page['getByTestId']> = player.page) {
  const entry = ranking.list.find((item) => item.nickname === player.nickname);
  expect(entry, `${player.nickname} is ranked`).toBeDefined();
  const text = player.language === 'zh-TW' ? `第 ${entry!.rank} 名` : `#${entry!.rank}`;
  await scope.getByTestId('rank').getByText(text, { exact: true }).waitFor();
  await player.page.getByText(player.language === 'zh-TW' ? `共 ${ranking.total} 位玩家` : `of ${ranking.total} players`).first().waitFor();
  return entry!;
}

describe('the rehearsal: operator, big screen, three phones and twenty bots', () => {
  it('plays a whole speed contest (type 1): countdown to zero, publish now, a reload, rankings, game over', async () => {
    problems = [];
    const started = Date.now();
    const open = track();
    const game = await createGame({ title: '彩排搶答賽', type: 1 });
    const q1 = await addQuestion(game.id, '第一題', '台灣最高的山是哪一座？', ['雪山', '玉山', '合歡山'], ['B'], { answering_time: 6 });
    const q2 = await addQuestion(game.id, '第二題', '台灣最長的河流是？', ['濁水溪', '淡水河', '高屏溪'], ['A'], { answering_time: 15 });

    // The operator opens the control screen, then the big screen from its button.
    const operator = await operatorOn(open, game.id);
    await operator.getByTestId('game-title').filter({ hasText: '彩排搶答賽' }).waitFor();
    const display = await openDisplay(operator, game.pin);
    await display.getByTestId('player-count').getByText('0 位玩家已加入').waitFor();

    // Three phones (360–390 px): Ann by the QR link, Ben in English and Cat typing the PIN.
    const [annPage, benPage, catPage] = await Promise.all([phone(open, 'zh-TW', 360), phone(open, 'en', 390), phone(open, 'zh-TW', 375)]);
    const ann = await joinOn(annPage, game.pin, 'Ann', 'zh-TW', true);
    const ben = await joinOn(benPage, game.pin, 'Ben', 'en', false);
    const cat = await joinOn(catPage, game.pin, 'Cat', 'zh-TW', false);
    await display.getByTestId('player-count').getByText('3 位玩家已加入').waitFor();

    // Twenty bots join by PIN and listen: 23 players on every face.
    const bots = botSwarm(game.pin);
    await bots.swarm.join();
    await bots.swarm.connect();
    expect(bots.swarm.stats.joined).toBe(BOTS);
    expect(bots.swarm.stats.connected).toBe(BOTS);
    await display.getByTestId('player-count').getByText(`${EVERYONE} 位玩家已加入`).waitFor();
    await operator.getByTestId('player-count').filter({ hasText: new RegExp(`^${EVERYONE}$`) }).waitFor();
    await ann.page.getByText(`目前 ${EVERYONE} 位玩家`).waitFor();
    await shoot(display, '1-display-lobby');

    // Question 1: shown from the control screen; the countdown dialog, the big screen and the phones.
    await row(operator, '第一題').getByTestId('question-action').click();
    const dialog = operator.getByTestId('countdown-dialog');
    await dialog.getByText('第一題', { exact: true }).waitFor();
    await display.getByTestId('question-text').getByText('台灣最高的山是哪一座？').waitFor();
    const shownSeconds = await numberIn(display, 'display-countdown');
    expect(shownSeconds).toBeGreaterThan(0);
    expect(shownSeconds).toBeLessThanOrEqual(6);
    await display.getByTestId('player-count').getByText(`${EVERYONE} 位玩家已加入`).waitFor();
    await shoot(display, '2-display-question');
    // The people answer at once: Ann and Cat right (B), Ben wrong (A).
    await option(ann.page, 'B').click();
    await option(ben.page, 'A').click();
    await option(cat.page, 'B').click();
    await ann.page.getByText('已收到你的答案').waitFor();
    await ann.page.getByText(/於 \d+\.\d 秒時收到/).waitFor();
    await ben.page.getByText(/Received at \d+\.\d s/).waitFor();
    await cat.page.getByText('你的選擇：B. 玉山').waitFor();
    // The operator sees every answer come in, per option, before time is up.
    await dialog.getByTestId('countdown-answered').filter({ hasText: `已作答 ${EVERYONE} / ${EVERYONE} 人` }).waitFor({ timeout: 6_000 });
    await bots.settled(q1);
    const q1Counts = bots.tally(q1);
    q1Counts.B = (q1Counts.B ?? 0) + 2;
    q1Counts.A = (q1Counts.A ?? 0) + 1;
    await dialog.locator('[data-option="B"]').getByTestId('answer-count').filter({ hasText: `${q1Counts.B} 人` }).waitFor();
    await shoot(operator, '3-operator-countdown');
    // Nobody presses anything: at zero the answer is published by itself.
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    await row(operator, '第一題').getByText('已公佈答案').waitFor();
    await operator.getByTestId('answers-card').getByText('上一題：第一題').waitFor();
    await operator.getByTestId('answered-total').filter({ hasText: `已作答 ${EVERYONE} / ${EVERYONE} 人` }).waitFor();
    // The big screen: the chart with the correct option and the answers of all 23.
    await display.getByTestId('answer-total').getByText(`共 ${EVERYONE} 人作答`).waitFor();
    await expectChart(display, ['B'], q1Counts, ['A', 'B', 'C']);
    await shoot(display, '4-display-answer-chart');
    // The phones: right or wrong, with the points.
    await ann.page.getByTestId('result').getByText('答對了！').waitFor();
    await ann.page.getByText('正確答案：B. 玉山').waitFor();
    const annQ1 = Number((await ann.page.getByTestId('result').locator('.points').innerText()).replace(/\D/g, ''));
    expect(annQ1).toBeGreaterThanOrEqual(500);
    expect(annQ1).toBeLessThanOrEqual(1000);
    await ben.page.getByTestId('result').getByText('Wrong').waitFor();
    await ben.page.getByText('+0 points').waitFor();
    await cat.page.getByTestId('result').getByText('答對了！').waitFor();
    const catQ1 = Number((await cat.page.getByTestId('result').locator('.points').innerText()).replace(/\D/g, ''));
    expect(catQ1).toBeGreaterThanOrEqual(500);
    await shoot(ann.page, '5-phone-correct-zh-TW');
    await shoot(ben.page, '5-phone-wrong-en');

    // The ranking of question 1, on every face, as the server ranks it.
    await row(operator, '第一題').getByTestId('question-action').filter({ hasText: '公佈排名' }).click();
    await operator.getByText('公佈排名成功').waitFor();
    await row(operator, '第一題').getByText('已公佈排名').waitFor();
    await operator.getByTestId('ranking-card').getByText(`共 ${EVERYONE} 人上榜`).waitFor();
    const afterQ1 = await serverRanking(game.id);
    expect(afterQ1.total).toBe(EVERYONE);
    await display.getByTestId('ranking').getByText(`共 ${EVERYONE} 位玩家`).waitFor();
    await display.locator('.podium [data-rank="1"]').getByText(afterQ1.list[0]!.nickname, { exact: true }).waitFor();
    await operator.getByTestId('ranking-row').first().filter({ hasText: afterQ1.list[0]!.nickname }).waitFor();
    for (const player of [ann, ben, cat]) await expectRank(player, afterQ1);
    await shoot(display, '6-display-ranking');
    await shoot(ann.page, '6-phone-rank-zh-TW');

    // Question 2: Cat answers, then reloads her phone in the middle of the question.
    await row(operator, '第二題').getByTestId('question-action').click();
    await dialog.getByText('第二題', { exact: true }).waitFor();
    await display.getByTestId('question-text').getByText('台灣最長的河流是？').waitFor();
    await option(cat.page, 'C').click();
    await option(ann.page, 'A').click();
    await option(ben.page, 'A').click();
    await cat.page.getByText('你的選擇：C. 高屏溪').waitFor();
    await cat.page.reload();
    await screenOf(cat.page, 'answered').waitFor();
    await cat.page.getByText('已收到你的答案').waitFor();
    await cat.page.getByText('你的選擇：C. 高屏溪').waitFor();
    await cat.page.getByTestId('me').getByText('Cat').waitFor();
    await cat.page.getByTestId('me').getByText(`${catQ1} 分`).waitFor();
    await shoot(cat.page, '7-phone-after-reload-zh-TW');
    // Everyone has answered: the operator publishes now, after 是否公佈答案.
    await dialog.getByTestId('countdown-answered').filter({ hasText: `已作答 ${EVERYONE} / ${EVERYONE} 人` }).waitFor({ timeout: 8_000 });
    expect(await numberIn(operator, 'countdown-seconds'), 'time is left on the countdown').toBeGreaterThan(0);
    await dialog.getByTestId('publish-now').click();
    const confirmPublish = operator.getByTestId('confirm-publish');
    await confirmPublish.getByText('是否公佈答案').waitFor();
    await confirmPublish.getByRole('button', { name: '確定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(operator, '第二題').getByText('已公佈答案').waitFor();
    await bots.settled(q2);
    const q2Counts = bots.tally(q2);
    q2Counts.A = (q2Counts.A ?? 0) + 2;
    q2Counts.C = (q2Counts.C ?? 0) + 1;
    await display.getByTestId('answer-total').getByText(`共 ${EVERYONE} 人作答`).waitFor();
    await expectChart(display, ['A'], q2Counts, ['A', 'B', 'C']);
    await ben.page.getByTestId('result').getByText('Correct!').waitFor();
    await cat.page.getByTestId('result').getByText('答錯了').waitFor();
    await cat.page.getByTestId('me').getByText(`${catQ1} 分`).waitFor();
    const annQ2 = Number((await ann.page.getByTestId('result').locator('.points').innerText()).replace(/\D/g, ''));
    await ann.page.getByTestId('me').getByText(`${annQ1 + annQ2} 分`).waitFor();

    await row(operator, '第二題').getByTestId('question-action').filter({ hasText: '公佈排名' }).click();
    await row(operator, '第二題').getByText('已公佈排名').waitFor();
    const afterQ2 = await serverRanking(game.id);
    await display.locator('.podium [data-rank="1"]').getByText(afterQ2.list[0]!.nickname, { exact: true }).waitFor();
    for (const player of [ann, ben, cat]) await expectRank(player, afterQ2);

    // Game over: 確定要結束遊戲嗎？, back to the game list; final results on the big screen and phones.
    await operator.getByTestId('end-game').click();
    const confirmEnd = operator.getByTestId('confirm-end');
    await confirmEnd.getByText('確定要結束遊戲嗎？').waitFor();
    await confirmEnd.getByRole('button', { name: '確定' }).click();
    await operator.waitForURL(/\/triviaGame\/index$/);
    await operator.getByText('遊戲結束成功').waitFor();
    const final = display.getByTestId('final-results');
    await final.getByText('最終結果').waitFor();
    await final.locator('.podium [data-rank="1"]').getByText(afterQ2.list[0]!.nickname, { exact: true }).waitFor();
    await ann.page.getByTestId('final').getByText('遊戲結束').waitFor();
    await ben.page.getByTestId('final').getByText('Game over').waitFor();
    for (const player of [ann, ben, cat]) await expectRank(player, afterQ2, player.page.getByTestId('final'));
    await bots.swarm.ended();
    expect(bots.swarm.stats.errors, bots.swarm.stats.lastError ?? '').toBe(0);
    await shoot(display, '8-display-final');
    await shoot(ben.page, '8-phone-final-en');
    await shoot(operator, '8-operator-game-list');
    expect(problems).toEqual([]);
    console.log(`speed contest rehearsal: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 90_000);

  it('plays a level contest (type 2): one phone promoted, one eliminated, the big screen showing the promotion', async () => {
    problems = [];
    const started = Date.now();
    const open = track();
    const game = await createGame({
      title: '彩排闖關賽',
      type: 2,
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { list: levels } = await admin('/triviaGame/updateLevel', {
      trivia_game_id: game.id,
      trivia_game_level: [
        { level: 1, promotion_score: 10 },
        { level: 2, promotion_score: null },
      ],
    });
    const l1 = await addQuestion(game.id, '第一關', '第一關：1 + 1 = ?', ['2', '3'], ['A'], { level_id: levels[0].id, score: 10, answering_time: 15 });
    const l2 = await addQuestion(game.id, '第二關', '第二關：2 × 3 = ?', ['5', '6'], ['B'], { level_id: levels[1].id, score: 10, answering_time: 15 });

    const operator = await operatorOn(open, game.id);
    await operator.getByTestId('game-title').filter({ hasText: '彩排闖關賽' }).waitFor();
    const display = await openDisplay(operator, game.pin);
    const [annPage, benPage, catPage] = await Promise.all([phone(open, 'zh-TW', 360), phone(open, 'en', 390), phone(open, 'zh-TW', 375)]);
    const ann = await joinOn(annPage, game.pin, 'Ann', 'zh-TW', true);
    const ben = await joinOn(benPage, game.pin, 'Ben', 'en', true);
    const cat = await joinOn(catPage, game.pin, 'Cat', 'zh-TW', false);
    const bots = botSwarm(game.pin);
    await bots.swarm.join();
    await bots.swarm.connect();
    await display.getByTestId('player-count').getByText(`${EVERYONE} 位玩家已加入`).waitFor();
    await operator.getByTestId('player-count').filter({ hasText: new RegExp(`^${EVERYONE}$`) }).waitFor();

    // Level 1: Ann and Cat answer right, Ben wrong.
    await row(operator, '第一關').getByTestId('question-action').click();
    const dialog = operator.getByTestId('countdown-dialog');
    await dialog.getByText('第一關', { exact: true }).waitFor();
    await display.getByTestId('question-text').getByText('第一關：1 + 1 = ?').waitFor();
    await ann.page.getByText('第 1 關').waitFor();
    await option(ann.page, 'A').click();
    await option(ben.page, 'B').click();
    await option(cat.page, 'A').click();
    await ann.page.getByText('已收到你的答案').waitFor();
    await ben.page.getByText('Answer received').waitFor();
    await cat.page.getByText('已收到你的答案').waitFor();
    await dialog.getByTestId('countdown-answered').filter({ hasText: `已作答 ${EVERYONE} / ${EVERYONE} 人` }).waitFor({ timeout: 8_000 });
    await dialog.getByTestId('publish-now').click();
    await operator.getByTestId('confirm-publish').getByRole('button', { name: '確定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await bots.settled(l1);
    const l1Counts = bots.tally(l1);
    l1Counts.A = (l1Counts.A ?? 0) + 2;
    l1Counts.B = (l1Counts.B ?? 0) + 1;
    await expectChart(display, ['A'], l1Counts, ['A', 'B']);
    await ann.page.getByTestId('promoted').getByText('恭喜晉級第 2 關！').waitFor();
    await ann.page.getByText('+10 分').waitFor();
    await ben.page.getByTestId('result').getByText('Wrong').waitFor();
    await shoot(ann.page, '9-phone-promoted-zh-TW');

    // The ranking: the big screen says how many went through, and marks them.
    await row(operator, '第一關').getByTestId('question-action').filter({ hasText: '公佈排名' }).click();
    await row(operator, '第一關').getByText('已公佈排名').waitFor();
    const afterL1 = await serverRanking(game.id);
    const promoted = afterL1.list.filter((item) => item.level >= 2);
    expect(promoted.map((item) => item.nickname)).toEqual(expect.arrayContaining(['Ann', 'Cat']));
    expect(promoted.map((item) => item.nickname)).not.toContain('Ben');
    expect(promoted).toHaveLength(l1Counts.A);
    // The display counts every player who went through, also beyond the top 10 it lists.
    await display.getByTestId('promoted-line').getByText(`${l1Counts.A} 位玩家晉級第 2 關`, { exact: true }).waitFor();
    const top = display.locator('.podium [data-rank="1"]');
    await top.getByText(afterL1.list[0]!.nickname, { exact: true }).waitFor();
    await top.getByText('晉級', { exact: true }).waitFor();
    if (afterL1.list.findIndex((item) => item.nickname === 'Ann') < 10) {
      await display.locator('[data-rank]').filter({ hasText: 'Ann' }).getByText('晉級', { exact: true }).waitFor();
    }
    await operator.getByTestId('ranking-card').getByText(`共 ${EVERYONE} 人上榜`).waitFor();
    const annL1 = await expectRank(ann, afterL1);
    expect(annL1.level).toBe(2);
    await ann.page.getByText('已達第 2 關').waitFor();
    const benL1 = await expectRank(ben, afterL1);
    expect(benL1.level).toBe(1);
    await shoot(display, '10-display-level-ranking');

    // Level 2: Ben is out, no buttons; Ann answers right, Cat wrong; eliminated bots are refused.
    await row(operator, '第二關').getByTestId('question-action').click();
    await dialog.getByText('第二關', { exact: true }).waitFor();
    await display.getByTestId('question-text').getByText('第二關：2 × 3 = ?').waitFor();
    await ben.page.getByTestId('eliminated').getByText('You have been eliminated').waitFor();
    expect(await option(ben.page, 'A').count(), 'no answer buttons for an eliminated player').toBe(0);
    await shoot(ben.page, '11-phone-eliminated-en');
    await option(ann.page, 'B').click();
    await option(cat.page, 'A').click();
    await ann.page.getByText('已收到你的答案').waitFor();
    await cat.page.getByText('已收到你的答案').waitFor();
    await bots.settled(l2);
    const botsIn = bots.swarm.stats.questions.get(l2)!.acked;
    expect(botsIn, 'only the promoted bots may answer level 2').toBe(promoted.length - 2);
    await dialog.getByTestId('countdown-answered').filter({ hasText: `已作答 ${botsIn + 2} / ${EVERYONE} 人` }).waitFor();
    await dialog.getByTestId('publish-now').click();
    await operator.getByTestId('confirm-publish').getByRole('button', { name: '確定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await display.getByTestId('answer-total').getByText(`共 ${botsIn + 2} 人作答`).waitFor();
    await ann.page.getByTestId('result').getByText('答對了！').waitFor();
    await cat.page.getByTestId('result').getByText('答錯了').waitFor();
    await ann.page.getByTestId('me').getByText('20 分').waitFor();
    await row(operator, '第二關').getByTestId('question-action').filter({ hasText: '公佈排名' }).click();
    await row(operator, '第二關').getByText('已公佈排名').waitFor();

    // Game over: the final results.
    await operator.getByTestId('end-game').click();
    await operator.getByTestId('confirm-end').getByRole('button', { name: '確定' }).click();
    await operator.waitForURL(/\/triviaGame\/index$/);
    const finalRanking = await serverRanking(game.id);
    const final = display.getByTestId('final-results');
    await final.getByText('最終結果').waitFor();
    await final.locator('.podium [data-rank="1"]').getByText(finalRanking.list[0]!.nickname, { exact: true }).waitFor();
    for (const player of [ann, ben, cat]) await expectRank(player, finalRanking, player.page.getByTestId('final'));
    const annFinal = finalRanking.list.find((item) => item.nickname === 'Ann')!;
    const benFinal = finalRanking.list.find((item) => item.nickname === 'Ben')!;
    expect(annFinal.rank).toBeLessThan(benFinal.rank);
    await bots.swarm.ended();
    expect(bots.swarm.stats.errors, bots.swarm.stats.lastError ?? '').toBe(0);
    await shoot(display, '12-display-final-level');
    await shoot(ann.page, '12-phone-final-zh-TW');
    expect(problems).toEqual([]);
    console.log(`level contest rehearsal: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 90_000);
});
