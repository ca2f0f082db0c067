/**
 * Sessions and tokens: login creates a session of at most 30 days and its first access token; each
 * token refreshes once (a repeat within REFRESH_GRACE_MS returns the same successor, a later reuse
 * revokes the session); logout revokes. `authenticate` decides, for a request's bearer token,
 * between a valid admin, NEED_LOGIN (202), token expired (401) and session replaced (430), from the
 * token's signature and the session's state kept in memory (access-cache.ts): every way a session
 * ends here invalidates that state on every instance before it returns.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accessTokens, adminSessions, admins } from '../../db/schema.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { ApiError, needLogin, ResponseCode, sessionReplaced, tokenExpired } from '../../lib/envelope.js';
import { AccessCache } from './access-cache.js';
import type { AdminAccess } from './access.js';
import type { TokenSigner } from './tokens.js';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const REFRESH_GRACE_MS = 10_000;

type SessionRow = typeof adminSessions.$inferSelect;

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
  ) {
    this.cache = new AccessCache(db);
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
    const [admin] = await this.db
      .select({ id: admins.id, passwordHash: admins.passwordHash, status: admins.status })
      .from(admins)
      .where(eq(sql`lower(${admins.username})`, username.trim().toLowerCase()));
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
      await tx.insert(adminSessions).values({ id: sessionId, adminId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
      await tx.insert(accessTokens).values({ jti, sessionId });
    });
    return { token, sessionId };
  }

  /** The session a token belongs to, if it is still alive; otherwise throws the right envelope error. */
  private async liveSession(sessionId: string): Promise<void> {
    const session = await this.cache.session(sessionId);
    if (!session) throw needLogin();
    if (session.revokedAt) throw endedSessionError(session.revokedReason);
    if (session.expiresAt.getTime() <= Date.now()) throw needLogin();
  }

  /** For every protected request: the admin id and session of a valid token, or the error to answer. */
  async authenticate(token: string | null): Promise<{ adminId: number; sessionId: string }> {
    if (!token) throw needLogin();
    const result = await this.signer.verify(token);
    if (result.status === 'invalid') throw needLogin();
    await this.liveSession(result.claims.sessionId);
    if (result.status === 'expired') throw tokenExpired();
    return { adminId: result.claims.adminId, sessionId: result.claims.sessionId };
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
      const updated = await tx
        .update(accessTokens)
        .set({ refreshedAt: new Date(), successorToken: successor.token })
        .where(and(eq(accessTokens.jti, jti), eq(accessTokens.sessionId, sessionId), isNull(accessTokens.refreshedAt)))
        .returning({ jti: accessTokens.jti });
      if (updated.length === 0) return false;
      await tx.insert(accessTokens).values({ jti: successor.jti, sessionId });
      return true;
    });
    if (won) return successor.token;

    const [row] = await this.db.select().from(accessTokens).where(eq(accessTokens.jti, jti));
    if (!row) throw needLogin();
    if (row.refreshedAt && row.successorToken && Date.now() - row.refreshedAt.getTime() <= REFRESH_GRACE_MS) {
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
    await this.db
      .update(adminSessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(and(eq(adminSessions.id, result.claims.sessionId), isNull(adminSessions.revokedAt)));
    await this.cache.invalidate({ kind: 'sessions', sessionIds: [result.claims.sessionId] });
  }

  async revokeSession(sessionId: string, reason: NonNullable<SessionRow['revokedReason']>): Promise<void> {
    await this.db
      .update(adminSessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)));
    await this.cache.invalidate({ kind: 'sessions', sessionIds: [sessionId] });
  }

  /** Ends every live session of an admin (password changed by someone, account disabled or deleted). */
  async revokeAdminSessions(adminId: number, reason: NonNullable<SessionRow['revokedReason']>, exceptSessionId?: string): Promise<void> {
    const conditions = [eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)];
    if (exceptSessionId) conditions.push(sql`${adminSessions.id} <> ${exceptSessionId}`);
    await this.db
      .update(adminSessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(...conditions));
    await this.cache.invalidate({ kind: 'admins', adminIds: [adminId] });
  }
}
