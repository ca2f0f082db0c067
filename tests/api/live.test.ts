/**
 * The live game as the control screen, the players' phones and the display meet it: game-flow steps
 * (illegal ones refused with nothing changed, identical concurrent ones applied once), joining,
 * answering with its deadline and grace, scoring and ranking of both game types, tenancy, and the one
 * thing a player must never see early — the correct answer. Time is moved with a fake Date
 * (vi.setSystemTime), never by sleeping. Every response is checked against its contract.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { answers, players, questions, rankings, triviaGames } from '@/server/db/schema';
import type { RealtimeEvent } from '@/server/realtime/bus';
import { REPEAT_RANKING_WITHIN_MS } from '@/server/features/live/flow/flow';
import { buildApp } from '@/server/app';
import { createTestApp, dropPostgresDatabase, testAppConfig, usingPostgres } from '../support/app';
import { login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { bench, expectPlaySchema, play } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  b = bench(app, () => token);
  app.bus.subscribe((event) => events.push(event));
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes the server's clock at `ms` (only Date: timers and the database keep running). */
function setNow(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

const questionRow = async (id: number) => (await app.db.select().from(questions).where(eq(questions.id, id)))[0]!;
const gameRow = async (id: number) => (await app.db.select().from(triviaGames).where(eq(triviaGames.id, id)))[0]!;
/**
 * Waits until every event published so far has reached `events`: a marker published now on the same
 * bus arrives after them (in order, in process and through NOTIFY), then is dropped from the list.
 */
async function flushEvents(): Promise<void> {
  const marker = `test.marker.${Math.random()}`;
  const heard = new Promise<void>((resolve) => {
    const stop = app.bus.subscribe((event) => {
      if (event.type !== marker) return;
      stop();
      resolve();
    });
  });
  await app.bus.publish({ topic: 'test', type: marker, data: null });
  await heard;
  events.splice(events.findIndex((e) => e.type === marker), 1);
}
/**
 * Counters that follow joins and answers on a timer of their own (coalesced, 250 ms): one may land
 * after a test cleared its list on a loaded machine, so assertions on what a step sent leave them out.
 */
const COALESCED = new Set(['server.playerJoined', 'server.answerCount']);
const stepEvents = () => events.filter((e) => !COALESCED.has(e.type));

describe('game-flow steps', () => {
  it('refuses every illegal step with code 201 and a clear message in both languages, changing nothing', async () => {
    const { id: gameId } = await b.createGame({ title: 'Illegal steps', type: 1 });
    const q1 = await b.addQuestion(gameId, {}, 'Q1');
    const q2 = await b.addQuestion(gameId, {}, 'Q2');

    async function refused(questionId: number | null, type: number, zh: string, en: string) {
      const [questionBefore, otherBefore, gameBefore] = [questionId ? await questionRow(questionId) : null, await questionRow(q2), await gameRow(gameId)];
      const res = await b.flow(gameId, questionId, type, { lang: 'zh-TW' });
      expect(res.body, `type ${type}`).toEqual({ code: 201, message: zh, data: null });
      expect((await b.flow(gameId, questionId, type)).body.message).toBe(en);
      if (questionId) expect(await questionRow(questionId), 'no change to the question').toEqual(questionBefore);
      expect(await questionRow(q2)).toEqual(otherBefore);
      expect(await gameRow(gameId), 'no change to the game').toEqual(gameBefore);
    }

    // Status 0: neither publish is possible.
    await refused(q1, 3, '此題目尚未出題', 'This question has not been shown yet');
    await refused(q1, 4, '此題目尚未出題', 'This question has not been shown yet');
    await refused(null, 3, '請指定要操作的題目', 'Please name the question for this step');

    // Status 1: no ranking before the answer, no second question on screen.
    expect((await b.flow(gameId, q1, 2, { lang: 'zh-TW' })).body).toMatchObject({ code: 200, message: '出題成功', data: { applied: true } });
    await refused(q1, 4, '請先公佈答案，再公佈排名', 'Publish the answer before the ranking');
    await refused(q2, 2, '目前有其他題目正在進行中，請先公佈該題答案', 'Another question is on screen; publish its answer first');

    // Status 2: a question is shown once.
    expect((await b.flow(gameId, q1, 3, { lang: 'zh-TW' })).body).toMatchObject({ code: 200, message: '公佈答案成功' });
    await refused(q1, 2, '此題目已經出過題，無法再次出題', 'This question has already been played; it cannot be shown again');

    // Status 3 (ranking published): still no second showing.
    expect((await b.flow(gameId, q1, 4, { lang: 'zh-TW' })).body).toMatchObject({ code: 200, message: '公佈排名成功' });
    await refused(q1, 2, '此題目已經出過題，無法再次出題', 'This question has already been played; it cannot be shown again');

    // An ended game takes no more steps but its end.
    expect((await b.flow(gameId, null, 5, { lang: 'zh-TW' })).body).toMatchObject({ code: 200, message: '遊戲結束成功', data: { applied: true } });
    await refused(q2, 2, '遊戲已結束，無法再進行此操作', 'The game has ended; this step is no longer possible');
    await refused(q1, 4, '遊戲已結束，無法再進行此操作', 'The game has ended; this step is no longer possible');
  });

  it('answers a step whose result is already reached with success and applied: false (a double click)', async () => {
    const { id: gameId } = await b.createGame({ title: 'Double clicks', type: 1 });
    const q1 = await b.addQuestion(gameId);
    const shown = await b.flow(gameId, q1, 2);
    const again = await b.flow(gameId, q1, 2, { lang: 'zh-TW' });
    expect(again.body).toMatchObject({ code: 200, message: '此題目已在顯示中', data: { applied: false, question: { id: q1, status: 1 } } });
    expect(again.body.data.question.shown_at, 'the first show stands').toBe(shown.body.data.question.shown_at);
    await b.flow(gameId, q1, 3);
    expect((await b.flow(gameId, q1, 3)).body).toMatchObject({ code: 200, message: 'The answer to this question is already published', data: { applied: false } });
    await b.flow(gameId, null, 5);
    expect((await b.flow(gameId, null, 5, { lang: 'zh-TW' })).body).toMatchObject({ code: 200, message: '遊戲已經結束', data: { applied: false } });
  });

  it('applies 20 concurrent identical publishes exactly once and scores the answers once', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Race', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 20 });
    const ann = await b.joinPlayer(pin, 'Ann');
    const ben = await b.joinPlayer(pin, 'Ben');
    const t0 = Date.now();
    setNow(t0);
    await b.flow(gameId, q1, 2);
    setNow(t0 + 4_000);
    await b.answer(ann.token, q1, ['A']);
    await b.answer(ben.token, q1, ['B']);
    vi.useRealTimers();

    events.length = 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => b.flow(gameId, q1, 3)));
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.applied === true), 'one transition').toHaveLength(1);
    expect(results.filter((r) => r.body.data.applied === false)).toHaveLength(19);
    const published = results.map((r) => r.body.data.question);
    expect(new Set(published.map((p) => `${p.status}`))).toEqual(new Set(['2']));

    await flushEvents();
    expect(events.filter((e) => e.type === 'server.answerPublished' && e.topic === `game:${gameId}:public`), 'one publication').toHaveLength(1);
    const scored = await app.db.select().from(answers).where(eq(answers.questionId, q1));
    expect(scored.map((a) => [a.playerId, a.correct, a.points]).sort()).toEqual(
      [
        [ann.id, true, 900], // 1000 × (1 − 4000 / 40000)
        [ben.id, false, 0],
      ].sort(),
    );
  });

  it('publishes a ranking once for 20 simultaneous identical calls, and again when asked later', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Rank race', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 20 });
    const ann = await b.joinPlayer(pin, 'Ann');
    await b.flow(gameId, q1, 2);
    await b.answer(ann.token, q1, ['A']);
    await b.flow(gameId, q1, 3);
    const t0 = Date.now();
    setNow(t0);
    await flushEvents();
    events.length = 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => b.flow(gameId, q1, 4, { lang: 'en' })));
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.applied === true), 'one publication').toHaveLength(1);
    const repeats = results.filter((r) => r.body.data.applied === false);
    expect(repeats).toHaveLength(19);
    expect(new Set(repeats.map((r) => r.body.message))).toEqual(new Set(['This ranking was just published']));
    // Every caller gets the ranking on screen.
    for (const r of results) expect(r.body.data.ranking).toMatchObject({ total: 1, list: [{ nickname: 'Ann', rank: 1 }] });
    expect(await app.db.select().from(rankings).where(eq(rankings.triviaGameId, gameId))).toHaveLength(1);
    await flushEvents();
    expect(events.filter((e) => e.type === 'server.rankingPublished' && e.topic === `game:${gameId}:public`), 'one broadcast').toHaveLength(1);

    // A deliberate repeat later publishes it again.
    setNow(t0 + REPEAT_RANKING_WITHIN_MS + 1);
    expect((await b.flow(gameId, q1, 4)).body.data.applied).toBe(true);
    expect(await app.db.select().from(rankings).where(eq(rankings.triviaGameId, gameId))).toHaveLength(2);
    vi.useRealTimers();
  });

  it('answers racing the publish are either stored and scored, or refused as closed — never acknowledged and left out', { repeats: 4 }, async () => {
    const { id: gameId, pin } = await b.createGame({ title: `Photo finish ${Math.random()}`, type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 60 });
    const crowd = await Promise.all(Array.from({ length: 30 }, (_, i) => b.joinPlayer(pin, `Racer ${i + 1}`)));
    await b.flow(gameId, q1, 2);
    const answering = crowd.map((p) => b.answer(p.token, q1, ['A']));
    const publishing = b.flow(gameId, q1, 3);
    const results = await Promise.all(answering);
    const published = await publishing;
    expect(published.body.data?.applied, JSON.stringify(published.body)).toBe(true);
    const acknowledged = results.filter((r) => r.body.code === 200);
    const refused = results.filter((r) => r.body.code !== 200);
    expect(refused.every((r) => r.body.message === 'The answer has been published; answering is closed'), JSON.stringify(refused.map((r) => r.body))).toBe(true);
    const stored = await app.db.select().from(answers).where(eq(answers.questionId, q1));
    expect(stored).toHaveLength(acknowledged.length);
    expect(stored.filter((a) => a.points === null || a.correct !== true), 'every acknowledged answer is scored').toEqual([]);
  });

  it('shows one question at a time when two are shown at once', async () => {
    const { id: gameId } = await b.createGame({ title: 'Two at once', type: 1 });
    const ids = [await b.addQuestion(gameId), await b.addQuestion(gameId), await b.addQuestion(gameId)];
    const results = await Promise.all(ids.map((id) => b.flow(gameId, id, 2)));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 201).map((r) => r.body.message)).toEqual([
      'Another question is on screen; publish its answer first',
      'Another question is on screen; publish its answer first',
    ]);
    const live = await app.db.select().from(questions).where(eq(questions.triviaGameId, gameId));
    expect(live.filter((q) => q.status === 1)).toHaveLength(1);
  });

  it('ends a game with a question on screen by publishing (and scoring) it first, once for 20 calls', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'End while live', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const ann = await b.joinPlayer(pin, 'Ann');
    await b.flow(gameId, q1, 2);
    await b.answer(ann.token, q1, ['A']);
    const results = await Promise.all(Array.from({ length: 20 }, () => b.flow(gameId, null, 5)));
    expect(results.filter((r) => r.body.data?.applied === true)).toHaveLength(1);
    expect(results.filter((r) => r.body.data?.applied === false)).toHaveLength(19);
    const game = await gameRow(gameId);
    expect(game.status).toBe(0);
    expect(game.endedAt).toBeInstanceOf(Date);
    expect((await questionRow(q1)).status, 'answer published, then the final ranking on it').toBe(3);
    const [scored] = await app.db.select().from(answers).where(eq(answers.questionId, q1));
    expect(scored!.correct).toBe(true);
    expect(scored!.points).toBeGreaterThanOrEqual(500);
  });

  it('answers 404 for a game or question that does not exist', async () => {
    const { id: gameId } = await b.createGame({ title: 'Missing', type: 1 });
    expect((await b.flow(999_999, null, 5)).status).toBe(404);
    expect((await b.flow(gameId, 999_999, 2)).status).toBe(404);
    const other = await b.createGame({ title: 'Other', type: 1 });
    const foreignQuestion = await b.addQuestion(other.id);
    expect((await b.flow(gameId, foreignQuestion, 2)).status, 'a question of another game').toBe(404);
  });
});

