/**
 * A server clock the test moves (AppConfig.clock, src/server/lib/clock.ts): `now` stands still until
 * `advance` moves it, and its timers run when the time they wait for is reached, in order, each at
 * its own moment. A test of a deadline drives time with it instead of sleeping.
 */
import type { Clock, ClockTimer } from '@/server/lib/clock';

interface Pending extends ClockTimer {
  at: number;
  seq: number;
  run: () => void;
}

export class TestClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly pending = new Set<Pending>();

  constructor(start = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): ClockTimer {
    const timer: Pending = { at: this.time + Math.max(0, ms), seq: (this.seq += 1), run, unref: () => undefined };
    this.pending.add(timer);
    return timer;
  }

  clearTimeout(timer: ClockTimer | undefined): void {
    this.pending.delete(timer as Pending);
  }

  /** Timers waiting now. */
  get waiting(): number {
    return this.pending.size;
  }

  /**
   * Moves the time `ms` forward, running every timer due on the way at its own time (a timer a
   * callback sets within the span runs too). Between timers the event loop turns once, so what a
   * timer started (a query) may proceed; advance(0) runs the timers already due.
   */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      const next = [...this.pending].filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.pending.delete(next);
      this.time = Math.max(this.time, next.at);
      next.run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.time = target;
  }

  /** Moves the time to `ms` (never back). */
  advanceTo(ms: number): Promise<void> {
    return this.advance(Math.max(0, ms - this.time));
  }
}
