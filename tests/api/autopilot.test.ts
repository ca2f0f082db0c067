/**
 * The autopilot (features/live/flow/autopilot.ts, docs/game-rules.md "Autopilot"): with a game's
 * `auto_advance` on, the operator shows the first question and nobody calls anything again — the
 * server takes every step once, each at its time, and the audit trail says the autopilot took them.
 * Pausing stops the clock of the next step (never a countdown's reveal); 0 seconds leaves a step to
 * the operator. The app runs on a test clock (tests/support/clock.ts): the tests move time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { RealtimeEvent } from '@/server/realtime/bus';
import { auditLog, questions } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { TestClock } from '../support/clock';
import { bench, expectPlaySchema } from './live-support';

const AUTO = { enabled: true, reveal: 'at_zero', ranking_after_s: 5, next_after_s: 8, end_after_last: true };
const GRACE = 500;
const STEPS = new Set(['server.questionShown', 'server.answerPublished', 'server.rankingPublished', 'server.gameEnded']);

interface Heard {
  game: number;
  type: string;
  at: number;
  data: Record<string, unknown>;
}

describe('a game that runs itself', () => {
  let app: FastifyInstance;
  let b: ReturnType<typeof bench>;
  const clock = new TestClock();
  const heard: Heard[] = [];
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) {
      await app.live.autopilot.settled();
      await app.live.deadlines.settled();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const passTo = async (at: number) => {
    await clock.advance(at - clock.now());
    await settle();
  };
  /** The steps the operator topic carried of a game, with the clock when heard. */
  const stepsOf = (gameId: number) => heard.filter((e) => STEPS.has(e.type) && e.game === gameId);
  /** The game's last `server.autopilot`. */
  const lastState = (gameId: number) => heard.filter((e) => e.type === 'server.autopilot' && e.game === gameId).at(-1)?.data;
  const dueOf = (gameId: number) => Date.parse(lastState(gameId)!.due_at as string);
  const pilot = (trivia_game_id: number, action: 'pause' | 'resume', extra: Record<string, unknown> = {}, lang: 'en' | 'zh-TW' = 'en') =>
    b.admin('/triviaGame/autopilot', { trivia_game_id, action, ...extra }, { lang });

  async function gameWith(title: string, auto: typeof AUTO, kinds: number[]): Promise<{ gameId: number; ids: number[] }> {
    const created = await b.admin('/triviaGame/create', { title, type: 1 });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const gameId = created.body.data.id as number;
    const ids: number[] = [];
    for (const [i, kind] of kinds.entries()) {
      if (kind === 8) {
        const res = await b.admin('/question/create', {
          trivia_game_id: gameId,
          title: `Slide ${i + 1}`,
          question_text: 'Sponsor',
          question_img: '',
          pre_video_url: '',
          have_answering_time: 1,
          answering_time: 10,
          score: 0,
          is_bonus: 0,
          question_type: 8,
          options: [],
          answer: [],
        });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
        ids.push(res.body.data.id as number);
      } else ids.push(await b.addQuestion(gameId, { answering_time: 10 }, `Q${i + 1}`));
    }
    const updated = await b.admin('/triviaGame/update', { id: gameId, title, type: 1, auto_advance: auto });
    expect(updated.body.code, JSON.stringify(updated.body)).toBe(200);
    await settle();
    return { gameId, ids };
  }

  beforeAll(async () => {
    app = await createTestApp({ clock });
    const token = await login(app);
    b = bench(app, () => token);
    app.bus.subscribe((event: RealtimeEvent) => {
      const match = /^game:(\d+):operator$/.exec(event.topic);
      if (!match) return;
      if (event.type === 'server.autopilot') expectPlaySchema('EventAutopilot', event.data);
      heard.push({ game: Number(match[1]), type: event.type, at: clock.now(), data: event.data as Record<string, unknown> });
    });
  });
  afterAll(() => app.close());

  it('runs to its end after the operator shows question 1: every step once, each at its time, in the audit trail as the autopilot’s', async () => {
    const { gameId, ids } = await gameWith('Runs itself', AUTO, [1, 8, 1, 1]);
    const [q1, slide, q3, q4] = ids as [number, number, number, number];
    expect(lastState(gameId), 'switched on: the first question is the operator’s').toMatchObject({ state: 'running', next_step: { type: 2, question_id: q1 }, due_at: null });
    const t0 = clock.now();
    expect((await b.flow(gameId, q1, 2)).body.data.applied).toBe(true);
    await settle();
    expect(lastState(gameId), 'the reveal due at zero past the grace').toMatchObject({ next_step: { type: 3, question_id: q1 }, due_at: new Date(t0 + 10_000 + GRACE).toISOString() });

    // Nobody calls anything from here: the clock alone moves the show, each step at the time the
    // last state said, not a millisecond before.
    const expected: Array<[string, number | null, number]> = [];
    let at = t0 + 10_000 + GRACE;
    const plan: Array<[string, number | null, number]> = [
      ['server.answerPublished', q1, 5_000],
      ['server.rankingPublished', q1, 8_000],
      ['server.questionShown', slide, 8_000],
      ['server.questionShown', q3, 10_000 + GRACE],
      ['server.answerPublished', q3, 5_000],
      ['server.rankingPublished', q3, 8_000],
      ['server.questionShown', q4, 10_000 + GRACE],
      ['server.answerPublished', q4, 5_000],
      ['server.rankingPublished', q4, 8_000],
      ['server.gameEnded', null, 0],
    ];
    for (const [type, questionId, next] of plan) {
      expect(dueOf(gameId), `${type} ${questionId} due`).toBe(at);
      const before = stepsOf(gameId).length;
      await passTo(at - 1);
      expect(stepsOf(gameId).length, `nothing before ${type} ${questionId} is due`).toBe(before);
      await passTo(at);
      expected.push([type, questionId, at]);
      at += next;
    }
    const steps = stepsOf(gameId).map((e) => [e.type, (e.data.question_id as number | undefined) ?? null, e.at]);
    expect(steps, 'every step once, in order, each at its time').toEqual([
      ['server.questionShown', q1, t0],
      // Showing the next question over the content slide closes the slide first (its empty reveal).
      ...expected.flatMap((step) => (step[1] === q3 && step[0] === 'server.questionShown' ? [['server.answerPublished', slide, step[2]], step] : [step])),
    ]);
    expect(lastState(gameId), 'ended: off').toMatchObject({ state: 'off', next_step: null, due_at: null });
    const stored = await app.db.select().from(questions).where(eq(questions.triviaGameId, gameId)).orderBy(questions.id);
    expect(stored.map((q) => [q.id, q.status, q.shownAt?.getTime()])).toEqual([
      // Its ranking published (3); the slide closed (2).
      [q1, 3, t0],
      [slide, 2, t0 + 10_500 + 13_000],
      [q3, 3, t0 + 10_500 + 21_000],
      [q4, 3, t0 + 10_500 + 21_000 + 23_500],
    ]);

    // Past the end nothing more happens.
    await passTo(clock.now() + 60_000);
    expect(stepsOf(gameId).length).toBe(steps.length);

    await app.auditTrail.settled();
    const entries = (await app.db.select().from(auditLog).where(eq(auditLog.operation, 'triviaGameGameFlow')).orderBy(auditLog.id)).filter(
      (row) => row.targetId === String(gameId),
    );
    expect(entries.map((row) => [row.adminId === null, row.username, row.outcome])).toEqual([
      [false, 'admin', 'success'],
      ...Array.from({ length: 10 }, () => [true, 'autopilot', 'success']),
    ]);
    expect(entries.slice(1).map((row) => row.summary)).toEqual([
      `autopilot: step 3 publish the answer, question ${q1} (Q1)`,
      `autopilot: step 4 publish the ranking, question ${q1} (Q1)`,
      `autopilot: step 2 show the question, question ${slide} (Slide 2)`,
      `autopilot: step 2 show the question, question ${q3} (Q3)`,
      `autopilot: step 3 publish the answer, question ${q3} (Q3)`,
      `autopilot: step 4 publish the ranking, question ${q3} (Q3)`,
      `autopilot: step 2 show the question, question ${q4} (Q4)`,
      `autopilot: step 3 publish the answer, question ${q4} (Q4)`,
      `autopilot: step 4 publish the ranking, question ${q4} (Q4)`,
      'autopilot: step 5 end the game',
    ]);
    const listed = await b.admin('/audit/list', { page: 1, limit: 100, operation: 'triviaGameGameFlow' });
    const autopilots = (listed.body.data.list as Array<{ username: string; admin_id: number | null; target_id: string }>).filter(
      (e) => e.target_id === String(gameId) && e.username === 'autopilot',
    );
    expect(autopilots, 'the audit screen lists them').toHaveLength(10);
    expect(autopilots.every((e) => e.admin_id === null)).toBe(true);
  });

  it('pauses the clock of the next step, never the countdown’s reveal; resumes with the time it had left', async () => {
    const { gameId, ids } = await gameWith('Paused', AUTO, [1, 1]);
    const [q1, q2] = ids as [number, number];
    const t0 = clock.now();
    await b.flow(gameId, q1, 2);
    await passTo(t0 + 1_000);
    const paused = await pilot(gameId, 'pause');
    expect(paused.body).toMatchObject({ code: 200, message: 'Autopilot paused', data: { state: 'paused', next_step: { type: 3, question_id: q1 } } });
    // The countdown runs on: its reveal is due at zero, paused or not.
    expect(paused.body.data.due_at).toBe(new Date(t0 + 10_500).toISOString());
    expect(lastState(gameId)).toEqual(paused.body.data);
    expect((await pilot(gameId, 'pause')).body).toMatchObject({ code: 200, message: 'Autopilot is already paused', data: { state: 'paused' } });
    await passTo(t0 + 10_500);
    expect(stepsOf(gameId).map((e) => e.type)).toEqual(['server.questionShown', 'server.answerPublished']);
    // The ranking's clock starts stopped: its whole 5 s left.
    expect(lastState(gameId)).toMatchObject({ state: 'paused', next_step: { type: 4, question_id: q1 }, due_at: null, remaining_ms: 5_000 });
    await passTo(t0 + 70_000);
    expect(stepsOf(gameId), 'nothing while paused').toHaveLength(2);

    const resumed = await pilot(gameId, 'resume', {}, 'zh-TW');
    expect(resumed.body).toMatchObject({ code: 200, message: '自動導播已繼續', data: { state: 'running', remaining_ms: null } });
    expect(resumed.body.data.due_at).toBe(new Date(t0 + 75_000).toISOString());
    await passTo(t0 + 74_999);
    expect(stepsOf(gameId)).toHaveLength(2);
    await passTo(t0 + 75_000);
    expect(stepsOf(gameId).at(-1)).toMatchObject({ type: 'server.rankingPublished', at: t0 + 75_000 });

    // Paused 3 s into the next question's 8 s: 5 s left after the resume.
    await passTo(t0 + 78_000);
    expect((await pilot(gameId, 'pause')).body.data).toMatchObject({ state: 'paused', next_step: { type: 2, question_id: q2 }, due_at: null, remaining_ms: 5_000 });
    await passTo(t0 + 100_000);
    expect(stepsOf(gameId)).toHaveLength(3);
    expect((await pilot(gameId, 'resume')).body.data.due_at).toBe(new Date(t0 + 105_000).toISOString());
    expect((await pilot(gameId, 'resume')).body).toMatchObject({ code: 200, message: 'Autopilot is already running' });
    await passTo(t0 + 105_000);
    expect(stepsOf(gameId).at(-1)).toMatchObject({ type: 'server.questionShown', at: t0 + 105_000, data: { question_id: q2 } });
  });

  it('leaves a step whose time is 0 to the operator, whose step starts the clock again', async () => {
    const { gameId, ids } = await gameWith('Ranking by hand', { ...AUTO, ranking_after_s: 0 }, [1, 1]);
    const [q1, q2] = ids as [number, number];
    const t0 = clock.now();
    await b.flow(gameId, q1, 2);
    await passTo(t0 + 10_500);
    expect(stepsOf(gameId).map((e) => e.type)).toEqual(['server.questionShown', 'server.answerPublished']);
    expect(lastState(gameId)).toMatchObject({ state: 'running', next_step: { type: 4, question_id: q1 }, due_at: null });
    await passTo(t0 + 120_000);
    expect(stepsOf(gameId), 'no ranking published by the server').toHaveLength(2);
    expect((await b.flow(gameId, q1, 4)).body.data.applied).toBe(true);
    await settle();
    expect(lastState(gameId)).toMatchObject({ next_step: { type: 2, question_id: q2 }, due_at: new Date(t0 + 128_000).toISOString() });
    await passTo(t0 + 128_000);
    expect(stepsOf(gameId).at(-1)).toMatchObject({ type: 'server.questionShown', at: t0 + 128_000, data: { question_id: q2 } });
  });

  it('refuses pausing a game without the autopilot, in both languages', async () => {
    const { gameId } = await gameWith('By hand', { ...AUTO, enabled: false }, [1]);
    expect((await pilot(gameId, 'pause')).body).toEqual({ code: 201, message: 'Autopilot is not on for this game', data: null });
    expect((await pilot(gameId, 'resume', {}, 'zh-TW')).body).toEqual({ code: 201, message: '這個遊戲沒有開啟自動導播', data: null });
  });
});
