/**
 * The login limits: failed logins counted per client address, per (username, address) and per
 * username, so that guessing is slowed down without letting anyone lock an admin out.
 *
 * - Per address (any usernames) and per (username, address): over the bound, that address is refused
 *   (HTTP 429) whatever the password, until its window ends. Only the guesser's own address suffers.
 * - Per username (every address; slower and higher): over the bound the username is locked, except
 *   for a correct password sent from an address with no failed login within that window. So many
 *   addresses guessing one password are stopped (each gets refused once it has failed), while the
 *   owner, from an address that has not been guessing, still logs in.
 *
 * Only failures count (a correct password counts nothing and resets nothing). Fixed windows, in
 * memory, per instance (lib/rate-limiter.ts): behind N instances an address gets N times the
 * allowance. It never decides about the password itself; the login handler asks it before and tells
 * it after (features/session/handlers.ts), and writes what it answers into the audit trail.
 */
import type { LoginLimits } from '../../config.js';
import { RateLimiter } from '../../lib/rate-limiter.js';

export type LoginBoundName = keyof LoginLimits;

/** The defaults (config.ts may change them): 10 a minute per address, 5 per username and address, 50 in 15 minutes per username. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAddress: { max: 10, windowMs: 60_000 },
  perUsernameAndAddress: { max: 5, windowMs: 60_000 },
  perUsername: { max: 50, windowMs: 15 * 60_000 },
};

/** What the handler does before checking the password. */
export type LoginAdmission =
  /** Refused whatever the password: the bound(s) that refuse and how long until the last ends. */
  | { refused: true; bounds: LoginBoundName[]; waitMs: number }
  /** The password is checked; `usernameLockedMs` > 0: the username is locked and only a correct password passes. */
  | { refused: false; usernameLockedMs: number };

/** The words the audit trail uses for each bound. */
const BOUND_WORDS: Record<LoginBoundName, string> = {
  perAddress: 'address',
  perUsernameAndAddress: 'username from this address',
  perUsername: 'username',
};

export class LoginThrottle {
  private readonly limiters: Record<LoginBoundName, RateLimiter>;
  /** Failures per address over the per-username window: "an address with recent failures". */
  private readonly recentByAddress: RateLimiter;

  constructor(readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.limiters = {
      perAddress: new RateLimiter(limits.perAddress.max, limits.perAddress.windowMs),
      perUsernameAndAddress: new RateLimiter(limits.perUsernameAndAddress.max, limits.perUsernameAndAddress.windowMs),
      perUsername: new RateLimiter(limits.perUsername.max, limits.perUsername.windowMs),
    };
    this.recentByAddress = new RateLimiter(Number.MAX_SAFE_INTEGER, limits.perUsername.windowMs);
  }

  private keys(username: string, address: string): Record<LoginBoundName, string> {
    const user = username.trim().toLowerCase();
    return { perAddress: address, perUsernameAndAddress: `${user}\n${address}`, perUsername: user };
  }

  /** Before the password is checked: refused outright, or checked (with the username's lock, if any). */
  admit(username: string, address: string, now = Date.now()): LoginAdmission {
    const keys = this.keys(username, address);
    const waits: Partial<Record<LoginBoundName, number>> = {};
    for (const bound of ['perAddress', 'perUsernameAndAddress'] as const) {
      const wait = this.limiters[bound].retryAfter(keys[bound], now);
      if (wait > 0) waits[bound] = wait;
    }
    const usernameLockedMs = this.limiters.perUsername.retryAfter(keys.perUsername, now);
    // A locked username is still checked for an address that has not been failing: its owner, maybe.
    if (usernameLockedMs > 0 && this.recentByAddress.count(address, now) > 0) waits.perUsername = usernameLockedMs;
    const bounds = Object.keys(waits) as LoginBoundName[];
    if (bounds.length > 0) return { refused: true, bounds, waitMs: Math.max(...Object.values(waits)) };
    return { refused: false, usernameLockedMs };
  }

  /** After a wrong password: counts it everywhere; returns the bounds this failure used up (a lockout starts). */
  fail(username: string, address: string, now = Date.now()): LoginBoundName[] {
    const keys = this.keys(username, address);
    this.recentByAddress.hit(address, now);
    const reached: LoginBoundName[] = [];
    for (const bound of Object.keys(this.limiters) as LoginBoundName[]) {
      if (this.limiters[bound].hit(keys[bound], now) === this.limits[bound].max) reached.push(bound);
    }
    return reached;
  }

  /** The audit trail's summary of a lockout that starts: `lockout: address (10 failed logins in 60 s)`. */
  describeLockout(bounds: LoginBoundName[]): string {
    const parts = bounds.map((bound) => `${BOUND_WORDS[bound]} (${this.limits[bound].max} failed logins in ${Math.round(this.limits[bound].windowMs / 1000)} s)`);
    return `lockout: ${parts.join('; ')}`;
  }

  /** The audit trail's summary of a refused attempt: `throttled: username from this address, 42 s left`. */
  describeRefusal(bounds: LoginBoundName[], waitMs: number): string {
    return `throttled: ${bounds.map((bound) => BOUND_WORDS[bound]).join(', ')}, ${Math.ceil(waitMs / 1000)} s left`;
  }
}
