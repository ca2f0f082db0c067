/**
 * The questions of a live game: read, shown, published (a conditional UPDATE, waiting for the answers in flight), their levels.
 */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { questions, triviaGameLevels, triviaGames } from '../../../db/schema.js';
import { isRowId, type Queryable, type GameRow, type QuestionRow } from './rows.js';

export async function questionOfGame(db: Queryable, gameId: number, questionId: number): Promise<QuestionRow | undefined> {
  if (!isRowId(questionId)) return undefined;
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.triviaGameId, gameId)));
  return row;
}

/** The game's question whose answer was published last (status 2 or 3), if any. */
export async function lastPublishedQuestion(db: Queryable, gameId: number): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.triviaGameId, gameId), gte(questions.status, 2)))
    .orderBy(sql`${questions.answerPublishedAt} desc nulls last`, desc(questions.id))
    .limit(1);
  return row;
}

/** The game's question on screen (status 1), if any. */
export async function liveQuestion(db: Queryable, gameId: number): Promise<QuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.triviaGameId, gameId), eq(questions.status, 1)))
    .limit(1);
  return row;
}

/** A game's questions in the game's order (sort, then id), as much as the autopilot reads of them (machines/game/autopilot-state.ts) and their titles. */
export async function questionsInOrder(db: Queryable, gameId: number) {
  return db
    .select({
      id: questions.id,
      status: questions.status,
      questionType: questions.questionType,
      haveAnsweringTime: questions.haveAnsweringTime,
      answeringTime: questions.answeringTime,
      shownAt: questions.shownAt,
      title: questions.title,
    })
    .from(questions)
    .where(eq(questions.triviaGameId, gameId))
    .orderBy(asc(questions.sort), asc(questions.id));
}

/** Every question on screen (status 1) of every enabled game, with its game: what a restarted server watches. */
export async function questionsOnScreen(db: Queryable): Promise<Array<{ game: GameRow; question: QuestionRow }>> {
  return db
    .select({ game: triviaGames, question: questions })
    .from(questions)
    .innerJoin(triviaGames, eq(triviaGames.id, questions.triviaGameId))
    .where(and(eq(questions.status, 1), eq(triviaGames.status, 1)));
}

export async function anyQuestionSent(db: Queryable, gameId: number): Promise<boolean> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.triviaGameId, gameId), gte(questions.status, 1)))
    .limit(1);
  return rows.length > 0;
}

/** The level number of a question (null without a level). */
export async function levelNumber(db: Queryable, levelId: number | null): Promise<number | null> {
  if (levelId === null) return null;
  const [row] = await db.select({ level: triviaGameLevels.level }).from(triviaGameLevels).where(eq(triviaGameLevels.id, levelId));
  return row?.level ?? null;
}

export async function levelsOfGame(db: Queryable, gameId: number) {
  return db
    .select({ level: triviaGameLevels.level, promotionScore: triviaGameLevels.promotionScore })
    .from(triviaGameLevels)
    .where(eq(triviaGameLevels.triviaGameId, gameId))
    .orderBy(asc(triviaGameLevels.level));
}

/** Status 0 → 1, stamping shown_at; undefined when the question was not at 0 any more. */
export async function showQuestion(db: Queryable, questionId: number, now: Date): Promise<QuestionRow | undefined> {
  const [row] = await db
    .update(questions)
    .set({ status: 1, shownAt: now, answerPublishedAt: null, updatedAt: now })
    .where(and(eq(questions.id, questionId), eq(questions.status, 0)))
    .returning();
  return row;
}

/** Status 1 → 2, stamping answer_published_at; undefined when it was not at 1 any more. */
export async function publishAnswer(db: Queryable, questionId: number, now: Date): Promise<QuestionRow | undefined> {
  const [row] = await db
    .update(questions)
    .set({ status: 2, answerPublishedAt: now, updatedAt: now })
    .where(and(eq(questions.id, questionId), eq(questions.status, 1)))
    .returning();
  return row;
}

/** Status 2 → 3 (a ranking was published after it); 3 stays 3. */
export async function markRankingPublished(db: Queryable, questionId: number): Promise<void> {
  await db
    .update(questions)
    .set({ status: 3 })
    .where(and(eq(questions.id, questionId), eq(questions.status, 2)));
}

/**
 * The question a player answers, with a share lock held until the answer is committed: publishing
 * (an UPDATE of the row) waits for the answers in flight, and an answer that comes after finds the
 * row already published. Only questions of the player's own game.
 */
export async function questionForAnswer(db: Queryable, gameId: number, questionId: number): Promise<QuestionRow | undefined> {
  if (!isRowId(questionId)) return undefined;
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.triviaGameId, gameId)))
    .for('share');
  return row;
}
