/**
 * The audience's public calls are throttled per client address (openapi/play-api.yaml): 30 display
 * code exchanges a minute, 1,200 joins a minute (a venue shares one NAT address), every attempt
 * counting; beyond that HTTP 429 with the API's envelope and `retry-after`, while another address is
 * unaffected. And a game closed through /triviaGame/update tells its players and control screens
 * `server.gameEnded`, as game-flow step 5 does.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_EXCHANGES_PER_MINUTE, JOINS_PER_MINUTE } from '@/server/features/live/throttle';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { TestSocket } from '../support/ws';
import { bench, expectPlaySchema, play, wsUrlOf } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  b = bench(app, () => token);
});
afterAll(() => app.close());

async function fromAddress(path: string, payload: unknown, remoteAddress: string, lang: 'en' | 'zh-TW' = 'en') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/play${path}`,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', lang },
    remoteAddress,
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any }, headers: res.headers };
}

describe('throttling the audience calls per address', () => {
  it('refuses the 31st display code exchange of a minute from one address with 429, not another address', async () => {
    for (let i = 0; i < DISPLAY_EXCHANGES_PER_MINUTE; i++) {
      const res = await fromAddress('/display/exchange', { code: `guess-${i}` }, '10.1.0.1');
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(201); // a wrong code: refused, but counted
    }
    const refused = await fromAddress('/display/exchange', { code: 'guess-31' }, '10.1.0.1', 'zh-TW');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, data: null });
    expect(refused.body.message).toMatch(/^請求過於頻繁，請 \d+ 秒/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // A real code from another address still works.
    const { id: gameId } = await b.createGame({ title: 'Display', type: 1 });
    const code = (await call(app, '/triviaGame/displayCode', { trivia_game_id: gameId }, { token })).body.data.code as string;
    const exchanged = await fromAddress('/display/exchange', { code }, '10.1.0.2');
    expect(exchanged.body.code).toBe(200);
    expect(exchanged.body.data.display_token).toEqual(expect.any(String));
  });

  it('lets one address join 1,200 times a minute (a thousand phones behind one NAT), then answers 429', async () => {
    const { pin } = await b.createGame({ title: 'Venue', type: 1 });
    // Real joins and wrong PINs count alike.
    const joins = await Promise.all(
      Array.from({ length: JOINS_PER_MINUTE }, (_, i) => fromAddress('/join', { pin: i % 2 === 0 ? pin : '000000', nickname: `P${i}` }, '10.2.0.1')),
    );
    expect(joins.every((res) => res.status === 200)).toBe(true);
    expect(joins.filter((res) => res.body.code === 200)).toHaveLength(JOINS_PER_MINUTE / 2);

    const refused = await fromAddress('/join', { pin, nickname: 'One too many' }, '10.2.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, data: null });
    expect(refused.body.message).toMatch(/^Too many requests; please try again in \d+ s$/);
    expect(refused.headers['retry-after']).toBeDefined();

    const elsewhere = await fromAddress('/join', { pin, nickname: 'Next door' }, '10.2.0.2');
    expect(elsewhere.body.code).toBe(200);
  });
});

describe('closing a game through /triviaGame/update', () => {
  it('sends server.gameEnded to its players and control screens, as ending it by game flow does', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Closed by update', type: 1 });
    await b.addQuestion(gameId);
    const ann = await b.joinPlayer(pin, 'Ann');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = wsUrlOf(app);

    const adminTicket = (await call(app, '/ws/ticket', {}, { token })).body.data.ticket as string;
    const playerTicket = (await play(app, '/ticket', {}, { token: ann.token })).body.data.ticket as string;
    const operator = await TestSocket.open(`${url}?ticket=${adminTicket}`);
    const phone = await TestSocket.open(`${url}?ticket=${playerTicket}`);
    try {
      await Promise.all([operator.next((f) => f.type === 'ready'), phone.next((f) => f.type === 'ready')]);
      operator.send({ type: 'subscribe', topic: `game:${gameId}:operator` });
      phone.send({ type: 'subscribe', topic: `game:${gameId}:public` });
      await Promise.all([operator.next((f) => f.type === 'server.snapshot'), phone.next((f) => f.type === 'server.snapshot')]);

      const updated = await call(app, '/triviaGame/update', { id: gameId, title: 'Closed by update', type: 1, status: 0 }, { token });
      expect(updated.body.code).toBe(200);
      const [toOperator, toPhone] = await Promise.all([
        operator.next((f) => f.type === 'server.gameEnded'),
        phone.next((f) => f.type === 'server.gameEnded'),
      ]);
      expectPlaySchema('EventGameEnded', toPhone.data);
      expect(toOperator.data).toEqual(toPhone.data);
      expect((await b.state(ann.token)).finished).toBe(true);

      // Saving the closed game again announces nothing new.
      await call(app, '/triviaGame/update', { id: gameId, title: 'Closed, renamed', type: 1, status: 0 }, { token });
      // An announcement would have been published before the update answered: an event published
      // now on the same bus reaches the phone after it.
      await app.publish({ topic: `game:${gameId}:public`, type: 'test.marker', data: null });
      await phone.next((f) => f.type === 'test.marker');
      expect(phone.frames.filter((f) => f.type === 'server.gameEnded')).toHaveLength(1);
    } finally {
      operator.close();
      phone.close();
    }
  });
});
