/**
 * The WebSocket's per-connection frame rate (src/server/realtime/message-rate.ts) against what the
 * app's own clients send: the one realtime client (src/shared/realtime) as the phone, the display and the back office use it,
 * driven with fake sockets and fake timers through their busiest honest moments (connecting, the
 * first pings, a double-tapped answer, a reconnect that replays the answer, the control screen
 * opening and flipping between pages), every frame they send timed and passed through one bucket of
 * the server's default rate: none is ever refused. And after the server's flood close (4029) the
 * client waits long before connecting again, where any other close brings them back within a second.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openGameChannel } from '@/shared/realtime/game-channel';
import { RealtimeClient } from '@/shared/realtime/client';
import { FLOOD_CLOSE_CODE as CLIENT_FLOOD_CODE, floodRetryDelay } from '@/shared/backoff';
import { DEFAULT_MESSAGE_RATE, FLOOD_CLOSE_CODE, fullBucket, takeFrame } from '@/server/realtime/message-rate';

/** Every frame any fake socket sent, with the (fake) time it was sent. */
let sent: Array<{ at: number; frame: Record<string, unknown> }> = [];

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  /** The client adds its listeners (as on a browser's or the ws package's socket). */
  addEventListener(type: string, listener: (event: { data?: string; code?: number }) => void) {
    if (type === 'message') this.onmessage = listener;
    else if (type === 'close') this.onclose = listener;
  }
  send(data: string) {
    sent.push({ at: Date.now(), frame: JSON.parse(data) as Record<string, unknown> });
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(frame: { type: string; [key: string]: unknown }) {
    this.onmessage?.({ data: JSON.stringify({ server_time: Date.now(), ...frame }) });
  }
  /** Answers what the server would: pong to a ping, subscribed to a subscribe, a reply to a request. */
  serve() {
    const seen = new Set<Record<string, unknown>>();
    const tick = setInterval(() => {
      if (this.readyState !== 1) return clearInterval(tick);
      for (const { frame } of sent) {
        if (seen.has(frame)) continue;
        seen.add(frame);
        if (frame.type === 'ping') this.receive({ type: 'pong', t: frame.t as number });
        if (frame.type === 'subscribe') this.receive({ type: 'subscribed', topic: frame.topic as string });
        if (frame.type === 'request') this.receive({ type: 'reply', id: frame.id, status: 200, body: { code: 200 } });
      }
    }, 50);
  }
}

/** The most frames sent within any `windowMs`, and whether one bucket of the default rate let them all through. */
function throughBucket(frames: Array<{ at: number }>, windowMs: number): { peak: number; refused: number } {
  const bucket = fullBucket(DEFAULT_MESSAGE_RATE, frames[0]?.at ?? 0);
  let refused = 0;
  let peak = 0;
  frames.forEach(({ at }, i) => {
    if (!takeFrame(bucket, DEFAULT_MESSAGE_RATE, at)) refused += 1;
    peak = Math.max(peak, frames.slice(i).filter((f) => f.at < at + windowMs).length);
  });
  return { peak, refused };
}

beforeEach(() => {
  sent = [];
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.setSystemTime(1_700_000_000_000);
});
afterEach(() => vi.useRealTimers());

describe('the token bucket', () => {
  it('lets a burst through, refuses the frame past it, and refills at the rate', () => {
    const rate = { burst: 3, perSecond: 2 };
    const bucket = fullBucket(rate, 0);
    expect([0, 0, 0, 0].map((at) => takeFrame(bucket, rate, at))).toEqual([true, true, true, false]);
    expect(takeFrame(bucket, rate, 499)).toBe(false);
    expect(takeFrame(bucket, rate, 500)).toBe(true);
    // Never more than the burst, however long the connection was quiet.
    expect([0, 0, 0, 0].map(() => takeFrame(bucket, rate, 3_600_000))).toEqual([true, true, true, false]);
  });

  it('closes a flood within its first tenth of a second', () => {
    const bucket = fullBucket(DEFAULT_MESSAGE_RATE, 0);
    // 890 frames a second, as one player once sent.
    let frames = 0;
    while (takeFrame(bucket, DEFAULT_MESSAGE_RATE, (frames * 1000) / 890)) frames += 1;
    expect(frames).toBeLessThan(DEFAULT_MESSAGE_RATE.burst + 5);
    expect((frames * 1000) / 890).toBeLessThan(100);
  });

  it('uses the code the clients know', () => {
    expect(CLIENT_FLOOD_CODE).toBe(FLOOD_CLOSE_CODE);
  });
});

