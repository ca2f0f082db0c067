/**
 * Sessions and tokens: login creates a session of at most 30 days and its first access token; each
 * token refreshes once (a repeat within the refresh grace, REFRESH_GRACE_MS, returns the same
 * successor, a later reuse revokes the session), and a refreshed token stops being accepted once
 * that grace is over (401, as an expired one: the holder takes its successor); logout revokes.
 * `authenticate` decides, for a request's bearer token, between a valid admin, NEED_LOGIN (202),
 * token expired (401) and session replaced (430), from the token's signature and the session's
 * state kept in memory (access-cache.ts, which knows the session's tokens in use): every way a
 * session ends here, and every refresh, invalidates that state on every instance before it returns.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { ApiError, needLogin, ResponseCode, sessionReplaced, tokenExpired } from '../../lib/envelope.js';
import { AccessCache, type CachedSession } from './access-cache.js';
import type { AdminAccess } from './access.js';
import * as q from './queries.js';
import type { TokenSigner } from './tokens.js';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a refreshed token still refreshes to the same successor and is still accepted (two tabs, a lost answer). */
export const REFRESH_GRACE_MS = 10_000;

type SessionRow = q.SessionRow;

/**
 * How an ended session answers: the admin's own logout, and an account an administrator disabled,
 * deleted or gave a new password, with 202 (need login; the message says why); a token reuse or
 * the admin's own password change in another tab with 430 (session replaced).
 */
export function endedSessionError(reason: SessionRow['revokedReason']): ApiError {
  switch (reason) {
    case 'logout':
      return needLogin();
    case 'disabled':
      return new ApiError(200, ResponseCode.NEED_LOGIN, 'login.disabled');
    case 'deleted':
      return new ApiError(200, ResponseCode.NEED_LOGIN, 'error.accountDeleted');
    case 'admin':
      return new ApiError(200, ResponseCode.NEED_LOGIN, 'error.passwordResetByAdmin');
    default:
      return sessionReplaced();
  }
}

// Verifying against a real hash when the username is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | null = null;

