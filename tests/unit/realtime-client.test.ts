/**
 * The one realtime client (src/shared/realtime/client.ts) with a fake WebSocket and fake timers, as
 * the audience's pages use it (src/audience/game-channel.ts) and as the back office shares it:
 * subscribes after `ready`, measures the clock from pongs, hands the topic's frames on, and after a
 * drop comes back by itself with a new ticket, subscribes again and says it was a reconnect; a
 * socket silent for too long is dropped as dead; a refused token stops it. One socket serves every
 * holder of a page. Requests (the player's answer) get their own reply, and fail in a way that says
 * whether the frame went out; the player's answer falls back to the POST then, and a stored answer
 * whose reply was lost is no error.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayApiError, type PlayApi } from '@/audience/api';
import { createGameChannel, openGameChannel, type GameTicket } from '@/shared/realtime/game-channel';
import { RealtimeClient, RealtimeRequestUnavailable, type EventFrame, type ServerFrame, wsUrl } from '@/shared/realtime/client';
import { sendAnswer, type AnswerChannel } from '@/play/player-logic';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 1;
  sent: Array<Record<string, unknown>> = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code?: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  closedWith: number | undefined;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  /** The client adds its listeners (as on a browser's or the ws package's socket). */
  addEventListener(type: string, listener: (event: { data?: string; code?: number }) => void) {
    if (type === 'message') this.onmessage = listener;
    else if (type === 'close') this.onclose = listener;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
    this.onclose?.({ code });
  }
  receive(frame: { type: ServerFrame['type']; [key: string]: unknown }) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const TOPIC = 'game:4:public';
const clientPieces = {
  createSocket: (url: string) => new FakeSocket(url) as unknown as WebSocket,
  location: { protocol: 'https:', host: 'quiz.example' },
  requestTimeoutMs: 5_000,
  random: () => 0.5,
  watchNetwork: false,
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers({ now: 10_000 });
});
afterEach(() => vi.useRealTimers());

function setup(getTicket: () => Promise<GameTicket> = vi.fn(async () => ({ ticket: `t${FakeSocket.all.length}`, url: '/api/ws', topic: TOPIC }))) {
  const events: EventFrame[] = [];
  const connected: boolean[] = [];
  const offsets: number[] = [];
  const rejected: PlayApiError[] = [];
  const channel = openGameChannel({
    getTicket,
    onEvent: (frame) => events.push(frame),
    onConnected: (reconnected) => connected.push(reconnected),
    onClock: (offset) => offsets.push(offset),
    onRejected: (error) => rejected.push(error),
    lang: () => 'zh-TW',
    client: clientPieces,
  });
  return { socket: channel.client, stop: () => channel.close(), events, connected, offsets, rejected, getTicket };
}

