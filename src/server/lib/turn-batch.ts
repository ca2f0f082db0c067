/**
 * One read shared by the calls that ask for the same key in one turn of the event loop: the read
 * starts on the next turn (setImmediate), after every one of them arrived, so each gets an answer as
 * fresh as a read of its own would have been; a call arriving once the read has started waits for a
 * read of its own. For reads that a crowd makes at once (thousands of phones asking for a ticket or
 * subscribing to their game within seconds): one query per turn instead of one per call.
 */
export class TurnBatch<K, V> {
  private readonly pending = new Map<K, Promise<V>>();

  constructor(private readonly read: (key: K) => Promise<V>) {}

  get(key: K): Promise<V> {
    let shared = this.pending.get(key);
    if (!shared) {
      shared = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.pending.delete(key);
        return this.read(key);
      });
      this.pending.set(key, shared);
    }
    return shared;
  }
}
