/**
 * How many frames one WebSocket connection may send: a token bucket per connection. It holds `burst`
 * frames and refills at `perSecond`; a frame takes one, and a frame that finds the bucket empty closes
 * the connection with FLOOD_CLOSE_CODE (plugins/realtime.ts).
 *
 * What honest clients send (the one realtime client, src/shared/realtime/client.ts), counted in
 * tests/unit/ws-message-rate.test.ts: on `ready` a page sends its `subscribe`s and a `ping`, pings
 * 1 s and 3 s later, then one every 10 s; a phone sends an answer per question (a double tap or the
 * replay of an answer kept while offline: one or two more); the control screen subscribes and
 * unsubscribes as its pages change. At most about ten
 * frames in a second, and well under one a second over a minute. The defaults leave a wide margin
 * (40 at once, 5 a second for good), and close a flood (890 a second were once accepted) within its
 * first tenth of a second.
 */

export interface MessageRate {
  /** Frames a connection may send at once (the bucket's size). */
  burst: number;
  /** Frames per second the bucket refills with: what a connection may send for good. */
  perSecond: number;
}

export const DEFAULT_MESSAGE_RATE: MessageRate = { burst: 40, perSecond: 5 };

/**
 * The close a flooding connection gets: a private code (RFC 6455 §7.4.2, 4000–4999), 4029 after HTTP's
 * 429. The clients of the app wait long before connecting again after it (docs/api-conventions.md).
 */
export const FLOOD_CLOSE_CODE = 4029;
export const FLOOD_CLOSE_REASON = 'too many messages';

/** A connection's bucket: frames left, and when it was last refilled (ms). */
export interface MessageBucket {
  tokens: number;
  refilledAt: number;
}

export function fullBucket(rate: MessageRate, now: number): MessageBucket {
  return { tokens: rate.burst, refilledAt: now };
}

/** Takes one frame from the bucket at `now` (ms); false when it is empty: the connection floods. */
export function takeFrame(bucket: MessageBucket, rate: MessageRate, now: number): boolean {
  const elapsed = now - bucket.refilledAt;
  if (elapsed > 0) {
    bucket.tokens = Math.min(rate.burst, bucket.tokens + (elapsed * rate.perSecond) / 1000);
    bucket.refilledAt = now;
  }
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}
