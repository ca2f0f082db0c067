/**
 * The display's single-use code (`/triviaGame/displayCode`, valid DISPLAY_CODE_TTL_SECONDS) and its
 * exchange for a display session paired with the game (`/api/play/display/exchange`).
 */
import { businessError, recordNotFound } from '../../../lib/envelope.js';
import type { Db } from '../../../db/client.js';
import { createPaired } from './service.js';
import * as q from '../queries.js';
import { DISPLAY_CODE_TTL_SECONDS, hashSecret, newSecret } from '../tokens.js';
import { gameSummary, type PlaySchemas } from '../views.js';

export async function createDisplayCode(db: Db, companyId: number, adminId: number, gameId: number, now: Date) {
  const game = await q.findGame(db, gameId, companyId);
  if (!game) throw recordNotFound();
  const code = newSecret();
  await q.insertDisplayCode(db, {
    codeHash: hashSecret(code),
    triviaGameId: game.id,
    createdBy: adminId,
    expiresAt: new Date(now.getTime() + DISPLAY_CODE_TTL_SECONDS * 1000),
  });
  return { code, expires_in: DISPLAY_CODE_TTL_SECONDS };
}

/** Spends the code and opens a display session paired with its game at once (listed as `source: code`). */
export async function exchangeDisplayCode(db: Db, code: string, now: Date): Promise<PlaySchemas['DisplayExchangeData']> {
  const spent = await q.spendDisplayCode(db, hashSecret(code), now);
  const game = spent === undefined ? undefined : await q.findGame(db, spent.gameId);
  if (!game || !spent) throw businessError('live.display.codeInvalid');
  const session = await createPaired(db, game, spent.createdBy, now);
  return { display_token: session.token, expires_in: session.expiresIn, game: gameSummary(game) };
}