describe('a speed contest from the first join to the end', () => {
  it('scores by speed, doubles the bonus, ranks, and tells every player their points and place', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Speed contest', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 10, options: ['玉山', '雪山', '合歡山'], answer: ['A'] }, 'Q1');
    const q2 = await b.addQuestion(gameId, { answering_time: 20, is_bonus: 1, question_type: 2, options: ['台北', '台中', '高雄', '花蓮'], answer: ['A', 'C'] }, 'Q2');
    const ann = await b.joinPlayer(pin, 'Ann');
    const ben = await b.joinPlayer(pin, 'Ben');
    const cat = await b.joinPlayer(pin, 'Cat');
    const dan = await b.joinPlayer(pin, 'Dan');

    const lobby = await b.state(ann.token);
    expect(lobby).toMatchObject({ game: { id: gameId, status: 1, player_count: 4, type: 1 }, player: { nickname: 'Ann', join_order: 1, score: 0, level: null }, question: null, rank: null, finished: false });

    const t0 = Date.now();
    setNow(t0);
    const shown = await b.flow(gameId, q1, 2);
    expect(shown.body.data).toMatchObject({
      applied: true,
      question: { id: q1, status: 1, shown_at: new Date(t0).toISOString(), deadline: new Date(t0 + 10_000).toISOString() },
      server_time: new Date(t0).toISOString(),
    });

    setNow(t0 + 2_000);
    const ack = await b.answer(ann.token, q1, ['A'], { lang: 'zh-TW' });
    expect(ack.body).toMatchObject({ code: 200, message: '作答成功', data: { answer: { question_id: q1, choices: ['A'], elapsed_ms: 2_000, correct: null, points: null } } });
    setNow(t0 + 5_000);
    await b.answer(ben.token, q1, ['B']);
    setNow(t0 + 9_000);
    await b.answer(cat.token, q1, ['A']);
    // Dan does not answer.

    const during = await b.state(ann.token);
    expect(during.question).toMatchObject({ status: 1, answer: null, can_answer: false, refusal: 'answered', deadline: new Date(t0 + 10_000).toISOString() });
    expect(during.my_answer).toMatchObject({ choices: ['A'], correct: null, points: null });
    expect((await b.state(dan.token)).question).toMatchObject({ can_answer: true, refusal: null });

    setNow(t0 + 10_000);
    await b.flow(gameId, q1, 3);
    const revealed = await b.state(ann.token);
    expect(revealed.question).toMatchObject({ status: 2, answer: ['A'], can_answer: false, refusal: 'closed' });
    expect(revealed.my_answer).toMatchObject({ correct: true, points: 900 }); // 1000 × (1 − 2/20)
    expect((await b.state(ben.token)).my_answer).toMatchObject({ correct: false, points: 0 });
    expect((await b.state(cat.token)).my_answer).toMatchObject({ correct: true, points: 550 }); // 1000 × (1 − 9/20)
    expect((await b.state(dan.token)).my_answer).toBeNull();

    const ranking = await b.flow(gameId, q1, 4, { lang: 'zh-TW' });
    expect(ranking.body.message).toBe('公佈排名成功');
    expect(ranking.body.data.ranking.list.map((r: any) => [r.rank, r.nickname, r.score])).toEqual([
      [1, 'Ann', 900],
      [2, 'Cat', 550],
      [3, 'Ben', 0], // 0 points: join order decides
      [4, 'Dan', 0],
    ]);
    expect((await b.state(cat.token)).rank).toMatchObject({ position: 2, total: 4, question_id: q1 });

    // The bonus question, multiple choice: all and only the right options.
    setNow(t0 + 60_000);
    await b.flow(gameId, q2, 2);
    setNow(t0 + 65_000);
    await b.answer(ben.token, q2, ['C', 'A']); // 5 of 20 s: 1000 × (1 − 5/40) = 875, doubled
    await b.answer(ann.token, q2, ['A']); // half right is wrong
    setNow(t0 + 80_000);
    await b.answer(dan.token, q2, ['A', 'C']); // at the deadline: 500, doubled
    setNow(t0 + 81_000);
    await b.flow(gameId, q2, 3);
    expect((await b.state(ben.token)).my_answer).toMatchObject({ correct: true, points: 1750 });
    expect((await b.state(dan.token)).my_answer).toMatchObject({ correct: true, points: 1000 });
    expect((await b.state(ann.token)).my_answer).toMatchObject({ correct: false, points: 0 });
    expect((await b.state(ben.token)).player.score).toBe(1750);

    const rank = await b.admin('/triviaGame/getRank', { trivia_game_id: gameId, limit: 3 });
    expect(rank.body.data.total).toBe(4);
    expect(rank.body.data.list).toEqual([
      { rank: 1, player_id: ben.id, nickname: 'Ben', score: 1750, level: 0, elapsed_ms: 5_000 },
      { rank: 2, player_id: dan.id, nickname: 'Dan', score: 1000, level: 0, elapsed_ms: 20_000 },
      { rank: 3, player_id: ann.id, nickname: 'Ann', score: 900, level: 0, elapsed_ms: 2_000 },
    ]);
    expect((await b.admin('/triviaGame/getRank', { trivia_game_id: gameId })).body.data.list).toHaveLength(4);

    const ended = await b.flow(gameId, null, 5, { lang: 'zh-TW' });
    expect(ended.body).toMatchObject({ code: 200, message: '遊戲結束成功', data: { applied: true } });
    expect(await b.state(ann.token)).toMatchObject({ finished: true, game: { status: 0 } });
    const late = (await play(app, '/join', { pin, nickname: 'Late comer' }, { lang: 'zh-TW' })).body;
    expect(late).toMatchObject({ code: 201, message: '本場遊戲已結束。', data: { title: expect.any(String) } });
    // The final ranking the phone shows instead of a join form (the same as getRank's above).
    expect(late.data.ranking).toMatchObject({ total: 4 });
    expect(late.data.ranking.list.slice(0, 3).map((r: any) => [r.rank, r.nickname, r.score])).toEqual([
      [1, 'Ben', 1750],
      [2, 'Dan', 1000],
      [3, 'Ann', 900],
    ]);
    expect((await b.answer(ann.token, q2, ['B'], { lang: 'zh-TW' })).body.message).toBe('您已作答過此題');
    expect((await b.answer(cat.token, q2, ['A'], { lang: 'zh-TW' })).body.message).toBe('遊戲已結束，無法作答');
  });
});

