/**
 * TurnBatch (src/server/lib/turn-batch.ts): the calls of one turn share one read; the calls arriving
 * while a read of the key runs share the next one, which starts only after that read ended and after
 * they all arrived (as fresh as a read of their own); keys are read apart; a failed read fails only
 * its own callers.
 */
import { describe, expect, it, vi } from 'vitest';
import { TurnBatch } from '@/server/lib/turn-batch';

/** A read the test finishes by hand, recording when each read started and what it saw. */
function controlledReads(options?: { gatherMs?: number; crowdMs?: number }) {
  const started: Array<{ key: string; version: number; finish: (ok: boolean) => void }> = [];
  let version = 0;
  const batch = new TurnBatch((key: string) => {
    const seen = version;
    return new Promise<string>((resolve, reject) => {
      started.push({ key, version: seen, finish: (ok) => (ok ? resolve(`${key}@${seen}`) : reject(new Error(`${key} failed`))) });
    });
  }, options);
  return { batch, started, write: () => (version += 1) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatch', () => {
  it('shares one read among the calls of one turn', async () => {
    const { batch, started } = controlledReads();
    const calls = [batch.get('g'), batch.get('g'), batch.get('g')];
    await turn();
    expect(started).toHaveLength(1);
    started[0]!.finish(true);
    expect(await Promise.all(calls)).toEqual(['g@0', 'g@0', 'g@0']);
  });

  it('gives the calls arriving while a read runs one next read, started after it ended and after they arrived', async () => {
    const { batch, started, write } = controlledReads();
    const first = batch.get('g');
    await turn();
    expect(started).toHaveLength(1);
    // A change, then callers arriving over several turns while the first read still runs.
    write();
    const later = [batch.get('g')];
    await turn();
    later.push(batch.get('g'));
    await turn();
    later.push(batch.get('g'));
    await turn();
    expect(started).toHaveLength(1);
    started[0]!.finish(true);
    expect(await first).toBe('g@0');
    await turn();
    await turn();
    expect(started).toHaveLength(2);
    started[1]!.finish(true);
    // They see the change made before they asked: not the first read's answer.
    expect(await Promise.all(later)).toEqual(['g@1', 'g@1', 'g@1']);
  });

  it('reads different keys apart, at once', async () => {
    const { batch, started } = controlledReads();
    const a = batch.get('a');
    const b = batch.get('b');
    await turn();
    expect(started.map((s) => s.key)).toEqual(['a', 'b']);
    started[1]!.finish(true);
    started[0]!.finish(true);
    expect([await a, await b]).toEqual(['a@0', 'b@0']);
  });

  it('fails only the callers of a failed read; the next read goes ahead', async () => {
    const { batch, started } = controlledReads();
    const failing = batch.get('g');
    await turn();
    const next = batch.get('g');
    started[0]!.finish(false);
    await expect(failing).rejects.toThrow('g failed');
    await turn();
    await turn();
    expect(started).toHaveLength(2);
    started[1]!.finish(true);
    expect(await next).toBe('g@0');
  });

  it('in a crowd (a read of the key ended moments ago), waits gatherMs so the calls on their way share the read; after a quiet moment, one turn', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      const { batch, started } = controlledReads({ gatherMs: 10, crowdMs: 100 });
      const first = batch.get('g');
      await turn();
      expect(started).toHaveLength(1);
      started[0]!.finish(true);
      await first;
      // Right after: the next read waits 10 ms, and the calls of those 10 ms share it.
      const crowd = [batch.get('g')];
      await turn();
      expect(started).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(5);
      crowd.push(batch.get('g'));
      await vi.advanceTimersByTimeAsync(5);
      expect(started).toHaveLength(2);
      started[1]!.finish(true);
      expect(await Promise.all(crowd)).toEqual(['g@0', 'g@0']);
      // After a quiet moment (more than crowdMs since the last read ended): the next turn, as without gathering.
      await vi.advanceTimersByTimeAsync(150);
      const quiet = batch.get('g');
      await turn();
      expect(started).toHaveLength(3);
      started[2]!.finish(true);
      expect(await quiet).toBe('g@0');
    } finally {
      vi.useRealTimers();
    }
  });
});
