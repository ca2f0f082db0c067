/**
 * The games: read, locked for a step (FOR NO KEY UPDATE), ended, their question on screen.
 */
import { and, desc, eq } from 'drizzle-orm';
import { triviaGames } from '../../../db/schema.js';
import { isRowId, type Queryable, type GameRow } from './rows.js';

/**
 * The game of the company, locked for the rest of the transaction: every step of a game runs one at
 * a time. FOR NO KEY UPDATE, not FOR UPDATE: rows stored meanwhile that key the game (players
 * joining, through their foreign key) take FOR KEY SHARE on it, which FOR UPDATE would block. (The
 * answers key only their question, which their batch share-locks.)
 */
export async function lockGame(db: Queryable, companyId: number, gameId: number): Promise<GameRow | undefined> {
  if (!isRowId(gameId)) return undefined;
  const [row] = await db
    .select()
    .from(triviaGames)
    .where(and(eq(triviaGames.id, gameId), eq(triviaGames.companyId, companyId)))
    .for('no key update');
  return row;
}

export async function findGame(db: Queryable, gameId: number, companyId?: number): Promise<GameRow | undefined> {
  if (!isRowId(gameId)) return undefined;
  const [row] = await db
    .select()
    .from(triviaGames)
    .where(companyId === undefined ? eq(triviaGames.id, gameId) : and(eq(triviaGames.id, gameId), eq(triviaGames.companyId, companyId)));
  return row;
}

/** The enabled game with this PIN, else the latest closed one (to tell "ended" from "unknown"). */
export async function gameByPin(db: Queryable, pin: string): Promise<GameRow | undefined> {
  const [row] = await db.select().from(triviaGames).where(eq(triviaGames.pin, pin)).orderBy(desc(triviaGames.status), desc(triviaGames.id)).limit(1);
  return row;
}

export async function endGame(db: Queryable, gameId: number, now: Date): Promise<GameRow | undefined> {
  const [row] = await db
    .update(triviaGames)
    .set({ status: 0, endedAt: now, updatedAt: now })
    .where(and(eq(triviaGames.id, gameId), eq(triviaGames.status, 1)))
    .returning();
  return row;
}

export async function setCurrentQuestion(db: Queryable, gameId: number, questionId: number): Promise<void> {
  await db.update(triviaGames).set({ currentQuestionId: questionId }).where(eq(triviaGames.id, gameId));
}
