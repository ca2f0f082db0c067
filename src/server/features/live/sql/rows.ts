/**
 * What the live game's SQL modules share: the row types, the id check and raw query rows.
 */
import type { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { answers, players, questions, rankings, triviaGames } from '../../../db/schema.js';

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

export const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

/** Rows of a raw query, whichever driver (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T extends Record<string, unknown>>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute<T>(query);
  return result.rows;
}
