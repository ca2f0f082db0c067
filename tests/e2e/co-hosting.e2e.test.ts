/**
 * Two operators on one game's control screen (docs/game-rules.md, "Co-hosting and handover") in real
 * Chromium, two browser contexts against the real server: the first screen holds control, the second
 * watches the same countdown and sees who holds it and who is there; mid-question the watcher asks
 * and the holder hands over, and the new holder's steps are taken; then the holder's tab is closed
 * while the other asks, and control passes to it once the handover time (5 s) is over, the question
 * still running. The audit trail records each change. Screenshots (zh-TW desktop, en phone) go to
 * /tmp/shots-cohost for review.
 */
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/server/db/schema';
import { createAdmin } from '../support/fixtures';
import { launchBrowser, MOBILE, openPage, saveScreenshot, settle, type PageOptions } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { ADMIN, loginToken } from './support/session';

const SHOTS = '/tmp/shots-cohost';
const OLIVER = { username: 'oliver', password: 'Oliver-pass-123', name: 'Oliver' };

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await createAdmin(server.app, { ...OLIVER, roles: ['operator'] });
  token = await loginToken(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function admin(path: string, body: unknown) {
  const res = await fetch(`${server.url}/api/admin${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; data: any };
  if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

async function createGame(title: string): Promise<{ id: number; pin: string }> {
  const { id } = await admin('/triviaGame/create', { title, type: 1 });
  const { item } = await admin('/triviaGame/detail', { id });
  for (const [i, name] of ['第一題', '第二題'].entries()) {
    await admin('/question/create', {
      trivia_game_id: id,
      title: name,
      question_text: `${name}：台灣最高的山是？`,
      question_img: '',
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: i === 0 ? 120 : 60,
      score: 0,
      question_type: 1,
      is_bonus: 0,
      options: ['玉山', '雪山'].map((text, n) => ({ title: 'AB'[n], text, img: '' })),
      answer: ['A'],
    });
  }
  return { id, pin: item.pin };
}

/** A control screen of `username` in a fresh browser context; code-201/500 answers and page errors in `problems`. */
async function controlScreen(gameId: number, username: string, password: string, options: PageOptions) {
  const page = await openPage(browser, options);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', async (res) => {
    if (!res.url().includes('/api/admin/') || res.request().method() !== 'POST') return;
    const body = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (body && body.code !== 200) problems.push(`${res.url()}: ${body.code} ${body.message}`);
  });
  await page.context().addCookies([{ name: 'Admin-Token', value: await loginToken(server, username, password), url: server.url }]);
  await page.goto(`${server.url}/triviaGame/start/${gameId}`);
  await page.getByTestId('control-bar').waitFor();
  return { page, problems };
}

async function shoot(page: Page, name: string) {
  await settle(page);
  await saveScreenshot(page, name, SHOTS);
}

const row = (page: Page, title: string) => page.getByTestId('question-row').or(page.getByTestId('question-card')).filter({ hasText: title });
const inDialog = (page: Page) => page.getByTestId('countdown-dialog');

async function controlEntries(gameId: number): Promise<string[]> {
  const rows = await server.app.db.select().from(auditLog).where(eq(auditLog.operation, 'triviaGameControl')).orderBy(auditLog.id);
  return rows.filter((r) => r.targetId === String(gameId) && r.outcome === 'success').map((r) => `${r.username}: ${r.summary.split(':')[0]}`);
}

describe('two operators on one game', () => {
  it('hand control over by request and accept mid-question, then by timeout when the holder’s tab is closed', async () => {
    const { id: gameId, pin } = await createGame('E2E 雙主持');
    await fetch(`${server.url}/api/play/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin, nickname: 'Amy' }) });

    // The administrator opens the game first: this screen holds control.
    const host = await controlScreen(gameId, ADMIN.username, ADMIN.password, { locale: 'zh-TW' });
    await host.page.getByTestId('control-holder').getByText('此畫面掌控中').waitFor();
    // Oliver opens it on his phone, in English: he watches and sees who holds control and who is there.
    const cohost = await controlScreen(gameId, OLIVER.username, OLIVER.password, { locale: 'en-US', viewport: MOBILE });
    await cohost.page.getByTestId('control-holder').getByText(`${ADMIN.name} holds control`).waitFor();
    await cohost.page.getByTestId('control-screens').getByText('Oliver (this screen)').waitFor();
    await host.page.getByTestId('control-screens').getByText('Oliver').waitFor();
    await host.page.getByTestId('control-screens').getByText('（此畫面）').waitFor();
    expect(await row(cohost.page, '第一題').getByTestId('question-action').isDisabled(), 'a watcher has no step').toBe(true);
    await shoot(cohost.page, 'cohost-watching-en-mobile');

    // The holder shows question 1: both screens count down the same question.
    await row(host.page, '第一題').getByTestId('question-action').click();
    await inDialog(host.page).waitFor();
    await inDialog(cohost.page).waitFor();
    expect(await inDialog(cohost.page).getByTestId('publish-now').isDisabled()).toBe(true);

    // Mid-question, Oliver asks for control; the holder is asked in the countdown dialog and hands over.
    await inDialog(cohost.page).getByTestId('control-request').click();
    await inDialog(cohost.page).getByTestId('control-waiting').waitFor();
    const prompt = inDialog(host.page).getByTestId('handover-prompt');
    await prompt.getByText('Oliver 要求控制權').waitFor();
    await shoot(host.page, 'cohost-handover-prompt-zh-TW-desktop');
    await shoot(cohost.page, 'cohost-requesting-en-mobile');
    await prompt.getByTestId('handover-accept').click();
    await inDialog(cohost.page).getByTestId('control-holder').getByText('This screen holds control').waitFor();
    await inDialog(host.page).getByTestId('control-holder').getByText('Oliver 掌控中').waitFor();
    // The holder's name comes with the server's event, the step leaves with the answer to the hand-over call: moments apart.
    await expect.poll(() => inDialog(host.page).getByTestId('publish-now').isDisabled(), { message: 'the former holder has no step' }).toBe(true);

    // The new holder publishes the answer; the former holder's screen follows.
    await inDialog(cohost.page).getByTestId('publish-now').click();
    await cohost.page.getByTestId('confirm-publish').getByRole('button').last().click();
    await inDialog(host.page).waitFor({ state: 'hidden' });
    await row(host.page, '第一題').getByText('已公佈答案').waitFor();

    // Question 2 from Oliver's screen; the administrator asks for control, then Oliver's tab closes.
    await row(cohost.page, '第二題').getByTestId('question-action').click();
    await inDialog(host.page).waitFor();
    await inDialog(host.page).getByTestId('control-request').click();
    await inDialog(cohost.page).getByTestId('handover-prompt').waitFor();
    await cohost.page.context().close();
    // The server marks Oliver's screen gone at once, and hands control over 5 s later; the question runs on.
    await inDialog(host.page).getByText('連線中斷').waitFor();
    await inDialog(host.page).getByTestId('control-holder').getByText('此畫面掌控中').waitFor({ timeout: 15_000 });
    await host.page.getByTestId('control-screens').getByTestId('control-screen').first().waitFor();
    expect(await host.page.getByTestId('control-screens').getByTestId('control-screen').count()).toBe(1);
    await shoot(host.page, 'cohost-after-timeout-zh-TW-desktop');
    await inDialog(host.page).getByTestId('publish-now').click();
    await host.page.getByTestId('confirm-publish').getByRole('button').last().click();
    await inDialog(host.page).waitFor({ state: 'hidden' });
    await row(host.page, '第二題').getByText('已公佈答案').waitFor();

    expect(await controlEntries(gameId)).toEqual(['admin: take', 'oliver: request', 'admin: accept', 'admin: request', 'admin: grant by timeout']);
    expect([...host.problems, ...cohost.problems]).toEqual([]);
  });

  it('the watching screen shows the game closed as soon as the holder ends it (issue 33), without a reload', async () => {
    const { id: gameId } = await createGame('E2E 雙主持結束');
    const host = await controlScreen(gameId, ADMIN.username, ADMIN.password, { locale: 'zh-TW' });
    await host.page.getByTestId('control-holder').getByText('此畫面掌控中').waitFor();
    const cohost = await controlScreen(gameId, OLIVER.username, OLIVER.password, { locale: 'zh-TW' });
    await cohost.page.getByTestId('control-holder').getByText(`${ADMIN.name} 掌控中`).waitFor();
    await cohost.page.getByTestId('game-status').getByText('啟用', { exact: true }).waitFor();

    await host.page.getByTestId('end-game').click();
    await host.page.getByTestId('confirm-end').getByRole('button', { name: '確定' }).click();
    await host.page.waitForURL(/\/triviaGame\/index$/);

    // The watcher says the game is over, and its status beside it says closed, not enabled.
    await cohost.page.getByTestId('game-ended').getByText('遊戲已結束，題目無法再操作。').waitFor();
    await cohost.page.getByTestId('game-status').getByText('關閉', { exact: true }).waitFor({ timeout: 5_000 });
    expect(await cohost.page.getByTestId('game-status').innerText()).toBe('關閉');
    await shoot(cohost.page, 'cohost-ended-zh-TW-desktop');
    expect([...host.problems, ...cohost.problems]).toEqual([]);
  });
});