describe('the realtime client, as the audience uses it', () => {
  it('subscribes after ready, measures the clock, passes the topic frames on, and resubscribes after a drop', async () => {
    const { socket, stop, events, connected, offsets, getTicket } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.status).toBe('connecting');
    const first = FakeSocket.all[0]!;
    expect(first.url).toBe('wss://quiz.example/api/ws?ticket=t0');
    first.receive({ type: 'ready', server_time: 13_000 });
    expect(first.sent[0]).toEqual({ type: 'subscribe', topic: TOPIC });
    expect(first.sent[1]).toMatchObject({ type: 'ping', t: 10_000 });
    expect(offsets).toEqual([3_000]);
    vi.setSystemTime(10_100);
    first.receive({ type: 'pong', t: 10_000, server_time: 13_060 });
    expect(offsets.at(-1)).toBe(3_010);
    first.receive({ type: 'subscribed', topic: TOPIC });
    expect(connected).toEqual([false]);
    first.receive({ type: 'server.questionShown', topic: TOPIC, data: { question_id: 1 } });
    first.receive({ type: 'server.questionShown', topic: 'game:5:public', data: {} });
    expect(events.map((e) => e.type)).toEqual(['server.questionShown']);

    // The connection drops: a retry after the backoff, with a fresh ticket.
    first.close();
    expect(socket.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(200);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(FakeSocket.all).toHaveLength(2);
    expect(getTicket).toHaveBeenCalledTimes(2);
    const second = FakeSocket.all[1]!;
    second.receive({ type: 'ready', server_time: 13_100 });
    expect(second.sent[0]).toEqual({ type: 'subscribe', topic: TOPIC });
    second.receive({ type: 'subscribed', topic: TOPIC });
    expect(connected).toEqual([false, true]);
    expect(socket.status).toBe('open');
    stop();
  });

  it("a page's channel waits for its first holder, tells every listener, and counts a start after a stop as a first subscription", async () => {
    const channel = createGameChannel({ getTicket: async () => ({ ticket: 't', url: '/api/ws', topic: TOPIC }), client: clientPieces });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all, 'no socket before someone holds the client').toHaveLength(0);
    const first: string[] = [];
    const second: string[] = [];
    const offFirst = channel.listen({ onEvent: (frame) => first.push(frame.type), onConnected: (again) => first.push(`connected ${again}`) });
    channel.listen({ onEvent: (frame) => second.push(frame.type), onConnected: (again) => second.push(`connected ${again}`) });
    const release = channel.client.retain();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.all[0]!;
    socket.receive({ type: 'ready', server_time: 10_000 });
    socket.receive({ type: 'subscribed', topic: TOPIC });
    socket.receive({ type: 'server.gameEnded', topic: TOPIC, data: {} });
    expect(first).toEqual(['connected false', 'server.gameEnded']);
    expect(second).toEqual(first);
    offFirst();
    release();
    expect(channel.client.status).toBe('closed');
    // The next player on this page: a fresh start, not a reconnect.
    channel.client.retain();
    await vi.advanceTimersByTimeAsync(0);
    const next = FakeSocket.all[1]!;
    next.receive({ type: 'ready', server_time: 10_000 });
    next.receive({ type: 'subscribed', topic: TOPIC });
    expect(second.at(-1)).toBe('connected false');
    expect(first, 'a listener that left hears nothing').toHaveLength(2);
    channel.client.stop();
  });

  it('drops a connection whose pongs stopped, and keeps retrying while the ticket cannot be had', async () => {
    let failures = 2;
    const getTicket = vi.fn(async () => {
      if (failures-- > 0) throw new PlayApiError('offline', 0);
      return { ticket: 'ok', url: '/api/ws', topic: TOPIC };
    });
    const { stop } = setup(getTicket);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(400 + 700);
    expect(FakeSocket.all).toHaveLength(1);
    const dead = FakeSocket.all[0]!;
    dead.receive({ type: 'ready', server_time: Date.now() });
    dead.receive({ type: 'subscribed', topic: TOPIC });
    // Pongs keep it alive...
    await vi.advanceTimersByTimeAsync(20_000);
    dead.receive({ type: 'pong', t: Date.now(), server_time: Date.now() });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(dead.readyState).toBe(1);
    // ...then nothing comes any more: 25 s after the last frame it is closed as dead, and replaced.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(dead.closedWith).toBe(4002);
    expect(dead.sent.filter((f) => f.type === 'ping').length, 'a ping every 10 s meanwhile').toBeGreaterThanOrEqual(5);
    await vi.advanceTimersByTimeAsync(600);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
  });

  it('stops for good when the token behind the ticket is unknown', async () => {
    const { socket, stop, rejected } = setup(vi.fn(async () => Promise.reject(new PlayApiError('join again', 202))));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(rejected.map((e) => e.message)).toEqual(['join again']);
    expect(FakeSocket.all).toHaveLength(0);
    expect(socket.status).toBe('closed');
    stop();
  });

  it('opens ws: on http pages and wss: on https pages', () => {
    expect(wsUrl('/api/ws', 'a b', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/ws?ticket=a%20b');
  });
});

/** A client subscribed on its first fake socket. */
async function openSocket() {
  const setUp = setup();
  await vi.advanceTimersByTimeAsync(0);
  const fake = FakeSocket.all.at(-1)!;
  fake.receive({ type: 'ready', server_time: Date.now() });
  fake.receive({ type: 'subscribed', topic: TOPIC });
  return { ...setUp, fake };
}

const answerBody = { question_id: 7, choices: ['B'] };
const stored = { question_id: 7, choices: ['B'], received_at: '2026-11-24T12:00:02.300Z', elapsed_ms: 2300, correct: null, points: null };

describe('requests over the socket', () => {
  it('sends a request frame in the page language and resolves with the reply of the same id only', async () => {
    const { socket, fake } = await openSocket();
    const first = socket.request('answer', answerBody);
    const second = socket.request('answer', { ...answerBody, question_id: 8 });
    const frames = fake.sent.filter((f) => f.type === 'request');
    expect(frames).toEqual([
      { type: 'request', id: 'r1', operation: 'answer', lang: 'zh-TW', body: answerBody },
      { type: 'request', id: 'r2', operation: 'answer', lang: 'zh-TW', body: { ...answerBody, question_id: 8 } },
    ]);
    let firstSettled = false;
    void first.then(() => (firstSettled = true));
    fake.receive({ type: 'reply', id: 'r2', status: 200, body: { code: 201, message: '您已作答過此題', data: null } });
    await expect(second).resolves.toEqual({ status: 200, body: { code: 201, message: '您已作答過此題', data: null } });
    expect(firstSettled).toBe(false);
    fake.receive({ type: 'reply', id: 'r1', status: 200, body: { code: 200, message: '作答成功', data: { answer: stored } } });
    await expect(first).resolves.toMatchObject({ status: 200, body: { data: { answer: stored } } });
  });

  it('fails a request it cannot carry, saying whether the frame went out', async () => {
    const connecting = setup();
    const notOpen = connecting.socket.request('answer', answerBody);
    await expect(notOpen).rejects.toMatchObject({ name: 'RealtimeRequestUnavailable', sent: false });
    connecting.stop();

    const { socket, fake } = await openSocket();
    const late = socket.request('answer', answerBody);
    const lateResult = late.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await lateResult).toMatchObject({ name: 'RealtimeRequestUnavailable', sent: true, message: 'no reply in time' });
    // A reply after the timeout changes nothing.
    fake.receive({ type: 'reply', id: 'r1', status: 200, body: { code: 200 } });

    const cut = socket.request('answer', answerBody).catch((error: unknown) => error);
    fake.close();
    expect(await cut).toMatchObject({ name: 'RealtimeRequestUnavailable', sent: true });
    // Reconnecting: not open until ready again.
    await expect(socket.request('answer', answerBody)).rejects.toMatchObject({ sent: false });
    socket.stop();
  });

  it('fails what is waiting when the page stops the socket', async () => {
    const { socket, stop } = await openSocket();
    const waiting = socket.request('answer', answerBody).catch((error: unknown) => error);
    stop();
    expect(await waiting).toBeInstanceOf(RealtimeRequestUnavailable);
  });
});

