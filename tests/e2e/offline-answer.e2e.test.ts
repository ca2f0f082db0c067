/**
 * The phone when the network goes away (issue 16, points 3 and 4), in real Chromium against the real
 * server: an answer tapped offline is kept and shown as pending with the time it was tapped, and
 * goes by itself when the network returns — accepted within the answer window, refused with the
 * server's reason after the deadline plus grace. And a PIN of a game that has ended shows its final
 * ranking instead of a join form that would wait forever. Screenshots for review go to
 * /tmp/shots-offline.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, shoot as shootInto } from './support/browser';
import { operatorApi, type OperatorApi } from './support/operator-api';
import { type RunningServer, startServer } from './support/server';

const SHOTS = '/tmp/shots-offline';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);
const PHONE = { width: 360, height: 740 } as const;

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

async function addQuestion(gameId: number, text: string, seconds: number): Promise<number> {
  const { id } = await operator.call('/question/create', {
    trivia_game_id: gameId,
    title: text.slice(0, 20),
    question_text: text,
    question_img: '',
    pre_video_url: '',
    have_answering_time: 1,
    answering_time: seconds,
    score: 0,
    question_type: 1,
    is_bonus: 0,
    options: ['Yushan', 'Xueshan', 'Hehuan'].map((t, i) => ({ title: 'ABC'[i], text: t, img: '' })),
    answer: ['A'],
  });
  return id;
}

const flow = (gameId: number, questionId: number | null, type: 2 | 3 | 4 | 5) => operator.call('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type });

async function phone(locale: string, viewport: { width: number; height: number } = PHONE): Promise<Page> {
  const page = await openPage(browser, { locale, viewport });
  page.on('pageerror', (error) => console.error(`player page error: ${error.stack}`));
  return page;
}

async function join(page: Page, pin: string, nickname: string, texts: { pin: string; nickname: string; join: string }) {
  await page.goto(`${server.url}/play`);
  await page.getByLabel(texts.pin).fill(pin);
  await page.getByLabel(texts.nickname).fill(nickname);
  await page.getByRole('button', { name: texts.join, exact: true }).click();
}
const EN = { pin: 'Game PIN', nickname: 'Nickname', join: 'Join' };
const ZH = { pin: 'PIN 碼', nickname: '暱稱', join: '加入' };

const option = (page: Page, title: string) => page.locator(`button.option[data-option="${title}"]`);
const hhmmss = /\d{1,2}:\d{2}:\d{2}(?:\s?[AP]M)?/;

describe('an answer tapped without network', () => {
  it('is shown pending and accepted when the network returns in time; after the deadline plus grace it is refused with the reason', async () => {
    const game = await operator.createGame({ title: 'Offline night', type: 1 });
    const q1 = await addQuestion(game.id, 'Which is the highest mountain in Taiwan?', 60);
    const q2 = await addQuestion(game.id, 'And the second highest?', 3);
    const ann = await phone('en-US');
    await join(ann, game.pin, 'Ann', EN);
    await ann.getByText('Welcome, Ann').waitFor();

    // Q1: the network goes, Ann taps; the answer waits on the phone, with the time she tapped.
    await flow(game.id, q1, 2);
    await option(ann, 'A').waitFor();
    await ann.context().setOffline(true);
    await option(ann, 'A').click();
    const pending = ann.getByTestId('pending');
    await pending.getByText('Sent when the connection returns').waitFor();
    expect(await pending.innerText()).toMatch(/Your choice: A\. Yushan/);
    expect(await ann.getByTestId('pending-tapped').innerText()).toMatch(new RegExp(`^Tapped at ${hhmmss.source}$`));
    await shoot(ann, 'en-360-pending');
    // The same card in Chinese (the page's own texts; the server has said nothing yet).
    await ann.getByRole('button', { name: '中文' }).click();
    await pending.getByText('連線恢復後會自動送出').waitFor();
    await shoot(ann, 'zh-360-pending');
    await ann.getByRole('button', { name: 'English' }).click();
    await pending.getByText('Sent when the connection returns').waitFor();

    // Back within the window: delivered, and the receipt shows the server stored it.
    await ann.context().setOffline(false);
    await ann.getByTestId('receipt').getByText('Answer received').waitFor();
    expect(await ann.getByTestId('pending').count()).toBe(0);
    expect(await ann.evaluate(() => localStorage.getItem('live-trivia.pending')), 'nothing left to send').toBeNull();
    await flow(game.id, q1, 3);
    await ann.getByTestId('result').getByText('Correct!').waitFor();

    // Q2 (3 s): tapped offline, back only after the deadline plus the 500 ms grace.
    const shown = await flow(game.id, q2, 2);
    const deadline = Date.parse(shown.question.deadline);
    await option(ann, 'B').waitFor();
    await ann.context().setOffline(true);
    await option(ann, 'B').click();
    await ann.getByTestId('pending').waitFor();
    // The server's clock skips past the deadline plus grace (its deadline watch closes the question on
    // the way), as the phone stays offline: nothing waits for the 3 s to pass.
    await server.clock.skipTo(deadline + 1_200);
    await ann.context().setOffline(false);
    const refused = ann.getByTestId('pending-refused');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(new RegExp(`^Your answer tapped at ${hhmmss.source} was not accepted: Too late: the answering time is over$`));
    expect(await ann.getByTestId('pending').count()).toBe(0);
    await shoot(ann, 'en-360-refused');
    const rank = await operator.call('/triviaGame/getRank', { trivia_game_id: game.id });
    expect(rank.list.map((r: { nickname: string; score: number }) => [r.nickname, r.score > 0])).toEqual([['Ann', true]]);
  });
});

describe('a PIN of a game that has ended', () => {
  it('shows that it has ended, with its final ranking, in the player\'s language', async () => {
    const game = await operator.createGame({ title: '期末同樂會', type: 1 });
    const q1 = await addQuestion(game.id, 'Which is the highest mountain in Taiwan?', 60);
    const joined = await fetch(`${server.url}/api/play/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: game.pin, nickname: '小明' }) }).then(
      (r) => r.json() as Promise<{ data: { player_token: string } }>,
    );
    await flow(game.id, q1, 2);
    await fetch(`${server.url}/api/play/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${joined.data.player_token}` },
      body: JSON.stringify({ question_id: q1, choices: ['A'] }),
    });
    await flow(game.id, null, 5);

    const late = await phone('zh-TW');
    await join(late, game.pin, '遲到的人', ZH);
    const ended = late.getByTestId('game-ended');
    await ended.getByRole('heading', { name: '本場遊戲已結束' }).waitFor();
    await ended.getByText('期末同樂會').waitFor();
    const rows = await ended.getByRole('listitem').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([expect.stringMatching(/^第 ?1 ?名 小明 \d+ ?分$/)]);
    await shoot(late, 'zh-360-ended');
    // Back to the form, for another PIN.
    await ended.getByRole('button', { name: '加入其他遊戲' }).click();
    await late.getByLabel(ZH.pin).waitFor();

    const desk = await phone('en-US', DESKTOP);
    await join(desk, game.pin, 'Late', EN);
    await desk.getByTestId('game-ended').getByRole('heading', { name: 'This game has ended' }).waitFor();
    await shoot(desk, 'en-desktop-ended');
  });
});
