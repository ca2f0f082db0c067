/**
 * What the results export reads: every answer of a game, and each player's totals.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { answers, players, questions, triviaGameLevels } from '../../../db/schema.js';
import { type Queryable } from './rows.js';

/** Every answer of a game with its player and question, in question order then arrival order. */
export async function answersForExport(db: Queryable, gameId: number) {
  return db
    .select({
      questionId: questions.id,
      questionSort: questions.sort,
      questionTitle: questions.title,
      questionText: questions.questionText,
      questionStatus: questions.status,
      level: triviaGameLevels.level,
      playerId: players.id,
      nickname: players.nickname,
      joinOrder: players.joinOrder,
      choices: answers.choices,
      text: answers.text,
      value: answers.value,
      correct: answers.correct,
      elapsedMs: answers.elapsedMs,
      points: answers.points,
      receivedAt: answers.receivedAt,
    })
    .from(answers)
    .innerJoin(players, eq(players.id, answers.playerId))
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .leftJoin(triviaGameLevels, eq(triviaGameLevels.id, questions.levelId))
    .where(eq(answers.triviaGameId, gameId))
    .orderBy(asc(questions.sort), asc(questions.id), asc(answers.receivedAt), asc(answers.id));
}

/** How many answers, and how many correct ones, each player of a game has (published questions). */
export async function answerTotalsByPlayer(db: Queryable, gameId: number): Promise<Map<number, { answered: number; correct: number }>> {
  const rows = await db
    .select({
      playerId: answers.playerId,
      answered: sql<number>`count(*)::int`,
      correct: sql<number>`count(*) filter (where ${answers.correct})::int`,
    })
    .from(answers)
    .where(eq(answers.triviaGameId, gameId))
    .groupBy(answers.playerId);
  return new Map(rows.map((r) => [r.playerId, { answered: Number(r.answered), correct: Number(r.correct) }]));
}
