/**
 * When to try again after the real-time connection dropped, for every face (the back office's
 * realtime client, the player page, the quiz display): exponential backoff with "full jitter" (a
 * random delay up to the ceiling), so ten thousand phones that lost the venue's Wi-Fi together do
 * not all come back in the same millisecond. Pure: the random source is a parameter.
 */

export interface BackoffOptions {
  /** The first ceiling, ms. */
  baseMs?: number;
  /** The highest ceiling, ms. */
  maxMs?: number;
  /** The shortest delay, ms (never hammer the server). */
  minMs?: number;
}

/** The ceiling of the delay before attempt `attempt` (0 = the first retry). */
export function backoffCeiling(attempt: number, { baseMs = 500, maxMs = 10_000 }: BackoffOptions = {}): number {
  const exp = baseMs * 2 ** Math.max(0, Math.min(attempt, 30));
  return Math.min(maxMs, exp);
}

/** The delay before attempt `attempt`: uniformly random between `minMs` and the ceiling. */
export function backoffDelay(attempt: number, random: () => number = Math.random, options: BackoffOptions = {}): number {
  const ceiling = backoffCeiling(attempt, options);
  const min = Math.min(options.minMs ?? 250, ceiling);
  return Math.round(min + random() * (ceiling - min));
}

/**
 * The close the server gives a connection that sent too many frames (src/server/realtime/message-rate.ts,
 * docs/api-conventions.md). Something on the page floods: coming back at once would flood again.
 */
export const FLOOD_CLOSE_CODE = 4029;

/**
 * The delay before reconnecting after the `floods`-th flood close (1 = the first): 15 s to a ceiling of
 * 60 s, doubling each time up to 5 minutes; never reset while the page lives.
 */
export function floodRetryDelay(floods: number, random: () => number = Math.random): number {
  return backoffDelay(Math.max(0, floods - 1), random, { baseMs: 60_000, maxMs: 300_000, minMs: 15_000 });
}
