/**
 * A fixed-window counter per key, in memory (per process). Used by the login limits
 * (features/session/login-throttle.ts) and the audience's throttles (features/live/throttle.ts);
 * behind several instances each keeps its own windows, which is acceptable for limits whose purpose
 * is slowing down guessing and floods.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds to wait when `key` has used up its attempts, else 0. */
  retryAfter(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return 0;
    return window.count >= this.max ? window.resetAt - now : 0;
  }

  /** Attempts counted for `key` in its current window (0 when it has none). */
  count(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    return window && window.resetAt > now ? window.count : 0;
  }

  /** Counts one attempt; returns the window's count with it. */
  hit(key: string, now = Date.now()): number {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.prune(now);
    }
    window.count += 1;
    return window.count;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
