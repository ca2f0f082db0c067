/**
 * The live game on the real-time channel as the control screen and a player's phone meet it: the
 * events of a game in order on both topics, the snapshot a (re)connecting client gets with the time
 * left computed by the server, who may listen to what, and — on PostgreSQL — an event triggered
 * through one server instance reaching a client connected to another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { createTestApp, dropPostgresDatabase, testAppConfig, usingPostgres } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { TestSocket, type WsFrame } from '../support/ws';
import type { RealtimeEvent } from '@/server/realtime/bus';
import { bench, expectPlaySchema, play } from './live-support';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/api/ws`;
}

async function adminSocket(app: FastifyInstance, url: string, token: string): Promise<TestSocket> {
  const ticket = (await call(app, '/ws/ticket', {}, { token })).body.data.ticket as string;
  const socket = await TestSocket.open(`${url}?ticket=${ticket}`);
  await socket.next((f) => f.type === 'ready');
  return socket;
}

async function playerSocket(app: FastifyInstance, url: string, playerToken: string): Promise<TestSocket> {
  const ticket = (await play(app, '/ticket', {}, { token: playerToken })).body.data.ticket as string;
  const socket = await TestSocket.open(`${url}?ticket=${ticket}`);
  await socket.next((f) => f.type === 'ready');
  return socket;
}

async function subscribe(socket: TestSocket, topic: string): Promise<'subscribed' | 'refused'> {
  socket.send({ type: 'subscribe', topic });
  return (await socket.next((f) => (f.type === 'subscribed' || f.type === 'refused') && f.topic === topic)).type as 'subscribed' | 'refused';
}

/** Resolves with the first event heard on the app's bus that matches (subscribed from now on). */
function heardOnBus(app: FastifyInstance, match: (event: RealtimeEvent) => boolean): Promise<RealtimeEvent> {
  return new Promise((resolve) => {
    const stop = app.bus.subscribe((event) => {
      if (!match(event)) return;
      stop();
      resolve(event);
    });
  });
}

const live = (frames: WsFrame[]) => frames.filter((f) => f.type.startsWith('server.') && f.type !== 'server.snapshot').map((f) => f.type);

