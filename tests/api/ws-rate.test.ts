/**
 * The WebSocket's per-connection frame rate (realtime/message-rate.ts, plugins/realtime.ts): a player
 * whose connection floods — pings or answers by the hundred — is closed with 4029 `too many messages`
 * before most of them are served; the server stays up, and the other players on the same game keep
 * their connections, their pongs and their answers; the flooding player may connect again. A phone's
 * double tap, a connection's first seconds and a control screen's burst of subscriptions are never
 * closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call } from '../support/api';
import { TestSocket, type WsFrame } from '../support/ws';
import { DEFAULT_MESSAGE_RATE, FLOOD_CLOSE_CODE } from '@/server/realtime/message-rate';
import type { bench } from './live-support';
import { listeningLiveApp, play } from './live-support';
import { TestClock } from '../support/clock';

/** The close a socket gets: its code and reason. */
function closeOf(socket: TestSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => socket.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}

const isOpen = (socket: TestSocket) => socket.socket.readyState === socket.socket.OPEN;

describe('the WebSocket frame rate', () => {
  let app: FastifyInstance;
  let url: string;
  let token: string;
  let b: ReturnType<typeof bench>;
  let gameId: number;
  let q1: number;
  let pin: string;
  // The server's clock: the buckets refill as this test moves it, never while it waits.
  const clock = new TestClock();
  beforeAll(async () => {
    ({ app, url, token, b } = await listeningLiveApp({ clock }));
    ({ id: gameId, pin } = await b.createGame({ title: 'Rate', type: 1 }));
    q1 = await b.addQuestion(gameId, { answering_time: 60 });
    expect((await b.flow(gameId, q1, 2)).body.code).toBe(200);
  });
  afterAll(() => app.close());

  /** A joined player's phone: connected, subscribed to the game's public topic. */
  async function phone(nickname: string): Promise<{ socket: TestSocket; token: string }> {
    const player = await b.joinPlayer(pin, nickname);
    return { socket: await connect(player.token), token: player.token };
  }

  async function connect(playerToken: string): Promise<TestSocket> {
    const ticket = (await play(app, '/ticket', {}, { token: playerToken })).body.data;
    const socket = await TestSocket.open(`${url}?ticket=${ticket.ticket as string}`);
    await socket.next((f) => f.type === 'ready');
    socket.send({ type: 'subscribe', topic: ticket.topic });
    await socket.next((f) => f.type === 'subscribed');
    return socket;
  }

  let nextId = 0;
  function answer(socket: TestSocket, choices: string[]): Promise<WsFrame> {
    const id = `a${++nextId}`;
    socket.send({ type: 'request', id, operation: 'answer', lang: 'en', body: { question_id: q1, choices } });
    return socket.next((f) => f.type === 'reply' && f.id === id);
  }

  async function pingPong(socket: TestSocket, t: number): Promise<void> {
    socket.send({ type: 'ping', t });
    await socket.next((f) => f.type === 'pong' && f.t === t);
  }

  it('closes a connection that floods with pings, with 4029 and a reason; the others keep playing', async () => {
    const flooder = await phone('Flood');
    const other = await phone('Calm');
    const closed = closeOf(flooder.socket);
    const N = 500;
    for (let i = 0; i < N; i += 1) flooder.socket.send({ type: 'ping', t: i });

    expect(await closed).toEqual({ code: FLOOD_CLOSE_CODE, reason: 'too many messages' });
    // Served: the bucket's worth, not the flood (the few more were refilled while it arrived).
    const pongs = flooder.socket.frames.filter((f) => f.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(DEFAULT_MESSAGE_RATE.burst - 1);
    expect(pongs).toBeLessThan(N / 4);

    // The server is up; the other player's connection was not touched and is served.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(isOpen(other.socket)).toBe(true);
    await pingPong(other.socket, 42);
    expect(await answer(other.socket, ['A'])).toMatchObject({ status: 200, body: { code: 200 } });
    // An event of the game still reaches it.
    const late = await b.joinPlayer(pin, 'Late');
    expect(late.token).toBeTruthy();
    await clock.advance(1_000); // joins are announced at most every 250 ms, on the server's clock
    await other.socket.next((f) => f.type === 'server.playerJoined');

    // The flooder is not banned: a new connection works (and is held to the same rate).
    const again = await connect(flooder.token);
    await pingPong(again, 7);
    again.close();
    other.socket.close();
  });

  it('closes a connection that floods with answers before most of them are run', async () => {
    const flooder = await phone('Spam');
    const closed = closeOf(flooder.socket);
    const N = 300;
    for (let i = 0; i < N; i += 1) flooder.socket.send({ type: 'request', id: `s${i}`, operation: 'answer', lang: 'en', body: { question_id: q1, choices: ['B'] } });

    expect(await closed).toMatchObject({ code: FLOOD_CLOSE_CODE });
    const replies = flooder.socket.frames.filter((f) => f.type === 'reply');
    expect(replies.length).toBeLessThanOrEqual(DEFAULT_MESSAGE_RATE.burst + 5);
    // The requests let through before the close still finish (they may commit after it): one answer
    // stored, which the player sees over HTTP.
    await expect.poll(async () => (await b.state(flooder.token)).my_answer, { timeout: 10_000 }).toMatchObject({ question_id: q1, choices: ['B'] });
  });

  it('never closes a double tap, a connection’s first seconds, or a control screen’s burst of subscriptions', async () => {
    // A phone: the pings of its first seconds and a double-tapped answer, all at once.
    const tapper = await phone('Tap');
    for (let t = 1; t <= 3; t += 1) tapper.socket.send({ type: 'ping', t });
    const [first, second] = await Promise.all([answer(tapper.socket, ['C']), answer(tapper.socket, ['C'])]);
    // The same answer twice: one stored, and the repeat answered with it.
    expect([first, second].map((reply) => [reply.status, (reply.body as { code: number }).code])).toEqual([
      [200, 200],
      [200, 200],
    ]);
    expect(second.body).toEqual(first.body);
    await pingPong(tapper.socket, 4);
    expect(isOpen(tapper.socket)).toBe(true);

    // The control screen opening: its topics, leaving and taking them again as pages change, and pings.
    const ticket = (await call(app, '/ws/ticket', {}, { token })).body.data.ticket as string;
    const screen = await TestSocket.open(`${url}?ticket=${ticket}`);
    await screen.next((f) => f.type === 'ready');
    const burst = DEFAULT_MESSAGE_RATE.burst - 5;
    for (let i = 0; i < burst; i += 1) {
      if (i % 3 === 2) screen.send({ type: 'ping', t: i });
      else screen.send({ type: i % 3 === 0 ? 'subscribe' : 'unsubscribe', topic: `game:${gameId}:operator` });
    }
    await pingPong(screen, 1_000);
    // Every subscription answered (they are answered once the database has authorized them).
    const subscriptions = Math.ceil(burst / 3);
    await screen.next(() => screen.frames.filter((f) => f.type === 'subscribed' || f.type === 'refused').length >= subscriptions);
    expect(screen.frames.filter((f) => f.type === 'subscribed')).toHaveLength(subscriptions);
    expect(isOpen(screen)).toBe(true);

    // Steady honest traffic afterwards, a frame every 300 ms for a few seconds (the server's clock moved,
    // not waited for), on a bucket almost empty: more frames than it holds, each refilled in time.
    for (let i = 0; i < 10; i += 1) {
      await clock.advance(300);
      await pingPong(screen, 2_000 + i);
    }
    expect(isOpen(screen)).toBe(true);
    screen.close();
    tapper.socket.close();
  });
});
