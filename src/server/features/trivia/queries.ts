/**
 * The SQL of trivia games, levels and questions. Every read or write of a game is bounded by its
 * company (`companyId` from the access hook); questions and levels are reached only through a game
 * of that company, so an id of another company's row behaves as if it did not exist.
 * No rules here (service.ts decides); no HTTP (handlers.ts answers).
 */
import { and, asc, desc, eq, getTableName, gt, ilike, inArray, max, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countRows, totalOf } from '../../db/page-total.js';
import { answers, companies, files, questions, triviaGameLevels, triviaGames } from '../../db/schema.js';

export type GameRow = typeof triviaGames.$inferSelect;
export type NewGameRow = typeof triviaGames.$inferInsert;
export type LevelRow = typeof triviaGameLevels.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type NewQuestionRow = typeof questions.$inferInsert;
/** Transactions and the database answer the same queries. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Paging {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  sort: string;
}

/** Ids are 32-bit serials; a larger id (the contract bounds none) names no row rather than failing the query. */
const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

/** `%`, `_` and `\` typed by the user are searched for literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The requested column and direction (rows without a value last either way), else the list's default order. */
function orderBy(columns: Record<string, AnyColumn>, paging: Paging, fallback: SQL[], tieBreaker: AnyColumn): SQL[] {
  const column = Object.hasOwn(columns, paging.sort) ? columns[paging.sort] : undefined;
  if (!column) return fallback;
  const direction = sql.raw(paging.order === 'desc' ? 'desc' : 'asc');
  return [sql`${column} ${direction} nulls last`, sql`${tieBreaker} ${direction}`];
}

// ------------------------------------------------------------------ games

/**
 * Written out with qualified names: in a one-table select Drizzle leaves columns unqualified, and
 * inside the subquery an unqualified `id` would be the question's.
 */
const gameIdColumn = sql`${sql.identifier(getTableName(triviaGames))}.${sql.identifier(triviaGames.id.name)}`;
const questionCount = sql<number>`(select count(*)::int from ${questions} as counted where counted.${sql.identifier(questions.triviaGameId.name)} = ${gameIdColumn})`;
/** The answers players sent to the game (what a reset deletes); answers_game_idx makes it an index count. */
const answerCount = sql<number>`(select count(*)::int from ${answers} as counted where counted.${sql.identifier(answers.triviaGameId.name)} = ${gameIdColumn})`;

export interface GameFilters extends Paging {
  title?: string;
  type?: number;
  status?: number;
}

/**
 * A page of the company's games with the total and the company's public address, in one statement:
 * both are uncorrelated subqueries the database computes once (the total by its own count over the
 * filter's index), and the question and answer counts only for the page's rows. A page past the end
 * has no row to carry the total: then a count follows.
 */
export async function listGames(db: Queryable, companyId: number, filters: GameFilters) {
  const conditions = [eq(triviaGames.companyId, companyId)];
  if (filters.title?.trim()) conditions.push(ilike(triviaGames.title, contains(filters.title.trim())));
  if (filters.type !== undefined) conditions.push(eq(triviaGames.type, filters.type));
  if (filters.status !== undefined) conditions.push(eq(triviaGames.status, filters.status));
  const where = and(...conditions);

  const sortable = {
    id: triviaGames.id,
    title: triviaGames.title,
    start_time: triviaGames.startTime,
    created_at: triviaGames.createdAt,
    status: triviaGames.status,
  };
  const offset = (filters.page - 1) * filters.limit;
  const rows = await db
    .select({
      game: triviaGames,
      questionCount,
      answerCount,
      total: totalOf(triviaGames, where),
      publicUrl: sql<string | null>`(select ${companies.publicUrl} from ${companies} where ${companies.id} = ${companyId})`,
    })
    .from(triviaGames)
    .where(where)
    .orderBy(...orderBy(sortable, filters, [desc(triviaGames.id)], triviaGames.id))
    .limit(filters.limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset > 0 ? await countRows(db, triviaGames, where) : 0);
  return { rows: rows.map(({ game, questionCount, answerCount }) => ({ game, questionCount, answerCount })), total, companyPublicUrl: rows[0]?.publicUrl ?? null };
}