describe('the live game on the WebSocket', () => {
  let app: FastifyInstance;
  let url: string;
  let token: string;
  let b: ReturnType<typeof bench>;
  beforeAll(async () => {
    app = await createTestApp();
    url = await listen(app);
    token = await login(app);
    b = bench(app, () => token);
  });
  afterAll(() => app.close());

  it("opens a phone's first socket with the ticket its join answer carries, once", async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Crowd at the door', type: 1 });
    const joined = await play(app, '/join', { pin, nickname: 'Bea' });
    expect(joined.body.code).toBe(200);
    const { ticket } = joined.body.data as { ticket: { ticket: string; expires_in: number; url: string; topic: string } };
    expect({ ...ticket, ticket: typeof ticket.ticket }).toEqual({ ticket: 'string', expires_in: 30, url: '/api/ws', topic: `game:${gameId}:public` });
    const phone = await TestSocket.open(`${url}?ticket=${encodeURIComponent(ticket.ticket)}`);
    try {
      await phone.next((f) => f.type === 'ready');
      expect(await subscribe(phone, ticket.topic)).toBe('subscribed');
      const snapshot = await phone.next((f) => f.type === 'server.snapshot');
      expect((snapshot.data as { game: { id: number; player_count: number } }).game).toMatchObject({ id: gameId, player_count: 1 });
    } finally {
      phone.close();
    }
    // Single use, as every ticket: a second socket with it is refused before the upgrade.
    await expect(TestSocket.open(`${url}?ticket=${encodeURIComponent(ticket.ticket)}`)).rejects.toThrow('upgrade refused: HTTP 401');
  });

  it('delivers a game to the operator and a player in order, with snapshots on subscribing', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'On air', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const joined = heardOnBus(app, (e) => e.type === 'server.playerJoined' && e.topic === `game:${gameId}:public`);
    const ann = await b.joinPlayer(pin, 'Ann');
    // Ann's (coalesced) playerJoined goes out before the sockets listen.
    await joined;

    const operator = await adminSocket(app, url, token);
    const phone = await playerSocket(app, url, ann.token);
    try {
      expect(await subscribe(operator, `game:${gameId}:operator`)).toBe('subscribed');
      expect(await subscribe(phone, `game:${gameId}:public`)).toBe('subscribed');
      const operatorSnapshot = await operator.next((f) => f.type === 'server.snapshot');
      expect(operatorSnapshot.data).toMatchObject({ game: { id: gameId, player_count: 1 }, live_question: null });
      expectPlaySchema('EventOperatorSnapshot', operatorSnapshot.data);
      const publicSnapshot = await phone.next((f) => f.type === 'server.snapshot');
      expect(publicSnapshot.data).toMatchObject({ game: { id: gameId }, question: null, finished: false });
      expectPlaySchema('EventPublicSnapshot', publicSnapshot.data);

      await b.joinPlayer(pin, 'Ben');
      expect((await operator.next((f) => f.type === 'server.playerJoined')).data).toEqual({ count: 2 });
      expect((await phone.next((f) => f.type === 'server.playerJoined')).data).toEqual({ count: 2 });
      expectPlaySchema('EventPlayerJoined', phone.frames.find((f) => f.type === 'server.playerJoined')!.data);

      const shown = await b.flow(gameId, q1, 2);
      for (const socket of [operator, phone]) {
        const event = await socket.next((f) => f.type === 'server.questionShown');
        expect(event.data).toMatchObject({ question_id: q1, deadline: shown.body.data.question.deadline, question: { id: q1, options: expect.any(Array) } });
        expect(event.data.question).not.toHaveProperty('answer');
        expectPlaySchema('EventQuestionShown', event.data);
      }

      await b.answer(ann.token, q1, ['A']);
      const counted = await operator.next((f) => f.type === 'server.answerCount');
      expect(counted.data).toEqual({ question_id: q1, counts: { A: 1 }, total: 1 });
      expectPlaySchema('EventAnswerCount', counted.data);

      await b.flow(gameId, q1, 3);
      for (const socket of [operator, phone]) {
        const event = await socket.next((f) => f.type === 'server.answerPublished');
        expect(event.data).toEqual({
          question_id: q1,
          answer: ['A'],
          reveal: { explanation: '', accepted_answers: [], typed: [], slider_answer: null, slider_tolerance: null, histogram: [] },
          counts: { A: 1 },
          total: 1,
        });
        expectPlaySchema('EventAnswerPublished', event.data);
      }
      await b.flow(gameId, q1, 4);
      for (const socket of [operator, phone]) {
        const event = await socket.next((f) => f.type === 'server.rankingPublished');
        expect(event.data).toMatchObject({ question_id: q1, total: 2, list: [{ rank: 1, nickname: 'Ann' }, { rank: 2, nickname: 'Ben' }] });
        expectPlaySchema('EventRankingPublished', event.data);
      }
      await b.flow(gameId, null, 5);
      await operator.next((f) => f.type === 'server.gameEnded');
      await phone.next((f) => f.type === 'server.gameEnded');

      expect(live(operator.frames)).toEqual([
        'server.playerJoined',
        'server.questionShown',
        'server.answerCount',
        'server.answerPublished',
        'server.rankingPublished',
        'server.gameEnded',
      ]);
      expect(live(phone.frames), 'players never get the answer counts while answering').toEqual([
        'server.playerJoined',
        'server.questionShown',
        'server.answerPublished',
        'server.rankingPublished',
        'server.gameEnded',
      ]);
    } finally {
      operator.close();
      phone.close();
    }
  });

  it('gives a phone subscribing after a step the new state, though a snapshot was read for another just before', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Crowd and a question', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const [ann, ben, cat] = [await b.joinPlayer(pin, 'Ann'), await b.joinPlayer(pin, 'Ben'), await b.joinPlayer(pin, 'Cat')];
    const joined = heardOnBus(app, (e) => e.type === 'server.playerJoined' && e.topic === `game:${gameId}:public`);
    await joined;
    const phones = [await playerSocket(app, url, ann.token), await playerSocket(app, url, ben.token), await playerSocket(app, url, cat.token)];
    const [first, second, third] = phones as [TestSocket, TestSocket, TestSocket];
    const topic = `game:${gameId}:public`;
    try {
      await subscribe(first, topic);
      expect((await first.next((f) => f.type === 'server.snapshot')).data).toMatchObject({ question: null });
      await b.flow(gameId, q1, 2);
      await first.next((f) => f.type === 'server.questionShown');
      // Within the second a snapshot may serve later subscribers: the step's event makes the next one new.
      await subscribe(second, topic);
      const afterStep = (await second.next((f) => f.type === 'server.snapshot')).data;
      expect(afterStep).toMatchObject({ question: { question: { id: q1 }, status: 1 } });
      // Nothing happened since: the same state, stamped with the time it is sent.
      await subscribe(third, topic);
      const next = (await third.next((f) => f.type === 'server.snapshot')).data;
      expect({ ...next, server_time: null }).toEqual({ ...afterStep, server_time: null });
      expect(Date.parse(next.server_time)).toBeGreaterThanOrEqual(Date.parse(afterStep.server_time));
      expectPlaySchema('EventPublicSnapshot', next);
    } finally {
      for (const phone of phones) phone.close();
    }
  });

  it('gives a reconnecting client the state with the time left, computed by the server', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Reconnect', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const ann = await b.joinPlayer(pin, 'Ann');
    await b.flow(gameId, q1, 2);
    const counted = heardOnBus(app, (e) => e.type === 'server.answerCount' && (e.data as { question_id?: number; total?: number }).question_id === q1 && (e.data as { total?: number }).total === 1);
    await b.answer(ann.token, q1, ['B']);
    // The (coalesced) answer count goes out before the sockets listen.
    await counted;

    const phone = await playerSocket(app, url, ann.token);
    const operator = await adminSocket(app, url, token);
    try {
      await subscribe(phone, `game:${gameId}:public`);
      const snapshot = (await phone.next((f) => f.type === 'server.snapshot')).data;
      const left = Date.parse(snapshot.question.deadline) - Date.parse(snapshot.server_time);
      expect(left).toBeGreaterThan(25_000);
      expect(left).toBeLessThanOrEqual(30_000);
      expect(snapshot.question).toMatchObject({ status: 1, answer: null, counts: null, question: { id: q1 } });

      await subscribe(operator, `game:${gameId}:operator`);
      const operatorSnapshot = (await operator.next((f) => f.type === 'server.snapshot')).data;
      expect(operatorSnapshot.live_question).toMatchObject({ question_id: q1, counts: { B: 1 }, total: 1 });
      expect(operatorSnapshot.live_question.remaining_ms).toBeGreaterThan(25_000);
      expect(operatorSnapshot.live_question.remaining_ms).toBeLessThanOrEqual(30_000);
      expect(Date.parse(operatorSnapshot.live_question.deadline)).toBe(Date.parse(snapshot.question.deadline));
    } finally {
      phone.close();
      operator.close();
    }
  });

  it('lets players hear only their own game, and operators only their companies’ games', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Private', type: 1 });
    const other = await b.createGame({ title: 'Elsewhere', type: 1 });
    const ann = await b.joinPlayer(pin, 'Ann');
    const phone = await playerSocket(app, url, ann.token);
    const companyId = await createCompany(app, 'Another company');
    await createAdmin(app, { username: 'outsider', password: 'Outsider-password-1', roles: ['operator'], companyIds: [companyId] });
    const outsider = await adminSocket(app, url, await login(app, 'outsider', 'Outsider-password-1'));
    try {
      expect(await subscribe(phone, `game:${gameId}:operator`)).toBe('refused');
      expect(await subscribe(phone, `game:${other.id}:public`)).toBe('refused');
      expect(await subscribe(phone, 'game:abc:public')).toBe('refused');
      expect(await subscribe(outsider, `game:${gameId}:operator`)).toBe('refused');
      expect(await subscribe(outsider, `game:${gameId}:public`)).toBe('refused');
    } finally {
      phone.close();
      outsider.close();
    }
  });
});

