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
import type { Db } from '../../../db/client.js';
import * as q from '../queries.js';
import { CROWD_GATHER } from '../../../lib/turn-batch.js';
import type { AdmitInput } from '../sql/join-batch.js';

export type { AdmitInput } from '../sql/join-batch.js';

/** The most joins one statement admits. */
export const MAX_JOIN_BATCH = 500;

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
        admitted = await q.admitPlayers(this.db, pin, joins.map((j) => j.input));
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
