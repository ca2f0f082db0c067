/**
 * Rankings: their inputs, stored with their entries and each player's place, read back.
 */
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { answers, players, questions, rankings, triviaGameLevels, type LevelCount, type StoredRankEntry } from '../../../db/schema.js';
import { type Queryable, type RankingRow } from './rows.js';

/** Everything the ranking of a game needs: its players (not the disqualified) and the answers of its published questions. */
export async function rankingInputs(db: Queryable, gameId: number) {
  const playerRows = await db
    .select({ playerId: players.id, nickname: players.nickname, joinOrder: players.joinOrder })
    .from(players)
    // A disqualified player is left out of every ranking (their answers then count for nobody).
    .where(and(eq(players.triviaGameId, gameId), isNull(players.disqualifiedAt)));
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
