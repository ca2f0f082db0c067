/**
 * Trivia games, levels and questions as the back office meets them: create, read, change and delete,
 * lists with paging, sorting and filters, every field error (422) in both languages, the refusals
 * that protect a live game (201), levels and promotion scores, tenant isolation, and the demo
 * content of a fresh installation. Every response is checked against the contract by tests/support/api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { validateQuestion } from '@/domain/question-rules';
import { questions, triviaGames } from '@/server/db/schema';
import { seedDatabase } from '@/server/features/seed';
import { createTestApp } from '../support/app';
import { call, login, type CallOptions } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
});
afterAll(() => app.close());

const api = (path: string, body: unknown, options: CallOptions = {}) => call(app, path, body, { token, ...options });

/** A company of its own, so lists hold only what the test created. */
async function freshCompany(name: string): Promise<string> {
  return String(await createCompany(app, name));
}

async function createGame(body: Record<string, unknown>, cid = '1'): Promise<number> {
  const res = await api('/triviaGame/create', { type: 1, ...body }, { cid });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data.id as number;
}

const textOptions = (...texts: string[]) => texts.map((text, i) => ({ title: 'ABCD'[i], text, img: '' }));

/** A question body that breaks no rule. */
const questionBody = (gameId: number, changes: Record<string, unknown> = {}) => ({
  trivia_game_id: gameId,
  title: '台灣最高峰',
  question_text: '台灣最高的山是哪一座？',
  question_img: '',
  pre_video_url: '',
  have_answering_time: 1,
  answering_time: 15,
  score: 0,
  question_type: 1,
  is_bonus: 0,
  options: textOptions('玉山', '雪山', '合歡山'),
  answer: ['A'],
  ...changes,
});

async function createQuestion(gameId: number, changes: Record<string, unknown> = {}, cid = '1'): Promise<number> {
  const res = await api('/question/create', questionBody(gameId, changes), { cid });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data.id as number;
}

const setQuestionStatus = (id: number, status: number) => app.db.update(questions).set({ status }).where(eq(questions.id, id));

async function fieldErrors(path: string, body: unknown, lang: 'en' | 'zh-TW' = 'en', cid = '1') {
  const res = await api(path, body, { lang, cid });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.code).toBe(422);
  return res.body.data.errors as Record<string, string[]>;
}

