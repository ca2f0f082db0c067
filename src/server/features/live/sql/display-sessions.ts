/**
 * The SQL of display sessions (db/schema.ts displaySessions): a venue display, pending with a short
 * pairing code or paired with a game, known by the SHA-256 of its secret. Each write that races
 * (two operators typing one code, an unpair while the display calls) is one conditional statement,
 * so the database decides. No rules here (service.ts decides); no HTTP (handlers.ts answers).
 */
import { and, asc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { displaySessions } from '../../../db/schema.js';

export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type DisplaySessionRow = typeof displaySessions.$inferSelect;

const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

/** A pending session with this code, or undefined when the code is taken by another pending one. */
export async function insertPending(db: Queryable, values: { secretHash: string; pairingCode: string; createdAt: Date; expiresAt: Date }): Promise<DisplaySessionRow | undefined> {
  const [row] = await db.insert(displaySessions).values(values).onConflictDoNothing().returning();
  return row;
}

/** Forgets pending sessions whose code expired (their codes may be handed out again). */
export async function deleteExpiredPending(db: Queryable, now: Date): Promise<void> {
  await db.delete(displaySessions).where(and(isNull(displaySessions.pairedAt), lt(displaySessions.expiresAt, now)));
}

/** A session paired at once (the control screen's single-use code). */
export async function insertPaired(
  db: Queryable,
  values: { secretHash: string; companyId: number; triviaGameId: number; pairedBy: number | null; now: Date; expiresAt: Date },
): Promise<DisplaySessionRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(displaySessions)
    .values({ ...rest, createdAt: now, pairedAt: now, lastSeenAt: now })
    .returning();
  return row!;
}

export async function bySecretHash(db: Queryable, secretHash: string): Promise<DisplaySessionRow | undefined> {
  const [row] = await db.select().from(displaySessions).where(eq(displaySessions.secretHash, secretHash));
  return row;
}

/**
 * Binds the pending session showing `code` (unexpired) to a game; undefined when no such session.
 * The code is cleared in the same statement, so of two operators typing it at once one wins.
 */
export async function pairPending(
  db: Queryable,
  code: string,
  values: { companyId: number; triviaGameId: number; name: string; pairedBy: number; now: Date; expiresAt: Date },
): Promise<DisplaySessionRow | undefined> {
  const { now, ...rest } = values;
  const [row] = await db
    .update(displaySessions)
    .set({ ...rest, pairingCode: null, pairedAt: now })
    .where(
      and(
        eq(displaySessions.pairingCode, code),
        isNull(displaySessions.pairedAt),
        isNull(displaySessions.revokedAt),
        gt(displaySessions.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The paired, live sessions of a game (neither revoked nor expired), oldest pairing first. */
export async function pairedOfGame(db: Queryable, gameId: number, now: Date): Promise<DisplaySessionRow[]> {
  return db
    .select()
    .from(displaySessions)
    .where(
      and(
        eq(displaySessions.triviaGameId, gameId),
        isNotNull(displaySessions.pairedAt),
        isNull(displaySessions.revokedAt),
        gt(displaySessions.expiresAt, now),
      ),
    )
    .orderBy(asc(displaySessions.pairedAt), asc(displaySessions.id));
}

/** Revokes a live session of the game; undefined when it is not one (unknown, another game's, already revoked). */
export async function revoke(db: Queryable, gameId: number, displayId: number, now: Date): Promise<DisplaySessionRow | undefined> {
  if (!isRowId(displayId)) return undefined;
  const [row] = await db
    .update(displaySessions)
    .set({ revokedAt: now })
    .where(and(eq(displaySessions.id, displayId), eq(displaySessions.triviaGameId, gameId), isNull(displaySessions.revokedAt)))
    .returning();
  return row;
}

/**
 * Notes that the display was seen and extends its idle expiry, unless it was noted less than
 * `since` ago (a display calls several times a minute; one write a minute is enough).
 */
export async function touch(db: Queryable, id: number, now: Date, since: Date, expiresAt: Date): Promise<void> {
  await db
    .update(displaySessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(
      and(
        eq(displaySessions.id, id),
        isNull(displaySessions.revokedAt),
        or(isNull(displaySessions.lastSeenAt), lt(displaySessions.lastSeenAt, since)),
      ),
    );
}
