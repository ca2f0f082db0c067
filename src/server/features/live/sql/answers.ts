/**
 * Answers: stored one by one or a batch at a time (the unique key refuses doubles, a share lock on the question), scored, counted, and the scores they add up to.
 */
import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { answers, players, questions, triviaGameLevels, triviaGames } from '../../../db/schema.js';
import { isRowId, rowsOf, type Queryable, type GameRow, type QuestionRow, type AnswerRow } from './rows.js';

export async function answerOf(db: Queryable, playerId: number, questionId: number): Promise<AnswerRow | undefined> {
  const [row] = await db
    .select()
    .from(answers)
    .where(and(eq(answers.playerId, playerId), eq(answers.questionId, questionId)));
  return row;
}

/**
 * Stores an answer; undefined when the player had answered already (the unique key decides) or is
 * gone (insertAnswers: the same statement, so one answer and a batch pass the same checks).
 */
export async function insertAnswer(db: Queryable, values: typeof answers.$inferInsert): Promise<AnswerRow | undefined> {
  const [row] = await insertAnswers(db, [values]);
  return row;
}

/**
 * The questions a batch of answers names, each with a share lock held until the batch commits (as
 * questionForAnswer does for one answer).
 */
export async function questionsForAnswers(db: Queryable, questionIds: number[]): Promise<Map<number, QuestionRow>> {
  const ids = [...new Set(questionIds.filter(isRowId))];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(questions).where(inArray(questions.id, ids)).orderBy(asc(questions.id)).for('share');
  return new Map(rows.map((row) => [row.id, row]));
}

