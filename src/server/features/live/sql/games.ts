/**
 * The games: read, locked for a step (FOR NO KEY UPDATE), ended, their question on screen.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { triviaGames } from '../../../db/schema.js';
import { isRowId, type Queryable, type GameRow } from './rows.js';

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

/**
 * A step applied (flow.ts, under the game's row lock): the autopilot's clock starts again at `now`
 * with no time paused — paused still if it was, the new step's clock stopped from its start
 * (machines/game/autopilot.ts). Showing a question also makes it the game's current one and takes
 * the stage message off — one UPDATE for the step.
 */
export async function recordStep(db: Queryable, game: Pick<GameRow, 'id' | 'autopilotPausedAt'>, now: Date, currentQuestionId?: number): Promise<void> {
  await db
    .update(triviaGames)
    .set({
      lastStepAt: now,
      autopilotPausedMs: 0,
      autopilotPausedAt: game.autopilotPausedAt ? now : null,
      ...(currentQuestionId === undefined ? {} : { currentQuestionId, stageMessage: null }),
    })
    .where(eq(triviaGames.id, game.id));
}

/** The autopilot's pause as the rules set it (pause / resume, under the game's row lock). */
export async function setAutopilotPause(db: Queryable, gameId: number, pause: Pick<GameRow, 'autopilotPausedAt' | 'autopilotPausedMs'>): Promise<GameRow | undefined> {
  const [row] = await db.update(triviaGames).set(pause).where(eq(triviaGames.id, gameId)).returning();
  return row;
}

/** The enabled games whose autopilot is on: what a (re)started server schedules. */
export async function autopilotGames(db: Queryable): Promise<GameRow[]> {
  return db
    .select()
    .from(triviaGames)
    .where(and(eq(triviaGames.status, 1), sql`(${triviaGames.autoAdvance} ->> 'enabled')::boolean`));
}

/** Puts up the game's stage message (null: takes it off). */
export async function setStageMessage(db: Queryable, gameId: number, stageMessage: GameRow['stageMessage']): Promise<void> {
  await db.update(triviaGames).set({ stageMessage }).where(eq(triviaGames.id, gameId));
}
