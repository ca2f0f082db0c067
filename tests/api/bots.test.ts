/**
 * The rehearsal bots (`npm run bots`, scripts/bots.ts over bench/lib/bots.ts) against a real test
 * server on a port: they join with distinct nicknames, hear the question on the WebSocket, answer it
 * within the countdown over that WebSocket, as the phone does (every answer acknowledged and stored,
 * none over POST /api/play/answer), print a summary and leave when the game ends. A URL that is not
 * this machine is refused unless named with --url. Also the benchmark's pieces under the bots: the
 * lean HTTP client and the requests over a player's WebSocket.
 */
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { answers, players } from '@/server/db/schema';
import { isLoopback, randomAnswer, randomChoices, randomDelay } from '../../bench/lib/bots';
import { RawHttpPool } from '../../bench/lib/raw-http';
import { SocketRequests } from '../../bench/lib/socket-requests';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { bench, play } from './live-support';

const root = fileURLToPath(new URL('../../', import.meta.url));

function runBots(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bots.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until `check` holds (polled), failing with `what` after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  await expect.poll(check, { timeout: timeoutMs, message: `timed out waiting for ${what}` }).toBe(true);
}

describe('the rehearsal bots', () => {
  let app: FastifyInstance;
  let url: string;
  let b: ReturnType<typeof bench>;
  beforeAll(async () => {
    app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const token = await login(app);
    b = bench(app, () => token);
  });
  afterAll(() => app.close());

  it('join, answer a question within its countdown, and leave when the game ends', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Rehearsal', type: 1 });
    const question = await b.addQuestion(gameId, { answering_time: 4, question_type: 2, options: ['甲', '乙', '丙', '丁'], answer: ['A', 'B'] });
    // Every HTTP request the server gets: the bots' answers must not be among them.
    const answerPosts: string[] = [];
    const seen = (request: IncomingMessage) => void (request.url?.startsWith('/api/play/answer') && answerPosts.push(request.url));
    app.server.on('request', seen);
    const bots = runBots(['--url', url, '--pin', pin, '--players', '6', '--duration', '60', '--prefix', 'Rehearsal ']);
    try {
      await until(() => /ws 6/.test(bots.output()), 'six bots on the WebSocket');
      expect(bots.output()).toContain(`target ${url}`);
      const joined = await app.db.select().from(players).where(eq(players.triviaGameId, gameId));
      expect(joined.map((p) => p.nickname).sort()).toEqual(['Rehearsal 1', 'Rehearsal 2', 'Rehearsal 3', 'Rehearsal 4', 'Rehearsal 5', 'Rehearsal 6']);

      const shown = Date.now();
      await b.flow(gameId, question, 2);
      await until(async () => (await app.db.select().from(answers).where(eq(answers.questionId, question))).length === 6, 'six answers');
      const stored = await app.db.select().from(answers).where(eq(answers.questionId, question));
      expect(stored.every((a) => a.elapsedMs <= 4_000 && a.choices.length >= 1)).toBe(true);
      expect(Date.now() - shown).toBeLessThan(4_500);
      await until(() => new RegExp(`Q${question} answered 6/6 acked 6 refused 0`).test(bots.output()), 'the summary of the question');
      expect(answerPosts, 'answers over the WebSocket, none over HTTP').toEqual([]);
      expect(bots.output()).toMatch(new RegExp(`Q${question} answered 6/6 acked 6 refused 0 via ws 6 ·`));

      await b.flow(gameId, question, 3);
      await b.flow(gameId, null, 5);
      expect(await bots.exited).toBe(0);
      expect(bots.output()).toContain('the game ended');
      expect(bots.output()).toContain('errors 0');
    } finally {
      app.server.off('request', seen);
      bots.child.kill();
    }
  }, 40_000);

  it('refuse a URL of another machine unless it is named with --url, and more than 2,000 players without --force', async () => {
    const fromEnv = runBots(['--pin', '123456'], { BOTS_URL: 'http://192.0.2.1:8080' });
    expect(await fromEnv.exited).toBe(2);
    expect(fromEnv.output()).toContain('is not this machine');
    const many = runBots(['--url', url, '--pin', '123456', '--players', '2001']);
    expect(await many.exited).toBe(2);
    expect(many.output()).toContain('add --force');
  });

  it("the benchmark's lean HTTP client: more requests than connections, each answered with its own envelope, and a dropped connection reopened", async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Raw client', type: 1 });
    const question = await b.addQuestion(gameId);
    const pool = new RawHttpPool(url, 2);
    let connections = 0;
    const counted = () => (connections += 1);
    app.server.on('connection', counted);
    try {
      const joins = await Promise.all(['甲', 'Raw 2', 'Raw 3', 'Raw 4', 'Raw 5'].map((nickname) => pool.post('/api/play/join', { pin, nickname })));
      expect(joins.map((j) => j.data.player.nickname)).toEqual(['甲', 'Raw 2', 'Raw 3', 'Raw 4', 'Raw 5']);
      await b.flow(gameId, question, 2);
      const tokens = joins.map((j) => j.data.player_token as string);
      const acks = await Promise.all(tokens.map((token) => pool.post('/api/play/answer', { question_id: question, choices: ['A'] }, token)));
      expect(acks.map((a) => a.code)).toEqual([200, 200, 200, 200, 200]);
      expect(await app.db.select().from(answers).where(eq(answers.questionId, question))).toHaveLength(5);
      expect(connections, 'ten requests over two connections').toBe(2);
      // The server closes the idle keep-alive connections: the next request opens a new one.
      app.server.closeIdleConnections();
      await until(() => pool.openConnections === 0, 'the pool to see both connections closed');
      const again = await pool.post('/api/play/answer', { question_id: question, choices: ['B'] }, tokens[0]);
      expect(again).toEqual({ code: 201, message: 'You have already answered this question', data: null });
      expect(connections, 'one connection reopened').toBe(3);
      expect((await pool.post('/api/play/state', {}, 'forged')).code).toBe(202);
    } finally {
      app.server.off('connection', counted);
      pool.close();
    }
  });

  it("requests over a player's WebSocket: each reply to its own request among the event frames, a refusal as its envelope, and a request left waiting fails when the socket closes", async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Socket requests', type: 1 });
    const question = await b.addQuestion(gameId, { answering_time: 30 });
    const player = await b.joinPlayer(pin, 'Socket 1');
    const ticket = (await play(app, '/ticket', {}, { token: player.token })).body.data;
    const socket = new WebSocket(`${url.replace('http', 'ws')}${ticket.url}?ticket=${ticket.ticket}`);
    const requests = new SocketRequests(socket);
    const events: string[] = [];
    socket.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as { type: string; id?: string };
      if (frame.type === 'reply') expect(requests.receive(frame)).toBe(true);
      else events.push(frame.type);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', topic: ticket.topic }));
    await until(() => events.includes('subscribed'), 'the subscription');
    await b.flow(gameId, question, 2);
    await until(() => events.includes('server.questionShown'), 'the question');

    // Sent together; each resolves with its own reply (a question of no game of the player's is refused).
    const [refused, accepted] = await Promise.all([
      requests.request('answer', { question_id: question + 1_000, choices: ['A'] }),
      requests.request('answer', { question_id: question, choices: ['B'] }),
    ]);
    expect(accepted).toMatchObject({ type: 'reply', status: 200, body: { code: 200, data: { answer: { question_id: question, choices: ['B'] } } } });
    expect(refused.body.code).not.toBe(200);
    expect(refused.body.data?.answer).toBeUndefined();
    expect(await app.db.select().from(answers).where(eq(answers.questionId, question))).toHaveLength(1);

    const waiting = requests.request('answer', { question_id: question, choices: ['A'] });
    socket.terminate();
    await expect(waiting).rejects.toThrow('closed');
    expect(requests.waiting).toBe(0);
    await expect(requests.request('answer', { question_id: question, choices: ['A'] })).rejects.toThrow('not open');
  });

  it('a request over a WebSocket that gets no reply fails after its timeout', async () => {
    vi.useFakeTimers();
    try {
      // A socket that is open and never answers.
      const silent = Object.assign(new EventEmitter(), { readyState: WebSocket.OPEN, send: vi.fn() });
      const requests = new SocketRequests(silent as unknown as WebSocket, { timeoutMs: 5_000 });
      const waiting = requests.request('answer', { question_id: 1, choices: ['A'] });
      expect(JSON.parse(silent.send.mock.calls[0]![0] as string)).toEqual({ type: 'request', id: '1', operation: 'answer', lang: 'en', body: { question_id: 1, choices: ['A'] } });
      vi.advanceTimersByTime(4_999);
      expect(requests.waiting).toBe(1);
      vi.advanceTimersByTime(1);
      await expect(waiting).rejects.toThrow('no reply within 5000 ms');
      // A reply after the timeout settles nothing.
      expect(requests.receive({ id: '1' })).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('pick answers of every kind and delays a player could', () => {
    expect(isLoopback('http://localhost:8080')).toBe(true);
    expect(isLoopback('http://127.0.0.2')).toBe(true);
    expect(isLoopback('http://[::1]:8080')).toBe(true);
    expect(isLoopback('https://example.com')).toBe(false);
    for (let i = 0; i < 200; i += 1) {
      expect(randomChoices({ options: ['A', 'B', 'C'], questionType: 1 })).toHaveLength(1);
      const many = randomChoices({ options: ['A', 'B', 'C', 'D'], questionType: 2 });
      expect(many.length).toBeGreaterThanOrEqual(1);
      expect(new Set(many).size).toBe(many.length);
      // Every kind as a phone would answer it, knowing only what a phone sees.
      expect(randomAnswer({ options: ['A', 'B'], questionType: 3 }).choices).toHaveLength(1);
      expect(typeof randomAnswer({ options: [], questionType: 5 }).text).toBe('string');
      const { value } = randomAnswer({ options: [], questionType: 6, slider: { min: 10, max: 20, step: 2.5, unit: '' } });
      expect([10, 12.5, 15, 17.5, 20]).toContain(value);
      expect([...randomAnswer({ options: ['A', 'B', 'C'], questionType: 7 }).choices!].sort()).toEqual(['A', 'B', 'C']);
      expect(randomAnswer({ options: [], questionType: 8 })).toEqual({});
      const delay = randomDelay({ remainingMs: 10_000 });
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(7_000);
    }
  });
});
