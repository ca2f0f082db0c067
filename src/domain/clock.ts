/**
 * The server's clock as seen from a browser — the control screen, a phone, the big screen (the rule:
 * countdowns come from the server's deadline corrected by a measured clock offset). Pure: every
 * function takes the times it needs, so tests never wait.
 *
 * An offset sample comes from a ping/pong: the server stamped `serverTime` somewhere between our
 * `sentAt` and `receivedAt`; assuming the middle, offset = serverTime − (sentAt + receivedAt) / 2, and
 * the error is at most half the round trip. The estimator keeps the sample with the shortest round
 * trip among the recent ones (the least uncertain), so one slow pong never drags the countdown.
 */

export interface OffsetSample {
  offsetMs: number;
  rttMs: number;
}

/** One ping/pong: server clock minus local clock, and the round trip it was measured over. */
export function offsetSample(sentAt: number, receivedAt: number, serverTime: number): OffsetSample {
  const rttMs = Math.max(0, receivedAt - sentAt);
  return { offsetMs: Math.round(serverTime - (sentAt + rttMs / 2)), rttMs };
}

/** Keeps the last `size` samples; the offset is the one of the fastest round trip among them. */
export class ClockOffset {
  private samples: OffsetSample[] = [];

  constructor(private readonly size = 8) {}

  add(sample: OffsetSample): number {
    this.samples = [...this.samples, sample].slice(-this.size);
    return this.offsetMs;
  }

  /** Server time − local time, ms; 0 before any sample. */
  get offsetMs(): number {
    if (this.samples.length === 0) return 0;
    return this.samples.reduce((best, s) => (s.rttMs < best.rttMs ? s : best)).offsetMs;
  }

  get sampleCount(): number {
    return this.samples.length;
  }
}

/** A rough offset from a single server timestamp (a frame's server_time), before any ping/pong. */
export const roughOffset = (serverTime: number, localNow: number): number => Math.round(serverTime - localNow);

/**
 * The one estimate of the server's clock a page keeps (the realtime client's, src/shared/realtime):
 * until a ping/pong was measured, the server time of the last frame or HTTP answer (a rough offset,
 * the time in flight ignored); once measured, the fastest recent round trip (ClockOffset) and never a
 * rough one again. Only ever used to draw countdowns, never for scoring.
 */
export class ServerClock {
  private readonly samples: ClockOffset;
  private rough = 0;

  constructor(size = 8) {
    this.samples = new ClockOffset(size);
  }

  /** A ping sent at `sentAt` answered at `receivedAt` with the server's `serverTime` (ms); returns the offset. */
  addPong(sentAt: number, receivedAt: number, serverTime: number): number {
    return this.samples.add(offsetSample(sentAt, receivedAt, serverTime));
  }

  /** A server time (ms, or an ISO string) read at `localMs`: used only while nothing was measured. */
  observe(serverTime: number | string, localMs = Date.now()): number {
    const server = typeof serverTime === 'string' ? Date.parse(serverTime) : serverTime;
    if (!this.measured && Number.isFinite(server)) this.rough = roughOffset(server, localMs);
    return this.offsetMs;
  }

  /** Whether a ping/pong was measured. */
  get measured(): boolean {
    return this.samples.sampleCount > 0;
  }

  /** Server time − local time, ms. */
  get offsetMs(): number {
    return this.measured ? this.samples.offsetMs : this.rough;
  }

  /** The server's clock at local time `localMs` (ms since epoch). */
  now(localMs = Date.now()): number {
    return localMs + this.offsetMs;
  }
}

/** ms left until `deadline` (server clock) at local time `localNow`; never negative. */
export function remainingMs(deadline: number, localNow: number, offsetMs: number): number {
  return Math.max(0, deadline - (localNow + offsetMs));
}

/** The whole seconds a countdown shows: 10 until the last 9.x seconds, 1 in the last second, 0 at the end. */
export const secondsShown = (ms: number): number => Math.ceil(Math.max(0, ms) / 1000);

/** ms from `ms` left to the next change of `secondsShown` (so a ticking view updates on the second). */
export function msToNextChange(ms: number): number {
  if (ms <= 0) return 0;
  const rest = ms % 1000;
  return rest === 0 ? 1000 : rest;
}

/** What is left once the shown second changed (`msToNextChange(ms)` later): the whole second below, never negative. */
export const msAtNextChange = (ms: number): number => Math.max(0, ms - msToNextChange(ms));

/**
 * How long a countdown's view waits before drawing again with `ms` left: until the shown second
 * changes, or `everyMs` if that comes first (a ring that moves between seconds); null once at 0.
 */
export function msToNextDraw(ms: number, everyMs = Number.POSITIVE_INFINITY): number | null {
  if (ms <= 0) return null;
  return Math.min(msToNextChange(ms), everyMs);
}

/** The fraction of the answering time still left (for a progress ring), clamped to 0..1. */
export function fractionLeft(ms: number, totalSeconds: number): number {
  if (totalSeconds <= 0) return 0;
  return Math.min(1, Math.max(0, ms / (totalSeconds * 1000)));
}

/** "2.3" for 2,345 ms: the receipt a player sees (one decimal, rounded down so 9.99 s is not 10.0). */
export const secondsWithTenths = (elapsedMs: number): string => (Math.floor(Math.max(0, elapsedMs) / 100) / 10).toFixed(1);
