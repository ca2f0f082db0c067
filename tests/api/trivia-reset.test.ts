/**
 * Rehearse, then reset and run the real show; copy a game (admin API /triviaGame/reset and
 * /triviaGame/duplicate, docs/venue.md). A reset deletes the rehearsal's players, answers and
 * rankings, puts every question back to not sent and the game back to enabled with the same PIN; the
 * rehearsal's phones are refused (202) even on a token the server remembered, and the real show's
 * ranking knows only its own answers. Refused while the game runs (the rules in full:
 * live-reset-rules.test.ts). A copy carries the
 * levels, questions and images, has a new PIN, is disabled and lives apart from its original.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { answers, players, questions, rankings } from '@/server/db/schema';
import type { RealtimeEvent } from '@/server/realtime/bus';
import { call, login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { TestSocket } from '../support/ws';
import type { bench } from './live-support';
import { listeningLiveApp, expectPlaySchema, play, textOptions } from './live-support';

let app: FastifyInstance;
let b: ReturnType<typeof bench>;
let url: string;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  ({ app, url, b } = await listeningLiveApp());
  app.bus.subscribe((event) => events.push(event));
});
afterAll(() => app.close());

const detail = async (id: number) => (await b.admin('/triviaGame/detail', { id })).body.data.item;
const questionRows = (gameId: number) => app.db.select().from(questions).where(eq(questions.triviaGameId, gameId)).orderBy(questions.sort);

/** A speed contest rehearsed to the end: two players answered both questions, rankings published. */
async function rehearsedGame(title: string) {
  const game = await b.createGame({ title, type: 1 });
  const q1 = await b.addQuestion(game.id, { answering_time: 60 }, 'Q1');
  const q2 = await b.addQuestion(game.id, { answering_time: 60 }, 'Q2');
  const ann = await b.joinPlayer(game.pin, 'Ann');
  const ben = await b.joinPlayer(game.pin, 'Ben');
  for (const q of [q1, q2]) {
    expect((await b.flow(game.id, q, 2)).body.code).toBe(200);
    expect((await b.answer(ann.token, q, ['A'])).body.code).toBe(200);
    expect((await b.answer(ben.token, q, ['B'])).body.code).toBe(200);
    expect((await b.flow(game.id, q, 3)).body.code).toBe(200);
    expect((await b.flow(game.id, q, 4)).body.code).toBe(200);
  }
  expect((await b.flow(game.id, null, 5)).body.code).toBe(200);
  return { ...game, q1, q2, ann, ben };
}

