/**
 * Throttles of the audience's public calls, per client address (the numbers are ours to choose):
 * exchanging a display code (about 30 a minute: a venue opens a display or two, a guesser opens
 * thousands), a display asking for a pairing code and polling whether it was paired, and joining a game (generous: a venue's phones often share one NAT address, so a few
 * hundred joins a minute from one address are normal; only a flood is slowed down). Every attempt
 * counts, successful or not, so guessing PINs or codes costs the same as using them.
 * In memory, per instance (lib/rate-limiter.ts): behind N instances an address gets N times the
 * allowance, which is acceptable for a throttle. Over the limit: HTTP 429, body code 429 and a
 * message saying when to try again, plus `retry-after`, as /login does.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/envelope.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { translate } from '../../i18n.js';

/**
 * Joins per minute per address: a venue whose thousand phones leave through one public address
 * (docs/venue.md, "Many phones behind one address") all get in within the minute the QR code is up,
 * with room for retries after a taken nickname; one address alone fills a 10,000-player game no
 * faster than in about 8 minutes.
 */
export const JOINS_PER_MINUTE = 1_200;
export const DISPLAY_EXCHANGES_PER_MINUTE = 30;
/** Asking for a pairing code: a display asks once per 10 minutes (its code's life); a flood is slowed. */
export const DISPLAY_PAIRS_PER_MINUTE = 30;
/** A waiting display polls about every 2 s (30 a minute); a venue's displays may share an address. */
export const DISPLAY_PAIR_STATUS_PER_MINUTE = 600;

type Throttle = 'join' | 'displayExchange' | 'displayPair' | 'displayPairStatus';

const LIMITS: Record<Throttle, number> = {
  join: JOINS_PER_MINUTE,
  displayExchange: DISPLAY_EXCHANGES_PER_MINUTE,
  displayPair: DISPLAY_PAIRS_PER_MINUTE,
  displayPairStatus: DISPLAY_PAIR_STATUS_PER_MINUTE,
};
export type Throttles = Record<Throttle, RateLimiter>;

/** The app's throttles (decorated as `app.live.throttles` by plugin.ts, one set per app). */
export function createThrottles(): Throttles {
  return {
    join: new RateLimiter(LIMITS.join, 60_000),
    displayExchange: new RateLimiter(LIMITS.displayExchange, 60_000),
    displayPair: new RateLimiter(LIMITS.displayPair, 60_000),
    displayPairStatus: new RateLimiter(LIMITS.displayPairStatus, 60_000),
  };
}

/** Counts one attempt of `request`'s address, or refuses it with 429 when the minute's allowance is used. */
export function throttle(name: Throttle, request: FastifyRequest, reply: FastifyReply): void {
  const limiter = request.server.live.throttles[name];
  const key = `ip:${request.ip}`;
  const now = request.server.clock.now();
  const wait = limiter.retryAfter(key, now);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    reply.header('retry-after', String(seconds));
    throw new ApiError(429, 429, 'error.tooManyRequests', { after: translate(request.lang, 'time.seconds', { count: seconds }) });
  }
  limiter.hit(key, now);
}