describe('honest clients stay within the rate', () => {
  it('a phone: connecting, first pings, a double-tapped answer, a drop and a reconnect replaying it, two minutes of play', async () => {
    const channel = openGameChannel({
      getTicket: async () => ({ ticket: 't', url: '/api/ws', topic: 'game:4:public' }),
      onEvent: () => undefined,
      client: { createSocket: (url) => new FakeSocket(url) as unknown as WebSocket, location: { protocol: 'https:', host: 'quiz.example' }, random: () => 0, watchNetwork: false },
    });
    const live = channel.client;
    const connect = async () => {
      await vi.advanceTimersByTimeAsync(0);
      const socket = FakeSocket.all.at(-1)!;
      socket.serve();
      socket.receive({ type: 'ready' });
      await vi.advanceTimersByTimeAsync(100);
      return socket;
    };
    const first = await connect();
    await vi.advanceTimersByTimeAsync(1_500);
    // A double tap: the same answer twice at once, then another question's answer.
    void live.request('answer', { question_id: 1, choices: ['A'] });
    void live.request('answer', { question_id: 1, choices: ['A'] });
    await vi.advanceTimersByTimeAsync(300);
    void live.request('answer', { question_id: 2, choices: ['B'] });
    // The venue's Wi-Fi drops the connection; the phone comes back and replays the answer it kept.
    await vi.advanceTimersByTimeAsync(500);
    first.close(1006);
    await vi.advanceTimersByTimeAsync(1_000);
    await connect();
    void live.request('answer', { question_id: 2, choices: ['B'] });
    void live.request('answer', { question_id: 3, choices: ['C'] });
    await vi.advanceTimersByTimeAsync(120_000);
    channel.close();

    expect(sent.filter((s) => s.frame.type === 'request')).toHaveLength(5);
    const second = throughBucket(sent, 1_000);
    const minute = throughBucket(sent, 60_000);
    console.log(`phone: ${sent.length} frames in ${Math.round((sent.at(-1)!.at - sent[0]!.at) / 1000)} s; at most ${second.peak} in a second, ${minute.peak} in a minute`);
    expect(second.refused).toBe(0);
    expect(second.peak).toBeLessThanOrEqual(DEFAULT_MESSAGE_RATE.burst / 4);
  });

  it('the control screen: opening with its topics, flipping between pages, pinging for two minutes', async () => {
    const client = new RealtimeClient({
      getTicket: async () => ({ ticket: 'ticket' }),
      implicitTopics: (topic) => topic === 'admin:1',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      location: { protocol: 'http:', host: 'test' },
      watchNetwork: false,
    });
    const offs = ['admin:1', 'game:4:operator', 'game:4:public'].map((topic) => client.subscribe(topic, () => undefined));
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.all[0]!.serve();
    FakeSocket.all[0]!.receive({ type: 'ready' });
    // An operator clicking between pages four times a second for three seconds: each page leaves its topic and takes another.
    for (let i = 0; i < 12; i += 1) {
      const off = client.subscribe(`game:${10 + i}:operator`, () => undefined);
      await vi.advanceTimersByTimeAsync(250);
      off();
    }
    await vi.advanceTimersByTimeAsync(120_000);
    for (const off of offs) off();
    client.stop();

    const second = throughBucket(sent, 1_000);
    const minute = throughBucket(sent, 60_000);
    console.log(`control screen: ${sent.length} frames; at most ${second.peak} in a second, ${minute.peak} in a minute`);
    expect(second.refused).toBe(0);
  });
});

describe('after a flood close', () => {
  it('the phone waits 15 s or more before connecting again, longer each time; other closes come back within a second', async () => {
    const statuses: string[] = [];
    const channel = openGameChannel({
      getTicket: async () => ({ ticket: 't', url: '/api/ws', topic: 'game:4:public' }),
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
      client: { createSocket: (url) => new FakeSocket(url) as unknown as WebSocket, location: { protocol: 'https:', host: 'quiz.example' }, random: () => 0.5, watchNetwork: false },
    });
    const subscribed = async () => {
      await vi.advanceTimersByTimeAsync(0);
      const socket = FakeSocket.all.at(-1)!;
      socket.receive({ type: 'ready' });
      socket.receive({ type: 'subscribed', topic: 'game:4:public' });
      return socket;
    };
    (await subscribed()).close(1006);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(2);

    (await subscribed()).close(FLOOD_CLOSE_CODE);
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(14_999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(floodRetryDelay(1, () => 0.5));
    expect(FakeSocket.all).toHaveLength(3);

    // Subscribed again, it floods again: the wait is longer, not reset by the success in between.
    (await subscribed()).close(FLOOD_CLOSE_CODE);
    await vi.advanceTimersByTimeAsync(floodRetryDelay(1, () => 0.5) + 1_000);
    expect(FakeSocket.all).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(floodRetryDelay(2, () => 0.5));
    expect(FakeSocket.all).toHaveLength(4);
    channel.close();
  });

  it('the back office (the same client) waits 15 s or more, and says it is reconnecting meanwhile', async () => {
    const client = new RealtimeClient({
      getTicket: async () => ({ ticket: 'ticket' }),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      location: { protocol: 'http:', host: 'test' },
      random: () => 0.5,
      watchNetwork: false,
    });
    const release = client.retain();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.all[0]!.receive({ type: 'ready' });
    FakeSocket.all[0]!.close(1006);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.receive({ type: 'ready' });
    FakeSocket.all[1]!.close(FLOOD_CLOSE_CODE);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(FakeSocket.all).toHaveLength(2);
    expect(client.status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(floodRetryDelay(1, () => 0.5));
    expect(FakeSocket.all).toHaveLength(3);
    release();
  });
});
