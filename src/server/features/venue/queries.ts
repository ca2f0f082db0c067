/**
 * The venue's SQL: a company's public base URL and the game whose join address is asked for. The
 * venue sits below trivia and live (both show join addresses), so it reads these rows itself.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, triviaGames } from '../../db/schema.js';

type Queryable = Pick<Db, 'select'>;

/** The company's own public_url (null: none, or no such company). */
export async function companyPublicUrl(db: Queryable, companyId: number): Promise<string | null> {
  const [row] = await db.select({ publicUrl: companies.publicUrl }).from(companies).where(eq(companies.id, companyId));
  return row?.publicUrl ?? null;
}

/** The company's game, with what its join address needs. */
export async function findVenueGame(db: Queryable, gameId: number, companyId: number): Promise<{ companyId: number; pin: string } | undefined> {
  const [row] = await db
    .select({ companyId: triviaGames.companyId, pin: triviaGames.pin })
    .from(triviaGames)
    .where(and(eq(triviaGames.id, gameId), eq(triviaGames.companyId, companyId)))
    .limit(1);
  return row;
}
