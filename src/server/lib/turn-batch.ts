/**
 * One read shared by the calls that ask for the same key while it waits to start: a read starts on
 * the next turn of the event loop (setImmediate) and, when a read of the key is still running, only
 * once that one has ended — so every call arriving meanwhile shares the next read (issue 22: a crowd
 * subscribing arrives faster than the turns of a busy server). Each call gets an answer as fresh as a
 * read of its own would have been: the read it shares starts after it arrived. For reads that a crowd
 * makes at once (thousands of phones asking for a ticket or subscribing to their game within
 * seconds): about one query per read's duration instead of one per call.
 */
export class TurnBatch<K, V> {
  /** Reads asked for and not started yet. */
  private readonly pending = new Map<K, Promise<V>>();
  /** The read of each key that is running. */
  private readonly running = new Map<K, Promise<unknown>>();

  constructor(private readonly read: (key: K) => Promise<V>) {}

  get(key: K): Promise<V> {
    let shared = this.pending.get(key);
    if (!shared) {
      const nextTurn = new Promise<void>((resolve) => setImmediate(resolve));
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
  }
}
