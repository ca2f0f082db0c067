/**
 * A game closed through /triviaGame/update (status 1 → 0) rather than game-flow step 5: its players,
 * displays and control screens hear the same `server.gameEnded` that step 5 sends, so no phone keeps
 * waiting for a next question. Only the event: unlike step 5, closing by update does not publish a
 * question left on screen (answers to it are refused from then on, because the game is closed).
 */
import type { FastifyInstance } from 'fastify';
import * as q from './queries.js';
import { gameTopic, iso, type PlaySchemas } from './views.js';

/** Whether the company's game is enabled now (read before an update that may close it). */
export async function isGameOpen(app: FastifyInstance, companyId: number, gameId: number): Promise<boolean> {
  const game = await q.findGame(app.db, gameId, companyId);
  return game?.status === 1;
}

/** Publishes `server.gameEnded` on the game's topics if the game is closed now (after the update committed). */
export async function announceGameClosed(app: FastifyInstance, companyId: number, gameId: number): Promise<void> {
  const game = await q.findGame(app.db, gameId, companyId);
  if (!game || game.status !== 0) return;
  const data: PlaySchemas['EventGameEnded'] = { ended_at: iso(game.endedAt ?? new Date()) };
  await app.live.events.publishAll([
    { topic: gameTopic(game.id, 'operator'), type: 'server.gameEnded', data },
    { topic: gameTopic(game.id, 'public'), type: 'server.gameEnded', data },
  ]);
}
