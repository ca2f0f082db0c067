/**
 * The control lease's SQL (control/): the control screens of a game (control_screens, one row per
 * screen, `holds` on the holder's) and the instances' heartbeats (server_instances). The callers hold
 * the game's row lock where a rule needs it; no rule is decided here.
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { admins, controlScreens, serverInstances } from '../../../db/schema.js';
import type { Db } from '../../../db/client.js';
import type { Queryable } from './rows.js';

export type ControlScreenRow = typeof controlScreens.$inferSelect;
/** A control screen with its admin's name (the username when the name is empty) and username. */
export type NamedControlScreen = ControlScreenRow & { adminName: string; username: string };

/** A game's control screens, the one present longest first. */
export async function controlScreensOf(db: Queryable, gameId: number): Promise<NamedControlScreen[]> {
  const rows = await db
    .select({ screen: controlScreens, adminName: admins.name, username: admins.username })
    .from(controlScreens)
    .innerJoin(admins, eq(admins.id, controlScreens.adminId))
    .where(eq(controlScreens.triviaGameId, gameId))
    .orderBy(asc(controlScreens.openedAt), asc(controlScreens.screenId));
  return rows.map((row) => ({ ...row.screen, adminName: row.adminName || row.username, username: row.username }));
}

export async function controlScreenById(db: Queryable, screenId: string): Promise<ControlScreenRow | undefined> {
  const [row] = await db.select().from(controlScreens).where(eq(controlScreens.screenId, screenId));
  return row;
}

/** The screen if `connection` is still its current subscription. */
export async function controlScreenOfConnection(db: Queryable, screenId: string, connection: string): Promise<ControlScreenRow | undefined> {
  const [row] = await db
    .select()
    .from(controlScreens)
    .where(and(eq(controlScreens.screenId, screenId), eq(controlScreens.connection, connection)));
  return row;
}

/** A screen present through `instanceId` from now on (a screen id stays its admin's: another's is left alone). */
export async function markControlScreenPresent(
  db: Queryable,
  screen: { screenId: string; gameId: number; adminId: number; connection: string; instanceId: string; now: Date },
): Promise<void> {
  const { screenId, gameId, adminId, connection, instanceId, now } = screen;
  await db
    .insert(controlScreens)
    .values({ screenId, triviaGameId: gameId, adminId, connection, instanceId, openedAt: now })
    .onConflictDoUpdate({ target: controlScreens.screenId, set: { connection, instanceId, goneAt: null }, where: eq(controlScreens.adminId, adminId) });
}

/** The holder's screen lost its connection at `goneAt` (it keeps the lease for the handover time). */
export async function markControlScreenGone(db: Queryable, screenId: string, goneAt: Date): Promise<void> {
  await db.update(controlScreens).set({ connection: null, goneAt, instanceId: null }).where(eq(controlScreens.screenId, screenId));
}

export async function deleteControlScreen(db: Queryable, screenId: string): Promise<void> {
  await db.delete(controlScreens).where(eq(controlScreens.screenId, screenId));
}

export async function grantControl(db: Queryable, screenId: string, now: Date): Promise<void> {
  await db.update(controlScreens).set({ holds: true, heldSince: now, requestedAt: null }).where(eq(controlScreens.screenId, screenId));
}

export async function giveUpControl(db: Queryable, screenId: string): Promise<void> {
  await db.update(controlScreens).set({ holds: false, heldSince: null }).where(eq(controlScreens.screenId, screenId));
}

/** The screen asks for control since `at`, or (null) no longer. */
export async function setControlRequest(db: Queryable, screenId: string, at: Date | null): Promise<void> {
  await db.update(controlScreens).set({ requestedAt: at }).where(eq(controlScreens.screenId, screenId));
}

/** The games with a connected screen present through another instance than `instanceId` (or through none). */
export async function screensPresentElsewhere(db: Pick<Db, 'selectDistinct'>, instanceId: string): Promise<Array<{ gameId: number; instanceId: string | null }>> {
  return db
    .selectDistinct({ gameId: controlScreens.triviaGameId, instanceId: controlScreens.instanceId })
    .from(controlScreens)
    .where(and(isNotNull(controlScreens.connection), or(isNull(controlScreens.instanceId), ne(controlScreens.instanceId, instanceId))));
}

/** A game's connected screens present through another instance than `instanceId` (or through none). */
export async function gameScreensPresentElsewhere(db: Queryable, gameId: number, instanceId: string): Promise<ControlScreenRow[]> {
  return db
    .select()
    .from(controlScreens)
    .where(and(eq(controlScreens.triviaGameId, gameId), isNotNull(controlScreens.connection), or(isNull(controlScreens.instanceId), ne(controlScreens.instanceId, instanceId))));
}

/** This instance's row (`ifAbsent`: unless it is there already). */
export async function insertInstance(db: Queryable, id: string, now: Date, ifAbsent = false): Promise<void> {
  const insert = db.insert(serverInstances).values({ id, startedAt: now, heartbeatAt: now });
  await (ifAbsent ? insert.onConflictDoNothing() : insert);
}

/** Writes the instance's heartbeat; false when its row is gone (another instance took it for dead). */
export async function beatInstance(db: Queryable, id: string, now: Date): Promise<boolean> {
  const mine = await db.update(serverInstances).set({ heartbeatAt: now }).where(eq(serverInstances.id, id)).returning({ id: serverInstances.id });
  return mine.length > 0;
}

export async function otherInstances(db: Queryable, id: string): Promise<Array<typeof serverInstances.$inferSelect>> {
  return db.select().from(serverInstances).where(ne(serverInstances.id, id));
}

/** Which of these instances still have a row. */
export async function livingInstances(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.select({ id: serverInstances.id }).from(serverInstances).where(inArray(serverInstances.id, ids))).map((row) => row.id));
}

export async function deleteInstances(db: Queryable, ids: string[]): Promise<void> {
  await db.delete(serverInstances).where(inArray(serverInstances.id, ids));
}