describe('demo content of a fresh installation', () => {
  it('gives company 1 a speed contest and a level game with their questions', async () => {
    const list = await api('/triviaGame/list', { page: 1, limit: 10, order: 'asc', sort: 'id' });
    const [speed, levels] = list.body.data.list;
    expect(list.body.data.total).toBe(2);
    expect(speed).toMatchObject({ title: '台灣知識搶答賽（示範）', type: 1, status: 1, question_count: 5, start_time: null, end_time: null });
    expect(levels).toMatchObject({ title: '台灣文化闖關賽（示範）', type: 2, status: 1, question_count: 6 });
    expect(speed.pin).not.toBe(levels.pin);
    const open = Date.parse(levels.end_time) - Date.parse(levels.start_time);
    expect(open).toBe(30 * 24 * 60 * 60 * 1000);
    expect(Math.abs(Date.parse(levels.start_time) - Date.now())).toBeLessThan(10 * 60 * 1000);

    const detail = await api('/triviaGame/detail', { id: levels.id });
    expect(detail.body.data.item.levels.map((l: any) => [l.level, l.promotion_score])).toEqual([
      [1, 20],
      [2, null],
    ]);

    const speedQuestions = (await api('/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: speed.id })).body.data.list;
    expect(speedQuestions.map((q: any) => q.sort)).toEqual([1, 2, 3, 4, 5]);
    expect(speedQuestions.filter((q: any) => q.is_bonus === 1)).toHaveLength(1);
    const pictured = speedQuestions.filter((q: any) => q.question_img !== '');
    expect(pictured).toHaveLength(1);
    for (const path of [pictured[0].question_img, ...pictured[0].options.map((o: any) => o.img)]) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }

    const levelQuestions = (await api('/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: levels.id })).body.data.list;
    expect(levelQuestions).toHaveLength(6);
    const levelIds = detail.body.data.item.levels.map((l: any) => l.id);
    expect(new Set(levelQuestions.map((q: any) => q.level_id))).toEqual(new Set(levelIds));
    for (const q of speedQuestions) expect(validateQuestion(q, { gameType: 1 }), q.title).toEqual({});
    for (const q of levelQuestions) expect(validateQuestion(q, { gameType: 2, levelIds }), q.title).toEqual({});
  });

  it('is not seeded again on a later start', async () => {
    await seedDatabase(app.db, { adminPassword: null, files: app.fileStore });
    const list = await api('/triviaGame/list', { page: 1, limit: 100, order: 'asc', sort: 'id' });
    expect(list.body.data.total).toBe(2);
  });
});

describe('games', () => {
  it('creates a speed contest with a six-digit PIN and no levels', async () => {
    const id = await createGame({ title: '週年慶搶答', type: 1, status: 1 });
    const res = await api('/triviaGame/detail', { id });
    expect(res.body.data.item).toEqual({
      id,
      title: '週年慶搶答',
      type: 1,
      start_time: null,
      end_time: null,
      status: 1,
      pin: expect.stringMatching(/^\d{6}$/),
      question_count: 0,
      player_count: 0,
      player_cap: 10_000,
      answer_count: 0,
      ended_at: null,
      join_url: null, // neither PUBLIC_URL nor a company public URL here (tests/api/venue.test.ts)
      rehearsal_players: 0, // no rehearsal with simulated players (tests/api/rehearsal-bots.test.ts)
      // The stage console's fields (tests/api/stage-console-fields.test.ts): nothing shown yet, the autopilot off.
      current_question_id: null,
      auto_advance: { enabled: false, reveal: 'at_zero', ranking_after_s: 5, next_after_s: 10, end_after_last: true },
      autopilot: { trivia_game_id: id, state: 'off', next_step: null, due_at: null, remaining_ms: null },
      stage_message: null,
      levels: [],
    });
  });

  it('creates a level game with its open time and a first level', async () => {
    const id = await createGame({ title: '闖關賽', type: 2, start_time: '2026-05-01T10:00:00+08:00', end_time: '2026-05-02T10:00:00.000Z' });
    const item = (await api('/triviaGame/detail', { id })).body.data.item;
    expect(item).toMatchObject({ type: 2, status: 1, start_time: '2026-05-01T02:00:00.000Z', end_time: '2026-05-02T10:00:00.000Z' });
    expect(item.levels).toEqual([{ id: expect.any(Number), level: 1, promotion_score: null }]);
  });

  it('refuses a level game that closes before it opens, and a blank title, in both languages', async () => {
    const body = { title: ' ', type: 2, start_time: '2026-05-02T10:00:00.000Z', end_time: '2026-05-01T10:00:00.000Z' };
    expect(await fieldErrors('/triviaGame/create', body)).toEqual({
      title: ['Please enter a title'],
      end_time: ['The end time must be later than the start time'],
    });
    expect(await fieldErrors('/triviaGame/create', body, 'zh-TW')).toEqual({ title: ['請輸入標題'], end_time: ['結束時間必須晚於開始時間'] });
    const same = { title: 'x', type: 2, start_time: '2026-05-01T10:00:00.000Z', end_time: '2026-05-01T10:00:00.000Z' };
    expect(await fieldErrors('/triviaGame/create', same)).toEqual({ end_time: ['The end time must be later than the start time'] });
    expect(await fieldErrors('/triviaGame/create', { title: 'x' })).toEqual({ type: ['This field is required'] });
    expect(await fieldErrors('/triviaGame/create', { title: 'x', type: 3 }, 'zh-TW')).toEqual({ type: ['必須是下列之一：1, 2'] });
    expect(await fieldErrors('/triviaGame/create', { title: 'x', type: 2, start_time: 'tomorrow' })).toEqual({
      start_time: ['Must be a valid date-time'],
    });
  });

  it('updates a game, and closing and reopening it keeps a PIN no enabled game shares', async () => {
    const id = await createGame({ title: 'Before', type: 2 });
    const res = await api('/triviaGame/update', {
      id,
      title: 'After',
      type: 2,
      start_time: '2026-06-01T00:00:00.000Z',
      end_time: '2026-06-02T00:00:00.000Z',
      status: 0,
    });
    expect(res.body).toEqual({ code: 200, message: 'OK', data: {} });
    const closed = (await api('/triviaGame/detail', { id })).body.data.item;
    expect(closed).toMatchObject({ title: 'After', status: 0, start_time: '2026-06-01T00:00:00.000Z', end_time: '2026-06-02T00:00:00.000Z' });

    // Meanwhile an enabled game got the closed game's PIN.
    const other = await createGame({ title: 'Other', type: 1 });
    await app.db.update(triviaGames).set({ pin: closed.pin }).where(eq(triviaGames.id, other));
    await api('/triviaGame/update', { id, title: 'After', type: 2, status: 1 });
    const reopened = (await api('/triviaGame/detail', { id })).body.data.item;
    expect(reopened.status).toBe(1);
    expect(reopened.pin).toMatch(/^\d{6}$/);
    expect(reopened.pin).not.toBe(closed.pin);
  });

  it('keeps the player cap the operator sets: 10,000 when left out, kept by an update without it', async () => {
    const id = await createGame({ title: 'Big room', type: 1, player_cap: 25_000 });
    expect((await api('/triviaGame/detail', { id })).body.data.item.player_cap).toBe(25_000);
    await api('/triviaGame/update', { id, title: 'Big room, renamed', type: 1 });
    expect((await api('/triviaGame/detail', { id })).body.data.item).toMatchObject({ title: 'Big room, renamed', player_cap: 25_000 });
    await api('/triviaGame/update', { id, title: 'Big room', type: 1, player_cap: 50_000 });
    const cid = await freshCompany('Player caps');
    await createGame({ title: 'Default room', type: 2 }, cid);
    const list = (await api('/triviaGame/list', { page: 1, limit: 10 }, { cid })).body.data.list;
    expect(list.map((game: { title: string; player_cap: number }) => [game.title, game.player_cap])).toEqual([['Default room', 10_000]]);
    expect((await api('/triviaGame/detail', { id })).body.data.item.player_cap).toBe(50_000);
    // A copy keeps the cap.
    const copy = (await api('/triviaGame/duplicate', { id })).body.data.id as number;
    expect((await api('/triviaGame/detail', { id: copy })).body.data.item.player_cap).toBe(50_000);
  });

  it('refuses a player cap out of 1 to 50,000, in both languages', async () => {
    for (const [player_cap, en, zh] of [
      [0, 'Must be at least 1', '不可小於 1'],
      [50_001, 'Must be at most 50000', '不可大於 50000'],
      [1.5, 'Must be an integer', null],
    ] as const) {
      expect(await fieldErrors('/triviaGame/create', { title: 'x', type: 1, player_cap })).toEqual({ player_cap: [en] });
      if (zh) expect(await fieldErrors('/triviaGame/create', { title: 'x', type: 1, player_cap }, 'zh-TW')).toEqual({ player_cap: [zh] });
    }
    const id = await createGame({ title: 'Capped', type: 1, player_cap: 500 });
    expect(await fieldErrors('/triviaGame/update', { id, title: 'Capped', type: 1, player_cap: 60_000 })).toEqual({ player_cap: ['Must be at most 50000'] });
    expect((await api('/triviaGame/detail', { id })).body.data.item.player_cap).toBe(500);
  });

  it("refuses to change the type of a game that has questions, and changes an empty game's type", async () => {
    const id = await createGame({ title: 'Typed', type: 1 });
    await api('/triviaGame/update', { id, title: 'Typed', type: 2 });
    expect((await api('/triviaGame/detail', { id })).body.data.item.levels).toHaveLength(1);
    await api('/triviaGame/update', { id, title: 'Typed', type: 1 });
    expect((await api('/triviaGame/detail', { id })).body.data.item).toMatchObject({ type: 1, levels: [] });

    await createQuestion(id);
    const refused = await api('/triviaGame/update', { id, title: 'Typed', type: 2 }, { lang: 'zh-TW' });
    expect(refused.body).toEqual({ code: 201, message: '此遊戲已有題目，無法變更遊戲類型', data: null });
    const en = await api('/triviaGame/update', { id, title: 'Typed', type: 2 });
    expect(en.body.message).toBe('This game already has questions; its type cannot be changed');
    expect((await api('/triviaGame/detail', { id })).body.data.item.type).toBe(1);
  });

  it('answers 404 for a game that does not exist', async () => {
    for (const [path, body] of [
      ['/triviaGame/detail', { id: 999999 }],
      ['/triviaGame/update', { id: 999999, title: 'x', type: 1 }],
      ['/triviaGame/delete', { id: 999999 }],
      ['/triviaGame/allLevel', { trivia_game_id: 999999 }],
    ] as const) {
      const res = await api(path, body);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'The record does not exist', data: null });
    }
    // An id past the database's integer range cannot exist: the contract bounds every id (issue 19).
    for (const [path, body, field] of [
      ['/triviaGame/detail', { id: 2 ** 40 }, 'id'],
      ['/triviaGame/delete', { id: 2 ** 40 }, 'id'],
      ['/question/detail', { id: 2 ** 40 }, 'id'],
      ['/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: 2 ** 40 }, 'trivia_game_id'],
    ] as const) {
      const res = await api(path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.data.errors, path).toEqual({ [field]: ['Must be at most 2147483647'] });
    }
  });

  it('deletes a game with its questions, but not while one of them is on screen', async () => {
    const id = await createGame({ title: 'Doomed', type: 1 });
    const questionId = await createQuestion(id);
    await setQuestionStatus(questionId, 1);
    const refused = await api('/triviaGame/delete', { id }, { lang: 'zh-TW' });
    expect(refused.body).toEqual({ code: 201, message: '此遊戲有題目正在顯示中，無法刪除', data: null });
    expect((await api('/triviaGame/delete', { id })).body.message).toBe('A question of this game is on screen; the game cannot be deleted now');
    expect((await api('/triviaGame/detail', { id })).body.code).toBe(200);

    await setQuestionStatus(questionId, 2);
    expect((await api('/triviaGame/delete', { id })).body).toEqual({ code: 200, message: 'OK', data: {} });
    expect((await api('/triviaGame/detail', { id })).status).toBe(404);
    expect((await api('/question/detail', { id: questionId })).status).toBe(404);
  });

  it('deletes a level game with its levels and the questions that use them, even its current question', async () => {
    const id = await createGame({ title: 'Level doomed', type: 2 });
    const [level] = (await api('/triviaGame/allLevel', { trivia_game_id: id })).body.data.list;
    const questionId = await createQuestion(id, { level_id: level.id, score: 5 });
    await setQuestionStatus(questionId, 2);
    await app.db.update(triviaGames).set({ currentQuestionId: questionId }).where(eq(triviaGames.id, id));
    expect((await api('/triviaGame/delete', { id })).body.code).toBe(200);
    expect((await api('/triviaGame/allLevel', { trivia_game_id: id })).status).toBe(404);
    expect((await api('/question/detail', { id: questionId })).status).toBe(404);
  });

  it('lets a viewer list games but not create them', async () => {
    await createAdmin(app, { username: 'vic', password: 'Vic-password-1', roles: ['viewer'] });
    const viewer = await login(app, 'vic', 'Vic-password-1');
    expect((await call(app, '/triviaGame/list', { page: 1, limit: 10, order: 'asc', sort: '' }, { token: viewer })).body.code).toBe(200);
    expect((await call(app, '/triviaGame/create', { title: 'x', type: 1 }, { token: viewer })).status).toBe(403);
    expect((await call(app, '/question/create', questionBody(1), { token: viewer })).status).toBe(403);
  });
});

describe('game list', () => {
  let cid: string;
  // Capitalised first letters: the order is then the same under every collation (PGlite's C, a server's en_US).
  const titles = ['Alpha quiz', 'Beta Quiz', 'Gamma', 'Delta QUIZ', 'Epsilon', 'Zeta 100%', 'Eta', 'Theta', 'Iota', 'Kappa', 'Lambda', 'Mu'];
  const ids: number[] = [];
  beforeAll(async () => {
    cid = await freshCompany('List company');
    for (const [i, title] of titles.entries()) {
      ids.push(await createGame({ title, type: i % 3 === 0 ? 2 : 1, status: i % 4 === 0 ? 0 : 1 }, cid));
    }
    await createQuestion(ids[0]!, { level_id: (await api('/triviaGame/allLevel', { trivia_game_id: ids[0] }, { cid })).body.data.list[0].id }, cid);
    await createQuestion(ids[1]!, {}, cid);
    await createQuestion(ids[1]!, {}, cid);
  });

  const list = async (body: Record<string, unknown>) => {
    const res = await api('/triviaGame/list', { page: 1, limit: 10, order: 'asc', sort: 'id', ...body }, { cid });
    expect(res.body.code).toBe(200);
    return res.body.data as { list: any[]; total: number };
  };

  it('pages through the games', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list({ page, limit: 5 })));
    expect(pages.map((p) => p.total)).toEqual([12, 12, 12]);
    expect(pages.map((p) => p.list.length)).toEqual([5, 5, 2]);
    expect(pages.flatMap((p) => p.list.map((g) => g.id))).toEqual(ids);
    expect((await list({ page: 4, limit: 5 })).list).toEqual([]);
  });

  it('counts the questions of each game', async () => {
    const { list: games } = await list({ limit: 3 });
    expect(games.map((g) => g.question_count)).toEqual([1, 2, 0]);
  });

  it('sorts by title, status and id, both ways, and falls back to newest first', async () => {
    const byTitle = (await list({ sort: 'title', order: 'asc', limit: 100 })).list.map((g) => g.title);
    expect(byTitle).toEqual([...titles].sort());
    const desc = (await list({ sort: 'title', order: 'desc', limit: 100 })).list.map((g) => g.title);
    expect(desc).toEqual([...byTitle].reverse());
    const byStatus = (await list({ sort: 'status', order: 'asc', limit: 100 })).list.map((g) => g.status);
    expect(byStatus).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect((await list({ sort: 'id', order: 'desc', limit: 3 })).list.map((g) => g.id)).toEqual(ids.slice(-3).reverse());
    expect((await list({ sort: '', order: 'asc', limit: 3 })).list.map((g) => g.id)).toEqual(ids.slice(-3).reverse());
    expect((await list({ sort: 'password_hash', order: 'asc', limit: 3 })).list.map((g) => g.id)).toEqual(ids.slice(-3).reverse());
  });

  it('sorts by open time, games without one last, and by creation', async () => {
    await api('/triviaGame/update', { id: ids[6], title: 'Eta', type: 2, start_time: '2026-03-01T00:00:00.000Z' }, { cid });
    await api('/triviaGame/update', { id: ids[9], title: 'Kappa', type: 2, start_time: '2026-02-01T00:00:00.000Z' }, { cid });
    expect((await list({ sort: 'start_time', order: 'asc', limit: 3 })).list.map((g) => g.title)).toEqual(['Kappa', 'Eta', 'Alpha quiz']);
    expect((await list({ sort: 'start_time', order: 'desc', limit: 3 })).list.map((g) => g.title)).toEqual(['Eta', 'Kappa', 'Mu']);
    expect((await list({ sort: 'created_at', order: 'asc', limit: 100 })).list.map((g) => g.id)).toEqual(ids);
  });

  it('filters by title (contains, any case), type and status', async () => {
    expect((await list({ title: 'quiz', limit: 100 })).list.map((g) => g.title)).toEqual(['Alpha quiz', 'Beta Quiz', 'Delta QUIZ']);
    expect((await list({ title: '100%' })).list.map((g) => g.title)).toEqual(['Zeta 100%']);
    expect((await list({ title: '%' })).total).toBe(1);
    expect((await list({ title: '_' })).total).toBe(0);
    expect((await list({ type: 2, limit: 100 })).list.map((g) => g.title)).toEqual(['Alpha quiz', 'Delta QUIZ', 'Eta', 'Kappa']);
    expect((await list({ status: 0, limit: 100 })).list.map((g) => g.title)).toEqual(['Alpha quiz', 'Epsilon', 'Iota']);
    expect((await list({ status: 1, type: 2, title: 'a' })).list.map((g) => g.title)).toEqual(['Delta QUIZ', 'Eta', 'Kappa']);
  });

  it('refuses a page size out of range', async () => {
    expect(await fieldErrors('/triviaGame/list', { page: 1, limit: 101, order: 'asc', sort: 'id' })).toEqual({ limit: ['Must be at most 100'] });
    expect(await fieldErrors('/triviaGame/list', { page: 0, limit: 10, order: 'up', sort: 'id' })).toEqual({
      page: ['Must be at least 1'],
      order: ['Must be one of: asc, desc'],
    });
  });
});

