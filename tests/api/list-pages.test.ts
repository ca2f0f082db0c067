/**
 * The pager's figures of the game, question and notification lists, each answered by one statement
 * (the page with its total, src/server/db/page-total.ts): the total on every page, on a last page
 * shorter than the limit and on a page past the end; the filters count as they list; a question list
 * of a game without questions is empty, and of another company's game answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';

let app: FastifyInstance;
let token: string;
let busyGame: number;
let emptyGame: number;
let demoGames: number;

const question = (gameId: number, title: string) => ({
  trivia_game_id: gameId,
  title,
  question_text: `${title}?`,
  question_img: '',
  pre_video_url: '',
  have_answering_time: 1,
  answering_time: 10,
  score: 0,
  question_type: 1,
  is_bonus: 0,
  options: [
    { title: 'A', text: 'Yes', img: '' },
    { title: 'B', text: 'No', img: '' },
  ],
  answer: ['A'],
});

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  demoGames = (await call(app, '/triviaGame/list', { page: 1, limit: 100 }, { token })).body.data.total;
  const ids: number[] = [];
  for (let i = 1; i <= 23; i += 1) ids.push((await call(app, '/triviaGame/create', { title: `Page game ${String(i).padStart(2, '0')}`, type: 1 }, { token })).body.data.id);
  busyGame = ids[0]!;
  emptyGame = ids[1]!;
  for (let i = 1; i <= 12; i += 1) expect((await call(app, '/question/create', question(busyGame, `Q${i}`), { token })).body.code).toBe(200);
  await call(app, '/notification/send', { admins: [], message: '<p>One</p>' }, { token });
  for (let i = 2; i <= 7; i += 1) await call(app, '/notification/send', { admins: [], message: `<p>Message ${i}</p>` }, { token });
});
afterAll(() => app.close());

const page = async (path: string, body: Record<string, unknown>) => {
  const res = await call(app, path, body, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { list: Array<{ id: number; title?: string; plain_text?: string }>; total: number };
};

describe('the game list', () => {
  it('gives the total on a full page, on the short last page and past the end', async () => {
    const total = demoGames + 23;
    const first = await page('/triviaGame/list', { page: 1, limit: 10 });
    expect(first.list).toHaveLength(10);
    expect(first.total).toBe(total);
    expect(first.list[0]!.title).toBe('Page game 23');
    const last = await page('/triviaGame/list', { page: 3, limit: 10 });
    expect(last.list).toHaveLength(total - 20);
    expect(last.total).toBe(total);
    const beyond = await page('/triviaGame/list', { page: 9, limit: 10 });
    expect(beyond).toEqual({ list: [], total });
  });

  it('counts what the filter keeps, and none when it keeps none', async () => {
    const filtered = await page('/triviaGame/list', { page: 1, limit: 5, title: 'Page game 1' });
    expect(filtered.total).toBe(10);
    expect(filtered.list.map((game) => game.title)).toEqual(['Page game 19', 'Page game 18', 'Page game 17', 'Page game 16', 'Page game 15']);
    expect(await page('/triviaGame/list', { page: 1, limit: 5, title: 'no such game' })).toEqual({ list: [], total: 0 });
    expect(await page('/triviaGame/list', { page: 2, limit: 5, title: 'no such game' })).toEqual({ list: [], total: 0 });
  });

  it("shows another company's admin none of these games", async () => {
    const other = await createCompany(app, 'Elsewhere');
    await createAdmin(app, { username: 'elsewhere', password: 'Elsewhere-pass-1', roles: ['viewer'], companyIds: [other] });
    const theirs = await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token: await login(app, 'elsewhere', 'Elsewhere-pass-1'), cid: String(other) });
    expect(theirs.body.data).toEqual({ list: [], total: 0 });
  });
});

describe('the question list', () => {
  it('gives the total on every page and past the end, in the game order', async () => {
    const first = await page('/question/list', { trivia_game_id: busyGame, page: 1, limit: 5 });
    expect(first.total).toBe(12);
    expect(first.list.map((q) => q.title)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5']);
    const last = await page('/question/list', { trivia_game_id: busyGame, page: 3, limit: 5 });
    expect(last.list.map((q) => q.title)).toEqual(['Q11', 'Q12']);
    expect(last.total).toBe(12);
    expect(await page('/question/list', { trivia_game_id: busyGame, page: 4, limit: 5 })).toEqual({ list: [], total: 12 });
    expect((await page('/question/list', { trivia_game_id: busyGame, page: 1, limit: 5, title: 'Q1' })).total).toBe(4);
  });

  it('is empty for a game without questions, and 404 for a game that is not the company’s', async () => {
    expect(await page('/question/list', { trivia_game_id: emptyGame, page: 1, limit: 10 })).toEqual({ list: [], total: 0 });
    expect(await page('/question/list', { trivia_game_id: emptyGame, page: 2, limit: 10 })).toEqual({ list: [], total: 0 });
    const other = await createCompany(app, 'Another venue');
    const foreign = await call(app, '/question/list', { trivia_game_id: busyGame, page: 1, limit: 10 }, { token, cid: String(other) });
    expect(foreign.status).toBe(404);
    expect((await call(app, '/question/list', { trivia_game_id: 999_999, page: 1, limit: 10 }, { token })).status).toBe(404);
  });
});

describe('the notification list', () => {
  it('gives the total on every page and past the end, newest first', async () => {
    const first = await page('/notification/list', { page: 1, limit: 5 });
    expect(first.total).toBe(7);
    expect(first.list[0]!.plain_text).toBe('Message 7');
    const last = await page('/notification/list', { page: 2, limit: 5 });
    expect(last.list.map((n) => n.plain_text)).toEqual(['Message 2', 'One']);
    expect(last.total).toBe(7);
    expect(await page('/notification/list', { page: 3, limit: 5 })).toEqual({ list: [], total: 7 });
    expect((await page('/notification/list', { page: 1, limit: 5, message: 'Message' })).total).toBe(6);
  });
});
