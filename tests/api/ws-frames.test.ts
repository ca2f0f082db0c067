/**
 * Every frame the server sends over the WebSocket matches the contract (openapi/play-api.yaml
 * `WsServerFrame`, from which src/shared/realtime/frames.ts types the server and the three faces):
 * a whole game is played with an operator's socket, a display's, two phones' (one answering over its
 * socket), and every frame each of them received — ready, pongs, subscriptions and refusals, every
 * event of both game topics, the admin's notification count, replies of every kind and errors — is
 * checked against the schema, and the test checks that each kind of frame was seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../support/api';
import { TestSocket, type WsFrame } from '../support/ws';
import type { bench } from './live-support';
import { listeningLiveApp, expectPlaySchema, play } from './live-support';

describe('the WebSocket frames against the contract', () => {
  let app: FastifyInstance;
  let url: string;
  let token: string;
  let b: ReturnType<typeof bench>;
  beforeAll(async () => {
    ({ app, url, token, b } = await listeningLiveApp());
  });
  afterAll(() => app.close());

  const open = async (ticket: string) => {
    const socket = await TestSocket.open(`${url}?ticket=${ticket}`);
    await socket.next((f) => f.type === 'ready');
    return socket;
  };
  const subscribed = async (socket: TestSocket, topic: string) => {
    socket.send({ type: 'subscribe', topic });
    await socket.next((f) => (f.type === 'subscribed' || f.type === 'refused') && f.topic === topic);
  };

  it('a whole game: every frame every client received is a WsServerFrame', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Frames', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const operator = await open((await call(app, '/ws/ticket', {}, { token })).body.data.ticket as string);
    const code = (await b.admin('/triviaGame/displayCode', { trivia_game_id: gameId })).body.data.code as string;
    const displayToken = (await play(app, '/display/exchange', { code })).body.data.display_token as string;
    const display = await open((await play(app, '/display/ticket', {}, { token: displayToken })).body.data.ticket as string);
    const ann = await b.joinPlayer(pin, 'Ann');
    const annPhone = await open((await play(app, '/ticket', {}, { token: ann.token })).body.data.ticket as string);
    const sockets = [operator, display, annPhone];
    try {
      await subscribed(operator, `game:${gameId}:operator`);
      await subscribed(display, `game:${gameId}:public`);
      await subscribed(annPhone, `game:${gameId}:public`);
      await subscribed(annPhone, `game:${gameId}:operator`);
      await subscribed(operator, 'admin:999');
      for (const socket of sockets) socket.send({ type: 'ping', t: 1 });
      annPhone.send({ type: 'ping' });
      annPhone.send({ type: 'subscribe' });
      annPhone.send({ type: 'request', operation: 'answer', body: {} });

      const ben = await b.joinPlayer(pin, 'Ben');
      await display.next((f) => f.type === 'server.playerJoined' && (f.data as { count: number }).count === 2);
      expect((await b.flow(gameId, q1, 2)).body.code).toBe(200);
      await display.next((f) => f.type === 'server.questionShown');
      annPhone.send({ type: 'request', id: 'a1', operation: 'answer', lang: 'en', body: { question_id: q1, choices: ['A'] } });
      await annPhone.next((f) => f.type === 'reply' && f.id === 'a1');
      annPhone.send({ type: 'request', id: 2, operation: 'answer', lang: 'zh-TW', body: { question_id: 'one' } });
      annPhone.send({ type: 'request', id: 'a3', operation: 'join', body: {} });
      operator.send({ type: 'request', id: 'a4', operation: 'answer', body: { question_id: q1, choices: ['B'] } });
      await annPhone.next((f) => f.type === 'reply' && f.id === 'a3');
      await operator.next((f) => f.type === 'reply' && f.id === 'a4');
      expect((await b.answer(ben.token, q1, ['B'])).body.code).toBe(200);
      await operator.next((f) => f.type === 'server.answerCount' && (f.data as { total: number }).total === 2);
      expect((await b.flow(gameId, q1, 3)).body.code).toBe(200);
      expect((await b.flow(gameId, q1, 4)).body.code).toBe(200);
      expect((await b.flow(gameId, null, 5)).body.code).toBe(200);
      for (const socket of sockets) await socket.next((f) => f.type === 'server.gameEnded');
      await call(app, '/notification/send', { admins: [1], message: '<p>Frames</p>' }, { token });
      await operator.next((f) => f.type === 'notification.count');
      for (const socket of sockets) await socket.next((f) => f.type === 'pong');
      await annPhone.next((f) => f.type === 'reply' && f.id === 2);

      const frames: WsFrame[] = sockets.flatMap((socket) => socket.frames);
      for (const frame of frames) expectPlaySchema('WsServerFrame', frame);
      const kinds = new Set(frames.map((f) => (f.type === 'reply' ? `reply ${f.status}` : f.type === 'server.snapshot' ? `snapshot ${String(f.topic).split(':')[2]}` : f.type)));
      expect([...kinds].sort()).toEqual(
        [
          'ready',
          'pong',
          'subscribed',
          'refused',
          'error',
          'reply 200',
          'reply 403',
          'reply 404',
          'reply 422',
          'snapshot operator',
          'snapshot public',
          'server.playerJoined',
          'server.questionShown',
          'server.answerCount',
          'server.answerPublished',
          'server.rankingPublished',
          'server.gameEnded',
          'notification.count',
        ].sort(),
      );
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('a frame that breaks the contract is caught', () => {
    expect(() => expectPlaySchema('WsServerFrame', { type: 'server.playerJoined', topic: 'game:1:public', data: { count: -1 }, server_time: 1 })).toThrow();
    expect(() => expectPlaySchema('WsServerFrame', { type: 'ready' })).toThrow();
    expect(() => expectPlaySchema('WsServerFrame', { type: 'server.questionShown', topic: 'game:1:public', data: { question_id: 1 }, server_time: 1 })).toThrow();
  });

  it('the frames the clients send are WsClientFrames', () => {
    for (const frame of [
      { type: 'subscribe', topic: 'game:1:public' },
      { type: 'unsubscribe', topic: 'game:1:public' },
      { type: 'ping', t: 1_764_000_000_000 },
      { type: 'request', id: 'r1', operation: 'answer', lang: 'zh-TW', body: { question_id: 7, choices: ['B'] } },
    ])
      expectPlaySchema('WsClientFrame', frame);
  });
});
