/**
 * Throttles of the audience's public calls, per client address, and of an operator typing a display's
 * pairing code (the numbers are ours to choose):
 * exchanging a display code (about 30 a minute: a venue opens a display or two, a guesser opens
 * thousands), a display asking for a pairing code and polling whether it was paired, and joining a game (generous: a venue's phones often share one NAT address, so a few
 * hundred joins a minute from one address are normal; only a flood is slowed down). Every attempt
 * counts, successful or not, so guessing PINs or codes costs the same as using them.
 * The operator's side of pairing (/triviaGame/pairDisplay, `throttlePairDisplay`) is bounded per admin
 * and per game instead of per address: a signed-in account guessing the codes displays show would
 * otherwise be the one unthrottled way to them.
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

/**
 * Pairing codes an operator types a minute (every attempt counts, right or wrong): pairing a venue's
 * displays one by one, a few codes mistyped, stays well within; a guesser tries 20 of the 31^6
 * codes a minute instead of 250 a second.
 */
export const PAIR_DISPLAY_PER_ADMIN_PER_MINUTE = 20;
/** The same for one game, whoever types: co-hosts pairing one show's screens together fit in it. */
export const PAIR_DISPLAY_PER_GAME_PER_MINUTE = 30;

/** The public calls' throttles, counted per client address. */
type AddressThrottle = 'join' | 'displayExchange' | 'displayPair' | 'displayPairStatus';
type Throttle = AddressThrottle | 'pairDisplayPerAdmin' | 'pairDisplayPerGame';

const LIMITS: Record<Throttle, number> = {
  join: JOINS_PER_MINUTE,
  displayExchange: DISPLAY_EXCHANGES_PER_MINUTE,
  displayPair: DISPLAY_PAIRS_PER_MINUTE,
  displayPairStatus: DISPLAY_PAIR_STATUS_PER_MINUTE,
  pairDisplayPerAdmin: PAIR_DISPLAY_PER_ADMIN_PER_MINUTE,
  pairDisplayPerGame: PAIR_DISPLAY_PER_GAME_PER_MINUTE,
};
export type Throttles = Record<Throttle, RateLimiter>;

/** The app's throttles (decorated as `app.live.throttles` by plugin.ts, one set per app). */
export function createThrottles(): Throttles {
  return Object.fromEntries(Object.entries(LIMITS).map(([name, max]) => [name, new RateLimiter(max, 60_000)])) as Throttles;
}

/**
 * Counts one attempt under each `[throttle, key]`, or refuses it with 429 when any of them has used
 * its minute's allowance (saying when the longest wait ends); a refused attempt counts nowhere.
 */
function admit(request: FastifyRequest, reply: FastifyReply, counted: ReadonlyArray<readonly [Throttle, string]>): void {
  const { throttles } = request.server.live;
  const now = request.server.clock.now();
  const wait = Math.max(0, ...counted.map(([name, key]) => throttles[name].retryAfter(key, now)));
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    reply.header('retry-after', String(seconds));
    throw new ApiError(429, 429, 'error.tooManyRequests', { after: translate(request.lang, 'time.seconds', { count: seconds }) });
  }
  for (const [name, key] of counted) throttles[name].hit(key, now);
}

/** Counts one attempt of `request`'s address, or refuses it with 429 when the minute's allowance is used. */
export function throttle(name: AddressThrottle, request: FastifyRequest, reply: FastifyReply): void {
  admit(request, reply, [[name, `ip:${request.ip}`]]);
}

/** Counts one pairing code typed by `adminId` for `gameId`, or refuses it with 429 when either bound is used up. */
export function throttlePairDisplay(request: FastifyRequest, reply: FastifyReply, adminId: number, gameId: number): void {
  admit(request, reply, [
    ['pairDisplayPerAdmin', `admin:${adminId}`],
    ['pairDisplayPerGame', `game:${gameId}`],
  ]);
}
