/**
 * Fair winners (issue 21; docs/game-rules.md "Fair play") as an operator meets them: flags computed on
 * the server while the game runs (an answer under 300 ms, two players of one device id, many from
 * one address, identical answers and timings), a disqualification that leaves the player out of the
 * published ranking, the phones' places, getRank, the winners and the export at once, its undoing,
 * the refusals (permission, another company, a player of another game, a bad reason), the audit
 * trail, and the per-question statistics.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { bench, play } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;
let gameId: number;
let qs: number[];
const p: Record<string, { token: string; id: number }> = {};

async function joinWith(pin: string, nickname: string, deviceId?: string) {
  const res = await play(app, '/join', { pin, nickname, ...(deviceId ? { device_id: deviceId } : {}) });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  p[nickname] = { token: res.body.data.player_token, id: res.body.data.player.id };
}

const admin = (path: string, body: unknown, options: Parameters<typeof call>[3] = {}) => call(app, path, body, { token, cid: '1', ...options });
/** The live events published from now on (type, topic and, for `server.disqualified`, the data), read when asked. */
function hear(): () => unknown[][] {
  const events: unknown[][] = [];
  const stop = app.bus.subscribe((event) => {
    if (event.type === 'server.disqualified') events.push([event.type, event.topic, event.data]);
    else if (event.type === 'server.rankingPublished' && event.topic.endsWith(':public')) events.push([event.type, event.topic]);
  });
  return () => {
    stop();
    return events;
  };
}
const rankNames = async () => ((await admin('/triviaGame/getRank', { trivia_game_id: gameId, limit: 100 })).body.data.list as Array<{ nickname: string }>).map((e) => e.nickname);

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  b = bench(app, () => token);
  ({ id: gameId } = await b.createGame({ title: 'Fair play', type: 1 }));
  const { pin } = (await b.admin('/triviaGame/detail', { id: gameId })).body.data.item;
  qs = [];
  for (const title of ['Q1', 'Q2', 'Q3']) qs.push(await b.addQuestion(gameId, { answering_time: 10, options: ['a', 'b', 'c'], answer: ['A'] }, title));
  await joinWith(pin, 'Ann', 'device-shared-1');
  await joinWith(pin, 'Bob', 'device-shared-1');
  await joinWith(pin, 'Cat', 'device-cat-0001');
  await joinWith(pin, 'Dan');
  await joinWith(pin, 'Eve');

  const t0 = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    for (const [i, q] of qs.entries()) {
      const shown = t0 + i * 60_000;
      vi.setSystemTime(shown);
      await b.flow(gameId, q, 2);
      if (i === 0) {
        vi.setSystemTime(shown + 120); // Ann: 120 ms after the question was shown
        expect((await b.answer(p.Ann!.token, q, ['A'])).body.code).toBe(200);
        vi.setSystemTime(shown + 2_000);
        await b.answer(p.Bob!.token, q, ['A']);
        vi.setSystemTime(shown + 4_000);
        await b.answer(p.Eve!.token, q, ['B']);
      }
      // Cat and Dan: the same choices, 20 ms apart, on every question.
      vi.setSystemTime(shown + 3_000 + i * 500);
      await b.answer(p.Cat!.token, q, ['A']);
      vi.setSystemTime(shown + 3_020 + i * 500);
      await b.answer(p.Dan!.token, q, ['A']);
      vi.setSystemTime(shown + 10_000);
      await b.flow(gameId, q, 3);
      await b.flow(gameId, q, 4);
    }
  } finally {
    vi.useRealTimers();
  }
});
afterAll(() => app.close());

describe('fair-play flags', () => {
  it('flags a too fast answer, a shared device, one address for many, and identical answer sequences', async () => {
    const res = await admin('/triviaGame/fairPlay', { trivia_game_id: gameId });
    expect(res.body.code).toBe(200);
    const byName = new Map((res.body.data.list as Array<{ nickname: string; flags: Array<{ kind: string; count: number; fastest_ms: number | null; others: number[] }> }>).map((e) => [e.nickname, e.flags]));
    const flag = (name: string, kind: string) => byName.get(name)?.find((f) => f.kind === kind);
    expect(flag('Ann', 'fastAnswer')).toEqual({ kind: 'fastAnswer', count: 1, fastest_ms: 120, others: [] });
    expect(flag('Bob', 'fastAnswer')).toBeUndefined();
    expect(flag('Ann', 'sharedDevice')).toMatchObject({ count: 2, others: [p.Bob!.id] });
    expect(flag('Cat', 'sharedDevice')).toBeUndefined();
    // Every test join comes from one address (the loopback): five players reach the threshold.
    expect(flag('Eve', 'sharedAddress')).toMatchObject({ count: 5 });
    expect(flag('Cat', 'identicalAnswers')).toMatchObject({ count: 2, others: [p.Dan!.id] });
    expect(flag('Dan', 'identicalAnswers')).toMatchObject({ others: [p.Cat!.id] });
    expect(flag('Bob', 'identicalAnswers')).toBeUndefined();
  });
});

