/**
 * A game closed through /triviaGame/update (status 1 → 0) rather than game-flow step 5 ends by the
 * same path (publication.finishGame): after the update committed, under the game's row lock, a
 * question left on screen gets its answer published, the final ranking is published if answers were
 * published after the last one, and its players, displays and control screens hear
 * `server.gameEnded` — the final ranking first, then the end, as with step 5.
 */
import type { FastifyInstance } from 'fastify';
import { dateOf } from '../../../lib/clock.js';
import * as q from '../queries.js';
import { finishGame } from './publication.js';

/** Whether the company's game is enabled now (read before an update that may close it). */
export async function isGameOpen(app: FastifyInstance, companyId: number, gameId: number): Promise<boolean> {
  const game = await q.findGame(app.db, gameId, companyId);
  return game?.status === 1;
}

/** Finishes the game and publishes its end if it is closed now (after the update committed). */
export async function announceGameClosed(app: FastifyInstance, companyId: number, gameId: number): Promise<void> {
  const events = await app.db.transaction(async (tx) => {
    const game = await q.lockGame(tx, companyId, gameId);
    if (!game || game.status !== 0) return [];
    return finishGame(tx, game, dateOf(app.clock));
  });
  await app.live.events.publishAll(events);
}
