/**
 * The server's clock, injected (AppConfig.clock, decorated as `app.clock`): what decides by time on
 * the live path — the answer window and scoring (receipt times), the deadline watch's timers, a
 * step's time stamps, the snapshots' remaining time, the realtime frames' server_time — and the
 * admin session — access tokens' issue and expiry (features/access/tokens.ts), the session's expiry
 * and refresh grace (service.ts), WebSocket tickets (realtime/tickets.ts) — reads it, never `Date`
 * or the global timers.
 * Production runs on `systemClock`; tests pass a clock they move forward themselves
 * (tests/support/clock.ts), so a test of a deadline drives time instead of sleeping through it.
 */
export interface ClockTimer {
  /** Lets the process exit while the timer waits (a real timer's `unref`). */
  unref(): void;
}

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /** Runs `run` once `ms` have passed on this clock. */
  setTimeout(run: () => void, ms: number): ClockTimer;
  clearTimeout(timer: ClockTimer | undefined): void;
}

/** The real time and the real timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout | undefined),
};

/** The clock's time as a Date (a step's or an answer's time stamp). */
export const dateOf = (clock: Clock): Date => new Date(clock.now());