describe('disqualification', () => {
  it('refuses a viewer, another company, an admin without the company, a player of another game and a bad reason', async () => {
    await createAdmin(app, { username: 'fp-viewer', password: 'Viewer-password-9', roles: ['viewer'] });
    const viewer = await login(app, 'fp-viewer', 'Viewer-password-9');
    const body = { trivia_game_id: gameId, player_id: p.Cat!.id, reason: 'bot' };
    expect((await call(app, '/triviaGame/disqualify', body, { token: viewer })).status).toBe(403);
    // A viewer may read the flags and the winners, not show them on the display.
    expect((await call(app, '/triviaGame/fairPlay', { trivia_game_id: gameId }, { token: viewer })).body.code).toBe(200);
    expect((await call(app, '/triviaGame/showWinners', { trivia_game_id: gameId, count: 3 }, { token: viewer })).status).toBe(403);

    const other = await createCompany(app, 'Fair rivals');
    await createAdmin(app, { username: 'fp-op', password: 'Operator-password-9', roles: ['operator'], companyIds: [other] });
    const rival = await login(app, 'fp-op', 'Operator-password-9');
    expect((await call(app, '/triviaGame/disqualify', body, { token: rival, cid: String(other) })).status).toBe(404);
    expect((await call(app, '/triviaGame/disqualify', body, { token: rival, cid: '1' })).status).toBe(403);
    expect((await call(app, '/triviaGame/fairPlay', { trivia_game_id: gameId }, { token: rival, cid: String(other) })).status).toBe(404);

    const { id: otherGame } = await b.createGame({ title: 'Another game', type: 1 });
    expect((await admin('/triviaGame/disqualify', { ...body, trivia_game_id: otherGame })).status).toBe(404);

    const bell = await admin('/triviaGame/disqualify', { ...body, reason: 'bot\u0007' }, { lang: 'en' });
    expect(bell.status).toBe(422);
    expect(bell.body.data.errors.reason[0]).toMatch(/control characters/);
    const blank = await admin('/triviaGame/disqualify', { ...body, reason: '   ' }, { lang: 'zh-TW' });
    expect(blank.status).toBe(422);
    expect(blank.body.data.errors.reason).toEqual(['請填寫取消資格的原因']);
    // Nothing was stored by the refusals.
    expect((await rankNames())[0]).toBe('Cat');
  });

  it('leaves the player out of the published ranking, the phones, getRank, the winners and the export at once; the audit trail says who', async () => {
    expect(await rankNames()).toEqual(['Cat', 'Dan', 'Ann', 'Bob', 'Eve']);
    expect((await b.state(p.Dan!.token)).rank.position).toBe(2);
    expect((await b.state(p.Cat!.token)).player.disqualified).toBeNull();
    const heard = hear();

    const res = await admin('/triviaGame/disqualify', { trivia_game_id: gameId, player_id: p.Cat!.id, reason: ' same answers as Dan, 20 ms apart ' }, { lang: 'en' });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Cat is disqualified; the ranking is updated');
    expect(res.body.data.player.disqualified).toMatchObject({ reason: 'same answers as Dan, 20 ms apart', by_name: 'Administrator' });

    expect(await rankNames()).toEqual(['Dan', 'Ann', 'Bob', 'Eve']);
    // The ranking was published again: Dan's phone says first, Cat's phone shows no place.
    expect((await b.state(p.Dan!.token)).rank).toMatchObject({ position: 1, total: 4 });
    expect((await b.state(p.Cat!.token)).rank).toBeNull();
    // Cat's phone is told, and its state says why; the others' do not change.
    expect(heard()).toEqual([
      ['server.disqualified', `game:${gameId}:public`, { trivia_game_id: gameId, player_id: p.Cat!.id, disqualified: true }],
      ['server.rankingPublished', `game:${gameId}:public`],
    ]);
    expect((await b.state(p.Cat!.token)).player.disqualified).toMatchObject({ reason: 'same answers as Dan, 20 ms apart' });
    expect((await b.state(p.Dan!.token)).player.disqualified).toBeNull();

    const winners = await admin('/triviaGame/winners', { trivia_game_id: gameId, count: 2 });
    expect(winners.body.data).toMatchObject({ total: 4, disqualified: 1 });
    expect(winners.body.data.list.map((w: { nickname: string; decided_by: string }) => [w.nickname, w.decided_by])).toEqual([
      ['Dan', 'score'],
      ['Ann', 'score'],
    ]);
    const shown = await admin('/triviaGame/showWinners', { trivia_game_id: gameId, count: 3 }, { lang: 'en' });
    expect(shown.body).toMatchObject({ code: 200, message: 'The winners are on the display' });

    const csv = await app.inject({
      method: 'POST',
      url: '/api/admin/triviaGame/exportResults',
      payload: { trivia_game_id: gameId, format: 'csv', table: 'disqualified' },
      headers: { authorization: `Bearer ${token}`, cid: '1', lang: 'en' },
    });
    const lines = csv.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Nickname,Join order,Correct answers,Answers,Reason,Disqualified at (Asia/Taipei),By,Fair-play flags');
    expect(lines[1]).toMatch(/^Cat,3,3,3,"same answers as Dan, 20 ms apart",\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Administrator,5 players from one address; same answers as 1 other\(s\)$/);

    // Twice is refused, nothing changed.
    expect((await admin('/triviaGame/disqualify', { trivia_game_id: gameId, player_id: p.Cat!.id, reason: 'again' })).body.code).toBe(201);

    await app.auditTrail.settled();
    const audit = await admin('/audit/list', { page: 1, limit: 5, operation: 'triviaGameDisqualify' });
    const [refused, done] = audit.body.data.list;
    expect(refused).toMatchObject({ outcome: 'refused' });
    expect(done).toMatchObject({ target_type: 'player', target_id: String(p.Cat!.id), outcome: 'success', username: 'admin' });
    expect(done.summary).toContain('same answers as Dan');
  });

  it('takes a disqualification back: the player is ranked again; twice is refused', async () => {
    const heard = hear();
    const res = await admin('/triviaGame/requalify', { trivia_game_id: gameId, player_id: p.Cat!.id });
    expect(res.body.code).toBe(200);
    expect(res.body.data.player.disqualified).toBeNull();
    expect(heard()[0]).toEqual(['server.disqualified', `game:${gameId}:public`, { trivia_game_id: gameId, player_id: p.Cat!.id, disqualified: false }]);
    expect((await b.state(p.Cat!.token)).player.disqualified).toBeNull();
    expect((await rankNames())[0]).toBe('Cat');
    expect((await b.state(p.Cat!.token)).rank.position).toBe(1);
    expect((await admin('/triviaGame/requalify', { trivia_game_id: gameId, player_id: p.Cat!.id }, { lang: 'en' })).body).toMatchObject({ code: 201, message: 'This player is not disqualified' });
  });
});

