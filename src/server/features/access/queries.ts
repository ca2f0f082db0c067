/**
 * The SQL of the access core: an admin's access (roles, permissions, companies), sessions and their
 * tokens, the token secret, and the companies and permission tree the access cache keeps. No rules
 * here (service.ts, access.ts and access-cache.ts decide); every function runs on the database or
 * transaction it is given.
 */
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accessTokens, adminCompanies, adminPermissions, adminRoles, admins, adminSessions, companies, permissions, rolePermissions, roles, settings } from '../../db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SessionRow = typeof adminSessions.$inferSelect;
export type RevokedReason = NonNullable<SessionRow['revokedReason']>;

// An admin's access (access.ts).

export async function adminById(db: Db, adminId: number): Promise<typeof admins.$inferSelect | undefined> {
  const [admin] = await db.select().from(admins).where(eq(admins.id, adminId));
  return admin;
}

export function rolesOfAdmin(db: Db, adminId: number): Promise<Array<{ id: number; identifier: string; isSuper: boolean }>> {
  return db
    .select({ id: roles.id, identifier: roles.identifier, isSuper: roles.isSuper })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(eq(adminRoles.adminId, adminId));
}

export async function allPermissionIdentifiers(db: Db): Promise<string[]> {
  return (await db.select({ identifier: permissions.identifier }).from(permissions)).map((p) => p.identifier);
}

export function permissionIdentifiersOfRoles(db: Db, roleIds: number[]): Promise<Array<{ identifier: string }>> {
  return db
    .select({ identifier: permissions.identifier })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
}

export function directPermissionIdentifiers(db: Db, adminId: number): Promise<Array<{ identifier: string }>> {
  return db
    .select({ identifier: permissions.identifier })
    .from(adminPermissions)
    .innerJoin(permissions, eq(permissions.id, adminPermissions.permissionId))
    .where(eq(adminPermissions.adminId, adminId));
}

export function companyIdsOfAdmin(db: Db, adminId: number): Promise<Array<{ companyId: number }>> {
  return db.select({ companyId: adminCompanies.companyId }).from(adminCompanies).where(eq(adminCompanies.adminId, adminId));
}

// What the access cache keeps (access-cache.ts).

export async function sessionState(db: Db, sessionId: string) {
  const [row] = await db
    .select({ adminId: adminSessions.adminId, revokedAt: adminSessions.revokedAt, revokedReason: adminSessions.revokedReason, expiresAt: adminSessions.expiresAt })
    .from(adminSessions)
    .where(eq(adminSessions.id, sessionId));
  return row;
}

/** A session's tokens not refreshed, or refreshed after `retiredBefore`. */
export function tokensInUse(db: Db, sessionId: string, retiredBefore: Date): Promise<Array<{ jti: string; refreshedAt: Date | null }>> {
  return db
    .select({ jti: accessTokens.jti, refreshedAt: accessTokens.refreshedAt })
    .from(accessTokens)
    .where(and(eq(accessTokens.sessionId, sessionId), or(isNull(accessTokens.refreshedAt), gt(accessTokens.refreshedAt, retiredBefore))));
}

export function companyNames(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.id));
}

export function permissionTree(db: Db): Promise<Array<typeof permissions.$inferSelect>> {
  return db.select().from(permissions).orderBy(asc(permissions.sort), asc(permissions.id));
}

// The token secret (tokens.ts).

/** The stored token secret, created first when there is none yet. */
export async function tokenSecret(db: Db, fresh: string): Promise<string> {
  await db.insert(settings).values({ key: 'token_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'token_secret'));
  return row!.value;
}

// Sessions and tokens (service.ts).

export async function credentialsByUsername(db: Db, username: string) {
  const [admin] = await db
    .select({ id: admins.id, passwordHash: admins.passwordHash, status: admins.status })
    .from(admins)
    .where(eq(sql`lower(${admins.username})`, username));
  return admin;
}

export async function insertSession(tx: Tx, sessionId: string, adminId: number, expiresAt: Date): Promise<void> {
  await tx.insert(adminSessions).values({ id: sessionId, adminId, expiresAt });
}

export async function insertToken(tx: Tx, jti: string, sessionId: string): Promise<void> {
  await tx.insert(accessTokens).values({ jti, sessionId });
}

/** Marks a token refreshed, once: false when it was refreshed already (or is not the session's). */
export async function markRefreshed(tx: Tx, jti: string, sessionId: string, refreshedAt: Date, successorToken: string): Promise<boolean> {
  const updated = await tx
    .update(accessTokens)
    .set({ refreshedAt, successorToken })
    .where(and(eq(accessTokens.jti, jti), eq(accessTokens.sessionId, sessionId), isNull(accessTokens.refreshedAt)))
    .returning({ jti: accessTokens.jti });
  return updated.length > 0;
}

export async function tokenByJti(db: Db, jti: string): Promise<typeof accessTokens.$inferSelect | undefined> {
  const [row] = await db.select().from(accessTokens).where(eq(accessTokens.jti, jti));
  return row;
}

/** Ends a session that is still live. */
export async function revokeSession(db: Db, sessionId: string, revokedAt: Date, reason: RevokedReason): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt, revokedReason: reason })
    .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)));
}

/** Ends every live session of an admin, but `exceptSessionId` when given. */
export async function revokeSessionsOfAdmin(db: Db, adminId: number, revokedAt: Date, reason: RevokedReason, exceptSessionId?: string): Promise<void> {
  const conditions = [eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)];
  if (exceptSessionId) conditions.push(sql`${adminSessions.id} <> ${exceptSessionId}`);
  await db
    .update(adminSessions)
    .set({ revokedAt, revokedReason: reason })
    .where(and(...conditions));
}
