/**
 * Resetting a game after its rehearsal (admin API /triviaGame/reset): the run's players, answers and
 * rankings are deleted, every question goes back to "not sent" and the game back to enabled, in one
 * transaction under the game's row lock (the lock every game-flow step and every join takes, so none
 * interleaves). The game keeps its PIN, so printed QR codes stay valid, unless an enabled game took it
 * while this one was closed (the partial unique index allows one enabled game per PIN): it then gets a
 * fresh one, as reopening a game by update does. Never while a question is on screen.
 *
 * An operator's reset (resetByOperator, /triviaGame/reset) also needs a game that is not running
 * (src/domain/game-rules.ts isGameRunning: ended, never started, or rehearsing) and, while a control
 * screen holds control, to come from that screen (its screen id, the lease as for a game-flow step):
 * a reset from the game list, or by a second admin, never deletes a show under way.
 *
 * Afterwards (resetEvents) the game's topics hear `server.gameReset`; every instance then forgets the
 * deleted players' tokens and closes their sockets (plugin.ts), so a phone of the rehearsal gets 202
 * and goes back to joining instead of answering as a player who no longer exists.
 * Returns the counts and the events; never publishes itself.
 */
import type { Db } from '../../../db/client.js';
import { businessError, recordNotFound } from '../../../lib/envelope.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import { isGameRunning } from '../../../../domain/game-rules.js';
import { pinInUse } from '../../trivia/queries.js';
import { withFreePin } from '../../trivia/service.js';
import { requireControl } from '../control/lease.js';
import * as q from '../queries.js';
import { gameTopic, iso, type PlaySchemas } from '../views.js';

/** The realtime event type of a reset (operator and public topics). */
export const GAME_RESET_EVENT = 'server.gameReset';

export interface ResetResult {
  players: number;
  answers: number;
  rankings: number;
  pin: string;
  /** The PIN had gone to another enabled game meanwhile: the game has a fresh one. */
  pinChanged: boolean;
  events: RealtimeEvent[];
}

/**
 * `beforeReset` runs under the lock first (the rehearsal's end checks its own rules there). A reset
 * also ends the game's rehearsal, if one ran (rehearsal_players back to 0: real players may join).
 */
export async function resetGame(
  db: Db,
  companyId: number,
  gameId: number,
  now: Date,
  beforeReset?: (tx: q.Queryable, game: q.GameRow) => Promise<void>,
): Promise<ResetResult> {
  return withFreePin((freshPin) =>
    db.transaction(async (tx) => {
      const game = await q.lockGame(tx, companyId, gameId);
      if (!game) throw recordNotFound();
      await beforeReset?.(tx, game);
      // The lock excludes game-flow steps: no question can be shown between this check and the commit.
      if (await q.liveQuestion(tx, game.id)) throw businessError('trivia.resetQuestionOnScreen');

      // Questions first: their row locks wait for any answer that share-locked its question, so the
      // deletes below see every answer committed, and an answer arriving later finds its question not shown.
      await q.resetQuestions(tx, game.id, now);
      const deleted = await q.deleteGamePlay(tx, game.id);

      const pinChanged = game.status !== 1 && (await pinInUse(tx, game.pin, game.id));
      const pin = pinChanged ? freshPin : game.pin;
      await q.reopenGame(tx, game.id, pin, now);

      return { players: deleted.players, answers: deleted.answers, rankings: deleted.rankings, pin, pinChanged, events: resetEvents(game.id, now) };
    }),
  );
}

/** Who asks for a reset: the admin, and the control screen it came from (null: the game list, a script). */
export interface ResetCaller {
  adminId: number;
  screenId: string | null;
}

/**
 * The admin API's reset: refused (code 201) while another control screen holds control (naming its
 * admin) or while the game is running; otherwise resetGame.
 */
export async function resetByOperator(db: Db, companyId: number, gameId: number, now: Date, caller: ResetCaller): Promise<ResetResult> {
  return resetGame(db, companyId, gameId, now, async (tx, game) => {
    await requireControl(tx, game.id, caller.screenId, caller.adminId, now, 'trivia.resetNotHolder');
    if (isGameRunning({ status: game.status, rehearsing: game.rehearsalPlayers > 0, anyQuestionSent: await q.anyQuestionSent(tx, game.id) })) {
      throw businessError('trivia.resetRunning');
    }
  });
}

export function resetEvents(gameId: number, now: Date): RealtimeEvent[] {
  const data: PlaySchemas['EventGameReset'] = { reset_at: iso(now) };
  return [
    { topic: gameTopic(gameId, 'operator'), type: GAME_RESET_EVENT, data },
    { topic: gameTopic(gameId, 'public'), type: GAME_RESET_EVENT, data },
  ];
}