describe.runIf(usingPostgres)('two server instances on one PostgreSQL database', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let databaseUrl: string;
  beforeAll(async () => {
    const config = await testAppConfig();
    databaseUrl = (config.database as { url: string }).url;
    first = await buildApp(config);
    second = await buildApp(config);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await dropPostgresDatabase(databaseUrl);
  });

  it('delivers server.questionShown triggered through instance A to a player connected to instance B', async () => {
    const url = await listen(second);
    const token = await login(first);
    const onA = bench(first, () => token);
    const { id: gameId, pin } = await onA.createGame({ title: 'Scale out', type: 1 });
    const q1 = await onA.addQuestion(gameId, { answering_time: 20 });
    const ann = await bench(second, () => token).joinPlayer(pin, 'Ann');
    const phone = await playerSocket(second, url, ann.token);
    try {
      expect(await subscribe(phone, `game:${gameId}:public`)).toBe('subscribed');
      await phone.next((f) => f.type === 'server.snapshot');
      const shown = await onA.flow(gameId, q1, 2);
      const event = await phone.next((f) => f.type === 'server.questionShown');
      expect(event.data).toMatchObject({ question_id: q1, deadline: shown.body.data.question.deadline });
      // The answer sent to B is scored by the publish sent to A.
      await bench(second, () => token).answer(ann.token, q1, ['A']);
      await onA.flow(gameId, q1, 3);
      expect((await phone.next((f) => f.type === 'server.answerPublished')).data).toMatchObject({ question_id: q1, counts: { A: 1 } });
    } finally {
      phone.close();
    }
  });
});
