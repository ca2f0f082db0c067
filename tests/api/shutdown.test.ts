/**
 * A graceful shutdown loses no acknowledged answer. The real server process (src/server/main.ts, on a
 * PGlite folder, or on PostgreSQL when DATABASE_URL is set) runs a live question; players answer over
 * their WebSockets and over POST /api/play/answer; SIGTERM arrives in the middle of the burst. Then
 * the database is opened again: every answer the server acknowledged is stored, with its choices.
 * Also seen from the outside: the process exits 0 well within SHUTDOWN_TIMEOUT_MS, the sockets are
 * closed with 1012 (service restart, which every client of the app reconnects after), an answer the
 * draining server refused says 503 and was not stored, and nothing else is answered.
 * Then, in one process where the test can hold an answer in flight (its batch waits for a lock the
 * test holds): the shutdown waits for it, refuses what arrives meanwhile, and closes the socket only
 * after the reply.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { answers, questions } from '@/server/db/schema';
import { RESTART_CLOSE_CODE } from '@/server/realtime/hub';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { processDatabase, startServerProcess, withDatabase, type ProcessDatabase, type ServerProcess } from '../support/server-process';
import { TestSocket } from '../support/ws';
import { bench, expectPlayResponse, play } from './live-support';

const ADMIN_PASSWORD = 'Shutdown-test-password-1';
const PLAYERS = 90;
const SHUTDOWN_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(base: string, apiPath: string, body: unknown, token?: string): Promise<{ status: number; body: { code: number; message: string; data: any } }> {
  const response = await fetch(`${base}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cid: '1', lang: 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as never };
}

async function ok(base: string, apiPath: string, body: unknown, token?: string): Promise<any> {
  const result = await post(base, apiPath, body, token);
  if (result.body.code !== 200) throw new Error(`${apiPath}: ${JSON.stringify(result.body)}`);
  return result.body.data;
}

interface Phone {
  token: string;
  playerId: number;
  socket: WebSocket;
  closeCode: Promise<number>;
  replies: Map<string, { status: number; code: number }>;
}

async function phone(base: string, pin: string, nickname: string): Promise<Phone> {
  const joined = await ok(base, '/api/play/join', { pin, nickname });
  const token = joined.player_token as string;
  const ticket = await ok(base, '/api/play/ticket', {}, token);
  const socket = new WebSocket(`${base.replace('http', 'ws')}${ticket.url}?ticket=${ticket.ticket}`);
  const replies = new Map<string, { status: number; code: number }>();
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as { type: string; id?: string; status?: number; body?: { code: number } };
      if (frame.type === 'ready') resolve();
      if (frame.type === 'reply' && typeof frame.id === 'string') replies.set(frame.id, { status: frame.status!, code: frame.body!.code });
    });
    socket.once('error', reject);
  });
  const closeCode = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await ready;
  return { token, playerId: joined.player.id as number, socket, closeCode, replies };
}

type Sent = { playerId: number; choice: string; via: 'ws' | 'http'; wave: 'before' | 'during' | 'after'; outcome: () => { status: number; code: number } | 'none' | 'failed' };

describe('graceful shutdown (SIGTERM) of the server process', () => {
  let database: ProcessDatabase;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    database = await processDatabase('lt-shutdown-');
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.remove();
  });

  it('stores every acknowledged answer, closes the sockets with 1012 and exits 0', async () => {
    server = await startServerProcess({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      adminPassword: ADMIN_PASSWORD,
      env: { LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
    });
    const { base } = server;
    const admin = (await ok(base, '/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).token_info.token as string;
    const gameId = (await ok(base, '/api/admin/triviaGame/create', { title: 'Shutdown', type: 1 }, admin)).id as number;
    const pin = (await ok(base, '/api/admin/triviaGame/detail', { id: gameId }, admin)).item.pin as string;
    const questionId = (
      await ok(
        base,
        '/api/admin/question/create',
        {
          trivia_game_id: gameId,
          title: 'Q1',
          question_text: 'Which mountain is the highest in Taiwan?',
          question_img: '',
          pre_video_url: '',
          have_answering_time: 1,
          answering_time: 60,
          score: 0,
          question_type: 1,
          is_bonus: 0,
          options: ['玉山', '雪山', '合歡山'].map((text, i) => ({ title: 'ABC'[i], text, img: '' })),
          answer: ['A'],
        },
        admin,
      )
    ).id as number;
    const phones = await Promise.all(Array.from({ length: PLAYERS }, (_, i) => phone(base, pin, `P${i + 1}`)));
    await ok(base, '/api/admin/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type: 2 }, admin);

    const sent: Sent[] = [];
    const httpResults = new Map<number, { status: number; code: number } | 'failed'>();
    const httpInFlight: Array<Promise<unknown>> = [];
    const answer = (p: Phone, index: number, wave: Sent['wave']) => {
      const choice = 'ABC'[index % 3]!;
      // Every fourth player answers over HTTP, the others over their socket (as the phone does).
      if (index % 4 === 3) {
        sent.push({ playerId: p.playerId, choice, via: 'http', wave, outcome: () => httpResults.get(p.playerId) ?? 'none' });
        httpInFlight.push(
          post(base, '/api/play/answer', { question_id: questionId, choices: [choice] }, p.token).then(
            (result) => httpResults.set(p.playerId, { status: result.status, code: result.body.code }),
            () => httpResults.set(p.playerId, 'failed'),
          ),
        );
        return;
      }
      const id = `a${p.playerId}`;
      sent.push({ playerId: p.playerId, choice, via: 'ws', wave, outcome: () => p.replies.get(id) ?? (p.socket.readyState === WebSocket.OPEN ? 'none' : 'failed') });
      if (p.socket.readyState === WebSocket.OPEN) p.socket.send(JSON.stringify({ type: 'request', id, operation: 'answer', lang: 'en', body: { question_id: questionId, choices: [choice] } }));
    };

    // A third answers and is acknowledged before the signal; a third is sent and SIGTERM follows at
    // once, its answers in flight; the last third arrives once the shutdown has begun (the server no
    // longer ready: /readyz 503, or its listener already closed).
    const third = PLAYERS / 3;
    phones.slice(0, third).forEach((p, i) => answer(p, i, 'before'));
    const until = Date.now() + 20_000;
    while (sent.some((s) => s.outcome() === 'none') && Date.now() < until) await sleep(10);
    phones.slice(third, 2 * third).forEach((p, i) => answer(p, third + i, 'during'));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const shuttingDown = async () => fetch(`${base}/readyz`).then((res) => res.status === 503, () => true);
    while (!(await shuttingDown()) && Date.now() < until + 20_000) await sleep(5);
    phones.slice(2 * third).forEach((p, i) => answer(p, 2 * third + i, 'after'));

    const code = await server.exited;
    const shutdownMs = Date.now() - signalled;
    const closeCodes = await Promise.all(phones.map((p) => p.closeCode));
    // Replies came before their socket's close; the HTTP answers still on their way are awaited.
    await Promise.all(httpInFlight);

    expect(code, server.output()).toBe(0);
    expect(shutdownMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(server.output()).toContain('drained: every request answered, every answer stored');
    // Every socket open at the signal was told to reconnect elsewhere.
    expect(closeCodes.every((c) => c === RESTART_CLOSE_CODE), `close codes ${closeCodes.join(',')}`).toBe(true);

    const outcomes = sent.map((s) => ({ ...s, result: s.outcome() }));
    const acknowledged = outcomes.filter((o) => typeof o.result === 'object' && o.result.status === 200 && o.result.code === 200);
    const refused = outcomes.filter((o) => typeof o.result === 'object' && !(o.result.status === 200 && o.result.code === 200));
    // Before the signal: all acknowledged. Any refusal is the draining server's 503, never another error.
    expect(outcomes.filter((o) => o.wave === 'before').every((o) => acknowledged.includes(o))).toBe(true);
    for (const o of refused) expect(o.result, `${o.via} answer of player ${o.playerId} (${o.wave})`).toEqual({ status: 503, code: 503 });
    // Every answer sent over a socket before its close got a reply: none was left hanging.
    for (const o of outcomes.filter((x) => x.via === 'ws' && x.wave !== 'after')) expect(o.result, `player ${o.playerId}`).not.toBe('none');

    const rows = await withDatabase(database, (db) => db.select({ playerId: answers.playerId, questionId: answers.questionId, choices: answers.choices }).from(answers));
    const stored = new Map(rows.filter((r) => r.questionId === questionId).map((r) => [r.playerId, r.choices]));
    for (const o of acknowledged) expect(stored.get(o.playerId), `acknowledged answer of player ${o.playerId} (${o.via}, ${o.wave})`).toEqual([o.choice]);
    for (const o of refused) expect(stored.has(o.playerId), `refused answer of player ${o.playerId} was stored`).toBe(false);
    console.log(
      `shutdown: ${sent.length} answers sent, ${acknowledged.length} acknowledged (all stored), ${refused.length} refused with 503, ` +
        `${outcomes.length - acknowledged.length - refused.length} unanswered (socket closed or connection refused); exit 0 after ${shutdownMs} ms`,
    );
  }, 120_000);
});

describe('app.shutdown with an answer in flight', () => {
  it('waits for the answer, refuses a later one with 503, then closes the socket with 1012', async () => {
    const app = await createTestApp();
    let closed = false;
    let release = () => {};
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const token = await login(app);
      const b = bench(app, () => token);
      const { id: gameId, pin } = await b.createGame({ title: 'In flight', type: 1 });
      const q1 = await b.addQuestion(gameId, { answering_time: 60 });
      const ann = await b.joinPlayer(pin, 'Ann');
      expect((await b.flow(gameId, q1, 2)).body.code).toBe(200);
      const ticket = (await play(app, '/ticket', {}, { token: ann.token })).body.data.ticket as string;
      const phone = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws?ticket=${ticket}`);
      await phone.next((f) => f.type === 'ready');
      const closeCode = new Promise<number>((resolve) => phone.socket.on('close', (code) => resolve(code)));

      // The test holds the question's row (PostgreSQL) or the one connection (PGlite): the answer's
      // batch, which share-locks its question, waits until the test lets go.
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const hold = app.db.transaction(async (tx) => {
        await tx.select({ id: questions.id }).from(questions).where(eq(questions.id, q1)).for('update');
        locked();
        await released;
      });
      await holding;

      phone.send({ type: 'request', id: 'first', operation: 'answer', lang: 'en', body: { question_id: q1, choices: ['B'] } });
      const until = Date.now() + 10_000;
      while (app.hub.requestsInFlight === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(app.hub.requestsInFlight).toBe(1);

      const shutdown = app.shutdown(10_000);
      expect(app.draining).toBe(true);
      // Not ready any more, for a balancer still asking on an open connection.
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });

      // A later answer on the same socket (the first is still waiting): refused, nothing taken.
      phone.send({ type: 'request', id: 'second', operation: 'answer', lang: 'zh-TW', body: { question_id: q1, choices: ['C'] } });
      const second = await phone.next((f) => f.type === 'reply' && f.id === 'second');
      expect(second.status).toBe(503);
      expect(second.body).toEqual({ code: 503, message: '伺服器正在重新啟動，請稍後再送出', data: null });
      expectPlayResponse('/answer', 503, second.body);
      expect(phone.socket.readyState).toBe(phone.socket.OPEN);

      release();
      await hold;
      const first = await phone.next((f) => f.type === 'reply' && f.id === 'first');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ code: 200, data: { answer: { question_id: q1, choices: ['B'] } } });
      // Stored before the reply went out, and the socket let go only after it.
      const [{ count }] = (await app.db.select({ count: sql<number>`count(*)::int` }).from(answers).where(eq(answers.questionId, q1))) as [{ count: number }];
      expect(count).toBe(1);
      expect(await closeCode).toBe(RESTART_CLOSE_CODE);

      const report = await shutdown;
      closed = true;
      expect(report).toMatchObject({ drained: true, socketsLeft: 0, requestsLeft: 0 });
    } finally {
      release();
      if (!closed) await app.close();
    }
  }, 60_000);
});
