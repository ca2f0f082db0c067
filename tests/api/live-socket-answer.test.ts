/**
 * A player's answer sent over the phone's open WebSocket (a `request` frame, realtime/hub.ts) instead
 * of POST /api/play/answer: the same contract validation, the same rules, the same envelope and HTTP
 * status in the `reply`, stored before it is acknowledged, and offered to a player's socket only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { call } from '../support/api';
import { TestSocket, type WsFrame } from '../support/ws';
import { MAX_REQUESTS_IN_FLIGHT } from '@/server/plugins/realtime';
import type { bench } from './live-support';
import { listeningLiveApp, expectPlayResponse, play } from './live-support';

async function openSocket(url: string, ticket: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`${url}?ticket=${ticket}`);
  await socket.next((f) => f.type === 'ready');
  return socket;
}

/** A client's text frame (RFC 6455 §5.2: FIN, opcode 1, masked), for a payload under 126 bytes. */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length >= 126) throw new Error('payload too long for a one-byte length');
  const key = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const masked = payload.map((byte, i) => byte ^ key[i % 4]!);
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), key, masked]);
}

let nextId = 0;
/** Sends a request frame and waits for its reply. */
async function request(socket: TestSocket, body: unknown, options: { operation?: string; lang?: string } = {}): Promise<WsFrame> {
  const id = `r${++nextId}`;
  socket.send({ type: 'request', id, operation: options.operation ?? 'answer', lang: options.lang ?? 'en', body });
  return socket.next((f) => f.type === 'reply' && f.id === id);
}

