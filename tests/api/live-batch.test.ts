/**
 * Group commit of answers (service.ts, AnswerBatcher): answers arriving together are stored in one
 * transaction, and the rules stay exact inside a batch — one answer per player and question (doubles
 * in the same batch: the first stored, the others refused), the deadline to the millisecond, bad
 * choices and foreign questions refused without failing their neighbours, a failed batch retried
 * answer by answer, and nothing acknowledged that is not stored.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { answers, players } from '@/server/db/schema';
import { AnswerBatcher } from '@/server/features/live/answers/answers';
import type { PlayerRow } from '@/server/features/live/queries';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { bench, countingDb } from './live-support';

let app: FastifyInstance;
let b: ReturnType<typeof bench>;

beforeAll(async () => {
  app = await createTestApp();
  const token = await login(app);
  b = bench(app, () => token);
});
afterAll(() => app.close());

async function gameWithPlayers(title: string, count: number, answeringTime = 10) {
  const { id, pin } = await b.createGame({ title, type: 1 });
  const question = await b.addQuestion(id, { answering_time: answeringTime });
  const joined = [];
  for (let i = 0; i < count; i += 1) joined.push(await b.joinPlayer(pin, `P${i + 1}`));
  const rows = await app.db.select().from(players).where(eq(players.triviaGameId, id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { id, question, joined, rows: joined.map((p) => byId.get(p.id)!) };
}

describe('group commit of answers', () => {
  it('stores 40 concurrent answers with duplicates in one transaction: exactly one per player, the doubles refused', async () => {
    const { id, question, rows } = await gameWithPlayers('Batch doubles', 20);
    await b.flow(id, question, 2);
    const { db, calls: transactions } = countingDb(app.db, 'transaction');
    const batcher = new AnswerBatcher(db);
    const receivedAt = new Date();
    // Every player twice (A then B), all submitted in the same tick.
    const submitted = rows.flatMap((player) => [
      batcher.submit({ player, input: { question_id: question, choices: ['A'] }, receivedAt }),
      batcher.submit({ player, input: { question_id: question, choices: ['B'] }, receivedAt }),
    ]);
    const settled = await Promise.allSettled(submitted);
    expect(transactions(), 'one batch, one transaction').toBe(1);
    const ok = settled.filter((s) => s.status === 'fulfilled');
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(ok).toHaveLength(20);
    expect(settled.filter((_, i) => i % 2 === 0).every((s) => s.status === 'fulfilled'), 'the first of each pair wins').toBe(true);
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(new Set(['live.answer.answered']));
    const stored = await app.db.select().from(answers).where(eq(answers.questionId, question));
    expect(stored).toHaveLength(20);
    expect(new Set(stored.map((a) => a.playerId)).size).toBe(20);
    expect(stored.every((a) => a.choices[0] === 'A')).toBe(true);
  });

  it('keeps the deadline exact inside one batch and refuses bad answers without failing their neighbours', async () => {
    const { id, question, rows } = await gameWithPlayers('Batch deadline', 6, 10);
    const other = await b.createGame({ title: 'Batch other', type: 1 });
    const foreign = await b.addQuestion(other.id);
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    await b.flow(id, question, 2);
    vi.useRealTimers();
    const [onTime, late, badChoice, foreignQ, early, already] = rows as [PlayerRow, PlayerRow, PlayerRow, PlayerRow, PlayerRow, PlayerRow];
    const { db, calls: transactions } = countingDb(app.db, 'transaction');
    const batcher = new AnswerBatcher(db);
    // `already` answered before this batch.
    await batcher.submit({ player: already, input: { question_id: question, choices: ['A'] }, receivedAt: new Date(t0 + 1_000) });
    const before = transactions();
    const results = await Promise.allSettled([
      batcher.submit({ player: onTime, input: { question_id: question, choices: ['A'] }, receivedAt: new Date(t0 + 10_500) }),
      batcher.submit({ player: late, input: { question_id: question, choices: ['A'] }, receivedAt: new Date(t0 + 10_501) }),
      batcher.submit({ player: badChoice, input: { question_id: question, choices: ['D'] }, receivedAt: new Date(t0 + 2_000) }),
      batcher.submit({ player: foreignQ, input: { question_id: foreign, choices: ['A'] }, receivedAt: new Date(t0 + 2_000) }),
      batcher.submit({ player: early, input: { question_id: question, choices: ['B'] }, receivedAt: new Date(t0 + 3_000) }),
      batcher.submit({ player: already, input: { question_id: question, choices: ['B'] }, receivedAt: new Date(t0 + 3_000) }),
    ]);
    expect(transactions() - before).toBe(1);
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as Error).message))).toEqual([
      'ok',
      'live.answer.late',
      'live.answer.unknownOption',
      'live.answer.unknownQuestion',
      'ok',
      'live.answer.answered',
    ]);
    const stored = await app.db.select().from(answers).where(eq(answers.questionId, question));
    expect(stored.map((a) => [a.playerId, a.elapsedMs]).sort()).toEqual(
      [
        [already.id, 1_000],
        [onTime.id, 10_500],
        [early.id, 3_000],
      ].sort(),
    );
  });

  it('lets only promoted players answer a level-2 question, within one batch', async () => {
    const { id, pin } = await b.createGame({
      title: 'Batch levels',
      type: 2,
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const saved = await b.admin('/triviaGame/updateLevel', {
      trivia_game_id: id,
      trivia_game_level: [
        { level: 1, promotion_score: 10 },
        { level: 2, promotion_score: null },
      ],
    });
    const [level1, level2] = saved.body.data.list;
    const l1 = await b.addQuestion(id, { level_id: level1.id, score: 10 }, 'L1');
    const l2 = await b.addQuestion(id, { level_id: level2.id, score: 30 }, 'L2');
    const joined = [await b.joinPlayer(pin, 'Up1'), await b.joinPlayer(pin, 'Up2'), await b.joinPlayer(pin, 'Stay')];
    await b.flow(id, l1, 2);
    await b.answer(joined[0]!.token, l1, ['A']);
    await b.answer(joined[1]!.token, l1, ['A']);
    await b.answer(joined[2]!.token, l1, ['B']);
    await b.flow(id, l1, 3);
    await b.flow(id, l2, 2);
    const rows = await app.db.select().from(players).where(eq(players.triviaGameId, id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const { db, calls: transactions } = countingDb(app.db, 'transaction');
    const batcher = new AnswerBatcher(db);
    const receivedAt = new Date();
    const results = await Promise.allSettled(joined.map((p) => batcher.submit({ player: byId.get(p.id)!, input: { question_id: l2, choices: ['A'] }, receivedAt })));
    expect(transactions()).toBe(1);
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as Error).message))).toEqual(['ok', 'ok', 'live.answer.levelNotReached']);
  });

  it('retries the answers one by one when a batch fails as a whole, so none is lost or refused for it', async () => {
    const { id, question, rows } = await gameWithPlayers('Batch failure', 5);
    await b.flow(id, question, 2);
    let calls = 0;
    const flaky = new Proxy(app.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return (...args: Parameters<Db['transaction']>) => {
          calls += 1;
          if (calls === 1) return Promise.reject(new Error('connection lost'));
          return target.transaction(...args);
        };
      },
    });
    const batcher = new AnswerBatcher(flaky);
    const receivedAt = new Date();
    const results = await Promise.allSettled(rows.map((player) => batcher.submit({ player, input: { question_id: question, choices: ['A'] }, receivedAt })));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(calls, 'the failed batch, then one transaction per answer').toBe(6);
    expect(await app.db.select().from(answers).where(eq(answers.questionId, question))).toHaveLength(5);
  });

  it('acknowledges only stored answers under a burst over HTTP, and scores them all on publish', async () => {
    const { id, question, joined } = await gameWithPlayers('Batch burst', 60, 30);
    await b.flow(id, question, 2);
    const burst = await Promise.all(joined.flatMap((p) => [b.answer(p.token, question, ['A']), b.answer(p.token, question, ['C'])]));
    expect(burst.filter((r) => r.body.code === 200)).toHaveLength(60);
    expect(burst.filter((r) => r.body.code === 201).every((r) => r.body.message === 'You have already answered this question')).toBe(true);
    await b.flow(id, question, 3);
    const stored = await app.db.select().from(answers).where(eq(answers.questionId, question));
    expect(stored).toHaveLength(60);
    expect(stored.every((a) => a.points !== null)).toBe(true);
  });
});