describe('answers', () => {
  let gameId: number;
  let pin: string;
  let q1: number;
  let t0: number;
  beforeAll(async () => {
    ({ id: gameId, pin } = await b.createGame({ title: 'Answer rules', type: 1 }));
    q1 = await b.addQuestion(gameId, { answering_time: 10, options: ['玉山', '雪山', '合歡山'] });
    t0 = Date.now();
    setNow(t0);
    await b.flow(gameId, q1, 2);
    vi.useRealTimers();
  });

  it('accepts an answer up to the deadline plus 500 ms of grace, and refuses a later one', async () => {
    const onTime = await b.joinPlayer(pin, 'Grace');
    const late = await b.joinPlayer(pin, 'Tardy');
    setNow(t0 + 10_500);
    expect((await b.answer(onTime.token, q1, ['A'])).body.code).toBe(200);
    setNow(t0 + 10_501);
    const refused = await b.answer(late.token, q1, ['A'], { lang: 'zh-TW' });
    expect(refused.body).toEqual({ code: 201, message: '已超過作答時間', data: null });
    expect((await b.answer(late.token, q1, ['A'])).body.message).toBe('Too late: the answering time is over');
    expect(await app.db.select().from(answers).where(eq(answers.playerId, late.id))).toEqual([]);
    expect((await b.state(late.token)).question).toMatchObject({ can_answer: false, refusal: 'late' });
  });

  it('refuses a second answer of the same player, also when both are sent at once', async () => {
    const player = await b.joinPlayer(pin, 'Twice');
    setNow(t0 + 1_000);
    const both = await Promise.all([b.answer(player.token, q1, ['A']), b.answer(player.token, q1, ['B']), b.answer(player.token, q1, ['C'])]);
    expect(both.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(both.filter((r) => r.body.code === 201).map((r) => r.body.message)).toEqual([
      'You have already answered this question',
      'You have already answered this question',
    ]);
    const [stored] = await app.db.select().from(answers).where(eq(answers.playerId, player.id));
    const other = ['A', 'B', 'C'].find((c) => c !== stored!.choices[0])!;
    const again = await b.answer(player.token, q1, [other], { lang: 'zh-TW' });
    expect(again.body).toEqual({ code: 201, message: '您已作答過此題', data: null });
    expect(await app.db.select().from(answers).where(eq(answers.playerId, player.id))).toHaveLength(1);
  });

  it.each([
    [['D'], '所選的選項不存在', 'One of the chosen options does not exist'],
    [['A', 'B'], '單選題只能選擇一個答案', 'A single-choice question takes exactly one answer'],
    [[], '請選擇答案', 'Please choose an answer'],
    [['a'], '所選的選項不存在', 'One of the chosen options does not exist'],
  ])('refuses the malformed choices %j', async (choices, zh, en) => {
    const player = await b.joinPlayer(pin, `Bad ${JSON.stringify(choices)}`.slice(0, 20));
    setNow(t0 + 1_000);
    expect((await b.answer(player.token, q1, choices, { lang: 'zh-TW' })).body).toEqual({ code: 201, message: zh, data: null });
    expect((await b.answer(player.token, q1, choices)).body.message).toBe(en);
    expect((await b.answer(player.token, q1, ['A'])).body.code, 'the player may still answer properly').toBe(200);
  });

  it('refuses a body that is not an answer with field errors, an unknown token with 202, and a foreign question', async () => {
    const player = await b.joinPlayer(pin, 'Fields');
    const res = await play(app, '/answer', { question_id: 'one', choices: 'A' }, { token: player.token });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['choices', 'question_id']);
    expect((await play(app, '/answer', { question_id: q1, choices: ['A'] }, { token: 'forged', lang: 'zh-TW' })).body).toEqual({
      code: 202,
      message: '請重新加入遊戲',
      data: null,
    });
    expect((await play(app, '/state', {})).body.code).toBe(202);
    const other = await b.createGame({ title: 'Other game', type: 1 });
    const foreign = await b.addQuestion(other.id);
    await b.flow(other.id, foreign, 2);
    expect((await b.answer(player.token, foreign, ['A'])).body).toEqual({ code: 201, message: 'This question is not part of your game', data: null });
  });

  it('refuses an answer to a question not shown yet, or whose answer is published', async () => {
    const { id, pin: otherPin } = await b.createGame({ title: 'Not yet', type: 1 });
    const question = await b.addQuestion(id);
    const player = await b.joinPlayer(otherPin, 'Early');
    expect((await b.answer(player.token, question, ['A'])).body.message).toBe('This question is not open for answers yet');
    await b.flow(id, question, 2);
    await b.flow(id, question, 3);
    expect((await b.answer(player.token, question, ['A'], { lang: 'zh-TW' })).body.message).toBe('此題已公佈答案，無法再作答');
  });

  it('never shows the correct answer before it is published: not in /state, /display/state, nor the events', async () => {
    const { id, pin: otherPin } = await b.createGame({ title: 'Secret', type: 1 });
    const question = await b.addQuestion(id, { options: ['甲', '乙'], answer: ['B'] });
    const player = await b.joinPlayer(otherPin, 'Curious');
    const code = (await b.admin('/triviaGame/displayCode', { trivia_game_id: id })).body.data.code;
    const display = (await play(app, '/display/exchange', { code })).body.data.display_token;
    events.length = 0;
    await b.flow(id, question, 2);
    await flushEvents();
    const leaks = (payload: unknown) => /"answer":\[/.test(JSON.stringify(payload));
    const playerView = await b.state(player.token);
    const displayView = (await play(app, '/display/state', {}, { token: display })).body.data;
    expect(playerView.question.answer).toBeNull();
    expect(displayView.question).toMatchObject({ answer: null, counts: null });
    const ofGame = stepEvents().filter((e) => e.topic.startsWith(`game:${id}:`));
    for (const payload of [playerView, displayView, ...ofGame.map((e) => e.data)]) expect(leaks(payload), JSON.stringify(payload)).toBe(false);
    expect(ofGame.map((e) => `${e.type} ${e.topic}`).sort()).toEqual([`server.questionShown game:${id}:operator`, `server.questionShown game:${id}:public`]);
    expectPlaySchema('EventQuestionShown', ofGame[0]!.data);

    await b.flow(id, question, 3);
    expect((await b.state(player.token)).question.answer).toEqual(['B']);
    expect((await play(app, '/display/state', {}, { token: display })).body.data.question).toMatchObject({ answer: ['B'], counts: { total: 0 } });
  });
});

describe('a level game', () => {
  it('promotes players who reach the promotion score, refuses the others the next level, and ranks by level', async () => {
    const { id: gameId, pin } = await b.createGame({
      title: 'Levels',
      type: 2,
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const saved = await b.admin('/triviaGame/updateLevel', {
      trivia_game_id: gameId,
      trivia_game_level: [
        { level: 1, promotion_score: 20 },
        { level: 2, promotion_score: null },
      ],
    });
    const [level1, level2] = saved.body.data.list;
    const l1a = await b.addQuestion(gameId, { level_id: level1.id, score: 10 }, 'L1a');
    const l1b = await b.addQuestion(gameId, { level_id: level1.id, score: 10, have_answering_time: 0 }, 'L1b');
    const l2 = await b.addQuestion(gameId, { level_id: level2.id, score: 30 }, 'L2');
    const ann = await b.joinPlayer(pin, 'Ann');
    const ben = await b.joinPlayer(pin, 'Ben');
    const cat = await b.joinPlayer(pin, 'Cat');

    await b.flow(gameId, l1a, 2);
    await b.answer(ann.token, l1a, ['A']);
    await b.answer(ben.token, l1a, ['A']);
    await b.answer(cat.token, l1a, ['B']);
    await b.flow(gameId, l1a, 3);

    // Untimed: open until published, however long it takes.
    const t0 = Date.now();
    setNow(t0);
    await b.flow(gameId, l1b, 2);
    setNow(t0 + 600_000); // ten minutes later (within the admin's 15-minute access token)
    expect((await b.answer(ann.token, l1b, ['A'])).body.code).toBe(200);
    await b.answer(ben.token, l1b, ['C']);
    expect((await b.flow(gameId, l1b, 3)).body.code).toBe(200);
    vi.useRealTimers();

    expect((await b.state(ann.token)).player).toMatchObject({ score: 20, level: 2 });
    expect((await b.state(ben.token)).player).toMatchObject({ score: 10, level: 1 });

    await b.flow(gameId, l2, 2);
    const benView = await b.state(ben.token);
    expect(benView.question).toMatchObject({ question: { id: l2, level: 2 }, can_answer: false, refusal: 'levelNotReached' });
    expect((await b.answer(ben.token, l2, ['A'], { lang: 'zh-TW' })).body).toEqual({ code: 201, message: '您尚未晉級到此關卡，無法作答', data: null });
    expect((await b.answer(ann.token, l2, ['A'])).body.code).toBe(200);
    await b.flow(gameId, l2, 3);
    const published = await b.flow(gameId, l2, 4);
    expect(published.body.data.ranking.list.map((r: any) => [r.rank, r.nickname, r.level, r.score])).toEqual([
      [1, 'Ann', 2, 50],
      [2, 'Ben', 1, 10],
      [3, 'Cat', 1, 0],
    ]);
    expect((await b.state(ann.token)).rank).toMatchObject({ position: 1, total: 3 });
    // How many reached each level, for every ranked player: the display counts promotions from it.
    const code = (await b.admin('/triviaGame/displayCode', { trivia_game_id: gameId })).body.data.code;
    const display = (await play(app, '/display/exchange', { code })).body.data.display_token;
    const displayView = (await play(app, '/display/state', {}, { token: display })).body.data;
    expect(displayView.ranking).toMatchObject({ total: 3, levels: [{ level: 1, players: 2 }, { level: 2, players: 1 }] });
  });

  it('accepts answers only inside the open time range', async () => {
    const { id: gameId, pin } = await b.createGame({
      title: 'Closed hours',
      type: 2,
      start_time: new Date(Date.now() - 7_200_000).toISOString(),
      end_time: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const [level] = (await b.admin('/triviaGame/allLevel', { trivia_game_id: gameId })).body.data.list;
    const question = await b.addQuestion(gameId, { level_id: level.id, score: 10 });
    const player = await b.joinPlayer(pin, 'Night owl');
    await b.flow(gameId, question, 2);
    expect((await b.answer(player.token, question, ['A'], { lang: 'zh-TW' })).body).toEqual({ code: 201, message: '目前不在遊戲開放時間內', data: null });
    expect((await b.state(player.token)).question).toMatchObject({ can_answer: false, refusal: 'outsideOpenTime' });
  });
});

describe('joining', () => {
  it('trims the nickname, keeps it unique in the game whatever its case, and gives a stable token', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Join rules', type: 1 });
    const first = await play(app, '/join', { pin, nickname: '  Ann  ' });
    expect(first.body.data).toMatchObject({ player: { nickname: 'Ann', trivia_game_id: gameId, join_order: 1 }, game: { id: gameId, player_count: 1 } });
    expect(first.body.data.player_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [stored] = await app.db.select().from(players).where(eq(players.id, first.body.data.player.id));
    expect(stored!.tokenHash, 'only a hash is stored').not.toContain(first.body.data.player_token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    expect((await play(app, '/join', { pin, nickname: 'ANN' }, { lang: 'zh-TW' })).body).toEqual({ code: 201, message: '此暱稱已有人使用，請換一個', data: null });
    expect((await play(app, '/join', { pin, nickname: ' ann' })).body.message).toBe('This nickname is taken; please choose another one');
    const same = await Promise.all(Array.from({ length: 5 }, () => play(app, '/join', { pin, nickname: 'Zed' })));
    expect(same.filter((r) => r.body.code === 200), 'one of five phones gets the name').toHaveLength(1);

    const long = await play(app, '/join', { pin, nickname: 'x'.repeat(21) }, { lang: 'zh-TW' });
    expect(long.status).toBe(422);
    expect(long.body.data.errors).toEqual({ nickname: ['暱稱最多 20 個字（一個表情符號或國旗算一個字）'] });
    expect((await play(app, '/join', { pin, nickname: '   ' })).body.data.errors).toEqual({ nickname: ['Please enter a nickname'] });
    expect((await play(app, '/join', { pin, nickname: '😀'.repeat(20) })).body.code, '20 characters, not bytes').toBe(200);
    expect((await play(app, '/join', { pin: '12ab56', nickname: 'x' })).status).toBe(422);

    // The token identifies the player from any request.
    const again = await b.state(first.body.data.player_token);
    expect(again.player).toMatchObject({ id: first.body.data.player.id, nickname: 'Ann', join_order: 1 });
  });

  it("admits players up to the cap the operator set and refuses the next one clearly", async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Small room', type: 1 });
    expect((await gameRow(gameId)).playerCap).toBe(10_000);
    expect((await b.admin('/triviaGame/update', { id: gameId, title: 'Small room', type: 1, player_cap: 3 })).body.code).toBe(200);
    const results = await Promise.all(['A1', 'A2', 'A3', 'A4', 'A5'].map((nickname) => play(app, '/join', { pin, nickname }, { lang: 'zh-TW' })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.code === 201).map((r) => r.body.message)).toEqual(['此遊戲人數已滿（上限 3 人）', '此遊戲人數已滿（上限 3 人）']);
    expect((await play(app, '/join', { pin, nickname: 'A6' })).body.message).toBe('This game is full (3 players)');
    const joined = await app.db.select().from(players).where(eq(players.triviaGameId, gameId));
    expect(joined.map((p) => p.joinOrder).sort()).toEqual([1, 2, 3]);
    expect((await gameRow(gameId)).playerCount).toBe(3);

    // Raised by the operator mid-registration, the cap admits the next phone; lowered below the
    // players already in, it keeps them and admits no one more.
    await b.admin('/triviaGame/update', { id: gameId, title: 'Small room', type: 1, player_cap: 4 });
    expect((await play(app, '/join', { pin, nickname: 'A7' })).body.code).toBe(200);
    await b.admin('/triviaGame/update', { id: gameId, title: 'Small room', type: 1, player_cap: 2 });
    expect((await play(app, '/join', { pin, nickname: 'A8' })).body.message).toBe('This game is full (2 players)');
    expect((await b.admin('/triviaGame/detail', { id: gameId })).body.data.item).toMatchObject({ player_cap: 2, player_count: 4 });
  });

  it('refuses an unknown PIN', async () => {
    expect((await play(app, '/join', { pin: '000000', nickname: 'Lost' }, { lang: 'zh-TW' })).body).toMatchObject({ code: 201 });
  });
});

describe.runIf(usingPostgres)("the player cap across two server instances on one PostgreSQL", () => {
  it('admits exactly the cap when phones join through both instances at once', async () => {
    const config = await testAppConfig();
    const databaseUrl = (config.database as { url: string }).url;
    const first = await buildApp(config);
    const second = await buildApp(config);
    try {
      const firstToken = await login(first);
      const operator = bench(first, () => firstToken);
      const { id: gameId, pin } = await operator.createGame({ title: 'Two doors', type: 1, player_cap: 5 });
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => play(i % 2 === 0 ? first : second, '/join', { pin, nickname: `P${i}` })));
      expect(results.filter((r) => r.body.code === 200)).toHaveLength(5);
      expect(new Set(results.filter((r) => r.body.code === 201).map((r) => r.body.message))).toEqual(new Set(['This game is full (5 players)']));
      const detail = (await operator.admin('/triviaGame/detail', { id: gameId })).body.data.item;
      expect(detail).toMatchObject({ player_cap: 5, player_count: 5 });
    } finally {
      await first.close();
      await second.close();
      await dropPostgresDatabase(databaseUrl);
    }
  });
});

describe('tenancy', () => {
  it("answers 404 to another company's operator and 403 for a company they may not act for", async () => {
    const otherCompany = await createCompany(app, 'Other company');
    await createAdmin(app, { username: 'op2', password: 'Operator-password-2', roles: ['operator'], companyIds: [otherCompany] });
    const otherToken = await login(app, 'op2', 'Operator-password-2');
    const { id: gameId } = await b.createGame({ title: 'Ours', type: 1 });
    const q1 = await b.addQuestion(gameId);
    const theirs = bench(app, () => otherToken, String(otherCompany));
    expect((await theirs.flow(gameId, q1, 2)).status).toBe(404);
    expect((await theirs.admin('/triviaGame/getRank', { trivia_game_id: gameId })).status).toBe(404);
    expect((await theirs.admin('/triviaGame/displayCode', { trivia_game_id: gameId })).status).toBe(404);
    const asCompany1 = bench(app, () => otherToken, '1');
    expect((await asCompany1.flow(gameId, q1, 2)).status).toBe(403);
    expect((await asCompany1.admin('/triviaGame/getRank', { trivia_game_id: gameId })).status).toBe(403);
    expect((await questionRow(q1)).status, 'nothing happened').toBe(0);
  });

  it('lets a viewer read the ranking but not run the game', async () => {
    await createAdmin(app, { username: 'viewer1', password: 'Viewer-password-1', roles: ['viewer'] });
    const viewerToken = await login(app, 'viewer1', 'Viewer-password-1');
    const v = bench(app, () => viewerToken);
    const { id: gameId } = await b.createGame({ title: 'Watched', type: 1 });
    const q1 = await b.addQuestion(gameId);
    expect((await v.flow(gameId, q1, 2)).status).toBe(403);
    expect((await v.admin('/triviaGame/displayCode', { trivia_game_id: gameId })).status).toBe(403);
    expect((await v.admin('/triviaGame/getRank', { trivia_game_id: gameId })).body).toEqual({ code: 200, message: 'OK', data: { list: [], total: 0 } });
  });
});

describe('the quiz display', () => {
  it('opens with a single-use code valid for 60 seconds, exchanged for a display token', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Big screen', type: 1 });
    const q1 = await b.addQuestion(gameId);
    await b.joinPlayer(pin, 'Ann');
    const issued = await b.admin('/triviaGame/displayCode', { trivia_game_id: gameId });
    expect(issued.body.data).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/), expires_in: 60 });
    const exchanged = await play(app, '/display/exchange', { code: issued.body.data.code });
    // A display session, not a signed token: it lasts until unpaired or 30 idle days (display-pairing.test.ts).
    expect(exchanged.body.data).toMatchObject({ expires_in: 2_592_000, game: { id: gameId, title: 'Big screen', player_count: 1 } });
    const again = await play(app, '/display/exchange', { code: issued.body.data.code }, { lang: 'zh-TW' });
    expect(again.body).toEqual({ code: 201, message: '此連結已失效，請從控制畫面重新開啟', data: null });

    const displayToken = exchanged.body.data.display_token;
    const before = await play(app, '/display/state', {}, { token: displayToken });
    expect(before.body.data).toMatchObject({ game: { id: gameId, status: 1 }, question: null, ranking: null, finished: false });
    await b.flow(gameId, q1, 2);
    await b.flow(gameId, q1, 3);
    await b.flow(gameId, q1, 4);
    const after = await play(app, '/display/state', {}, { token: displayToken });
    expect(after.body.data).toMatchObject({ question: { status: 3, answer: ['A'] }, ranking: { total: 1, list: [{ rank: 1, nickname: 'Ann' }] } });
    expect((await play(app, '/display/ticket', {}, { token: displayToken })).body.data).toMatchObject({ url: '/api/ws', topic: `game:${gameId}:public` });
    expect((await play(app, '/display/state', {}, { token: 'forged' })).body.code).toBe(202);
    // A player token is no display token, and the other way round.
    expect((await play(app, '/state', {}, { token: displayToken })).body.code).toBe(202);

    const late = await b.admin('/triviaGame/displayCode', { trivia_game_id: gameId });
    setNow(Date.now() + 61_000);
    expect((await play(app, '/display/exchange', { code: late.body.data.code })).body.code, 'expired after 60 s').toBe(201);
  });

  it('gives players a WebSocket ticket for their game', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Tickets', type: 1 });
    const player = await b.joinPlayer(pin, 'Ann');
    const res = await play(app, '/ticket', {}, { token: player.token });
    expect(res.body.data).toMatchObject({ expires_in: 30, url: '/api/ws', topic: `game:${gameId}:public` });
    expect(await app.tickets.redeem(res.body.data.ticket)).toEqual({ kind: 'player', id: player.id, gameId });
  });
});

