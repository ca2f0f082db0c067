/**
 * The SQL of the live game: game-flow steps, players, answers, scores and rankings. Admin reads are
 * bounded by the company (`companyId`); players and displays reach only their own game's rows.
 * The writes that race (steps, joins, answers) are written so the database decides: a step runs
 * under the game's row lock with a conditional UPDATE, a join raises the player count only below the
 * cap, an answer holds a share lock on its question (so publishing waits for answers in flight and an
 * answer after the publish finds the question closed), and the unique keys refuse doubles.
 * No rules here (service.ts decides); no HTTP (handlers.ts answers).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { answers, displayCodes, players, questions, rankings, triviaGameLevels, triviaGames, type LevelCount, type StoredRankEntry } from '../../db/schema.js';

export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type GameRow = typeof triviaGames.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
/**
 * Who a player token belongs to: the columns that never change once a player joined (the rank
 * columns do, and are read where they are needed), so a request's caller may be remembered.
 */
export type PlayerIdentity = Pick<PlayerRow, 'id' | 'triviaGameId' | 'nickname' | 'joinOrder' | 'tokenHash'>;
export type AnswerRow = typeof answers.$inferSelect;
export type RankingRow = typeof rankings.$inferSelect;

const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

/** Rows of a raw query, whichever driver (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// ------------------------------------------------------------------ games

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

// ------------------------------------------------------------------ questions

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

// ------------------------------------------------------------------ players

/** A player admitted by admitPlayer, with what the join answers of the game (read as the slot was taken). */
export interface Admitted {
  player: Pick<PlayerRow, 'id' | 'nickname' | 'joinOrder'>;
  game: Pick<GameRow, 'id' | 'title' | 'type' | 'status' | 'pin' | 'playerCount'>;
}

/**
 * Admits a player in one statement (one round trip, one transaction of its own): the game the PIN
 * names (an open game first: the PIN is unique among open games), its player count raised only while
 * the game is open, below its cap and no player of it has the nickname (compared as the unique index
 * does, lower-cased), and the player inserted with that count as its join order. Nothing is changed
 * when any condition fails: undefined, and the caller reads why (service.join). Two joins racing for
 * the last place: the count's row lock orders them and the second finds the game full; for one
 * nickname on PostgreSQL: the unique index refuses the second insert, which undoes its count.
 */
export async function admitPlayer(
  db: Queryable,
  input: { pin: string; nickname: string; tokenHash: string; joinedAt: Date },
): Promise<Admitted | undefined> {
  const [row] = await rowsOf<{ id: number; join_order: number; game_id: number; title: string; type: number; status: number; pin: string; player_count: number }>(
    db,
    sql`with found as (
          select ${triviaGames.id} as id from ${triviaGames} where ${triviaGames.pin} = ${input.pin}
          order by ${triviaGames.status} desc, ${triviaGames.id} desc limit 1
        ), slot as (
          update ${triviaGames} as g set player_count = g.player_count + 1
          from found
          where g.id = found.id and g.status = 1 and g.player_count < g.player_cap
            and not exists (select 1 from ${players} as p where p.trivia_game_id = found.id and lower(p.nickname) = lower(${input.nickname}))
          returning g.id, g.title, g.type, g.status, g.pin, g.player_count
        ), admitted as (
          insert into ${players} (trivia_game_id, nickname, token_hash, join_order, joined_at)
          select slot.id, ${input.nickname}, ${input.tokenHash}, slot.player_count, ${input.joinedAt.toISOString()}::timestamptz from slot
          returning id, join_order
        )
        select admitted.id, admitted.join_order, slot.id as game_id, slot.title, slot.type, slot.status, slot.pin, slot.player_count
        from admitted, slot`,
  );
  if (!row) return undefined;
  return {
    player: { id: row.id, nickname: input.nickname, joinOrder: row.join_order },
    game: { id: row.game_id, title: row.title, type: row.type, status: row.status, pin: row.pin, playerCount: row.player_count },
  };
}

