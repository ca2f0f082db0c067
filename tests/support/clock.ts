/**
 * Clocks a test gives the server (AppConfig.clock, src/server/lib/clock.ts), so a test of a deadline
 * or an expiry drives time instead of sleeping. TestClock (API tests): `now` stands still until
 * `advance` moves it, and its timers run when the time they wait for is reached, in order, each at
 * its own moment. SkippingClock (browser tests, tests/e2e/support/server.ts): the real time, which
 * the test moves forward at once.
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

interface Armed extends ClockTimer {
  at: number;
  seq: number;
  run: () => void;
  real?: NodeJS.Timeout;
  unrefed: boolean;
}

/**
 * The real time and the real timers, which a test moves forward at once with `skip`: a browser
 * test's server runs as in production until the test skips a span it would otherwise sleep through
 * (an access token's life, a question's answering time). Timers due within the span run at the
 * skip, in order; the others wait the time left. Never goes back.
 */
export class SkippingClock implements Clock {
  private skipped = 0;
  private seq = 0;
  private readonly pending = new Set<Armed>();

  now(): number {
    return Date.now() + this.skipped;
  }

  setTimeout(run: () => void, ms: number): ClockTimer {
    const timer: Armed = {
      at: this.now() + Math.max(0, ms),
      seq: (this.seq += 1),
      run,
      unrefed: false,
      unref() {
        this.unrefed = true;
        this.real?.unref();
      },
    };
    this.pending.add(timer);
    this.arm(timer);
    return timer;
  }

  clearTimeout(timer: ClockTimer | undefined): void {
    const armed = timer as Armed | undefined;
    if (!armed) return;
    clearTimeout(armed.real);
    this.pending.delete(armed);
  }

  /** Moves the time `ms` forward at once; the timers now due run, one event-loop turn apart. */
  async skip(ms: number): Promise<void> {
    this.skipped += Math.max(0, ms);
    const due = [...this.pending].filter((t) => t.at <= this.now()).sort((a, b) => a.at - b.at || a.seq - b.seq);
    for (const timer of due) {
      if (!this.pending.has(timer)) continue;
      this.clearTimeout(timer);
      timer.run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const timer of this.pending) {
      clearTimeout(timer.real);
      this.arm(timer);
    }
  }

  /** Moves the time to `ms` since the epoch (never back). */
  skipTo(ms: number): Promise<void> {
    return this.skip(ms - this.now());
  }

  private arm(timer: Armed): void {
    timer.real = setTimeout(() => {
      this.pending.delete(timer);
      timer.run();
    }, Math.max(0, timer.at - this.now()));
    if (timer.unrefed) timer.real.unref();
  }
}
