/**
 * Players: admitted in one statement (the cap, the nickname), looked up by token, their places and counts.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { nicknameKey } from '../../../../domain/nickname-key.js';
import { players, triviaGames } from '../../../db/schema.js';
import { rowsOf, type Queryable, type GameRow, type PlayerRow, type PlayerIdentity } from './rows.js';

/** A player admitted by admitPlayer, with what the join answers of the game (read as the slot was taken). */
export interface Admitted {
  player: Pick<PlayerRow, 'id' | 'nickname' | 'joinOrder'>;
  game: Pick<GameRow, 'id' | 'title' | 'type' | 'status' | 'pin' | 'playerCount'>;
}

/**
 * Admits a player in one statement (one round trip, one transaction of its own): the game the PIN
 * names (an open game first: the PIN is unique among open games), its player count raised only while
 * the game is open, below its cap and no player of it has the nickname (compared as the unique indexes
 * do: lower-cased, and on its look-alike key, src/domain/nickname-key.ts), and the player inserted
 * with that count as its join order. Nothing is changed
 * when any condition fails: undefined, and the caller reads why (join.ts). Two joins racing for
 * the last place: the count's row lock orders them and the second finds the game full; for one
 * nickname on PostgreSQL: the unique index refuses the second insert, which undoes its count.
 * During a rehearsal (rehearsal_players > 0) only its bots are admitted (`rehearsal`), and they only then.
 */
export async function admitPlayer(
  db: Queryable,
  input: { pin: string; nickname: string; tokenHash: string; joinedAt: Date; deviceId?: string | null; address?: string | null; rehearsal?: boolean },
): Promise<Admitted | undefined> {
  const key = nicknameKey(input.nickname);
  const [row] = await rowsOf<{ id: number; join_order: number; game_id: number; title: string; type: number; status: number; pin: string; player_count: number }>(
    db,
    sql`with found as (
          select ${triviaGames.id} as id from ${triviaGames} where ${triviaGames.pin} = ${input.pin}
          order by ${triviaGames.status} desc, ${triviaGames.id} desc limit 1
        ), slot as (
          update ${triviaGames} as g set player_count = g.player_count + 1
          from found
          where g.id = found.id and g.status = 1 and g.player_count < g.player_cap
            and ${input.rehearsal ? sql`g.rehearsal_players > 0` : sql`g.rehearsal_players = 0`}
            and not exists (select 1 from ${players} as p where p.trivia_game_id = found.id and lower(p.nickname) = lower(${input.nickname}))
            and not exists (select 1 from ${players} as p where p.trivia_game_id = found.id and p.nickname_key = ${key})
          returning g.id, g.title, g.type, g.status, g.pin, g.player_count
        ), admitted as (
          insert into ${players} (trivia_game_id, nickname, nickname_key, token_hash, join_order, joined_at, device_id, address)
          select slot.id, ${input.nickname}, ${key}, ${input.tokenHash}, slot.player_count, ${input.joinedAt.toISOString()}::timestamptz,
            ${input.deviceId ?? null}::text, ${input.address ?? null}::text from slot
          returning id, join_order
        )
        select admitted.id, admitted.join_order, slot.id as game_id, slot.title, slot.type, slot.status, slot.pin, slot.player_count
        from admitted, slot`,
  );
  if (!row) return undefined;
  return {
    player: { id: row.id, nickname: input.nickname, joinOrder: row.join_order },
    game: { id: row.game_id, title: row.title, type: row.type, status: row.status, pin: row.pin, playerCount: row.player_count },
  };
}

/** Whether a player of the game has this nickname, whatever its case, or one that looks the same. */
export async function nicknameTaken(db: Queryable, gameId: number, nickname: string): Promise<boolean> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.triviaGameId, gameId), or(sql`lower(${players.nickname}) = lower(${nickname})`, eq(players.nicknameKey, nicknameKey(nickname)))))
    .limit(1);
  return rows.length > 0;
}

const playerIdentityColumns = {
  id: players.id,
  triviaGameId: players.triviaGameId,
  nickname: players.nickname,
  joinOrder: players.joinOrder,
  tokenHash: players.tokenHash,
};

/** The players with these token hashes (one statement for a burst of requests). */
export async function playersByTokenHashes(db: Queryable, tokenHashes: string[]): Promise<PlayerIdentity[]> {
  if (tokenHashes.length === 0) return [];
  return db.select(playerIdentityColumns).from(players).where(inArray(players.tokenHash, [...new Set(tokenHashes)]));
}

/** A player's place in the last ranking that was published (null before any), and the reason they were disqualified (null: ranked). */
export async function playerPlace(
  db: Queryable,
  playerId: number,
): Promise<{ rankingId: number | null; rankPosition: number | null; disqualifyReason: string | null; disqualifiedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ rankingId: players.rankingId, rankPosition: players.rankPosition, disqualifyReason: players.disqualifyReason, disqualifiedAt: players.disqualifiedAt })
    .from(players)
    .where(eq(players.id, playerId));
  return row;
}

export async function countPlayers(db: Queryable, gameId: number): Promise<number> {
  const [row] = await db.select({ count: triviaGames.playerCount }).from(triviaGames).where(eq(triviaGames.id, gameId));
  return row?.count ?? 0;
}