describe('the player’s answer', () => {
  const input = { token: 'tok', questionId: 7, choices: ['B'] };
  const api = (overrides: Partial<PlayApi>) =>
    ({
      answer: vi.fn(async () => ({ answer: stored })),
      state: vi.fn(async () => ({ my_answer: null })),
      ...overrides,
    }) as unknown as PlayApi & { answer: ReturnType<typeof vi.fn>; state: ReturnType<typeof vi.fn> };
  const channelOf = (request: () => Promise<unknown>): AnswerChannel => ({ socket: { request: vi.fn(request) as never } });

  it('goes over the socket when one is open, with the same result or refusal as the POST', async () => {
    const calls = api({});
    const ok = channelOf(async () => ({ status: 200, body: { code: 200, message: 'Your answer is in', data: { answer: stored } } }));
    await expect(sendAnswer(calls, ok, input)).resolves.toEqual({ answer: stored });
    expect(ok.socket!.request).toHaveBeenCalledWith('answer', { question_id: 7, choices: ['B'] });
    expect(calls.answer).not.toHaveBeenCalled();

    const refused = channelOf(async () => ({ status: 200, body: { code: 201, message: 'Too late: the answering time is over', data: null } }));
    const error = await sendAnswer(calls, refused, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlayApiError);
    expect(error).toMatchObject({ code: 201, message: 'Too late: the answering time is over', tokenRejected: false });
    const unknownToken = channelOf(async () => ({ status: 200, body: { code: 202, message: 'Please join again', data: null } }));
    await expect(sendAnswer(calls, unknownToken, input)).rejects.toMatchObject({ tokenRejected: true });
    expect(calls.answer).not.toHaveBeenCalled();
  });

  it('falls back to the POST when the socket cannot carry it', async () => {
    const calls = api({});
    await expect(sendAnswer(calls, { socket: null }, input)).resolves.toEqual({ answer: stored });
    const closed = channelOf(async () => Promise.reject(new RealtimeRequestUnavailable('not open', false)));
    await expect(sendAnswer(calls, closed, input)).resolves.toEqual({ answer: stored });
    expect(calls.answer).toHaveBeenCalledTimes(2);
    expect(calls.answer).toHaveBeenCalledWith('tok', { question_id: 7, choices: ['B'] });
  });

  it('shows the stored answer, not an error, when the socket’s reply was lost and the POST finds it answered', async () => {
    const answered = new PlayApiError('You have already answered this question', 201);
    const calls = api({ answer: vi.fn(async () => Promise.reject(answered)) as never, state: vi.fn(async () => ({ my_answer: stored })) as never });
    const lost = channelOf(async () => Promise.reject(new RealtimeRequestUnavailable('no reply in time', true)));
    await expect(sendAnswer(calls, lost, input)).resolves.toEqual({ answer: stored });
    expect(calls.state).toHaveBeenCalledWith('tok');

    // Never sent: the refusal is the player's to see.
    const neverSent = channelOf(async () => Promise.reject(new RealtimeRequestUnavailable('not open', false)));
    await expect(sendAnswer(calls, neverSent, input)).rejects.toBe(answered);
    // Sent, but what is stored is another question's: still the refusal.
    const other = api({ answer: vi.fn(async () => Promise.reject(answered)) as never, state: vi.fn(async () => ({ my_answer: { ...stored, question_id: 6 } })) as never });
    await expect(sendAnswer(other, lost, input)).rejects.toBe(answered);
  });
});

