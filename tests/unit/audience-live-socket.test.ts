/**
 * The audience's live socket with a fake WebSocket and fake timers: subscribes after `ready`, measures
 * the clock from pongs, hands the topic's frames on, and after a drop comes back by itself with a new
 * ticket, subscribes again and says it was a reconnect; a refused token stops it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayApiError } from '@/audience/api';
import { LiveSocket, type LiveFrame, wsUrl } from '@/audience/live-socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 1;
  sent: Array<Record<string, unknown>> = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  receive(frame: LiveFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const TOPIC = 'game:4:public';
let now = 10_000;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function setup(getTicket = vi.fn(async () => ({ ticket: `t${FakeSocket.all.length}`, url: '/api/ws', topic: TOPIC }))) {
  const events: LiveFrame[] = [];
  const connected: boolean[] = [];
  const offsets: number[] = [];
  const rejected: PlayApiError[] = [];
  const socket = new LiveSocket({
    getTicket,
    onEvent: (frame) => events.push(frame),
    onConnected: (reconnected) => connected.push(reconnected),
    onClock: (offset) => offsets.push(offset),
    onRejected: (error) => rejected.push(error),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    location: { protocol: 'https:', host: 'quiz.example' },
    now: () => now,
    random: () => 0.5,
  });
  return { socket, events, connected, offsets, rejected, getTicket };
}

describe('the live socket', () => {
  it('subscribes after ready, measures the clock, passes the topic frames on, and resubscribes after a drop', async () => {
    const { socket, events, connected, offsets, getTicket } = setup();
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeSocket.all[0]!;
    expect(first.url).toBe('wss://quiz.example/api/ws?ticket=t0');
    first.receive({ type: 'ready', server_time: 13_000 });
    expect(first.sent[0]).toEqual({ type: 'subscribe', topic: TOPIC });
    expect(first.sent[1]).toMatchObject({ type: 'ping', t: 10_000 });
    expect(offsets).toEqual([3_000]);
    now = 10_100;
    first.receive({ type: 'pong', t: 10_000, server_time: 13_060 });
    expect(offsets.at(-1)).toBe(3_010);
    first.receive({ type: 'subscribed', topic: TOPIC });
    expect(connected).toEqual([false]);
    first.receive({ type: 'server.questionShown', topic: TOPIC, data: { question_id: 1 } });
    first.receive({ type: 'server.questionShown', topic: 'game:5:public', data: {} });
    expect(events.map((e) => e.type)).toEqual(['server.questionShown']);

    // The connection drops: a retry after the backoff, with a fresh ticket.
    first.close();
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
    socket.stop();
  });

  it('drops a connection whose pongs stopped, and keeps retrying while the ticket cannot be had', async () => {
    let failures = 2;
    const getTicket = vi.fn(async () => {
      if (failures-- > 0) throw new PlayApiError('offline', 0);
      return { ticket: 'ok', url: '/api/ws', topic: TOPIC };
    });
    const { socket } = setup(getTicket);
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(400 + 700);
    expect(FakeSocket.all).toHaveLength(1);
    const dead = FakeSocket.all[0]!;
    dead.receive({ type: 'ready', server_time: now });
    dead.receive({ type: 'subscribed', topic: TOPIC });
    // No pong ever comes: after the pings of the first seconds and one interval, it is closed.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(dead.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(600);
    expect(FakeSocket.all).toHaveLength(2);
    socket.stop();
  });

  it('stops for good when the token behind the ticket is unknown', async () => {
    const { socket, rejected } = setup(vi.fn(async () => Promise.reject(new PlayApiError('join again', 202))));
    socket.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(rejected.map((e) => e.message)).toEqual(['join again']);
    expect(FakeSocket.all).toHaveLength(0);
    socket.stop();
  });

  it('opens ws: on http pages and wss: on https pages', () => {
    expect(wsUrl('/api/ws', 'a b', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/ws?ticket=a%20b');
  });
});
