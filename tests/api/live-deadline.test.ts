/**
 * The server publishes a timed question's answer when its countdown ran out and no control screen did
 * (features/live/flow/deadline-watch.ts): never before the deadline, exactly once whoever else publishes,
 * never for an untimed question, and also after a restart for a question left on screen. The apps run
 * on a test clock (tests/support/clock.ts): the tests move time past the deadline instead of sleeping.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import fs from 'node:fs';
import { buildApp } from '@/server/app';
import type { RealtimeEvent } from '@/server/realtime/bus';
import { AUTO_PUBLISH_AFTER_MS as AFTER_MS } from '@/server/features/live/flow/deadline-watch';
import { dropPostgresDatabase, createTestApp, testAppConfig } from '../support/app';
import { login } from '../support/api';
import { TestClock } from '../support/clock';
import { bench } from './live-support';

/** Polls `read` until `done` holds (vitest's waitFor), and returns what it read then. */
const until = <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean) =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`still waiting for ${what}: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: 8_000, interval: 50 },
  );

const published = (events: RealtimeEvent[], questionId: number) =>
  events.filter((e) => e.type === 'server.answerPublished' && e.topic.endsWith(':public') && (e.data as { question_id?: number }).question_id === questionId);

describe('the answer published at the deadline by the server', () => {
  let app: FastifyInstance;
  let b: ReturnType<typeof bench>;
  const events: RealtimeEvent[] = [];
  const clock = new TestClock();
  /** Moves the server's time `ms` forward and waits for what the deadline watch started then. */
  const pass = async (ms: number) => {
    await clock.advance(ms);
    await app.live.deadlines.settled();
  };
  const watched = (questionId: number) => until('the question watched', async () => app.live.deadlines.watching, (watching) => watching.includes(questionId));
  beforeAll(async () => {
    app = await createTestApp({ clock });
    const token = await login(app);
    b = bench(app, () => token);
    app.bus.subscribe((event) => events.push(event));
  });
  afterAll(() => app.close());

  it('publishes and scores it once the countdown ran out with no control screen, not before', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Nobody at the controls', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 1, answer: ['A'] });
    const ann = await b.joinPlayer(pin, 'Ann');
    const ben = await b.joinPlayer(pin, 'Ben');
    const shown = await b.flow(gameId, q1, 2);
    const deadline = Date.parse(shown.body.data.question.deadline);
    expect((await b.answer(ann.token, q1, ['A'])).body.code).toBe(200);
    expect((await b.answer(ben.token, q1, ['B'])).body.code).toBe(200);
    // Heard from the bus (on PostgreSQL, through LISTEN/NOTIFY).
    await watched(q1);

    // Up to the last millisecond of the control screen's turn, the question stays open.
    await pass(deadline + AFTER_MS - 1 - clock.now());
    expect((await b.state(ann.token)).question, 'not before the deadline and the wait after it').toMatchObject({ status: 1, answer: null });
    await pass(1);
    const after = await b.state(ann.token);
    expect(after.question?.status, 'published at the deadline and the wait after it').toBe(2);
    expect(after.question.answer).toEqual(['A']);
    expect(after.my_answer).toMatchObject({ question_id: q1, correct: true });
    expect(after.player.score, 'the answers were scored').toBeGreaterThan(0);
    expect((await b.state(ben.token)).my_answer).toMatchObject({ correct: false, points: 0 });
    await until('the display and the phones told', async () => published(events, q1), (list) => list.length === 1);
    expect(app.live.deadlines.watching).not.toContain(q1);

    // The control screen comes back: its own publish finds the step done, and changes nothing.
    const late = await b.flow(gameId, q1, 3);
    expect(late.body).toMatchObject({ code: 200, data: { applied: false } });
    await pass(AFTER_MS + 200);
    expect(published(events, q1), 'the display and the phones were told once').toHaveLength(1);
  });

  it('leaves alone an answer the operator published in time, and an untimed question', async () => {
    const { id: gameId } = await b.createGame({ title: 'Operator in time', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 1 });
    await b.flow(gameId, q1, 2);
    await watched(q1);
    expect((await b.flow(gameId, q1, 3)).body.data.applied).toBe(true);
    await until('the operator’s publication heard', async () => published(events, q1), (list) => list.length === 1);
    await pass(1_000 + AFTER_MS + 300);
    expect(app.live.deadlines.watching, 'its deadline came').not.toContain(q1);
    expect(published(events, q1), 'published once, by the operator').toHaveLength(1);

    const { id: levelGame, pin } = await b.createGame({
      title: 'Untimed',
      type: 2,
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const saved = await b.admin('/triviaGame/updateLevel', { trivia_game_id: levelGame, trivia_game_level: [{ level: 1, promotion_score: null }] });
    const untimed = await b.addQuestion(levelGame, { level_id: saved.body.data.list[0].id, score: 10, have_answering_time: 0 });
    const cat = await b.joinPlayer(pin, 'Cat');
    const shown = await b.flow(levelGame, untimed, 2);
    expect(shown.body.data.question.deadline).toBeNull();
    expect(app.live.deadlines.watching).not.toContain(untimed);
    await pass(60_000);
    expect((await b.state(cat.token)).question, 'still open for answers').toMatchObject({ question: { id: untimed }, status: 1, can_answer: true });
    expect(published(events, untimed)).toHaveLength(0);
  });

  it('publishes nothing for a game ended meanwhile', async () => {
    const { id: gameId } = await b.createGame({ title: 'Ended at once', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 1 });
    await b.flow(gameId, q1, 2);
    await watched(q1);
    // Ending the game publishes the question on screen itself.
    expect((await b.flow(gameId, null, 5)).body.code).toBe(200);
    await until('the end’s publication heard', async () => published(events, q1), (list) => list.length === 1);
    await pass(1_000 + AFTER_MS + 300);
    expect(app.live.deadlines.watching, 'its deadline came').not.toContain(q1);
    expect(published(events, q1), 'published once, by the end of the game').toHaveLength(1);
  });
});

describe('after a restart', () => {
  it('publishes a question whose countdown ran out while the server was down', async () => {
    const clock = new TestClock();
    const base = await testAppConfig({ clock });
    // One database for both runs: a folder for PGlite (not memory), the same PostgreSQL database.
    const config = base.database.kind === 'pglite' ? { ...base, database: { kind: 'pglite' as const, dataDir: path.join(base.dataDir, 'pglite') } } : base;
    const first = await buildApp(config);
    const token = await login(first);
    const b1 = bench(first, () => token);
    const { id: gameId, pin } = await b1.createGame({ title: 'Restarted', type: 1 });
    const q1 = await b1.addQuestion(gameId, { answering_time: 1, answer: ['A'] });
    const ann = await b1.joinPlayer(pin, 'Ann');
    const deadline = Date.parse((await b1.flow(gameId, q1, 2)).body.data.question.deadline);
    expect((await b1.answer(ann.token, q1, ['A'])).body.code).toBe(200);
    await first.close();

    // The countdown runs out while no server runs.
    await clock.advanceTo(deadline + AFTER_MS + 200);
    const second = await buildApp(config, {
      afterClose: async () => {
        if (config.database.kind === 'postgres') await dropPostgresDatabase(config.database.url);
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      },
    });
    try {
      await second.ready();
      // The watch found the question on screen at start, its deadline long past: due at once.
      expect(second.live.deadlines.watching).toContain(q1);
      await clock.advance(0);
      await second.live.deadlines.settled();
      const b2 = bench(second, () => token);
      const state = await b2.state(ann.token);
      expect(state.question?.status, 'the answer published after the restart').toBe(2);
      expect(state.question.answer).toEqual(['A']);
      expect(state.my_answer).toMatchObject({ question_id: q1, correct: true });
    } finally {
      await second.close();
    }
    // Two apps on a fresh database folder (an initdb and the migrations each time on PGlite).
  }, 120_000);
});