export async function nicknameTaken(db: Queryable, gameId: number, nickname: string): Promise<boolean> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.triviaGameId, gameId), sql`lower(${players.nickname}) = lower(${nickname})`))
    .limit(1);
  return rows.length > 0;
}

const playerIdentityColumns = {
  id: players.id,
  triviaGameId: players.triviaGameId,
  nickname: players.nickname,
  joinOrder: players.joinOrder,
  tokenHash: players.tokenHash,
};

/** The players with these token hashes (one statement for a burst of requests). */
export async function playersByTokenHashes(db: Queryable, tokenHashes: string[]): Promise<PlayerIdentity[]> {
  if (tokenHashes.length === 0) return [];
  return db.select(playerIdentityColumns).from(players).where(inArray(players.tokenHash, [...new Set(tokenHashes)]));
}

/** A player's place in the last ranking that was published (null before any). */
export async function playerPlace(db: Queryable, playerId: number): Promise<{ rankingId: number | null; rankPosition: number | null } | undefined> {
  const [row] = await db.select({ rankingId: players.rankingId, rankPosition: players.rankPosition }).from(players).where(eq(players.id, playerId));
  return row;
}

export async function countPlayers(db: Queryable, gameId: number): Promise<number> {
  const [row] = await db.select({ count: triviaGames.playerCount }).from(triviaGames).where(eq(triviaGames.id, gameId));
  return row?.count ?? 0;
}

// ------------------------------------------------------------------ answers

export async function answerOf(db: Queryable, playerId: number, questionId: number): Promise<AnswerRow | undefined> {
  const [row] = await db
    .select()
    .from(answers)
    .where(and(eq(answers.playerId, playerId), eq(answers.questionId, questionId)));
  return row;
}