export async function gamesById(db: Queryable, gameIds: number[]): Promise<Map<number, GameRow>> {
  const ids = [...new Set(gameIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(triviaGames).where(inArray(triviaGames.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export const answerKey = (playerId: number, questionId: number) => `${playerId}:${questionId}`;

/**
 * `column = any(ids)`, the ids as one JSON parameter. As an array (not `in (select …)`), so that the
 * planner looks the ids up in the column's index rather than scanning the table.
 */
const anyOf = (column: SQLWrapper, ids: number[]) => sql`${column} = any(array(select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`;

/**
 * The answers already stored for these (player, question) pairs, by answerKey. The ids travel as
 * JSON (anyOf): a batch's thousand players as a thousand bound parameters cost more to build than the
 * query takes. Whole rows, because a repeat of a stored answer is answered with it (answers.ts); in a
 * burst of first answers none is found, so the wider row costs nothing there.
 */
export async function storedAnswers(db: Queryable, pairs: Array<{ playerId: number; questionId: number }>): Promise<Map<string, AnswerRow>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .select()
    .from(answers)
    .where(and(anyOf(answers.questionId, [...new Set(pairs.map((p) => p.questionId))]), anyOf(answers.playerId, [...new Set(pairs.map((p) => p.playerId))])));
  return new Map(rows.map((r) => [answerKey(r.playerId, r.questionId), r]));
}

/**
 * Stores many answers in one statement; returns those stored (a pair answered meanwhile is skipped by
 * the unique key, and so is the answer of a player whose row is gone: a reset deleted it after the
 * phone's token was looked up — answers.ts refuses it). The player check is in the insert, not a
 * foreign key (schema.ts, answers: a key locks the player's row for every answer): an index probe
 * on the statement's snapshot, which is enough because a reset must update the answer's question,
 * share-locked by this transaction, before it deletes players; so the players this insert sees stay
 * until it commits, and a reset waiting on the lock deletes this answer with the others.
 * The rows travel as one JSON parameter (jsonb_to_recordset): building a statement
 * with six parameters per row costs more than the insert itself for a batch of a thousand. Only the
 * keys come back: the rest of a stored row is what was inserted (unscored: correct and points null),
 * and reading every column back costs a fifth of the insert (bench/README.md).
 */
export async function insertAnswers(db: Queryable, values: Array<typeof answers.$inferInsert>): Promise<AnswerRow[]> {
  if (values.length === 0) return [];
  const rows = values.map((v) => ({
    player_id: v.playerId,
    question_id: v.questionId,
    trivia_game_id: v.triviaGameId,
    choices: v.choices,
    text: v.text ?? null,
    value: v.value ?? null,
    elapsed_ms: v.elapsedMs,
    received_at: v.receivedAt.toISOString(),
  }));
  // The keys of the rows stored come back as one JSON text ([[id, player_id, question_id], …]): the
  // driver decodes one value instead of three per row.
  const [result] = await rowsOf<{ stored: string }>(
    db,
    sql`with stored as (
          insert into ${answers} (player_id, question_id, trivia_game_id, choices, text, value, elapsed_ms, received_at)
          select v.player_id, v.question_id, v.trivia_game_id, v.choices, v.text, v.value, v.elapsed_ms, v.received_at
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(player_id integer, question_id integer, trivia_game_id integer, choices jsonb, text text, value double precision, elapsed_ms integer, received_at timestamptz)
          where exists (select 1 from ${players} p where p.id = v.player_id and p.trivia_game_id = v.trivia_game_id)
          on conflict (player_id, question_id) do nothing
          returning id, player_id, question_id
        )
        select coalesce(json_agg(json_build_array(id, player_id, question_id)), '[]')::text as stored from stored`,
  );
  const inserted = new Map(values.map((v) => [answerKey(v.playerId, v.questionId), v]));
  return (JSON.parse(result!.stored) as Array<[number, number, number]>).map(([id, playerId, questionId]) => {
    const v = inserted.get(answerKey(playerId, questionId))!;
    return {
      id,
      playerId: v.playerId,
      questionId: v.questionId,
      triviaGameId: v.triviaGameId,
      choices: v.choices,
      text: v.text ?? null,
      value: v.value ?? null,
      correct: null,
      elapsedMs: v.elapsedMs,
      points: null,
      receivedAt: v.receivedAt,
    };
  });
}

export async function answersToScore(db: Queryable, questionId: number) {
  return db
    .select({ id: answers.id, choices: answers.choices, text: answers.text, value: answers.value, elapsedMs: answers.elapsedMs })
    .from(answers)
    .where(eq(answers.questionId, questionId));
}

/** A question's answers as its kind counts them (the reveal's typed answers and histogram). */
export async function answersOfQuestion(db: Queryable, questionId: number) {
  return db.select({ choices: answers.choices, text: answers.text, value: answers.value }).from(answers).where(eq(answers.questionId, questionId));
}

/** Writes the scores of many answers in one statement. */
export async function saveScores(db: Queryable, scores: Array<{ id: number; correct: boolean; points: number }>): Promise<void> {
  if (scores.length === 0) return;
  await db.execute(sql`
    update ${answers} as a set correct = v.correct, points = v.points
    from jsonb_to_recordset(${JSON.stringify(scores)}::jsonb) as v(id integer, correct boolean, points integer)
    where a.id = v.id`);
}

/** Answers per option of a question (a multiple-choice answer counts for each option it chose), and the number of answers. */
export async function answerCounts(db: Queryable, questionId: number): Promise<{ counts: Record<string, number>; total: number }> {
  // Grouped by the (normalised) choice sets — a handful — and tallied per option here: one scan of
  // the question's answers, without expanding every answer's array in the database.
  const rows = await rowsOf<{ choices: string[] | string; count: number }>(
    db,
    sql`select ${answers.choices} as choices, count(*)::int as count from ${answers}
        where ${answers.questionId} = ${questionId} group by ${answers.choices}`,
  );
  const counts: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    const count = Number(row.count);
    const choices = typeof row.choices === 'string' ? (JSON.parse(row.choices) as string[]) : row.choices;
    for (const option of new Set(choices)) counts[option] = (counts[option] ?? 0) + count;
    total += count;
  }
  return { counts, total };
}

/** The player's points per level number (published answers), and in total. */
export async function playerScores(db: Queryable, playerId: number): Promise<{ total: number; byLevel: Map<number, number> }> {
  const rows = await db
    .select({ level: triviaGameLevels.level, points: sql<number>`coalesce(sum(${answers.points}), 0)::int` })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .leftJoin(triviaGameLevels, eq(triviaGameLevels.id, questions.levelId))
    .where(eq(answers.playerId, playerId))
    .groupBy(triviaGameLevels.level);
  const byLevel = new Map<number, number>();
  let total = 0;
  for (const row of rows) {
    total += Number(row.points);
    if (row.level !== null) byLevel.set(row.level, Number(row.points));
  }
  return { total, byLevel };
}

/** Points per level number of each of these players (published answers): playerScores for a batch, in one query. */
export async function playerScoresByLevel(db: Queryable, playerIds: number[]): Promise<Map<number, Map<number, number>>> {
  const result = new Map<number, Map<number, number>>();
  if (playerIds.length === 0) return result;
  const rows = await db
    .select({ playerId: answers.playerId, level: triviaGameLevels.level, points: sql<number>`coalesce(sum(${answers.points}), 0)::int` })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(triviaGameLevels, eq(triviaGameLevels.id, questions.levelId))
    .where(inArray(answers.playerId, [...new Set(playerIds)]))
    .groupBy(answers.playerId, triviaGameLevels.level);
  for (const row of rows) {
    let byLevel = result.get(row.playerId);
    if (!byLevel) result.set(row.playerId, (byLevel = new Map()));
    byLevel.set(Number(row.level), Number(row.points));
  }
  return result;
}
