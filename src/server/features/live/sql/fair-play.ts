/**
 * Fair play: what the flags read (players' device ids and addresses, every answer's time and choices),
 * disqualifications set and taken back, and what the per-question statistics read.
 */
import { and, asc, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import { admins, answers, players, questions, triviaGameLevels } from '../../../db/schema.js';
import { type Queryable } from './rows.js';

/** Every player of a game with what the flags and the disqualification columns hold, in join order. */
export async function fairPlayPlayers(db: Queryable, gameId: number) {
  return db
    .select({
      playerId: players.id,
      nickname: players.nickname,
      joinOrder: players.joinOrder,
      deviceId: players.deviceId,
      address: players.address,
      disqualifiedAt: players.disqualifiedAt,
      disqualifyReason: players.disqualifyReason,
      disqualifiedBy: players.disqualifiedBy,
      disqualifiedByName: admins.name,
    })
    .from(players)
    .leftJoin(admins, eq(admins.id, players.disqualifiedBy))
    .where(eq(players.triviaGameId, gameId))
    .orderBy(asc(players.joinOrder));
}

export type FairPlayPlayerRow = Awaited<ReturnType<typeof fairPlayPlayers>>[number];

/** Every answer of a game as the flags need it (published or not). */
export async function fairPlayAnswers(db: Queryable, gameId: number) {
  return db
    .select({ playerId: answers.playerId, questionId: answers.questionId, choices: answers.choices, text: answers.text, value: answers.value, elapsedMs: answers.elapsedMs })
    .from(answers)
    .where(eq(answers.triviaGameId, gameId));
}

/** One player of a game, locked for the change (undefined: not a player of that game). */
export async function lockPlayerOfGame(db: Queryable, gameId: number, playerId: number) {
  const [row] = await db
    .select({ id: players.id, disqualifiedAt: players.disqualifiedAt })
    .from(players)
    .where(and(eq(players.id, playerId), eq(players.triviaGameId, gameId)))
    .for('update');
  return row;
}

/**
 * Sets or clears a player's disqualification. A disqualified player also loses their place in the
 * last published ranking (their phone shows none); a requalified one gets it back with the next one.
 */
export async function setDisqualification(db: Queryable, playerId: number, value: { at: Date; reason: string; by: number } | null): Promise<void> {
  await db
    .update(players)
    .set(
      value
        ? { disqualifiedAt: value.at, disqualifyReason: value.reason, disqualifiedBy: value.by, rankingId: null, rankPosition: null }
        : { disqualifiedAt: null, disqualifyReason: null, disqualifiedBy: null },
    )
    .where(eq(players.id, playerId));
}

export async function countDisqualified(db: Queryable, gameId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(players)
    .where(and(eq(players.triviaGameId, gameId), isNotNull(players.disqualifiedAt)));
  return Number(row?.count ?? 0);
}

/** The questions of a game in their order (whole rows: their kind reads its parts), with their level number. */
export async function questionsForStats(db: Queryable, gameId: number) {
  return db
    .select({ ...getTableColumns(questions), level: triviaGameLevels.level })
    .from(questions)
    .leftJoin(triviaGameLevels, eq(triviaGameLevels.id, questions.levelId))
    .where(eq(questions.triviaGameId, gameId))
    .orderBy(asc(questions.sort), asc(questions.id));
}

/** Every answer of a game as the statistics need it. */
export async function answersForStats(db: Queryable, gameId: number) {
  return db
    .select({ questionId: answers.questionId, choices: answers.choices, text: answers.text, value: answers.value, correct: answers.correct, elapsedMs: answers.elapsedMs })
    .from(answers)
    .where(eq(answers.triviaGameId, gameId));
}
