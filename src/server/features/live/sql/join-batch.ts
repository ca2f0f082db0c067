/**
 * The statement that admits the joins of one PIN together (answers/join-batch.ts says when and
 * why): the same rules as one join (admitPlayer), in arrival order.
 */
import { sql } from 'drizzle-orm';
import { nicknameKey } from '../../../../domain/nickname-key.js';
import type { Admitted } from './players.js';
import { rowsOf, type Queryable } from './rows.js';

export interface AdmitInput {
  pin: string;
  nickname: string;
  tokenHash: string;
  joinedAt: Date;
  deviceId?: string | null;
  address?: string | null;
}

/**
 * Admits the joins of one PIN in one statement (see the module comment): for each input, in order,
 * the admitted player and game as admitPlayer answers them, or undefined.
 */
export async function admitPlayers(db: Queryable, pin: string, inputs: AdmitInput[]): Promise<Array<Admitted | undefined>> {
  const rows = inputs.map((input, i) => ({
    i,
    nickname: input.nickname,
    nickname_key: nicknameKey(input.nickname),
    token_hash: input.tokenHash,
    joined_at: input.joinedAt.toISOString(),
    device_id: input.deviceId ?? null,
    address: input.address ?? null,
  }));
  const result = await rowsOf<{ i: number; id: number; join_order: number; game_id: number; title: string; type: number; status: number; pin: string }>(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as x(i int, nickname text, nickname_key text, token_hash text, joined_at timestamptz, device_id text, address text)
        ), found as (
          select id from trivia_games where pin = ${pin} order by status desc, id desc limit 1
        ), game as (
          select g.id, g.player_count, g.player_cap from trivia_games as g, found
          where g.id = found.id and g.status = 1 and g.rehearsal_players = 0
          for update of g
        ), eligible as (
          select input.*, row_number() over (order by input.i) as n
          from input, game
          where not exists (select 1 from players as p where p.trivia_game_id = game.id and lower(p.nickname) = lower(input.nickname))
            and not exists (select 1 from players as p where p.trivia_game_id = game.id and p.nickname_key = input.nickname_key)
            and not exists (
              select 1 from input as earlier
              where earlier.i < input.i and (lower(earlier.nickname) = lower(input.nickname) or earlier.nickname_key = input.nickname_key)
            )
        ), chosen as (
          select eligible.* from eligible, game where eligible.n <= game.player_cap - game.player_count
        ), slot as (
          update trivia_games as g set player_count = g.player_count + (select count(*) from chosen)
          from game
          where g.id = game.id and exists (select 1 from chosen)
          returning g.id, g.title, g.type, g.status, g.pin, g.player_count
        ), admitted as (
          insert into players (trivia_game_id, nickname, nickname_key, token_hash, join_order, joined_at, device_id, address)
          select slot.id, chosen.nickname, chosen.nickname_key, chosen.token_hash, slot.player_count - (select count(*) from chosen) + chosen.n,
            chosen.joined_at, chosen.device_id, chosen.address
          from chosen, slot
          returning id, token_hash, join_order
        )
        select chosen.i, admitted.id, admitted.join_order, slot.id as game_id, slot.title, slot.type, slot.status, slot.pin
        from admitted join chosen on chosen.token_hash = admitted.token_hash, slot`,
  );
  const admitted: Array<Admitted | undefined> = inputs.map(() => undefined);
  for (const row of result) {
    const input = inputs[row.i]!;
    admitted[row.i] = {
      player: { id: row.id, nickname: input.nickname, joinOrder: row.join_order },
      // The count as this player's own join left it, as admitPlayer answers it.
      game: { id: row.game_id, title: row.title, type: row.type, status: row.status, pin: row.pin, playerCount: row.join_order },
    };
  }
  return admitted;
}