describe('a disqualification before any ranking', () => {
  it('tells the phone at once (nothing to publish again); its state says so', async () => {
    const { id: early, pin } = await b.createGame({ title: 'Early', type: 1 });
    const res = await play(app, '/join', { pin, nickname: 'Fay' });
    const fay = { token: res.body.data.player_token as string, id: res.body.data.player.id as number };
    const heard = hear();
    expect((await admin('/triviaGame/disqualify', { trivia_game_id: early, player_id: fay.id, reason: '同一裝置' })).body.code).toBe(200);
    expect(heard()).toEqual([['server.disqualified', `game:${early}:public`, { trivia_game_id: early, player_id: fay.id, disqualified: true }]]);
    expect((await b.state(fay.token)).player.disqualified).toMatchObject({ reason: '同一裝置' });
  });
});

describe('per-question statistics', () => {
  it('gives percent correct, the answers per option and the median time of every question', async () => {
    const res = await admin('/triviaGame/questionStats', { trivia_game_id: gameId });
    expect(res.body.code).toBe(200);
    const [q1, q2] = res.body.data.list;
    expect(q1).toMatchObject({ question_id: qs[0], title: 'Q1', answer: ['A'], answered: 5, correct: 4, percent_correct: 80, median_ms: 3000 });
    expect(q1.distribution).toEqual([
      { title: 'A', count: 4 },
      { title: 'B', count: 1 },
      { title: 'C', count: 0 },
    ]);
    expect(q2).toMatchObject({ answered: 2, correct: 2, percent_correct: 100, median_ms: 3510 });
  });
});
