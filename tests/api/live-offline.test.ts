/**
 * Answers from a phone that lost its network (issue 16, point 4): the phone keeps the answer and
 * resends it when the connection returns, and the server decides by its own clock. A resend of an
 * answer already stored (its acknowledgement was lost) comes back as the stored answer, not as an
 * error — alone, at once with the original, or after the question closed — while a different choice
 * is still refused; a resend after the deadline plus grace is refused with the reason, in the
 * request's language. Time is moved with a fake Date, never by sleeping.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { answers } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { bench } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  b = bench(app, () => token);
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

function setNow(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

const storedOf = (playerId: number) => app.db.select().from(answers).where(eq(answers.playerId, playerId));

describe('an answer resent after a dead network', () => {
  let gameId: number;
  let pin: string;
  let q1: number;
  let t0: number;
  let ann: { token: string; id: number };
  beforeAll(async () => {
    ({ id: gameId, pin } = await b.createGame({ title: 'Offline answers', type: 1 }));
    q1 = await b.addQuestion(gameId, { answering_time: 10, question_type: 2, answer: ['A', 'C'] });
    t0 = Date.now();
    setNow(t0);
    expect((await b.flow(gameId, q1, 2)).body.code).toBe(200);
  });

  it('answers a resend of the stored answer with the stored answer (code 200), once stored', async () => {
    ann = await b.joinPlayer(pin, 'Ann');
    setNow(t0 + 2_000);
    const first = await b.answer(ann.token, q1, ['C', 'A']);
    expect(first.body).toMatchObject({ code: 200, data: { answer: { choices: ['A', 'C'], elapsed_ms: 2_000 } } });
    // The acknowledgement was lost; the phone resends later (same choices, any order).
    setNow(t0 + 6_000);
    const resent = await b.answer(ann.token, q1, ['A', 'C'], { lang: 'zh-TW' });
    expect(resent.body).toEqual({ code: 200, message: '作答成功', data: first.body.data });
    expect(await storedOf(ann.id)).toHaveLength(1);
    // A different choice is still refused: one answer per question.
    const changed = await b.answer(ann.token, q1, ['A'], { lang: 'zh-TW' });
    expect(changed.body).toEqual({ code: 201, message: '您已作答過此題', data: null });
    expect((await storedOf(ann.id))[0]!.choices).toEqual(['A', 'C']);
  });

  it('gives the original and its resend, arriving together, the same stored answer', async () => {
    const ben = await b.joinPlayer(pin, 'Ben');
    setNow(t0 + 3_000);
    const [one, two, other] = await Promise.all([b.answer(ben.token, q1, ['A']), b.answer(ben.token, q1, ['A']), b.answer(ben.token, q1, ['B'])]);
    expect(one.body.code).toBe(200);
    expect(two.body).toEqual(one.body);
    expect(other.body).toMatchObject({ code: 201, message: 'You have already answered this question' });
    expect(await storedOf(ben.id)).toHaveLength(1);
  });

  it('accepts a resend that arrives within the grace after the deadline, and refuses one after it with the reason', async () => {
    const cat = await b.joinPlayer(pin, 'Cat');
    const dan = await b.joinPlayer(pin, 'Dan');
    // Tapped at 9 s, the network came back at 10.5 s: inside the window (deadline + 500 ms).
    setNow(t0 + 10_500);
    expect((await b.answer(cat.token, q1, ['A', 'C'])).body).toMatchObject({ code: 200, data: { answer: { elapsed_ms: 10_500 } } });
    // Tapped in time too, but back only at 10.501 s: the server's clock decides.
    setNow(t0 + 10_501);
    expect((await b.answer(dan.token, q1, ['A', 'C'], { lang: 'zh-TW' })).body).toEqual({ code: 201, message: '已超過作答時間', data: null });
    expect((await b.answer(dan.token, q1, ['A', 'C'])).body).toEqual({ code: 201, message: 'Too late: the answering time is over', data: null });
    expect(await storedOf(dan.id)).toEqual([]);
  });

  it('still answers a resend of a stored answer after the answer was published, scored; an unstored one is refused as closed', async () => {
    setNow(t0 + 12_000);
    expect((await b.flow(gameId, q1, 3)).body.code).toBe(200);
    // Ann's phone never got the acknowledgement, and comes back after the publication.
    const resent = await b.answer(ann.token, q1, ['C', 'A']);
    expect(resent.body).toMatchObject({ code: 200, data: { answer: { question_id: q1, choices: ['A', 'C'], elapsed_ms: 2_000, correct: true } } });
    const eve = await b.joinPlayer(pin, 'Eve');
    expect((await b.answer(eve.token, q1, ['A', 'C'], { lang: 'zh-TW' })).body).toEqual({ code: 201, message: '此題已公佈答案，無法再作答', data: null });
  });
});