describe('answers over the player’s WebSocket', () => {
  let app: FastifyInstance;
  let url: string;
  let token: string;
  let b: ReturnType<typeof bench>;
  beforeAll(async () => {
    ({ app, url, token, b } = await listeningLiveApp());
  });
  afterAll(() => app.close());

  async function phoneOf(playerToken: string): Promise<TestSocket> {
    return openSocket(url, (await play(app, '/ticket', {}, { token: playerToken })).body.data.ticket as string);
  }

  it('stores the answer and replies with what POST /answer would have answered', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Over the socket', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const ann = await b.joinPlayer(pin, 'Ann');
    const ben = await b.joinPlayer(pin, 'Ben');
    expect((await b.flow(gameId, q1, 2)).body.code).toBe(200);
    const phone = await phoneOf(ann.token);
    try {
      const reply = await request(phone, { question_id: q1, choices: ['B'] });
      expect(reply.status).toBe(200);
      const body = reply.body as { code: number; message: string; data: { answer: Record<string, unknown> } };
      expectPlayResponse('/answer', 200, body);
      expect(body).toMatchObject({ code: 200, message: 'Your answer is in', data: { answer: { question_id: q1, choices: ['B'], correct: null, points: null } } });
      expect(typeof reply.server_time).toBe('number');

      // Stored: the player's state shows it, and the POST refuses a second answer.
      const state = await b.state(ann.token);
      expect(state.my_answer).toMatchObject({ question_id: q1, choices: ['B'], received_at: body.data.answer.received_at });
      const again = await b.answer(ann.token, q1, ['A']);
      expect(again.body).toMatchObject({ code: 201, message: 'You have already answered this question' });

      // The same answer over HTTP (Ben) has the same shape.
      const overHttp = await b.answer(ben.token, q1, ['B']);
      expect(Object.keys(overHttp.body.data.answer).sort()).toEqual(Object.keys(body.data.answer).sort());

      // Scored with the rest when the answer is published: Ann answered B, the answer is A.
      expect((await b.flow(gameId, q1, 3)).body.code).toBe(200);
      expect((await b.state(ann.token)).my_answer).toMatchObject({ correct: false, points: 0 });
    } finally {
      phone.close();
    }
  });

  it('refuses what the POST refuses, with the same code, status and message, in the language asked', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Refusals', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const q2 = await b.addQuestion(gameId, { answering_time: 30 }, 'Q2');
    const ann = await b.joinPlayer(pin, 'Ann');
    const phone = await phoneOf(ann.token);
    try {
      // Not shown yet.
      const early = await request(phone, { question_id: q1, choices: ['A'] });
      expect(early).toMatchObject({ status: 200, body: { code: 201, message: 'This question is not open for answers yet' } });
      expect(early.body).toEqual((await b.answer(ann.token, q1, ['A'])).body);

      expect((await b.flow(gameId, q1, 2)).body.code).toBe(200);
      // Not an option of the question.
      const bad = await request(phone, { question_id: q1, choices: ['E'] });
      expect(bad.body).toEqual((await b.answer(ann.token, q1, ['E'])).body);
      expect((bad.body as { code: number }).code).toBe(201);

      // A malformed body: the contract's validation, field errors as the POST gives them.
      const malformed = await request(phone, { question_id: 'one', choices: 'A' }, { lang: 'zh-TW' });
      expect(malformed.status).toBe(422);
      expectPlayResponse('/answer', 422, malformed.body);
      const overHttp = await play(app, '/answer', { question_id: 'one', choices: 'A' }, { token: ann.token, lang: 'zh-TW' });
      expect(overHttp.status).toBe(422);
      expect(malformed.body).toEqual(overHttp.body);
      expect((malformed.body as { message: string }).message).toBe('輸入的資料有誤，請檢查標示的欄位');

      // One answer per question, whichever way the first came.
      const first = await request(phone, { question_id: q1, choices: ['A'], extra: 'dropped' });
      expect(first).toMatchObject({ status: 200, body: { code: 200 } });
      const second = await request(phone, { question_id: q1, choices: ['B'] }, { lang: 'zh-TW' });
      expect(second.body).toMatchObject({ code: 201, message: '您已作答過此題' });
      // Q2 is not on screen.
      expect((await request(phone, { question_id: q2, choices: ['A'] })).body).toMatchObject({ code: 201 });
    } finally {
      phone.close();
    }
  });

  it('offers the answer to a player’s socket only, and says so for anything else', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Who may', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const ann = await b.joinPlayer(pin, 'Ann');
    expect((await b.flow(gameId, q1, 2)).body.code).toBe(200);
    const operator = await openSocket(url, (await call(app, '/ws/ticket', {}, { token })).body.data.ticket as string);
    const phone = await phoneOf(ann.token);
    try {
      const asAdmin = await request(operator, { question_id: q1, choices: ['A'] });
      expect(asAdmin).toMatchObject({ status: 403, body: { code: 403, message: 'You do not have permission to do this', data: null } });
      expect((await b.state(ann.token)).my_answer).toBeNull();

      const unknown = await request(phone, {}, { operation: 'join' });
      expect(unknown).toMatchObject({ status: 404, body: { code: 404, message: 'Not found: request join' } });

      // Without an id there is nothing to reply to.
      phone.send({ type: 'request', operation: 'answer', body: { question_id: q1, choices: ['A'] } });
      expect((await phone.next((f) => f.type === 'error')).message).toMatch(/needs an id/);
      expect((await b.state(ann.token)).my_answer).toBeNull();
    } finally {
      operator.close();
      phone.close();
    }
  });

  it('refuses a flood of requests on one socket beyond the few a phone can have waiting', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Flood', type: 1 });
    const q1 = await b.addQuestion(gameId, { answering_time: 30 });
    const ann = await b.joinPlayer(pin, 'Ann');
    expect((await b.flow(gameId, q1, 2)).body.code).toBe(200);
    const phone = await phoneOf(ann.token);
    try {
      // All the frames in one write, so that the server reads them in one go, before any reply.
      const count = MAX_REQUESTS_IN_FLIGHT + 2;
      const frames = Array.from({ length: count }, (_, i) =>
        maskedTextFrame(JSON.stringify({ type: 'request', id: `f${i}`, operation: 'answer', lang: 'en', body: { question_id: q1, choices: [i === 0 ? 'A' : 'B'] } })),
      );
      (phone.socket as unknown as { _socket: Socket })._socket.write(Buffer.concat(frames));
      const replies = await Promise.all(Array.from({ length: count }, (_, i) => phone.next((f) => f.type === 'reply' && f.id === `f${i}`)));
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      expect(replies.find((r) => r.status === 429)!.body).toMatchObject({ code: 429, message: 'Too many requests; please try again in 1 s' });
      // Of those let through, the first answer is stored and the others (another choice) refused as answered.
      const bodies = replies.filter((r) => r.status === 200).map((r) => (r.body as { code: number }).code);
      expect(bodies.sort()).toEqual([200, 201, 201, 201]);
    } finally {
      phone.close();
    }
  });
});
