/** The pre-flight check's reads: every question of a game in the order it is played, and its displays seen lately. */
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { displaySessions, questions } from '../../db/schema.js';

type Queryable = Pick<Db, 'select'>;

export async function questionsInOrder(db: Queryable, gameId: number) {
  return db.select().from(questions).where(eq(questions.triviaGameId, gameId)).orderBy(asc(questions.sort), asc(questions.id));
}

/** Whether a display of the game still paired made a call since `since` (on any server instance). */
export async function displaySeenSince(db: Queryable, gameId: number, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: displaySessions.id })
    .from(displaySessions)
    .where(and(eq(displaySessions.triviaGameId, gameId), isNull(displaySessions.revokedAt), gte(displaySessions.lastSeenAt, since)))
    .limit(1);
  return rows.length > 0;
}