describe('reset after a rehearsal', () => {
  it('names what it will delete, deletes it, and leaves the game ready with the same PIN', async () => {
    const game = await rehearsedGame('Rehearsed');
    const before = await detail(game.id);
    expect(before).toMatchObject({ status: 0, player_count: 2, answer_count: 4, pin: game.pin });
    expect(before.ended_at).toEqual(expect.any(String));
    // A rehearsal player's token is remembered by the server since its last calls.
    expect((await b.state(game.ann.token)).finished).toBe(true);

    events.length = 0;
    const res = await b.admin('/triviaGame/reset', { id: game.id }, { lang: 'en' });
    expect(res.body).toEqual({
      code: 200,
      message: 'The game is reset, every question back to not sent: 2 players and 4 answers deleted',
      data: { players: 2, answers: 4, rankings: 2, pin: game.pin },
    });

    expect(await detail(game.id)).toMatchObject({ status: 1, player_count: 0, answer_count: 0, ended_at: null, pin: game.pin });
    for (const row of await questionRows(game.id)) expect(row).toMatchObject({ status: 0, shownAt: null, answerPublishedAt: null });
    expect(await app.db.select().from(players).where(eq(players.triviaGameId, game.id))).toEqual([]);
    expect(await app.db.select().from(answers).where(eq(answers.triviaGameId, game.id))).toEqual([]);
    expect(await app.db.select().from(rankings).where(eq(rankings.triviaGameId, game.id))).toEqual([]);
    const questionList = (await b.admin('/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: game.id })).body.data.list;
    expect(questionList.map((q: { status: number }) => q.status)).toEqual([0, 0]);

    // Every screen of the game hears it.
    const resets = () => events.filter((e) => e.type === 'server.gameReset');
    await vi.waitFor(() => expect(resets()).toHaveLength(2), { timeout: 5_000, interval: 5 });
    const heard = resets();
    expect(heard.map((e) => e.topic).sort()).toEqual([`game:${game.id}:operator`, `game:${game.id}:public`]);
    for (const event of heard) expectPlaySchema('EventGameReset', event.data);

    // The rehearsal's phones are sent back to joining, on every player operation.
    for (const path of ['/state', '/answer', '/ticket']) {
      const body = path === '/answer' ? { question_id: game.q1, choices: ['A'] } : {};
      const refused = await play(app, path, body, { token: game.ann.token, lang: 'zh-TW' });
      expect(refused.body.code, path).toBe(202);
    }
  });

  it('lets new players join with the same PIN and play from the first question; the ranking counts only the real show', async () => {
    const game = await rehearsedGame('Real show');
    expect((await b.admin('/triviaGame/reset', { id: game.id })).body.code).toBe(200);

    // A rehearsal nickname is free again; the join order starts over.
    const cat = await b.joinPlayer(game.pin, 'Ann');
    const dan = await b.joinPlayer(game.pin, 'Dan');
    const joined = await play(app, '/state', {}, { token: cat.token });
    expect(joined.body.data.player).toMatchObject({ nickname: 'Ann', join_order: 1, score: 0 });
    expect(joined.body.data).toMatchObject({ question: null, rank: null, finished: false });

    expect((await b.flow(game.id, game.q1, 2)).body.code).toBe(200);
    const shown = await b.state(dan.token);
    expect(shown.question).toMatchObject({ question: { id: game.q1 }, status: 1, can_answer: true });
    // The rehearsal's phone still cannot answer the real show.
    expect((await b.answer(game.ben.token, game.q1, ['A'])).body.code).toBe(202);
    expect((await b.answer(dan.token, game.q1, ['A'])).body.code).toBe(200);
    expect((await b.answer(cat.token, game.q1, ['B'])).body.code).toBe(200);
    expect((await b.flow(game.id, game.q1, 3)).body.code).toBe(200);
    const ranked = await b.flow(game.id, game.q1, 4);
    expect(ranked.body.data.ranking.total).toBe(2);
    expect(ranked.body.data.ranking.list.map((r: { nickname: string }) => r.nickname)).toEqual(['Dan', 'Ann']);
    const rank = (await b.admin('/triviaGame/getRank', { trivia_game_id: game.id })).body.data;
    expect(rank.total).toBe(2);
    expect(rank.list.map((r: { nickname: string }) => r.nickname)).toEqual(['Dan', 'Ann']);
    expect(await detail(game.id)).toMatchObject({ player_count: 2, answer_count: 2 });
  });

  it("closes the rehearsal phones' sockets, which then cannot get a new ticket", async () => {
    const game = await b.createGame({ title: 'Sockets', type: 1 });
    await b.addQuestion(game.id, {}, 'Q1');
    const eve = await b.joinPlayer(game.pin, 'Eve');
    const ticket = (await play(app, '/ticket', {}, { token: eve.token })).body.data.ticket as string;
    const phone = await TestSocket.open(`${url}?ticket=${ticket}`);
    await phone.next((f) => f.type === 'ready');
    phone.send({ type: 'subscribe', topic: `game:${game.id}:public` });
    await phone.next((f) => f.type === 'subscribed');
    const closed = new Promise<number>((resolve) => phone.socket.once('close', (code) => resolve(code)));

    expect((await b.admin('/triviaGame/reset', { id: game.id })).body.code).toBe(200);
    expect((await phone.next((f) => f.type === 'server.gameReset')).topic).toBe(`game:${game.id}:public`);
    expect(await closed).toBe(4010);
    expect((await play(app, '/ticket', {}, { token: eve.token })).body.code).toBe(202);
  });

  it('is refused while the game runs (here with a question on screen), in both languages, changing nothing', async () => {
    const game = await b.createGame({ title: 'On screen', type: 1 });
    const q1 = await b.addQuestion(game.id, { answering_time: 60 }, 'Q1');
    const fay = await b.joinPlayer(game.pin, 'Fay');
    await b.flow(game.id, q1, 2);
    await b.answer(fay.token, q1, ['A']);

    const zh = await b.admin('/triviaGame/reset', { id: game.id }, { lang: 'zh-TW' });
    expect(zh.body).toEqual({ code: 201, message: '此遊戲正在進行中（已出題且尚未結束），不能重設；請先結束遊戲', data: null });
    const en = await b.admin('/triviaGame/reset', { id: game.id }, { lang: 'en' });
    expect(en.body).toEqual({ code: 201, message: 'This game is running (a question has been shown and the game has not ended), so it cannot be reset; end the game first', data: null });

    expect(await detail(game.id)).toMatchObject({ player_count: 1, answer_count: 1 });
    expect((await questionRows(game.id))[0]!.status).toBe(1);
    expect((await b.state(fay.token)).my_answer).not.toBeNull();
  });

  it('keeps the PIN unless an enabled game took it meanwhile, then gives a fresh one and says so', async () => {
    const game = await rehearsedGame('PIN taken');
    const other = await b.createGame({ title: 'Took the PIN', type: 1 });
    // The rehearsed game is closed, so its PIN may go to an enabled game (one enabled game per PIN).
    await app.db.execute(`update trivia_games set pin = '${game.pin}' where id = ${other.id}`);
    const res = await b.admin('/triviaGame/reset', { id: game.id }, { lang: 'zh-TW' });
    expect(res.body.code).toBe(200);
    const pin = res.body.data.pin as string;
    expect(pin).not.toBe(game.pin);
    expect(res.body.message).toContain(pin);
    expect(await detail(game.id)).toMatchObject({ status: 1, pin });
  });

  it("is another company's game: not found, as every trivia operation answers", async () => {
    const cid2 = String(await createCompany(app, 'Reset outsiders'));
    await createAdmin(app, { username: 'rita', password: 'Rita-password-1', roles: ['operator'], companyIds: [Number(cid2)] });
    const outsider = await login(app, 'rita', 'Rita-password-1');
    const game = await rehearsedGame('Not yours');
    for (const path of ['/triviaGame/reset', '/triviaGame/duplicate']) {
      const res = await call(app, path, { id: game.id }, { token: outsider, cid: cid2 });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ code: 404, message: 'The record does not exist', data: null });
    }
    expect(await detail(game.id)).toMatchObject({ status: 0, player_count: 2, answer_count: 4 });
  });

  it('needs triviaGame.edit', async () => {
    await createAdmin(app, { username: 'vic', password: 'Vic-password-1', permissions: ['triviaGame.list', 'triviaGame.control'] });
    const viewer = await login(app, 'vic', 'Vic-password-1');
    const game = await rehearsedGame('Not allowed');
    for (const path of ['/triviaGame/reset', '/triviaGame/duplicate']) {
      expect((await call(app, path, { id: game.id }, { token: viewer })).status, path).toBe(403);
    }
    expect(await detail(game.id)).toMatchObject({ player_count: 2 });
  });

  it('is recorded in the audit trail with what it deleted', async () => {
    const game = await rehearsedGame('Audited');
    await b.admin('/triviaGame/reset', { id: game.id });
    const copy = (await b.admin('/triviaGame/duplicate', { id: game.id })).body.data.id as number;
    await app.auditTrail.settled();
    const entries = async (operation: string) => (await b.admin('/audit/list', { page: 1, limit: 10, operation })).body.data.list as Array<Record<string, unknown>>;
    expect((await entries('triviaGameReset')).find((e) => e.target_id === String(game.id))).toMatchObject({
      outcome: 'success',
      target_type: 'triviaGame',
      target_id: String(game.id),
      summary: 'reset: deleted 2 players, 4 answers, 2 rankings',
    });
    expect((await entries('triviaGameDuplicate')).find((e) => e.target_id === String(game.id))).toMatchObject({ outcome: 'success', summary: `copied to game ${copy}` });
  });
});

