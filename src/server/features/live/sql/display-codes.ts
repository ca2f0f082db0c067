/**
 * The display's single-use codes, spent once.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { displayCodes } from '../../../db/schema.js';
import { type Queryable } from './rows.js';

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
