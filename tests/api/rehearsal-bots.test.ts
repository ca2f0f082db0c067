/**
 * A rehearsal with simulated players (admin API /triviaGame/rehearsal, features/rehearsal): the server
 * itself runs the bots of `npm run bots` in a game that is not live — they join (in process, through
 * the same join), open the real WebSocket on the server's own listening address and answer. While it
 * runs a real player's join is refused; its end — the operator's stop, the game's end, a server that
 * starts again — deletes its players, answers and rankings, so nothing of it reaches the results.
 * Every refusal an operator may meet, in both languages. On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { auditLog, triviaGames } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { bench, play } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;

beforeAll(async () => {
  app = await createTestApp();
  // The bots reach the server at its own listening address.
  await app.listen({ port: 0, host: '127.0.0.1' });
  token = await login(app);
  b = bench(app, () => token);
});

afterAll(async () => {
  await app?.close();
});

const rehearsal = (body: Record<string, unknown>, lang: 'zh-TW' | 'en' = 'en') => b.admin('/triviaGame/rehearsal', body, { lang });
const detail = async (id: number) => (await b.admin('/triviaGame/detail', { id })).body.data.item;

/** What the game holds in the database: players, answers, rankings, questions sent. */
async function leftIn(gameId: number) {
  const count = async (table: string, where = '') =>
    Number(((await app.db.execute(sql.raw(`select count(*)::int as n from ${table} where trivia_game_id = ${gameId}${where}`))) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  return { players: await count('players'), answers: await count('answers'), rankings: await count('rankings'), sent: await count('questions', ' and status > 0') };
}

/** Every bot joined and listening on its own WebSocket (a player's connection to this server). */
const untilJoined = (gameId: number, players: number) =>
  vi.waitFor(
    async () => {
      expect((await detail(gameId)).player_count).toBe(players);
      expect(app.rehearsals.stateOf(gameId).joined).toBe(players);
      const sockets = [...app.hub.clients].filter((client) => client.subject.kind === 'player' && client.subject.gameId === gameId);
      expect(sockets.length).toBe(players);
    },
    { timeout: 30_000, interval: 50 },
  );

async function rehearsalEntries(gameId: number): Promise<string[]> {
  await app.auditTrail.settled();
  const rows = await app.db.select().from(auditLog).where(eq(auditLog.operation, 'triviaGameRehearsal')).orderBy(auditLog.id);
  return rows.filter((row) => row.targetId === String(gameId) && row.outcome === 'success').map((row) => row.summary);
}

async function freshGame(title: string, cap?: number) {
  const game = await b.createGame({ title, type: 1, status: 1, ...(cap ? { player_cap: cap } : {}) });
  // Untimed: a bot answers 0.5 to 5 s after the question reaches it, however loaded the machine is.
  const q1 = await b.addQuestion(game.id, { have_answering_time: 0 }, 'One');
  const q2 = await b.addQuestion(game.id, { have_answering_time: 0 }, 'Two');
  return { ...game, q1, q2 };
}

describe('a rehearsal with simulated players', () => {
  it('runs the bots through the show, keeps real players out, and leaves nothing behind when stopped', async () => {
    const game = await freshGame('Rehearsed');
    const started = await rehearsal({ trivia_game_id: game.id, action: 'start', players: 30 });
    expect(started.body).toMatchObject({ code: 200, message: 'Rehearsal started: 30 simulated players are joining', data: { trivia_game_id: game.id, players: 30 } });
    expect((await detail(game.id)).rehearsal_players).toBe(30);
    await untilJoined(game.id, 30);

    // A phone is told why it cannot join, in its language.
    const refused = await play(app, '/join', { pin: game.pin, nickname: 'Real person' }, { lang: 'zh-TW' });
    expect(refused.body).toMatchObject({ code: 201, message: '此遊戲正在彩排，請稍後再加入' });
    expect((await play(app, '/join', { pin: game.pin, nickname: 'Real person' })).body.message).toBe('This game is being rehearsed; please join a little later');

    // The show: every bot answers each question over its socket, the ranking has them.
    for (const questionId of [game.q1, game.q2]) {
      expect((await b.flow(game.id, questionId, 2)).body.code).toBe(200);
      await vi.waitFor(async () => expect((await leftIn(game.id)).answers).toBe(questionId === game.q1 ? 30 : 60), { timeout: 30_000, interval: 50 });
      expect((await b.flow(game.id, questionId, 3)).body.code).toBe(200);
      expect((await b.flow(game.id, questionId, 4)).body.code).toBe(200);
    }
    const rank = await b.admin('/triviaGame/getRank', { trivia_game_id: game.id });
    expect(rank.body.data.total).toBe(30);
    expect(rank.body.data.list[0].nickname).toMatch(/^Bot \d+$/);

    const stopped = await rehearsal({ trivia_game_id: game.id, action: 'stop' }, 'zh-TW');
    expect(stopped.body).toMatchObject({ code: 200, message: '彩排結束：已刪除 30 位模擬玩家、60 筆作答，所有題目回到未出題', data: { players: 0, joined: 0 } });
    expect(await leftIn(game.id)).toEqual({ players: 0, answers: 0, rankings: 0, sent: 0 });
    expect(await detail(game.id)).toMatchObject({ status: 1, pin: game.pin, player_count: 0, answer_count: 0, rehearsal_players: 0 });
    expect(app.rehearsals.stateOf(game.id).players, 'the bots left').toBe(0);
    // Real players may join again.
    expect((await b.joinPlayer(game.pin, 'Real person')).id).toBeGreaterThan(0);
    expect(await rehearsalEntries(game.id)).toEqual(['start: 30 simulated players', 'stop: deleted 30 players, 60 answers, 2 rankings']);
  });

  it('answers every kind as its phone would, right at the rate asked, and never a content slide', async () => {
    const game = await b.createGame({ title: 'Rehearsed kinds', type: 1, status: 1 });
    const kinds: Array<[number, Record<string, unknown>]> = [
      [3, { answer: ['B'] }],
      [4, {}],
      [5, { accepted_answers: ['玉山'] }],
      [6, { slider: { min: 0, max: 100, step: 5, answer: 50, tolerance: 0, unit: '' } }],
      [7, { answer: ['C', 'A', 'B'] }],
      [8, { options: [] }],
    ];
    const ids: number[] = [];
    for (const [question_type, extra] of kinds) {
      const res = await b.admin('/question/create', {
        trivia_game_id: game.id,
        title: `Kind ${question_type}`,
        question_text: '?',
        question_type,
        answering_time: 10,
        options: [{ title: 'A', text: 'a', img: '' }, { title: 'B', text: 'b', img: '' }, { title: 'C', text: 'c', img: '' }],
        answer: [],
        ...extra,
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.data.id);
    }
    expect((await rehearsal({ trivia_game_id: game.id, action: 'start', players: 10, right_rate: 1 })).body.code).toBe(200);
    await untilJoined(game.id, 10);
    for (const [index, questionId] of ids.entries()) {
      expect((await b.flow(game.id, questionId, 2)).body.code).toBe(200);
      if (index < 5) await vi.waitFor(async () => expect((await leftIn(game.id)).answers).toBe(10 * (index + 1)), { timeout: 30_000, interval: 50 });
      expect((await b.flow(game.id, questionId, 3)).body.code).toBe(200);
    }
    const stats = (await b.admin('/triviaGame/questionStats', { trivia_game_id: game.id })).body.data.list;
    expect(stats.map((s: { answered: number; correct: number }) => [s.answered, s.correct])).toEqual([[10, 10], [10, 0], [10, 10], [10, 10], [10, 10], [0, 0]]);
    expect((await rehearsal({ trivia_game_id: game.id, action: 'stop' })).body.code).toBe(200);
  }, 120_000);

  it('ends by itself when the game ends: its players and answers are deleted, the game ready for the real show', async () => {
    const game = await freshGame('Ended in rehearsal');
    await rehearsal({ trivia_game_id: game.id, action: 'start', players: 5 });
    await untilJoined(game.id, 5);
    await b.flow(game.id, game.q1, 2);
    await vi.waitFor(async () => expect((await leftIn(game.id)).answers).toBe(5), { timeout: 30_000, interval: 50 });
    expect((await b.flow(game.id, null, 5)).body.code).toBe(200);
    await vi.waitFor(async () => expect(await detail(game.id)).toMatchObject({ status: 1, rehearsal_players: 0, player_count: 0, answer_count: 0 }), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await leftIn(game.id)).toEqual({ players: 0, answers: 0, rankings: 0, sent: 0 });
    await vi.waitFor(async () => expect(await rehearsalEntries(game.id)).toEqual(['start: 5 simulated players', 'end: the game ended; deleted 5 players, 5 answers, 1 rankings']));
  });

  it('left marked by a server that stopped: ended and cleaned when the server is ready again', async () => {
    const game = await freshGame('Orphaned');
    await rehearsal({ trivia_game_id: game.id, action: 'start', players: 4 });
    await untilJoined(game.id, 4);
    // The process that ran the bots is gone: this instance no longer runs them; the mark stays.
    await app.rehearsals.leave(game.id);
    expect((await detail(game.id)).rehearsal_players).toBe(4);
    await app.rehearsals.endOrphans();
    expect(await detail(game.id)).toMatchObject({ rehearsal_players: 0, player_count: 0 });
    expect(await leftIn(game.id)).toMatchObject({ players: 0 });
    expect((await rehearsalEntries(game.id)).at(-1)).toBe('end: the server started again; deleted 4 players, 0 answers, 0 rankings');
  });
});

describe('what a rehearsal refuses', () => {
  const refusal = async (body: Record<string, unknown>) => {
    const [zh, en] = [await rehearsal(body, 'zh-TW'), await rehearsal(body, 'en')];
    expect(zh.body.code, JSON.stringify(zh.body)).toBe(201);
    return [zh.body.message, en.body.message];
  };

  it('more than 2,000 bots, none, or a start without how many: the fields say why', async () => {
    const game = await freshGame('Bounds');
    for (const players of [2_001, 0]) {
      const res = await rehearsal({ trivia_game_id: game.id, action: 'start', players });
      expect(res.body.code, String(players)).toBe(422);
      expect(res.body.data.errors.players, String(players)).toEqual([players > 0 ? 'Must be at most 2000' : 'Must be at least 1']);
    }
    const missing = await rehearsal({ trivia_game_id: game.id, action: 'start' }, 'zh-TW');
    expect(missing.body).toMatchObject({ code: 422, data: { errors: { players: ['請輸入模擬玩家人數（1 至 2000）'] } } });
    expect((await detail(game.id)).rehearsal_players).toBe(0);
  });

  it("more bots than the game's player cap", async () => {
    const game = await freshGame('Small room', 10);
    expect(await refusal({ trivia_game_id: game.id, action: 'start', players: 11 })).toEqual([
      '模擬玩家人數超過此遊戲的人數上限（10 人）',
      'More simulated players than the game admits (10 players at most)',
    ]);
  });

  it('a game with real players or answers: a rehearsal never mixes with real results', async () => {
    const game = await freshGame('Real audience');
    await b.joinPlayer(game.pin, 'Early bird');
    expect(await refusal({ trivia_game_id: game.id, action: 'start', players: 5 })).toEqual([
      '此遊戲已有真實玩家或作答（1 位玩家），彩排不能混入正式成績；請先重設遊戲',
      'This game already has real players or answers (1 player); a rehearsal never mixes with real results, so reset the game first',
    ]);
    expect(await leftIn(game.id)).toMatchObject({ players: 1 });
  });

  it('a game under way, ended, or already rehearsing; a stop with none or with a question on screen', async () => {
    const underWay = await freshGame('Under way');
    await b.flow(underWay.id, underWay.q1, 2);
    expect((await refusal({ trivia_game_id: underWay.id, action: 'start', players: 5 }))[1]).toBe('A question of this game has been shown; reset the game before rehearsing');
    await b.flow(underWay.id, null, 5);
    expect((await refusal({ trivia_game_id: underWay.id, action: 'start', players: 5 }))[1]).toBe('This game is not enabled or has ended; reset or enable it before rehearsing');

    const game = await freshGame('Twice');
    expect((await refusal({ trivia_game_id: game.id, action: 'stop' }))[1]).toBe('This game has no rehearsal running');
    await rehearsal({ trivia_game_id: game.id, action: 'start', players: 3 });
    expect((await refusal({ trivia_game_id: game.id, action: 'start', players: 3 }))[1]).toBe('This game is already rehearsing (3 simulated players); end the rehearsal first');
    await untilJoined(game.id, 3);
    await b.flow(game.id, game.q1, 2);
    expect(await refusal({ trivia_game_id: game.id, action: 'stop' })).toEqual([
      '題目正在顯示中，請先公佈答案或結束遊戲，再結束彩排',
      'A question is on screen; publish its answer or end the game before ending the rehearsal',
    ]);
    await b.flow(game.id, game.q1, 3);
    expect((await rehearsal({ trivia_game_id: game.id, action: 'stop' })).body.code).toBe(200);
  });

  it("another company's game is not found; an admin without triviaGame.control is forbidden", async () => {
    const game = await freshGame('Not yours');
    const cid2 = String(await createCompany(app, 'Rehearsal outsiders'));
    await createAdmin(app, { username: 'rosa', password: 'Rosa-password-1', roles: ['operator'], companyIds: [Number(cid2)] });
    const outsider = await login(app, 'rosa', 'Rosa-password-1');
    const res = await call(app, '/triviaGame/rehearsal', { trivia_game_id: game.id, action: 'start', players: 5 }, { token: outsider, cid: cid2 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: 'The record does not exist', data: null });

    await createAdmin(app, { username: 'vicky', password: 'Vicky-password-1', permissions: ['triviaGame.list'] });
    const viewer = await login(app, 'vicky', 'Vicky-password-1');
    expect((await call(app, '/triviaGame/rehearsal', { trivia_game_id: game.id, action: 'start', players: 5 }, { token: viewer })).status).toBe(403);
    const [row] = await app.db.select({ rehearsal: triviaGames.rehearsalPlayers }).from(triviaGames).where(eq(triviaGames.id, game.id));
    expect(row!.rehearsal).toBe(0);
  });
});
