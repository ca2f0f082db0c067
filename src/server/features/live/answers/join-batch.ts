/**
 * Joins committed together (issue 22: 10,000 phones scanning the QR code at once). Each join was one
 * statement in a transaction of its own, about a millisecond of the embedded database's time, plus
 * the read cache's trigger on trivia_games once per join (bench/README.md). Joins that arrive while
 * the previous batch commits are admitted together, by one statement per PIN (`admitPlayers`), in
 * one transaction: the same rules as one join (q.admitPlayer), in arrival order.
 *
 * - The game the PIN names (an open game first), open, not in a rehearsal; its row locked, so its
 *   player count is the latest (two instances admitting to one game queue on that lock).
 * - A nickname already in the game, or asked earlier in the same batch, is not admitted (compared
 *   lower-cased and on its look-alike key, as the unique indexes do: src/domain/nickname-key.ts); the
 *   places left under the cap go in arrival order.
 * - The admitted get join orders count+1, count+2… in arrival order; the count rises by how many.
 * - A join not admitted gets undefined, and join.ts reads why with the same messages as before (an
 *   unknown PIN, ended, not open, nickname taken, full).
 * - A statement that fails (on PostgreSQL: another instance inserted one of the nicknames since the
 *   statement's snapshot, and the unique index refused the insert) admits none of its batch: each of
 *   its joins is then tried alone with q.admitPlayer, as before, so only the loser of the race is
 *   refused (nickname taken).
 */
import { sql } from 'drizzle-orm';
import { nicknameKey } from '../../../../domain/nickname-key.js';
import type { Db } from '../../../db/client.js';
import * as q from '../queries.js';
import { CROWD_GATHER } from '../../../lib/turn-batch.js';
import { rowsOf, type Queryable } from '../sql/rows.js';

export interface AdmitInput {
  pin: string;
  nickname: string;
  tokenHash: string;
  joinedAt: Date;
  deviceId?: string | null;
  address?: string | null;
}

/** The most joins one statement admits. */
export const MAX_JOIN_BATCH = 500;

/**
 * Admits the joins of one PIN in one statement (see the module comment): for each input, in order,
 * the admitted player and game as q.admitPlayer answers them, or undefined.
 */
export async function admitPlayers(db: Queryable, pin: string, inputs: AdmitInput[]): Promise<Array<q.Admitted | undefined>> {
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
  const admitted: Array<q.Admitted | undefined> = inputs.map(() => undefined);
  for (const row of result) {
    const input = inputs[row.i]!;
    admitted[row.i] = {
      player: { id: row.id, nickname: input.nickname, joinOrder: row.join_order },
      // The count as this player's own join left it, as q.admitPlayer answers it.
      game: { id: row.game_id, title: row.title, type: row.type, status: row.status, pin: row.pin, playerCount: row.join_order },
    };
  }
  return admitted;
}

interface Waiting {
  input: AdmitInput;
  resolve: (admitted: q.Admitted | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * The group commit of joins: a join waits for the batch being committed (if any), then goes with
 * every join that arrived meanwhile. One join alone waits for nothing but the next turn. While a
 * crowd joins (a batch was committed less than CROWD_GATHER.crowdMs ago), a batch first waits
 * CROWD_GATHER.gatherMs for the joins on their way: the statement costs about as much for 1 join as
 * for 10 (embedded database, measured: 1.5 ms for 1, 3–5 ms for 10, 7 ms for 50, 12–15 ms for 200),
 * so many small batches spent the crowd's time on statements (bench/README.md, "A crowd's calls gathered").
 */
export class JoinBatcher {
  private queue: Waiting[] = [];
  private running = false;
  /** When the last batch was committed (performance.now()). */
  private lastCommit = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = MAX_JOIN_BATCH,
  ) {}

  admit(input: AdmitInput): Promise<q.Admitted | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.running) return;
      this.running = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      if (this.queue.length < this.maxBatch && performance.now() - this.lastCommit < CROWD_GATHER.crowdMs) {
        await new Promise((resolve) => setTimeout(resolve, CROWD_GATHER.gatherMs));
      }
      const batch = this.queue.splice(0, this.maxBatch);
      const byPin = new Map<string, Waiting[]>();
      for (const waiting of batch) {
        const same = byPin.get(waiting.input.pin);
        if (same) same.push(waiting);
        else byPin.set(waiting.input.pin, [waiting]);
      }
      for (const [pin, joins] of byPin) await this.admitTogether(pin, joins);
      this.lastCommit = performance.now();
    }
    this.running = false;
  }

  private async admitTogether(pin: string, joins: Waiting[]): Promise<void> {
    if (joins.length > 1) {
      let admitted: Array<q.Admitted | undefined> | null = null;
      try {
        admitted = await admitPlayers(this.db, pin, joins.map((j) => j.input));
      } catch {
        // Each alone below: only the join the statement failed for fails.
      }
      if (admitted) {
        joins.forEach((j, i) => j.resolve(admitted[i]));
        return;
      }
    }
    for (const j of joins) await q.admitPlayer(this.db, j.input).then(j.resolve, j.reject);
  }
}
