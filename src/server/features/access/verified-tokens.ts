/**
 * Access tokens whose signature this process has already checked (issue 22: the HMAC check through
 * WebCrypto was about two fifths of the server's CPU on a cached read, bench/README.md).
 *
 * A token is a signed, immutable string: once its signature and claims checked out, the same string
 * always will, with the same claims. Only the expiry depends on the time, so an entry keeps the
 * claims and the expiry, and each call decides valid or expired against the clock, as jose does
 * (expired once `exp` ≤ the current second). What the token grants is not kept here: the session's
 * state and the admin's access are read on every call (session/access-cache.ts), so a logout, a
 * disabled account or a permission taken away still applies on the next call.
 *
 * Bounded: at most `max` tokens (the oldest forgotten first), an entry forgotten once its token has
 * expired `keepExpiredSeconds` ago (an expired token answers 401 again from its signature).
 */
import type { TokenClaims, VerifyResult } from './tokens.js';

interface Verified {
  claims: TokenClaims;
  /** The token's `exp`, seconds since the epoch. */
  exp: number;
}

export class VerifiedTokens {
  private readonly entries = new Map<string, Verified>();

  constructor(
    private readonly max = 10_000,
    private readonly keepExpiredSeconds = 60,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The result for a token checked before (null: not known, check its signature). */
  lookup(token: string, nowMs: number): VerifyResult | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    const now = Math.floor(nowMs / 1000);
    if (entry.exp > now) return { status: 'valid', claims: entry.claims };
    if (entry.exp + this.keepExpiredSeconds <= now) this.entries.delete(token);
    return { status: 'expired', claims: entry.claims };
  }

  /** Keeps a token whose signature and claims checked out. */
  remember(token: string, claims: TokenClaims, exp: number): void {
    if (this.entries.size >= this.max) {
      // The oldest first (a Map iterates in insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { claims, exp });
  }

  clear(): void {
    this.entries.clear();
  }
}
