/**
 * The SQL of rehearsals: the mark on trivia_games.rehearsal_players, whether a game has any answer,
 * and who started one. What a rehearsal shares with live play (the game locked, its questions, the
 * reset) is live's queries; no rules here (rehearsal.ts decides).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { admins, answers, triviaGames } from '../../db/schema.js';

type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export async function anyAnswer(tx: Queryable, gameId: number): Promise<boolean> {
  const [answered] = await tx.select({ one: sql<number>`1` }).from(answers).where(eq(answers.triviaGameId, gameId)).limit(1);
  return answered !== undefined;
}

/** Marks the game rehearsed by `players` bots (0: no rehearsal). */
export async function markRehearsal(tx: Queryable, gameId: number, players: number, now: Date): Promise<void> {
  await tx.update(triviaGames).set({ rehearsalPlayers: players, updatedAt: now }).where(eq(triviaGames.id, gameId));
}

export async function usernameOf(db: Queryable, adminId: number): Promise<string | undefined> {
  const [admin] = await db.select({ username: admins.username }).from(admins).where(eq(admins.id, adminId));
  return admin?.username;
}

/** The games marked as rehearsed. */
export function rehearsedGames(db: Queryable): Promise<Array<{ id: number; companyId: number }>> {
  return db
    .select({ id: triviaGames.id, companyId: triviaGames.companyId })
    .from(triviaGames)
    .where(and(gt(triviaGames.rehearsalPlayers, 0)));
}