export async function findGame(db: Queryable, companyId: number, id: number, options: { lock?: boolean } = {}): Promise<GameRow | undefined> {
  if (!isRowId(id)) return undefined;
  const query = db
    .select()
    .from(triviaGames)
    .where(and(eq(triviaGames.id, id), eq(triviaGames.companyId, companyId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function countQuestions(db: Queryable, gameId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(questions).where(eq(questions.triviaGameId, gameId));
  return row?.count ?? 0;
}

export async function countAnswers(db: Queryable, gameId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(answers).where(eq(answers.triviaGameId, gameId));
  return row?.count ?? 0;
}

/** Whether an enabled game other than `exceptId` has this PIN. */
export async function pinInUse(db: Queryable, pin: string, exceptId: number): Promise<boolean> {
  const rows = await db
    .select({ id: triviaGames.id })
    .from(triviaGames)
    .where(and(eq(triviaGames.pin, pin), eq(triviaGames.status, 1), ne(triviaGames.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertGame(db: Queryable, values: NewGameRow): Promise<GameRow> {
  const [row] = await db.insert(triviaGames).values(values).returning();
  return row!;
}

export async function updateGame(db: Queryable, companyId: number, id: number, values: Partial<NewGameRow>): Promise<GameRow | undefined> {
  const [row] = await db
    .update(triviaGames)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(triviaGames.id, id), eq(triviaGames.companyId, companyId)))
    .returning();
  return row;
}

/** Deletes the game (with its levels and questions) unless one of its questions is on screen. */
export async function deleteGameUnlessLive(db: Queryable, companyId: number, id: number): Promise<boolean> {
  if (!isRowId(id)) return false;
  const deleted = await db
    .delete(triviaGames)
    .where(
      and(
        eq(triviaGames.id, id),
        eq(triviaGames.companyId, companyId),
        sql`not exists (select 1 from ${questions} where ${questions.triviaGameId} = ${triviaGames.id} and ${questions.status} = 1)`,
      ),
    )
    .returning({ id: triviaGames.id });
  return deleted.length > 0;
}

// ------------------------------------------------------------------ levels

export async function listLevels(db: Queryable, gameId: number): Promise<LevelRow[]> {
  return db.select().from(triviaGameLevels).where(eq(triviaGameLevels.triviaGameId, gameId)).orderBy(asc(triviaGameLevels.level));
}

export async function upsertLevel(db: Queryable, gameId: number, level: number, promotionScore: number | null): Promise<void> {
  await db
    .insert(triviaGameLevels)
    .values({ triviaGameId: gameId, level, promotionScore })
    .onConflictDoUpdate({ target: [triviaGameLevels.triviaGameId, triviaGameLevels.level], set: { promotionScore } });
}

/** The lowest level above `lastLevel` that still has questions, if any. */
export async function removedLevelInUse(db: Queryable, gameId: number, lastLevel: number): Promise<number | undefined> {
  const [row] = await db
    .select({ level: triviaGameLevels.level })
    .from(triviaGameLevels)
    .innerJoin(questions, eq(questions.levelId, triviaGameLevels.id))
    .where(and(eq(triviaGameLevels.triviaGameId, gameId), gt(triviaGameLevels.level, lastLevel)))
    .orderBy(asc(triviaGameLevels.level))
    .limit(1);
  return row?.level;
}

export async function deleteLevelsAbove(db: Queryable, gameId: number, lastLevel: number): Promise<void> {
  await db.delete(triviaGameLevels).where(and(eq(triviaGameLevels.triviaGameId, gameId), gt(triviaGameLevels.level, lastLevel)));
}

export async function deleteAllLevels(db: Queryable, gameId: number): Promise<void> {
  await db.delete(triviaGameLevels).where(eq(triviaGameLevels.triviaGameId, gameId));
}

// ------------------------------------------------------------------ questions

export interface QuestionFilters extends Paging {
  title?: string;
  status?: number;
}

/**
 * A page of a game's questions with the total (an uncorrelated count the database computes once), in
 * one statement that also checks the game is the company's (an empty page then says nothing about
 * the game: the caller looks it up). A page past the end has no row to carry the total: then a count
 * follows.
 */
export async function listQuestions(db: Queryable, companyId: number, gameId: number, filters: QuestionFilters): Promise<{ rows: QuestionRow[]; total: number }> {
  if (!isRowId(gameId)) return { rows: [], total: 0 };
  const conditions = [eq(questions.triviaGameId, gameId)];
  if (filters.title?.trim()) conditions.push(ilike(questions.title, contains(filters.title.trim())));
  if (filters.status !== undefined) conditions.push(eq(questions.status, filters.status));
  const where = and(...conditions);
  const ofCompany = sql`exists (select 1 from ${triviaGames} where ${triviaGames.id} = ${gameId} and ${triviaGames.companyId} = ${companyId})`;

  const sortable = { sort: questions.sort, id: questions.id, title: questions.title, status: questions.status };
  const offset = (filters.page - 1) * filters.limit;
  const found = await db
    .select({ question: questions, total: totalOf(questions, where) })
    .from(questions)
    .where(and(where, ofCompany))
    .orderBy(...orderBy(sortable, filters, [asc(questions.sort), asc(questions.id)], questions.id))
    .limit(filters.limit)
    .offset(offset);
  if (found.length > 0) return { rows: found.map((row) => row.question), total: found[0]!.total };
  return { rows: [], total: offset > 0 ? await countRows(db, questions, where) : 0 };
}

/** A question of a game of the company, with its game. */
export async function findQuestion(db: Queryable, companyId: number, id: number): Promise<{ question: QuestionRow; game: GameRow } | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select({ question: questions, game: triviaGames })
    .from(questions)
    .innerJoin(triviaGames, eq(triviaGames.id, questions.triviaGameId))
    .where(and(eq(questions.id, id), eq(triviaGames.companyId, companyId)));
  return row;
}

/** Inserts a question; without a sort number it goes after the game's last question. */
export async function insertQuestion(db: Queryable, values: Omit<NewQuestionRow, 'sort'> & { sort?: number | undefined }): Promise<number> {
  const nextSort = sql`(select coalesce(${max(questions.sort)}, 0) + 1 from ${questions} where ${questions.triviaGameId} = ${values.triviaGameId})`;
  const [row] = await db
    .insert(questions)
    .values({ ...values, sort: values.sort ?? nextSort })
    .returning({ id: questions.id });
  return row!.id;
}

/** Updates a question that has not been shown yet (status 0); false when it was shown meanwhile. */
export async function updateUnsentQuestion(db: Queryable, id: number, values: Partial<NewQuestionRow>): Promise<boolean> {
  const updated = await db
    .update(questions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(questions.id, id), eq(questions.status, 0)))
    .returning({ id: questions.id });
  return updated.length > 0;
}

/** Deletes a question that is not on screen; false when it is. */
export async function deleteQuestionUnlessOnScreen(db: Queryable, id: number): Promise<boolean> {
  const deleted = await db
    .delete(questions)
    .where(and(eq(questions.id, id), ne(questions.status, 1)))
    .returning({ id: questions.id });
  return deleted.length > 0;
}

export async function levelIdsOfGame(db: Queryable, gameId: number): Promise<number[]> {
  const rows = await db.select({ id: triviaGameLevels.id }).from(triviaGameLevels).where(eq(triviaGameLevels.triviaGameId, gameId));
  return rows.map((row) => row.id);
}

// ------------------------------------------------------------------ importing questions (bulk/import.ts)

/** Rows per INSERT of an import: about 20 parameters a row, far below PostgreSQL's 65,535. */
const IMPORT_INSERT_CHUNK = 250;

/**
 * Inserts questions after the game's last (sort max + 1, + 2 … in the given order) and answers their
 * ids in that order. Run in the import's transaction, with the game's row locked (findGame with
 * `lock`), so two imports into one game do not interleave their sort numbers.
 */
export async function appendQuestions(db: Queryable, gameId: number, rows: ReadonlyArray<Omit<NewQuestionRow, 'sort' | 'triviaGameId'>>): Promise<number[]> {
  const [last] = await db
    .select({ sort: sql<number>`coalesce(${max(questions.sort)}, 0)::int` })
    .from(questions)
    .where(eq(questions.triviaGameId, gameId));
  const base = last?.sort ?? 0;
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += IMPORT_INSERT_CHUNK) {
    const chunk = rows.slice(start, start + IMPORT_INSERT_CHUNK).map((row, index) => ({ ...row, triviaGameId: gameId, sort: base + start + index + 1 }));
    const inserted = await db.insert(questions).values(chunk).returning({ id: questions.id, sort: questions.sort });
    ids.push(...inserted.sort((a, b) => a.sort - b.sort).map((row) => row.id));
  }
  return ids;
}

/**
 * The company's file at `path` in its file store (schema `files`, the file feature's tree), as an
 * import naming it as a question's image needs it: its size and blob key; undefined when the path is
 * no file of the company.
 */
export async function companyFileAt(db: Queryable, companyId: number, path: string): Promise<{ size: number; storageKey: string } | undefined> {
  const [row] = await db
    .select({ size: files.size, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.path, path), eq(files.kind, 'file')));
  return row?.storageKey ? { size: row.size, storageKey: row.storageKey } : undefined;
}

// ------------------------------------------------------------------ questions in bulk

/**
 * Every question of a game in its order (sort, then id). `lock`: each row locked until the
 * transaction ends, so the live game's show (an UPDATE of a question's status) waits for a move or
 * a batch delete that read it, and a move never shifts a question shown meanwhile.
 */
export async function gameQuestions(db: Queryable, gameId: number, options: { lock?: boolean } = {}): Promise<QuestionRow[]> {
  const query = db.select().from(questions).where(eq(questions.triviaGameId, gameId)).orderBy(asc(questions.sort), asc(questions.id));
  return options.lock ? query.for('update') : query;
}

/** The questions of several games, each game's in its order (the autopilot of a page of games). */
export async function questionsOfGames(db: Queryable, gameIds: number[]): Promise<QuestionRow[]> {
  if (gameIds.length === 0) return [];
  return db.select().from(questions).where(inArray(questions.triviaGameId, gameIds)).orderBy(asc(questions.triviaGameId), asc(questions.sort), asc(questions.id));
}

/** The questions `ids` that belong to games of the company, with their level's number, by game then order. */
export async function companyQuestions(db: Queryable, companyId: number, ids: number[]): Promise<Array<{ question: QuestionRow; level: number | null }>> {
  const wanted = ids.filter(isRowId);
  if (wanted.length === 0) return [];
  return db
    .select({ question: questions, level: triviaGameLevels.level })
    .from(questions)
    .innerJoin(triviaGames, eq(triviaGames.id, questions.triviaGameId))
    .leftJoin(triviaGameLevels, eq(triviaGameLevels.id, questions.levelId))
    .where(and(inArray(questions.id, wanted), eq(triviaGames.companyId, companyId)))
    .orderBy(asc(questions.triviaGameId), asc(questions.sort), asc(questions.id));
}

/** Writes new order numbers (`[id, sort]`) of a game's questions in one statement. */
export async function setQuestionSorts(db: Queryable, gameId: number, sorts: Array<[number, number]>): Promise<void> {
  if (sorts.length === 0) return;
  const values = JSON.stringify(sorts.map(([id, sort]) => ({ id, sort })));
  await db.execute(sql`
    update ${questions} as q set sort = v.sort, updated_at = now()
    from jsonb_to_recordset(${values}::jsonb) as v(id integer, sort integer)
    where q.id = v.id and q.trivia_game_id = ${gameId}`);
}

/** Deletes questions of a game; the ids deleted. */
export async function deleteGameQuestions(db: Queryable, gameId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .delete(questions)
    .where(and(eq(questions.triviaGameId, gameId), inArray(questions.id, ids)))
    .returning({ id: questions.id });
  return deleted.map((row) => row.id);
}

// ------------------------------------------------------------------ copying a game

/**
 * Copies the levels and questions of `fromGameId` into `toGameId` (a new game): the levels with their
 * promotion scores, then the questions with everything an operator wrote (each pointed at the copy's
 * level of the same number), every question not sent. Image addresses are copied as they are.
 */
export async function copyLevelsAndQuestions(db: Queryable, fromGameId: number, toGameId: number): Promise<void> {
  const levels = await listLevels(db, fromGameId);
  const levelIds = new Map<number, number>();
  if (levels.length > 0) {
    const copies = await db
      .insert(triviaGameLevels)
      .values(levels.map((l) => ({ triviaGameId: toGameId, level: l.level, promotionScore: l.promotionScore })))
      .returning({ id: triviaGameLevels.id, level: triviaGameLevels.level });
    const byNumber = new Map(copies.map((c) => [c.level, c.id]));
    for (const level of levels) levelIds.set(level.id, byNumber.get(level.level)!);
  }
  const rows = await db.select().from(questions).where(eq(questions.triviaGameId, fromGameId)).orderBy(asc(questions.sort), asc(questions.id));
  if (rows.length === 0) return;
  await db.insert(questions).values(
    // Everything but the row's identity, its game and level, and its run (status, shown, published):
    // a content column added later is copied without a change here.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- left out on purpose
    rows.map(({ id, triviaGameId, levelId, status, shownAt, answerPublishedAt, createdAt, updatedAt, ...content }) => ({
      ...content,
      triviaGameId: toGameId,
      levelId: levelId === null ? null : (levelIds.get(levelId) ?? null),
    })),
  );
}

/** Held until the transaction ends, so instances starting together on one PostgreSQL seed the demo games once (demo-seed.ts). */
const DEMO_SEED_LOCK = 0x7472_6976; // 'triv'

export async function lockDemoSeed(db: Queryable): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(DEMO_SEED_LOCK))})`);
}

/** How many games the database holds, in every company. */
export async function countAllGames(db: Queryable): Promise<number> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(triviaGames)) as [{ count: number }];
  return count;
}
