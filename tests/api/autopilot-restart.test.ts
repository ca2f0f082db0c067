/**
 * The autopilot across a restart and under the control lease (features/live/flow/autopilot.ts,
 * flow/autopilot-pause.ts): a server started on a database whose game runs itself resumes its
 * schedule; only the screen holding control pauses it. The apps run on a test clock.
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { buildApp } from '@/server/app';
import { auditLog, questions } from '@/server/db/schema';
import { dropPostgresDatabase, testAppConfig } from '../support/app';
import { call, login } from '../support/api';
import { TestClock } from '../support/clock';
import { TestSocket } from '../support/ws';
import { bench, listeningLiveApp, wsUrlOf } from './live-support';

const AUTO = { enabled: true, reveal: 'at_zero', ranking_after_s: 5, next_after_s: 8, end_after_last: true };

async function settle(app: FastifyInstance): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    await app.live.autopilot.settled();
    await app.live.deadlines.settled();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function autoGame(b: ReturnType<typeof bench>, title: string): Promise<{ gameId: number; q1: number; q2: number }> {
  const created = await b.admin('/triviaGame/create', { title, type: 1, auto_advance: AUTO });
  expect(created.body.code, JSON.stringify(created.body)).toBe(200);
  const gameId = created.body.data.id as number;
  return { gameId, q1: await b.addQuestion(gameId, { answering_time: 10 }, 'Q1'), q2: await b.addQuestion(gameId, { answering_time: 10 }, 'Q2') };
}

describe('after a restart', () => {
  it('resumes the schedule: the step due while the server was down is taken at start, the next at its time', async () => {
    const clock = new TestClock();
    const base = await testAppConfig({ clock });
    // One database for both runs: a folder for PGlite (not memory), the same PostgreSQL database.
    const config = base.database.kind === 'pglite' ? { ...base, database: { kind: 'pglite' as const, dataDir: path.join(base.dataDir, 'pglite') } } : base;
    const first = await buildApp(config);
    const token = await login(first);
    const b1 = bench(first, () => token);
    const { gameId, q1, q2 } = await autoGame(b1, 'Restarted');
    const t0 = clock.now();
    expect((await b1.flow(gameId, q1, 2)).body.data.applied).toBe(true);
    await settle(first);
    expect(first.live.autopilot.following.get(gameId), 'the reveal timed').toBe(true);
    await first.close();

    // The countdown runs out while no server runs (not yet the deadline watch's turn, 3 s after it).
    await clock.advanceTo(t0 + 11_000);
    const second = await buildApp(config, {
      afterClose: async () => {
        if (config.database.kind === 'postgres') await dropPostgresDatabase(config.database.url);
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      },
    });
    try {
      await second.ready();
      expect(second.live.autopilot.following.get(gameId), 'followed from the start').toBe(true);
      await clock.advance(0);
      await settle(second);
      const rows = async () => (await second.db.select().from(questions).where(eq(questions.triviaGameId, gameId)).orderBy(questions.id)).map((q) => [q.id, q.status]);
      expect(await rows(), 'the answer published at start').toEqual([
        [q1, 2],
        [q2, 0],
      ]);
      // The ranking 5 s after that step, the next question 8 s after the ranking.
      await clock.advance(4_999);
      await settle(second);
      expect((await rows())[0]).toEqual([q1, 2]);
      await clock.advance(1);
      await settle(second);
      expect((await rows())[0]).toEqual([q1, 3]);
      await clock.advance(8_000);
      await settle(second);
      expect((await rows())[1]).toEqual([q2, 1]);
      await second.auditTrail.settled();
      const entries = await second.db.select().from(auditLog).where(eq(auditLog.targetId, String(gameId))).orderBy(auditLog.id);
      expect(entries.filter((e) => e.username === 'autopilot').map((e) => e.summary)).toEqual([
        `autopilot: step 3 publish the answer, question ${q1} (Q1)`,
        `autopilot: step 4 publish the ranking, question ${q1} (Q1)`,
        `autopilot: step 2 show the question, question ${q2} (Q2)`,
      ]);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('the control lease', () => {
  it('lets only the screen holding control pause or resume', async () => {
    const clock = new TestClock();
    const { app, token, b } = await listeningLiveApp({ clock });
    let socket: TestSocket | null = null;
    try {
      const { gameId, q1 } = await autoGame(b, 'Held');
      // The control screen "desk-0001" opens: the first present takes control.
      const ticket = (await call(app, '/ws/ticket', {}, { token })).body.data.ticket as string;
      socket = await TestSocket.open(`${wsUrlOf(app)}?ticket=${ticket}`);
      await socket.next((f) => f.type === 'ready');
      for (const topic of [`game:${gameId}:operator`, `game:${gameId}:screen:desk-0001`]) {
        socket.send({ type: 'subscribe', topic });
        const answer = await socket.next((f) => (f.type === 'subscribed' || f.type === 'refused') && f.topic === topic);
        expect(answer.type, JSON.stringify(answer)).toBe('subscribed');
      }
      await socket.next((f) => f.type === 'server.control' && (f.data as { holder?: { screen_id: string } | null }).holder?.screen_id === 'desk-0001');
      expect((await b.admin('/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: q1, type: 2, screen_id: 'desk-0001' })).body.data.applied).toBe(true);

      const other = await b.admin('/triviaGame/autopilot', { trivia_game_id: gameId, action: 'pause', screen_id: 'other-0001' });
      expect(other.body).toMatchObject({ code: 201, data: null });
      const noScreen = await b.admin('/triviaGame/autopilot', { trivia_game_id: gameId, action: 'pause' });
      expect(noScreen.body).toMatchObject({ code: 201, data: null });
      const held = await b.admin('/triviaGame/autopilot', { trivia_game_id: gameId, action: 'pause', screen_id: 'desk-0001' });
      expect(held.body).toMatchObject({ code: 200, data: { state: 'paused', next_step: { type: 3, question_id: q1 } } });
      // The screen hears it.
      const frame = await socket.next((f) => f.type === 'server.autopilot' && (f.data as { state: string }).state === 'paused');
      expect(frame.data).toEqual(held.body.data);
      await app.auditTrail.settled();
      const entries = await app.db.select().from(auditLog).where(eq(auditLog.operation, 'triviaGameAutopilot')).orderBy(auditLog.id);
      expect(entries.map((e) => [e.outcome, e.username])).toEqual([
        ['refused', 'admin'],
        ['refused', 'admin'],
        ['success', 'admin'],
      ]);
    } finally {
      socket?.close();
      await app.close();
    }
  });
});