describe('levels', () => {
  let gameId: number;
  beforeAll(async () => {
    gameId = await createGame({ title: 'Levels', type: 2 });
  });
  const save = (levels: unknown[], lang: CallOptions['lang'] = 'en') =>
    api('/triviaGame/updateLevel', { trivia_game_id: gameId, trivia_game_level: levels }, { lang });

  it('saves levels by number with a promotion score for all but the last, which has none', async () => {
    const first = (await api('/triviaGame/allLevel', { trivia_game_id: gameId })).body.data.list;
    const res = await save([
      { level: 1, promotion_score: 30 },
      { level: 2, promotion_score: 0 },
      { level: 3, promotion_score: 50 },
    ]);
    expect(res.body.code).toBe(200);
    expect(res.body.data.list.map((l: any) => [l.level, l.promotion_score])).toEqual([
      [1, 30],
      [2, 0],
      [3, null],
    ]);
    expect(res.body.data.list[0].id).toBe(first[0].id);
    const all = (await api('/triviaGame/allLevel', { trivia_game_id: gameId })).body.data.list;
    expect(all).toEqual(res.body.data.list);
  });

  it('asks for the promotion score of each level but the last, in both languages', async () => {
    const levels = [
      { level: 1, promotion_score: 10 },
      { level: 2, promotion_score: null },
      { level: 3, promotion_score: null },
    ];
    const en = await save(levels);
    expect(en.status).toBe(422);
    expect(en.body.data.errors).toEqual({ 'trivia_game_level.1.promotion_score': ['please enter the promotion score of level 2'] });
    const zh = await save(levels, 'zh-TW');
    expect(zh.body.data.errors).toEqual({ 'trivia_game_level.1.promotion_score': ['請輸入第 2 關的晉級分數'] });
    expect(await fieldErrors('/triviaGame/updateLevel', { trivia_game_id: gameId, trivia_game_level: [{ level: 1, promotion_score: -5 }, { level: 2, promotion_score: null }] })).toEqual({
      'trivia_game_level.0.promotion_score': ['Must be at least 0'],
    });
  });

  it('needs levels numbered 1..n', async () => {
    const gap = await save([
      { level: 1, promotion_score: 10 },
      { level: 3, promotion_score: null },
    ]);
    expect(gap.status).toBe(422);
    expect(gap.body.data.errors).toEqual({ trivia_game_level: ['Levels must be numbered 1, 2, 3 … without gaps or repeats'] });
    const repeat = await save(
      [
        { level: 1, promotion_score: 10 },
        { level: 1, promotion_score: null },
      ],
      'zh-TW',
    );
    expect(repeat.body.data.errors).toEqual({ trivia_game_level: ['關卡需從 1 開始連續編號，不可重複'] });
    expect((await save([])).body.data.errors).toEqual({ trivia_game_level: ['At least one level is needed'] });
  });

  it('refuses to remove a level that still has questions, and removes it once they are gone', async () => {
    const levels = (await api('/triviaGame/allLevel', { trivia_game_id: gameId })).body.data.list;
    const questionId = await createQuestion(gameId, { level_id: levels[2].id, score: 10 });
    const refused = await save([{ level: 1, promotion_score: 30 }, { level: 2, promotion_score: null }], 'zh-TW');
    expect(refused.body).toEqual({ code: 201, message: '第 3 關仍有題目，請先刪除這些題目或改到其他關卡', data: null });
    const en = await save([{ level: 1, promotion_score: null }]);
    expect(en.body.message).toBe('Level 3 still has questions; delete them or move them to another level first');
    expect((await api('/triviaGame/allLevel', { trivia_game_id: gameId })).body.data.list).toHaveLength(3);

    await api('/question/delete', { id: questionId });
    const saved = await save([{ level: 1, promotion_score: 30 }, { level: 2, promotion_score: null }]);
    expect(saved.body.data.list.map((l: any) => [l.level, l.promotion_score])).toEqual([
      [1, 30],
      [2, null],
    ]);
  });

  it('has no levels for a speed contest', async () => {
    const speed = await createGame({ title: 'Speed', type: 1 });
    const res = await api('/triviaGame/updateLevel', { trivia_game_id: speed, trivia_game_level: [{ level: 1, promotion_score: null }] });
    expect(res.body).toEqual({ code: 201, message: 'Only level games (type 2) have levels', data: null });
  });
});

