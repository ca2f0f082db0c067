/**
 * The statements of a game's reset (flow/reset.ts decides when and in which order they run, in one
 * transaction under the game's lock): the questions put back, the game's answers, rankings and
 * players deleted and counted, and the game reopened.
 */
import { eq, sql } from 'drizzle-orm';
import { answers, players, questions, rankings, triviaGames } from '../../../db/schema.js';
import { rowsOf, type Queryable } from './rows.js';

/** Every question of the game back to not shown. */
export async function resetQuestions(tx: Queryable, gameId: number, now: Date): Promise<void> {
  await tx
    .update(questions)
    .set({ status: 0, shownAt: null, answerPublishedAt: null, updatedAt: now })
    .where(eq(questions.triviaGameId, gameId));
}

/** Deletes the rows a statement selects and counts them, in one round trip. */
async function deleteCounting(tx: Queryable, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(tx, sql`with deleted as (${statement} returning 1) select count(*)::int as count from deleted`);
  return row?.count ?? 0;
}

/** Deletes the game's answers, rankings and players, in that order; answers how many of each went. */
export async function deleteGamePlay(tx: Queryable, gameId: number): Promise<{ answers: number; rankings: number; players: number }> {
  const answerCount = await deleteCounting(tx, sql`delete from ${answers} where ${answers.triviaGameId} = ${gameId}`);
  const rankingCount = await deleteCounting(tx, sql`delete from ${rankings} where ${rankings.triviaGameId} = ${gameId}`);
  const playerCount = await deleteCounting(tx, sql`delete from ${players} where ${players.triviaGameId} = ${gameId}`);
  return { answers: answerCount, rankings: rankingCount, players: playerCount };
}

/** The game open again with no player, no question on screen, no rehearsal, no stage message, under `pin`. */
export async function reopenGame(tx: Queryable, gameId: number, pin: string, now: Date): Promise<void> {
  await tx
    .update(triviaGames)
    .set({ status: 1, currentQuestionId: null, endedAt: null, playerCount: 0, rehearsalPlayers: 0, stageMessage: null, pin, updatedAt: now, lastStepAt: null, autopilotPausedAt: null, autopilotPausedMs: 0 })
    .where(eq(triviaGames.id, gameId));
}