describe('the final results', () => {
  it('ending a game publishes a final ranking when answers were published after the last one, and only then', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Final ranking', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 20 }, 'Q1');
    const q2 = await b.addQuestion(gameId, { answering_time: 20 }, 'Q2');
    const ann = await b.joinPlayer(pin, 'Ann');
    const ben = await b.joinPlayer(pin, 'Ben');

    // Q1 ranked: both right, Ann faster.
    await b.flow(gameId, q1, 2);
    await b.answer(ann.token, q1, ['A']);
    await b.answer(ben.token, q1, ['A']);
    await b.flow(gameId, q1, 3);
    await b.flow(gameId, q1, 4);
    expect((await b.state(ben.token)).rank).toMatchObject({ position: 2, question_id: q1 });

    // Q2 answered by Ben only, its answer published, its ranking never: the operator ends the game.
    await b.flow(gameId, q2, 2);
    await b.answer(ben.token, q2, ['A']);
    await b.flow(gameId, q2, 3);
    events.length = 0;
    const ended = await b.flow(gameId, null, 5, { lang: 'zh-TW' });
    expect(ended.body).toMatchObject({ code: 200, message: '遊戲結束成功', data: { applied: true } });
    await flushEvents();
    const publicTypes = stepEvents().filter((e) => e.topic === `game:${gameId}:public`).map((e) => e.type);
    expect(publicTypes, 'the final ranking reaches everyone before the end').toEqual(['server.rankingPublished', 'server.gameEnded']);
    const final = events.find((e) => e.type === 'server.rankingPublished')!.data as any;
    expectPlaySchema('EventRankingPublished', final);
    expect(final).toMatchObject({ question_id: q2, total: 2 });
    expect(final.list.map((r: any) => r.nickname), 'Ben overtook Ann with Q2').toEqual(['Ben', 'Ann']);
    expect((await b.state(ben.token))).toMatchObject({ finished: true, rank: { position: 1, total: 2, question_id: q2 } });
    expect((await questionRow(q2)).status, 'Q2 now has its ranking').toBe(3);

    // A game whose last ranking is current ends without another one; a double end adds nothing.
    const other = await b.createGame({ title: 'Final ranking current', type: 1 });
    const q3 = await b.addQuestion(other.id, { answering_time: 20 }, 'Q3');
    const cat = await b.joinPlayer(other.pin, 'Cat');
    await b.flow(other.id, q3, 2);
    await b.answer(cat.token, q3, ['A']);
    await b.flow(other.id, q3, 3);
    await b.flow(other.id, q3, 4);
    events.length = 0;
    await b.flow(other.id, null, 5);
    await b.flow(other.id, null, 5);
    await flushEvents();
    expect(stepEvents().filter((e) => e.topic === `game:${other.id}:public`).map((e) => e.type)).toEqual(['server.gameEnded']);
  });

  it('ending a game with a question on screen publishes its answer, then the final ranking', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Ended mid-question', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 20 });
    const ann = await b.joinPlayer(pin, 'Ann');
    await b.flow(gameId, q1, 2);
    await b.answer(ann.token, q1, ['A']);
    events.length = 0;
    await b.flow(gameId, null, 5);
    await flushEvents();
    expect(stepEvents().filter((e) => e.topic === `game:${gameId}:public`).map((e) => e.type)).toEqual(['server.answerPublished', 'server.rankingPublished', 'server.gameEnded']);
    expect((await b.state(ann.token)).rank).toMatchObject({ position: 1, total: 1, question_id: q1 });
  });

  it('ending a game where no answer was ever published publishes no ranking', async () => {
    const { id: gameId } = await b.createGame({ title: 'Ended before any question', type: 1 });
    await b.addQuestion(gameId);
    events.length = 0;
    await b.flow(gameId, null, 5);
    await flushEvents();
    expect(events.filter((e) => e.topic === `game:${gameId}:public`).map((e) => e.type)).toEqual(['server.gameEnded']);
  });
});
