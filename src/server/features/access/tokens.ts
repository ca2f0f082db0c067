/**
 * Access tokens: short-lived HS256 JWTs naming the admin (sub), the session (sid) and themselves (jti).
 * The signing secret comes from the config or is generated once and kept in the settings table, so
 * tokens survive restarts and are shared by every instance on one database. Issued-at, expiry and
 * the expiry check read the app's clock (lib/clock.ts), so a test moves a token past its life by
 * moving the server's clock instead of waiting it out.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { tokenSecret } from './queries.js';
import { VerifiedTokens } from './verified-tokens.js';

export interface TokenClaims {
  adminId: number;
  sessionId: string;
  jti: string;
}

export type VerifyResult =
  | { status: 'valid'; claims: TokenClaims }
  | { status: 'expired'; claims: TokenClaims }
  | { status: 'invalid' };

const ISSUER = 'live-trivia-back-office';

export async function loadTokenSecret(db: Db, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  return new TextEncoder().encode(await tokenSecret(db, randomBytes(48).toString('base64url')));
}

export class TokenSigner {
  /** Tokens whose signature was checked (verified-tokens.ts): each checked once per process, not on every call. */
  private readonly verified = new VerifiedTokens();

  constructor(
    private readonly secret: Uint8Array,
    readonly ttlSeconds: number,
    private readonly clock: Clock = systemClock,
  ) {}

  async sign(adminId: number, sessionId: string): Promise<{ token: string; jti: string }> {
    const jti = randomUUID();
    const issuedAt = Math.floor(this.clock.now() / 1000);
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(adminId))
      .setJti(jti)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.secret);
    return { token, jti };
  }

  async verify(token: string): Promise<VerifyResult> {
    const known = this.verified.lookup(token, this.clock.now());
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, algorithms: ['HS256'], currentDate: new Date(this.clock.now()) });
      const claims = toClaims(payload);
      if (!claims) return { status: 'invalid' };
      if (typeof payload.exp === 'number') this.verified.remember(token, claims, payload.exp);
      return { status: 'valid', claims };
    } catch (error) {
      // jose checks the signature before the expiry, so an expired token's claims are trustworthy.
      if (error instanceof errors.JWTExpired) {
        const claims = toClaims(error.payload);
        if (claims && typeof error.payload.exp === 'number') this.verified.remember(token, claims, error.payload.exp);
        return claims ? { status: 'expired', claims } : { status: 'invalid' };
      }
      return { status: 'invalid' };
    }
  }
}

function toClaims(payload: JWTPayload): TokenClaims | null {
  const adminId = Number(payload.sub);
  const sessionId = payload.sid;
  if (!Number.isInteger(adminId) || typeof sessionId !== 'string' || typeof payload.jti !== 'string') return null;
  return { adminId, sessionId, jti: payload.jti };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