export class SessionService {
  /** Sessions' state, admins' access and the companies, kept in this process (access-cache.ts). */
  readonly cache: AccessCache;

  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    /** The refresh grace; tests shorten or lengthen it (config.ts refreshGraceMs). */
    private readonly refreshGraceMs = REFRESH_GRACE_MS,
    /** The app's clock (lib/clock.ts): a session's expiry, a token's refresh time and its grace. */
    private readonly clock: Clock = systemClock,
  ) {
    this.cache = new AccessCache(db, refreshGraceMs, clock);
  }

  /** What an admin may do, from memory (null: no such admin). */
  access(adminId: number): Promise<AdminAccess | null> {
    return this.cache.access(adminId);
  }

  get tokenTtl(): number {
    return this.signer.ttlSeconds;
  }

  /** Returns the admin id when the credentials match an admin, else null (never says which part was wrong). */
  async checkCredentials(username: string, password: string): Promise<{ adminId: number; enabled: boolean } | null> {
    const admin = await q.credentialsByUsername(this.db, username.trim().toLowerCase());
    if (!admin) {
      dummyHash ??= hashPassword('not-a-real-password');
      await verifyPassword(await dummyHash, password);
      return null;
    }
    if (!(await verifyPassword(admin.passwordHash, password))) return null;
    return { adminId: admin.id, enabled: admin.status === 1 };
  }

  async createSession(adminId: number): Promise<{ token: string; sessionId: string }> {
    const sessionId = randomUUID();
    const { token, jti } = await this.signer.sign(adminId, sessionId);
    await this.db.transaction(async (tx) => {
      await q.insertSession(tx, sessionId, adminId, new Date(this.clock.now() + SESSION_LIFETIME_MS));
      await q.insertToken(tx, jti, sessionId);
    });
    return { token, sessionId };
  }

  /** The session a token belongs to, if it is still alive; otherwise throws the right envelope error. */
  private async liveSession(sessionId: string, reload = false): Promise<CachedSession> {
    const session = await this.cache.session(sessionId, reload);
    if (!session) throw needLogin();
    if (session.revokedAt) throw endedSessionError(session.revokedReason);
    if (session.expiresAt.getTime() <= this.clock.now()) throw needLogin();
    return session;
  }

  /** Whether a token of the session is in use: the current one, or refreshed within the grace. */
  private inUse(session: CachedSession, jti: string): boolean {
    if (!session.tokens.has(jti)) return false;
    const refreshedAt = session.tokens.get(jti);
    return refreshedAt === null || refreshedAt === undefined || this.clock.now() - refreshedAt <= this.refreshGraceMs;
  }

  /** For every protected request: the admin id and session of a valid token, or the error to answer. */
  async authenticate(token: string | null): Promise<{ adminId: number; sessionId: string }> {
    if (!token) throw needLogin();
    const result = await this.signer.verify(token);
    if (result.status === 'invalid') throw needLogin();
    const { sessionId, jti } = result.claims;
    const session = await this.liveSession(sessionId);
    if (result.status === 'expired') throw tokenExpired();
    if (!this.inUse(session, jti)) {
      // Refreshed longer ago than the grace: retired. A token this copy does not know may also be
      // newer than the copy (issued on another instance whose invalidation has not arrived yet): the
      // database is asked once more before it is refused.
      const retired = session.tokens.has(jti) || !this.inUse(await this.liveSession(sessionId, true), jti);
      if (retired) throw tokenExpired();
    }
    return { adminId: result.claims.adminId, sessionId };
  }

  /** Exchanges a (possibly expired) token for its successor, once; see the module comment. */
  async refresh(token: string | null): Promise<string> {
    if (!token) throw needLogin();
    const result = await this.signer.verify(token);
    if (result.status === 'invalid') throw needLogin();
    const { adminId, sessionId, jti } = result.claims;
    await this.liveSession(sessionId);

    const successor = await this.signer.sign(adminId, sessionId);
    const won = await this.db.transaction(async (tx) => {
      if (!(await q.markRefreshed(tx, jti, sessionId, new Date(this.clock.now()), successor.token))) return false;
      await q.insertToken(tx, successor.jti, sessionId);
      return true;
    });
    if (won) {
      // Every instance forgets the session's tokens in use: the successor is known at once, and the
      // predecessor is refused once the grace is over (access-cache.ts).
      await this.cache.invalidate({ kind: 'sessions', sessionIds: [sessionId] });
      return successor.token;
    }

    const row = await q.tokenByJti(this.db, jti);
    if (!row) throw needLogin();
    if (row.refreshedAt && row.successorToken && this.clock.now() - row.refreshedAt.getTime() <= this.refreshGraceMs) {
      return row.successorToken;
    }
    // A token refreshed long ago is being replayed: someone holds a stolen copy. End the session.
    await this.revokeSession(sessionId, 'reuse');
    throw sessionReplaced();
  }

  async logout(token: string | null): Promise<void> {
    if (!token) return;
    const result = await this.signer.verify(token);
    if (result.status === 'invalid') return;
    await q.revokeSession(this.db, result.claims.sessionId, new Date(this.clock.now()), 'logout');
    await this.cache.invalidate({ kind: 'sessions', sessionIds: [result.claims.sessionId] });
  }

  async revokeSession(sessionId: string, reason: NonNullable<SessionRow['revokedReason']>): Promise<void> {
    await q.revokeSession(this.db, sessionId, new Date(this.clock.now()), reason);
    await this.cache.invalidate({ kind: 'sessions', sessionIds: [sessionId] });
  }

  /** Ends every live session of an admin (password changed by someone, account disabled or deleted). */
  async revokeAdminSessions(adminId: number, reason: NonNullable<SessionRow['revokedReason']>, exceptSessionId?: string): Promise<void> {
    await q.revokeSessionsOfAdmin(this.db, adminId, new Date(this.clock.now()), reason, exceptSessionId);
    await this.cache.invalidate({ kind: 'admins', adminIds: [adminId] });
  }
}
