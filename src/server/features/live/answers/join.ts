/**
 * Joining a game by PIN and nickname (docs/game-rules.md, docs/venue.md): a join raises the game's
 * player count only while it is below the cap and the nickname is free, in the same statement as the
 * insert (q.admitPlayer); a nickname taken meanwhile undoes both.
 */
import { ApiError, FieldErrors, ResponseCode, businessError } from '../../../lib/envelope.js';
import type { Db } from '../../../db/client.js';
import type { Lang } from '../../../i18n.js';
import { checkNickname } from '../../../../domain/nickname.js';
import { formatDomainMessage } from '../../../../domain/messages.js';
import * as q from '../queries.js';
import type { JoinBatcher } from './join-batch.js';
import { hashSecret, newSecret } from '../tokens.js';
import { rankingSummary, TOP, type PlaySchemas } from '../views.js';

export interface JoinResult {
  token: string;
  player: q.PlayerIdentity;
  game: q.Admitted['game'];
}

/**
 * Marks the join of a bot of the server's rehearsal (features/rehearsal): admitted only while the
 * rehearsal runs, and only it then. A symbol, so no request body (JSON) can carry it.
 */
export const REHEARSAL_BOT: unique symbol = Symbol('rehearsal bot');

/** A unique violation of the given index, wherever the driver put it (Drizzle wraps errors). */
function isUniqueViolation(error: unknown, index: string): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === index || e.message?.includes(index))) return true;
  }
  return false;
}

/** The nickname as stored and compared (src/domain/nickname.ts), or a 422 in the request's language. */
export function cleanNickname(lang: Lang, nickname: string): string {
  const checked = checkNickname(nickname);
  if (!checked.ok) throw new FieldErrors({ nickname: [formatDomainMessage(lang, checked.key, checked.params)] });
  return checked.nickname;
}

/**
 * The refusal of a join to an ended game: code 201 with the game's title and its final published
 * ranking (the top entries, as the display shows them; null when none was published), so the phone
 * shows the results instead of a join form that would wait forever.
 */
async function endedGameRefusal(db: q.Queryable, game: q.GameRow): Promise<ApiError> {
  const latest = await q.latestRanking(db, game.id);
  const summary = latest ? await q.rankingSummary(db, latest.id, TOP) : undefined;
  const data: PlaySchemas['JoinEndedData'] = { title: game.title, ranking: summary ? rankingSummary(summary) : null };
  return new ApiError(200, ResponseCode.ERROR, 'live.join.gameEnded', {}, data);
}

/** A game closed by its end (step 5, or closed by update) rather than one never opened. */
const hasEnded = (game: q.GameRow) => game.status !== 1 && game.endedAt !== null;

/**
 * Joins a game: one statement admits the player (q.admitPlayer: the game open, below its cap, the
 * nickname free, the player inserted), committed before this returns; only a refused join reads the
 * game again, to say why in the order a player would want to know: an unknown PIN, an ended or closed
 * game, a rehearsal under way, a taken nickname, a full game. A phone's join goes through the joins'
 * group commit (`joins`, join-batch.ts): admitted together with the joins arriving meanwhile, by the
 * same rules.
 */
export async function join(
  db: Db,
  lang: Lang,
  input: { pin: string; nickname: string; device_id?: string; [REHEARSAL_BOT]?: true },
  now: Date,
  address: string | null = null,
  /** The joins' group commit (join-batch.ts); without it the join is admitted by a statement of its own. */
  joins?: JoinBatcher,
): Promise<JoinResult> {
  const rehearsal = input[REHEARSAL_BOT] === true;
  const nickname = cleanNickname(lang, input.nickname);
  const token = newSecret();
  const tokenHash = hashSecret(token);
  for (let attempt = 1; ; attempt += 1) {
    let admitted: q.Admitted | undefined;
    try {
      const admit = { pin: input.pin, nickname, tokenHash, joinedAt: now, deviceId: input.device_id ?? null, address };
      admitted = await (joins && !rehearsal ? joins.admit(admit) : q.admitPlayer(db, { ...admit, rehearsal }));
    } catch (error) {
      // Two phones taking the same nickname (or two that look the same) at once (PostgreSQL): the unique
      // indexes decide, the loser is told.
      if (isUniqueViolation(error, 'players_game_nickname_unique') || isUniqueViolation(error, 'players_game_nickname_key_unique')) {
        throw businessError('live.join.nicknameTaken');
      }
      throw error;
    }
    if (admitted) {
      const { player, game } = admitted;
      return { token, player: { ...player, triviaGameId: game.id, tokenHash }, game };
    }
    const found = await q.gameByPin(db, input.pin);
    if (!found) throw businessError('live.join.unknownPin');
    if (hasEnded(found)) throw await endedGameRefusal(db, found);
    if (found.status !== 1) throw businessError('live.join.notOpen');
    // A rehearsal's bots are the only players while it runs; a bot after its end is refused.
    if (found.rehearsalPlayers > 0 && !rehearsal) throw businessError('live.join.rehearsal');
    if (found.rehearsalPlayers === 0 && rehearsal) throw businessError('rehearsal.notRunning');
    if (await q.nicknameTaken(db, found.id, nickname)) throw businessError('live.join.nicknameTaken');
    // Full, unless the game changed between the statement and these reads (its cap raised, a reset): then again.
    if (found.playerCount >= found.playerCap || attempt === 3) throw businessError('live.join.full', { cap: found.playerCap });
  }
}