describe('one socket per page', () => {
  const adminClient = () =>
    new RealtimeClient({ getTicket: async () => ({ ticket: 'admin' }), implicitTopics: (topic) => topic === 'admin:3', ...clientPieces });

  it('every holder shares the one socket; it closes with the last, and resubscribes every topic after a reconnect', async () => {
    const client = adminClient();
    const shell = client.retain();
    const screen = client.retain();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(1);
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('wss://quiz.example/api/ws?ticket=admin');
    const seen: string[] = [];
    client.subscribe('admin:3', (frame) => seen.push(`admin ${frame.type}`));
    client.subscribe('game:9:operator', (frame) => seen.push(`operator ${frame.type}`));
    socket.receive({ type: 'ready', server_time: Date.now() });
    expect(socket.sent.filter((f) => f.type !== 'ping'), 'the admin topic is subscribed by the server itself').toEqual([{ type: 'subscribe', topic: 'game:9:operator' }]);
    socket.receive({ type: 'notification.count', topic: 'admin:3', data: { count: 2, company_id: 1 }, server_time: Date.now() });
    socket.receive({ type: 'server.playerJoined', topic: 'game:9:operator', data: { count: 5 }, server_time: Date.now() });
    expect(seen).toEqual(['admin notification.count', 'operator server.playerJoined']);

    socket.close(1012);
    await vi.advanceTimersByTimeAsync(600);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.receive({ type: 'ready', server_time: Date.now() });
    expect(FakeSocket.all[1]!.sent.filter((f) => f.type === 'subscribe')).toEqual([{ type: 'subscribe', topic: 'game:9:operator' }]);

    screen();
    screen();
    expect(client.status, 'still held by the shell').toBe('open');
    shell();
    expect(client.status).toBe('closed');
    expect(FakeSocket.all[1]!.readyState).toBe(3);
  });

  it('waits long after the server closed it for flooding', async () => {
    const client = adminClient();
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.all[0]!.receive({ type: 'ready', server_time: Date.now() });
    FakeSocket.all[0]!.close(4029);
    expect(client.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(14_000);
    expect(FakeSocket.all, 'no reconnect within 14 s').toHaveLength(1);
    await vi.advanceTimersByTimeAsync(26_000);
    expect(FakeSocket.all, 'back after 15 to 60 s').toHaveLength(2);
    client.stop();
  });
});