describe('duplicate', () => {
  it('copies a level game with its levels, questions and images as a new disabled game with a new PIN', async () => {
    const original = await b.createGame({ title: '闖關賽', type: 2, start_time: '2026-01-01T00:00:00.000Z', end_time: '2027-01-01T00:00:00.000Z' });
    await b.admin('/triviaGame/updateLevel', {
      trivia_game_id: original.id,
      trivia_game_level: [
        { level: 1, promotion_score: 30 },
        { level: 2, promotion_score: null },
      ],
    });
    const levels = (await b.admin('/triviaGame/allLevel', { trivia_game_id: original.id })).body.data.list as Array<{ id: number; level: number }>;
    const image = '/files/images/1/2026-01/abcdefabcdefabcdefabcdefabcdefab.png';
    const optionImage = (letter: string) => `/files/images/1/2026-01/${letter.repeat(32)}.png`;
    const res1 = await b.admin('/question/create', {
      trivia_game_id: original.id,
      title: 'Picture',
      question_text: '',
      question_img: image,
      pre_video_url: 'https://example.com/v.mp4',
      level_id: levels[0]!.id,
      have_answering_time: 0,
      answering_time: 15,
      score: 20,
      question_type: 2,
      is_bonus: 0,
      options: [
        { title: 'A', text: '', img: optionImage('a') },
        { title: 'B', text: '', img: optionImage('b') },
      ],
      answer: ['A', 'B'],
      sort: 7,
    });
    expect(res1.body.code, JSON.stringify(res1.body)).toBe(200);
    await b.addQuestion(original.id, { level_id: levels[1]!.id, score: 50, answering_time: 42 }, 'Second');
    const ann = await b.joinPlayer(original.pin, 'Ann');
    await b.flow(original.id, res1.body.data.id, 2);
    await b.answer(ann.token, res1.body.data.id, ['A', 'B']);

    const res = await b.admin('/triviaGame/duplicate', { id: original.id }, { lang: 'zh-TW' });
    expect(res.body).toMatchObject({ code: 200, message: '已複製遊戲（停用中）' });
    const copyId = res.body.data.id as number;
    const copy = await detail(copyId);
    expect(copy).toMatchObject({
      title: '闖關賽（複本）',
      type: 2,
      start_time: '2026-01-01T00:00:00.000Z',
      end_time: '2027-01-01T00:00:00.000Z',
      status: 0,
      question_count: 2,
      player_count: 0,
      answer_count: 0,
      ended_at: null,
    });
    expect(copy.pin).toMatch(/^[0-9]{6}$/);
    expect(copy.pin).not.toBe(original.pin);
    expect(copy.levels.map((l: { level: number; promotion_score: number | null }) => [l.level, l.promotion_score])).toEqual([
      [1, 30],
      [2, null],
    ]);
    expect(copy.levels.map((l: { id: number }) => l.id)).not.toContain(levels[0]!.id);

    const listOf = async (gameId: number) =>
      (await b.admin('/question/list', { page: 1, limit: 10, order: 'asc', sort: 'sort', trivia_game_id: gameId })).body.data.list as Array<Record<string, unknown>>;
    const strip = ({ id: _id, trivia_game_id: _game, level_id: _level, status: _status, ...rest }: Record<string, unknown>) => rest;
    const [originalQuestions, copiedQuestions] = [await listOf(original.id), await listOf(copyId)];
    expect(copiedQuestions.map(strip)).toEqual(originalQuestions.map(strip));
    expect(copiedQuestions[0]).toMatchObject({ question_img: image, options: [{ img: optionImage('a') }, { img: optionImage('b') }], sort: 7, status: 0 });
    // Each copied question is on the copy's level of the same number.
    expect(copiedQuestions.map((q) => q.level_id)).toEqual(copy.levels.map((l: { id: number }) => l.id));
    expect(originalQuestions[0]!.status).toBe(1);

    // Independent: the copy changes, the original stays.
    const copiedFirst = copiedQuestions[0]!;
    expect((await b.admin('/question/update', { id: copiedFirst.id, trivia_game_id: copyId, title: 'Changed in the copy' })).body.code).toBe(200);
    await b.admin('/triviaGame/updateLevel', { trivia_game_id: copyId, trivia_game_level: [{ level: 1, promotion_score: 99 }, { level: 2, promotion_score: null }] });
    expect((await listOf(original.id))[0]!.title).toBe('Picture');
    expect((await detail(original.id)).levels[0].promotion_score).toBe(30);
    expect((await b.admin('/triviaGame/delete', { id: copyId })).body.code).toBe(200);
    expect((await detail(original.id)).question_count).toBe(2);
  });

  it('marks the title in English and cuts a long title to fit 255 characters without splitting an emoji', async () => {
    const long = `${'x'.repeat(247)}👨‍👩‍👧‍👦`;
    const { id } = await b.createGame({ title: long, type: 1 });
    await b.addQuestion(id, { options: textOptions('a', 'b').map((o) => o.text) }, 'Only');
    const res = await b.admin('/triviaGame/duplicate', { id }, { lang: 'en' });
    expect(res.body.message).toBe('The game is copied (disabled)');
    const title = (await detail(res.body.data.id)).title as string;
    expect(title).toBe(`${'x'.repeat(247)} (copy)`);
    expect([...title].length).toBeLessThanOrEqual(255);

    const short = await b.admin('/triviaGame/duplicate', { id: (await b.createGame({ title: 'Quiz night', type: 1 })).id }, { lang: 'en' });
    expect((await detail(short.body.data.id)).title).toBe('Quiz night (copy)');
  });

  it('answers not found for an unknown game', async () => {
    const res = await b.admin('/triviaGame/duplicate', { id: 999_999 });
    expect(res.status).toBe(404);
  });
});
