/**
 * A fixed-window counter per key, in memory (per process). Used to throttle failed logins by client
 * address and by username; behind several instances each keeps its own window, which is acceptable
 * for a throttle whose purpose is slowing down guessing.
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

  /** Counts one attempt. */
  hit(key: string, now = Date.now()): void {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.prune(now);
    }
    window.count += 1;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
