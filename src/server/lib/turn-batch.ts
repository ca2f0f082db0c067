/**
 * How a crowd's reads and writes are gathered (TurnBatch's options, the joins' group commit): while
 * the same work ended less than `crowdMs` ago, wait `gatherMs` for the calls on their way.
 */
export const CROWD_GATHER = { gatherMs: 10, crowdMs: 100 } as const;

/**
 * One read shared by the calls that ask for the same key while it waits to start: a read starts on
 * the next turn of the event loop (setImmediate) and, when a read of the key is still running, only
 * once that one has ended — so every call arriving meanwhile shares the next read (issue 22: a crowd
 * subscribing arrives faster than the turns of a busy server). Each call gets an answer as fresh as a
 * read of its own would have been: the read it shares starts after it arrived. For reads that a crowd
 * makes at once (thousands of phones asking for a ticket or subscribing to their game within
 * seconds): about one query per read's duration instead of one per call.
 *
 * With `gatherMs`, a read of a key read less than `crowdMs` ago waits that long before starting
 * instead of one turn, so a crowd's calls share fewer, larger reads (a read's cost hardly depends on
 * how many share it); a call after a quiet moment still waits one turn only.
 */
export class TurnBatch<K, V> {
  /** Reads asked for and not started yet. */
  private readonly pending = new Map<K, Promise<V>>();
  /** The read of each key that is running. */
  private readonly running = new Map<K, Promise<unknown>>();

  /** When the last read of each key ended (performance.now()), with `gatherMs` only. */
  private readonly lastEnded = new Map<K, number>();

  constructor(
    private readonly read: (key: K) => Promise<V>,
    private readonly options: { gatherMs?: number; crowdMs?: number } = {},
  ) {}

  get(key: K): Promise<V> {
    let shared = this.pending.get(key);
    if (!shared) {
      const { gatherMs = 0, crowdMs = 100 } = this.options;
      const crowd = gatherMs > 0 && performance.now() - (this.lastEnded.get(key) ?? Number.NEGATIVE_INFINITY) < crowdMs;
      const nextTurn = new Promise<void>((resolve) => (crowd ? setTimeout(resolve, gatherMs) : setImmediate(resolve)));
      const previous = this.running.get(key);
      shared = (previous ? Promise.all([nextTurn, previous]) : nextTurn).then(() => {
        this.pending.delete(key);
        const read = this.read(key);
        const done: Promise<void> = read.then(
          () => this.ended(key, done),
          () => this.ended(key, done),
        );
        this.running.set(key, done);
        return read;
      });
      this.pending.set(key, shared);
    }
    return shared;
  }

  private ended(key: K, done: Promise<unknown>): void {
    if (this.running.get(key) === done) this.running.delete(key);
    if (this.options.gatherMs) this.lastEnded.set(key, performance.now());
  }
}