describe('questions', () => {
  let speedId: number;
  let levelGameId: number;
  let levelIds: number[];
  beforeAll(async () => {
    speedId = await createGame({ title: 'Question speed', type: 1 });
    levelGameId = await createGame({ title: 'Question levels', type: 2 });
    const saved = await api('/triviaGame/updateLevel', {
      trivia_game_id: levelGameId,
      trivia_game_level: [
        { level: 1, promotion_score: 10 },
        { level: 2, promotion_score: null },
      ],
    });
    levelIds = saved.body.data.list.map((l: any) => l.id);
  });

  it('creates a question and reads it back as sent, after the last one', async () => {
    const body = questionBody(speedId, { question_type: 2, answer: ['C', 'A'], is_bonus: 1, pre_video_url: 'https://example.com/v.mp4' });
    const first = await createQuestion(speedId, { title: 'First' });
    const id = await createQuestion(speedId, body);
    const item = (await api('/question/detail', { id })).body.data.item;
    expect(item).toEqual({
      id,
      trivia_game_id: speedId,
      title: '台灣最高峰',
      question_text: '台灣最高的山是哪一座？',
      question_img: '',
      pre_video_url: 'https://example.com/v.mp4',
      level_id: 0,
      have_answering_time: 1,
      answering_time: 15,
      score: 0,
      question_type: 2,
      is_bonus: 1,
      options: textOptions('玉山', '雪山', '合歡山'),
      answer: ['A', 'C'],
      accepted_answers: [],
      ignore_punctuation: 0,
      slider: null,
      explanation: '',
      notes: '',
      status: 0,
      sort: 2,
    });
    expect((await api('/question/detail', { id: first })).body.data.item.sort).toBe(1);
    const placed = await createQuestion(speedId, { sort: 10 });
    expect((await api('/question/detail', { id: placed })).body.data.item.sort).toBe(10);
    const next = await createQuestion(speedId);
    expect((await api('/question/detail', { id: next })).body.data.item.sort).toBe(11);
  });

  it('fills what a create leaves out with the defaults of a new question', async () => {
    const id = await createQuestion(speedId, { have_answering_time: undefined, answering_time: undefined, question_type: undefined, is_bonus: undefined, score: undefined });
    expect((await api('/question/detail', { id })).body.data.item).toMatchObject({ have_answering_time: 1, answering_time: 1, question_type: 1, is_bonus: 0, score: 0 });
  });

  it('keeps a speed question time-limited and level-less, and a level question without bonus', async () => {
    const speed = await createQuestion(speedId, { have_answering_time: 0, level_id: levelIds[0] });
    expect((await api('/question/detail', { id: speed })).body.data.item).toMatchObject({ have_answering_time: 1, level_id: 0 });
    const level = await createQuestion(levelGameId, { have_answering_time: 0, is_bonus: 1, level_id: levelIds[1], score: 25 });
    expect((await api('/question/detail', { id: level })).body.data.item).toMatchObject({ have_answering_time: 0, is_bonus: 0, level_id: levelIds[1], score: 25 });
  });

  const img = '/files/images/1/2026-01/0123456789abcdef0123456789abcdef.png';
  const cases: Array<{ rule: string; changes: Record<string, unknown>; level?: boolean; en: Record<string, string[]>; zh: Record<string, string[]> }> = [
    { rule: 'title required', changes: { title: '  ' }, en: { title: ['Please enter a title'] }, zh: { title: ['請輸入標題'] } },
    { rule: 'title missing', changes: { title: undefined }, en: { title: ['Please enter a title'] }, zh: { title: ['請輸入標題'] } },
    { rule: 'level required (type 2)', level: true, changes: { level_id: 0 }, en: { level_id: ['Please choose a level'] }, zh: { level_id: ['請選擇關卡'] } },
    {
      rule: 'text or image',
      changes: { question_text: '', question_img: '' },
      en: { question_text: ['Please enter the question text or choose a question image'] },
      zh: { question_text: ['請輸入題目文字或選擇題目圖片'] },
    },
    {
      rule: 'every option needs text once one has',
      changes: { options: textOptions('玉山', '', '合歡山') },
      en: { 'options.1.text': ['Please enter the answer'] },
      zh: { 'options.1.text': ['請輸入答案'] },
    },
    {
      rule: 'options need text or images',
      changes: { options: textOptions('', '') },
      en: { options: ['Please enter the answers or choose answer images'] },
      zh: { options: ['請輸入答案或選擇答案圖片'] },
    },
    {
      rule: 'every option needs an image once one has',
      changes: {
        options: [
          { title: 'A', text: '', img },
          { title: 'B', text: '', img: '' },
        ],
      },
      en: { 'options.1.img': ['Please choose an image'] },
      zh: { 'options.1.img': ['請選擇題目圖片'] },
    },
    { rule: 'a correct option', changes: { answer: [] }, en: { answer: ['Please choose at least one answer'] }, zh: { answer: ['請至少選擇一個答案'] } },
    {
      rule: 'single choice has one answer',
      changes: { answer: ['A', 'B'] },
      en: { answer: ['A single-choice question has exactly one answer'] },
      zh: { answer: ['單選題只能選擇一個答案'] },
    },
    {
      rule: 'answers name existing options',
      changes: { answer: ['D'] },
      en: { answer: ['Answers can only name existing options'] },
      zh: { answer: ['答案只能是現有的選項'] },
    },
    {
      rule: 'options lettered in order',
      changes: { options: [...textOptions('玉山', '雪山')].reverse(), answer: ['A'] },
      en: { options: ['Options must be lettered A to D in order'] },
      zh: { options: ['選項需依序標示為 A 到 D'] },
    },
    {
      rule: 'at most 4 options (contract bound)',
      changes: { options: textOptions('a', 'b', 'c', 'd', 'e').map((o, i) => (i === 4 ? { ...o, title: 'A' } : o)) },
      en: { options: ['Must have at most 4 items'] },
      zh: { options: ['最多 4 項'] },
    },
    {
      rule: 'at least 2 options (the kind\'s rule: a kind without options may send none)',
      changes: { options: textOptions('a') },
      en: { options: ['There must be 2 to 4 options'] },
      zh: { options: ['選項需有 2 到 4 個'] },
    },
    { rule: 'answering seconds ≥ 1', changes: { answering_time: 0 }, en: { answering_time: ['Must be at least 1'] }, zh: { answering_time: ['不可小於 1'] } },
    { rule: 'answering seconds ≤ 3600', changes: { answering_time: 3601 }, en: { answering_time: ['Must be at most 3600'] }, zh: { answering_time: ['不可大於 3600'] } },
    { rule: 'score ≥ 0', changes: { score: -1 }, en: { score: ['Must be at least 0'] }, zh: { score: ['不可小於 0'] } },
  ];

  it.each(cases)('refuses a question that breaks "$rule" with its message in both languages', async ({ changes, level, en, zh }) => {
    const body = level ? questionBody(levelGameId, { level_id: levelIds[0], ...changes }) : questionBody(speedId, changes);
    expect(await fieldErrors('/question/create', body, 'en')).toEqual(en);
    expect(await fieldErrors('/question/create', body, 'zh-TW')).toEqual(zh);
  });

  it('refuses numbers too large to store', async () => {
    expect(await fieldErrors('/question/create', questionBody(speedId, { score: 2 ** 31, sort: 2 ** 31 }))).toEqual({
      score: ['Must be at most 2147483647'],
      sort: ['Must be at most 2147483647'],
    });
    expect(await fieldErrors('/question/create', questionBody(speedId, { score: 2 ** 31 }), 'zh-TW')).toEqual({ score: ['不可大於 2147483647'] });
    expect(
      await fieldErrors('/triviaGame/updateLevel', {
        trivia_game_id: levelGameId,
        trivia_game_level: [
          { level: 1, promotion_score: 2 ** 31 },
          { level: 2, promotion_score: null },
        ],
      }),
    ).toEqual({ 'trivia_game_level.0.promotion_score': ['Must be at most 2147483647'] });
  });

  it('takes only images uploaded for its company, and keeps an image a question already had', async () => {
    const foreign = '/files/images/2/2026-01/0123456789abcdef0123456789abcdef.png';
    const legacy = '/files/images/2026-01/0123456789abcdef0123456789abcdef.png';
    for (const [field, changes] of [
      ['question_img', { question_img: foreign }],
      ['question_img', { question_img: 'https://tracker.example/pixel.png' }],
      ['question_img', { question_img: legacy }],
      ['options.0.img', { options: [{ title: 'A', text: '', img: foreign }, { title: 'B', text: '', img }] }],
    ] as const) {
      expect(await fieldErrors('/question/create', questionBody(speedId, changes))).toEqual({
        [field]: ['The image must be one uploaded for this company (choose it with the upload button)'],
      });
    }
    expect(await fieldErrors('/question/create', questionBody(speedId, { question_img: foreign }), 'zh-TW')).toEqual({
      question_img: ['圖片需為本公司上傳的圖片（請用上傳按鈕選擇圖片）'],
    });
    // A question stored before images were kept per company still saves with its image.
    const id = await createQuestion(speedId, { question_img: img });
    await app.db.update(questions).set({ questionImg: legacy }).where(eq(questions.id, id));
    expect((await api('/question/update', { id, trivia_game_id: speedId, title: 'Renamed' })).body.code).toBe(200);
    expect((await api('/question/detail', { id })).body.data.item.question_img).toBe(legacy);
  });

  it('fails loudly on a stored question type that is no kind, never taking it for single choice', async () => {
    const gameId = await createGame({ title: 'Unknown kind', type: 1 });
    const id = await createQuestion(gameId);
    await app.db.update(questions).set({ questionType: 9 }).where(eq(questions.id, id));
    for (const [path, body] of [
      ['/question/detail', { id }],
      ['/question/update', { id, trivia_game_id: gameId, title: 'Renamed' }],
    ] as const) {
      const res = await api(path, body);
      expect(res.status, path).toBe(500);
      expect(res.body.data.errorId, path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("refuses a level of another game", async () => {
    const other = await createGame({ title: 'Other levels', type: 2 });
    const foreignLevel = (await api('/triviaGame/allLevel', { trivia_game_id: other })).body.data.list[0].id;
    expect(await fieldErrors('/question/create', questionBody(levelGameId, { level_id: foreignLevel }))).toEqual({
      level_id: ['The chosen level does not belong to this game'],
    });
    expect(await fieldErrors('/question/create', questionBody(levelGameId, { level_id: foreignLevel }), 'zh-TW')).toEqual({
      level_id: ['所選的關卡不屬於此遊戲'],
    });
  });

  it('reports every broken rule of a bare question at once', async () => {
    expect(await fieldErrors('/question/create', { trivia_game_id: levelGameId }, 'zh-TW')).toEqual({
      title: ['請輸入標題'],
      level_id: ['請選擇關卡'],
      question_text: ['請輸入題目文字或選擇題目圖片'],
      options: ['請輸入答案或選擇答案圖片'],
      answer: ['請至少選擇一個答案'],
    });
  });

  it('updates a question that has not been shown, keeping what the update leaves out', async () => {
    const id = await createQuestion(levelGameId, { level_id: levelIds[0], score: 10 });
    const res = await api('/question/update', { id, trivia_game_id: levelGameId, title: 'Renamed', level_id: levelIds[1], question_type: 2, answer: ['A', 'B'] });
    expect(res.body).toEqual({ code: 200, message: 'OK', data: {} });
    const item = (await api('/question/detail', { id })).body.data.item;
    expect(item).toMatchObject({ title: 'Renamed', level_id: levelIds[1], question_type: 2, answer: ['A', 'B'], score: 10, question_text: '台灣最高的山是哪一座？' });
    expect(await fieldErrors('/question/update', { id, trivia_game_id: levelGameId, question_type: 1 })).toEqual({
      answer: ['A single-choice question has exactly one answer'],
    });
  });

  it('refuses to change a question once shown or answered', async () => {
    const id = await createQuestion(speedId);
    for (const status of [1, 2, 3]) {
      await setQuestionStatus(id, status);
      const res = await api('/question/update', { id, trivia_game_id: speedId, title: 'Too late' }, { lang: 'zh-TW' });
      expect(res.body, String(status)).toEqual({ code: 201, message: '此題目已出題或已公佈答案，無法修改', data: null });
    }
    const en = await api('/question/update', { id, trivia_game_id: speedId, title: 'Too late' });
    expect(en.body.message).toBe('This question has already been shown to the players; it can no longer be changed');
    expect((await api('/question/detail', { id })).body.data.item.title).toBe('台灣最高峰');
  });

  it('deletes a question, but not while it is on screen', async () => {
    const id = await createQuestion(speedId);
    await setQuestionStatus(id, 1);
    const refused = await api('/question/delete', { id }, { lang: 'zh-TW' });
    expect(refused.body).toEqual({ code: 201, message: '此題目正在顯示中，無法刪除', data: null });
    expect((await api('/question/delete', { id })).body.message).toBe('This question is on screen; it cannot be deleted now');
    await setQuestionStatus(id, 3);
    expect((await api('/question/delete', { id })).body).toEqual({ code: 200, message: 'OK', data: {} });
    expect((await api('/question/detail', { id })).status).toBe(404);
    expect((await api('/question/delete', { id })).status).toBe(404);
  });

  it('answers 404 for a question moved to another game or a game that does not exist', async () => {
    const id = await createQuestion(speedId);
    expect((await api('/question/update', { id, trivia_game_id: levelGameId, title: 'Moved' })).status).toBe(404);
    expect((await api('/question/create', questionBody(999999))).status).toBe(404);
    expect((await api('/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: 999999 })).status).toBe(404);
  });
});

describe('question list', () => {
  let gameId: number;
  const ids: number[] = [];
  const titles = ['Mountains', 'Rivers', 'Lakes', 'Mountain PASSES', 'Islands', 'Cities', 'Food', 'Festivals', 'Temples', 'Night markets', 'Trains', 'Birds'];
  beforeAll(async () => {
    gameId = await createGame({ title: 'Question list', type: 1 });
    for (const title of titles) ids.push(await createQuestion(gameId, { title }));
    await setQuestionStatus(ids[1]!, 2);
    await setQuestionStatus(ids[2]!, 1);
  });
  const list = async (body: Record<string, unknown>) => {
    const res = await api('/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: gameId, ...body });
    expect(res.body.code).toBe(200);
    return res.body.data as { list: any[]; total: number };
  };

  it('pages through the questions in their order', async () => {
    const first = await list({ limit: 10 });
    const second = await list({ page: 2, limit: 10 });
    expect([first.total, second.total]).toEqual([12, 12]);
    expect([...first.list, ...second.list].map((q) => q.id)).toEqual(ids);
    expect(second.list.map((q) => q.sort)).toEqual([11, 12]);
  });

  it('sorts by sort, id, title and status, both ways', async () => {
    expect((await list({ sort: 'sort', order: 'desc', limit: 3 })).list.map((q) => q.id)).toEqual(ids.slice(-3).reverse());
    expect((await list({ sort: 'id', order: 'desc', limit: 1 })).list[0].id).toBe(ids.at(-1));
    const byTitle = (await list({ sort: 'title', order: 'asc', limit: 100 })).list.map((q) => q.title);
    expect(byTitle).toEqual([...titles].sort());
    expect((await list({ sort: 'title', order: 'desc', limit: 100 })).list.map((q) => q.title)).toEqual([...byTitle].reverse());
    expect((await list({ sort: 'status', order: 'desc', limit: 2 })).list.map((q) => q.status)).toEqual([2, 1]);
    expect((await list({ sort: 'nonsense', order: 'desc', limit: 2 })).list.map((q) => q.id)).toEqual(ids.slice(0, 2));
  });

  it('filters by title (contains, any case) and status', async () => {
    expect((await list({ title: 'mountain', limit: 100 })).list.map((q) => q.title)).toEqual(['Mountains', 'Mountain PASSES']);
    expect((await list({ status: 2 })).list.map((q) => q.title)).toEqual(['Rivers']);
    expect((await list({ status: 0, title: 'A' })).list.map((q) => q.title)).toEqual(['Mountains', 'Mountain PASSES', 'Islands', 'Festivals', 'Night markets', 'Trains']);
  });
});

describe('tenant isolation', () => {
  let outsider: string;
  let cid2: string;
  let gameId: number;
  let levelGameId: number;
  let questionId: number;
  beforeAll(async () => {
    cid2 = await freshCompany('Another company');
    await createAdmin(app, { username: 'olga', password: 'Olga-password-1', roles: ['operator'], companyIds: [Number(cid2)] });
    outsider = await login(app, 'olga', 'Olga-password-1');
    gameId = await createGame({ title: 'Company 1 secret', type: 1 });
    levelGameId = await createGame({ title: 'Company 1 levels', type: 2 });
    questionId = await createQuestion(gameId, { title: 'Secret question' });
  });

  const asOutsider = (path: string, body: unknown) => call(app, path, body, { token: outsider, cid: cid2 });

  it("an admin of another company sees none of company 1's games", async () => {
    const res = await asOutsider('/triviaGame/list', { page: 1, limit: 100, order: 'asc', sort: 'id' });
    expect(res.body.data).toEqual({ list: [], total: 0 });
    const own = await asOutsider('/triviaGame/create', { title: 'Olga game', type: 1 });
    const mine = await asOutsider('/triviaGame/list', { page: 1, limit: 100, order: 'asc', sort: 'id' });
    expect(mine.body.data.list.map((g: any) => g.id)).toEqual([own.body.data.id]);
    const theirs = await api('/triviaGame/list', { page: 1, limit: 100, order: 'asc', sort: 'id' });
    expect(theirs.body.data.list.map((g: any) => g.id)).not.toContain(own.body.data.id);
  });

  it('cannot read, change or delete them, nor their levels and questions: they do not exist for it', async () => {
    const attempts: Array<[string, unknown]> = [
      ['/triviaGame/detail', { id: gameId }],
      ['/triviaGame/update', { id: gameId, title: 'Hacked', type: 1 }],
      ['/triviaGame/delete', { id: gameId }],
      ['/triviaGame/allLevel', { trivia_game_id: levelGameId }],
      ['/triviaGame/updateLevel', { trivia_game_id: levelGameId, trivia_game_level: [{ level: 1, promotion_score: null }] }],
      ['/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: gameId }],
      ['/question/detail', { id: questionId }],
      ['/question/create', questionBody(gameId, { title: 'Planted' })],
      ['/question/update', { id: questionId, trivia_game_id: gameId, title: 'Hacked' }],
      ['/question/delete', { id: questionId }],
    ];
    for (const [path, body] of attempts) {
      const res = await asOutsider(path, body);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ code: 404, message: 'The record does not exist', data: null });
    }
    const game = (await api('/triviaGame/detail', { id: gameId })).body.data.item;
    expect(game).toMatchObject({ title: 'Company 1 secret', question_count: 1 });
    const question = (await api('/question/detail', { id: questionId })).body.data.item;
    expect(question.title).toBe('Secret question');
  });

  it("cannot move its own question into company 1's game", async () => {
    const own = await asOutsider('/triviaGame/create', { title: 'Olga second', type: 1 });
    const created = await asOutsider('/question/create', questionBody(own.body.data.id));
    expect(created.body.code).toBe(200);
    const moved = await asOutsider('/question/update', { id: created.body.data.id, trivia_game_id: gameId, title: 'Moved' });
    expect(moved.status).toBe(404);
    expect((await api('/triviaGame/detail', { id: gameId })).body.data.item.question_count).toBe(1);
  });
});