/** Stores an answer; undefined when the player had answered already (the unique key decides). */
export async function insertAnswer(db: Queryable, values: typeof answers.$inferInsert): Promise<AnswerRow | undefined> {
  const [row] = await db.insert(answers).values(values).onConflictDoNothing({ target: [answers.playerId, answers.questionId] }).returning();
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
 * query takes. Whole rows, because a repeat of a stored answer is answered with it (service.ts); in a
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
 * the unique key). The rows travel as one JSON parameter (jsonb_to_recordset): building a statement
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
    elapsed_ms: v.elapsedMs,
    received_at: v.receivedAt.toISOString(),
  }));
  // The keys of the rows stored come back as one JSON text ([[id, player_id, question_id], …]): the
  // driver decodes one value instead of three per row.
  const [result] = await rowsOf<{ stored: string }>(
    db,
    sql`with stored as (
          insert into ${answers} (player_id, question_id, trivia_game_id, choices, elapsed_ms, received_at)
          select v.player_id, v.question_id, v.trivia_game_id, v.choices, v.elapsed_ms, v.received_at
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(player_id integer, question_id integer, trivia_game_id integer, choices jsonb, elapsed_ms integer, received_at timestamptz)
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
      correct: null,
      elapsedMs: v.elapsedMs,
      points: null,
      receivedAt: v.receivedAt,
    };
  });
}

export async function answersToScore(db: Queryable, questionId: number) {
  return db.select({ id: answers.id, choices: answers.choices, elapsedMs: answers.elapsedMs }).from(answers).where(eq(answers.questionId, questionId));
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

// ------------------------------------------------------------------ rankings

/** Everything the ranking of a game needs: its players and the answers of its published questions. */
export async function rankingInputs(db: Queryable, gameId: number) {
  const playerRows = await db
    .select({ playerId: players.id, nickname: players.nickname, joinOrder: players.joinOrder })
    .from(players)
    .where(eq(players.triviaGameId, gameId));
  const answerRows = await db
    .select({ playerId: answers.playerId, level: triviaGameLevels.level, correct: answers.correct, points: answers.points, elapsedMs: answers.elapsedMs })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .leftJoin(triviaGameLevels, eq(triviaGameLevels.id, questions.levelId))
    .where(and(eq(answers.triviaGameId, gameId), gte(questions.status, 2)));
  return { players: playerRows, answers: answerRows };
}

/** A stored ranking without its (possibly 10,000-long) entries. */
export type RankingHead = Omit<RankingRow, 'entries'>;
const rankingHead = {
  id: rankings.id,
  triviaGameId: rankings.triviaGameId,
  questionId: rankings.questionId,
  total: rankings.total,
  levelCounts: rankings.levelCounts,
  publishedAt: rankings.publishedAt,
};

/** How many entries reached each level, by level ascending. */
export function countLevels(entries: StoredRankEntry[]): LevelCount[] {
  const counts = new Map<number, number>();
  for (const entry of entries) counts.set(entry.level, (counts.get(entry.level) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([level, players]) => ({ level, players }));
}

/** Stores a ranking; answers it without reading its entries back. */
export async function insertRanking(db: Queryable, values: { triviaGameId: number; questionId: number | null; entries: StoredRankEntry[]; publishedAt: Date }): Promise<RankingHead> {
  const [row] = await db
    .insert(rankings)
    .values({ ...values, total: values.entries.length, levelCounts: countLevels(values.entries) })
    .returning(rankingHead);
  return row!;
}

/** Every ranked player's place in the ranking just published (one statement). */
export async function setPlayerRanks(db: Queryable, rankingId: number, entries: StoredRankEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const positions = entries.map((e) => ({ id: e.player_id, rank: e.rank }));
  await db.execute(sql`
    update ${players} as p set ranking_id = ${rankingId}, rank_position = v.rank
    from jsonb_to_recordset(${JSON.stringify(positions)}::jsonb) as v(id integer, rank integer)
    where p.id = v.id`);
}

export async function latestRanking(db: Queryable, gameId: number): Promise<RankingHead | undefined> {
  const [row] = await db.select(rankingHead).from(rankings).where(eq(rankings.triviaGameId, gameId)).orderBy(desc(rankings.id)).limit(1);
  return row;
}

/** A ranking without its (possibly long) list of entries, plus its top `limit`. */
export async function rankingSummary(db: Queryable, rankingId: number, limit: number) {
  const [row] = await db
    .select({
      id: rankings.id,
      questionId: rankings.questionId,
      total: rankings.total,
      levelCounts: rankings.levelCounts,
      publishedAt: rankings.publishedAt,
      top: sql<StoredRankEntry[]>`coalesce((select jsonb_agg(t.e order by t.n) from jsonb_array_elements(${rankings.entries}) with ordinality as t(e, n) where t.n <= ${limit}), '[]'::jsonb)`,
    })
    .from(rankings)
    .where(eq(rankings.id, rankingId));
  return row;
}

export async function rankingsById(db: Queryable, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: rankings.id, questionId: rankings.questionId, total: rankings.total, publishedAt: rankings.publishedAt })
    .from(rankings)
    .where(inArray(rankings.id, ids));
}

// ------------------------------------------------------------------ display codes

export async function insertDisplayCode(db: Queryable, values: typeof displayCodes.$inferInsert): Promise<void> {
  await db.insert(displayCodes).values(values);
}

/** Spends a code that is unused and unexpired; its game and who issued it, or undefined. */
export async function spendDisplayCode(db: Queryable, codeHash: string, now: Date): Promise<{ gameId: number; createdBy: number | null } | undefined> {
  const [row] = await db
    .update(displayCodes)
    .set({ usedAt: now })
    .where(and(eq(displayCodes.codeHash, codeHash), isNull(displayCodes.usedAt), gt(displayCodes.expiresAt, now)))
    .returning({ gameId: displayCodes.triviaGameId, createdBy: displayCodes.createdBy });
  return row;
}

// ------------------------------------------------------------------ results export

/** Every answer of a game with its player and question, in question order then arrival order. */
export async function answersForExport(db: Queryable, gameId: number) {
  return db
    .select({
      questionId: questions.id,
      questionSort: questions.sort,
      questionTitle: questions.title,
      questionText: questions.questionText,
      answer: questions.answer,
      questionStatus: questions.status,
      level: triviaGameLevels.level,
      playerId: players.id,
      nickname: players.nickname,
      joinOrder: players.joinOrder,
      choices: answers.choices,
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
