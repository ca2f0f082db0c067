/**
 * The display's pairing loop (src/quiz/pairing.ts): it shows a code, polls about every 2 s, renews an
 * expired code by itself, keeps the code on screen and backs off while the network is gone, and hands
 * over the display token once the operator paired it. Timers are driven by hand, never by sleeping.
 */
import { describe, expect, it } from 'vitest';
import { PlayApiError } from '@/audience/api';
import { formatPairingCode, PairingLoop, POLL_INTERVAL_MS, type PairingView } from '@/quiz/pairing';

function harness(statuses: Array<'waiting' | 'paired' | 'expired' | 'offline'>) {
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const views: PairingView[] = [];
  const paired: Array<{ token: string; gameId: number }> = [];
  let codes = 0;
  const api = {
    displayPair: async () => ({ pairing_code: ['ABC234', 'XYZ789'][codes++] ?? 'QQQ999', pairing_token: `secret-${codes}`, expires_in: 600 }),
    displayPairStatus: async (token: string) => {
      const next = statuses.shift() ?? 'waiting';
      if (next === 'offline') throw new PlayApiError('Reconnecting…', 0);
      return next === 'paired' ? { status: 'paired' as const, display_token: token, game: { id: 7, title: 'Quiz night' } } : { status: next };
    },
  };
  const loop = new PairingLoop(api, { onView: (v) => views.push(v), onPaired: (s) => paired.push(s) }, {
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    clearTimeout: () => undefined,
    random: () => 1,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** Fires the next timer and lets its call settle; the delay it was set for. */
  const tick = async () => {
    const timer = timers.shift();
    if (!timer) throw new Error('no timer pending');
    timer.fn();
    await settle();
    return timer.ms;
  };
  return { loop, views, paired, timers, tick, settle };
}

describe('the pairing loop', () => {
  it('shows the code, polls every 2 s, and hands over the token with its game once paired', async () => {
    const h = harness(['waiting', 'paired']);
    h.loop.start();
    await h.settle();
    expect(h.views.at(-1)).toEqual({ kind: 'showing', code: 'ABC234' });
    expect(await h.tick()).toBe(POLL_INTERVAL_MS);
    expect(await h.tick()).toBe(POLL_INTERVAL_MS);
    expect(h.paired).toEqual([{ token: 'secret-1', gameId: 7 }]);
    expect(h.timers, 'no more polling').toEqual([]);
  });

  it('asks for a new code when the code expired', async () => {
    const h = harness(['expired']);
    h.loop.start();
    await h.settle();
    await h.tick();
    expect(h.views.at(-1)).toEqual({ kind: 'showing', code: 'XYZ789' });
  });

  it('keeps the code on screen while offline, backs off, and polls again when the network is back', async () => {
    const h = harness(['offline', 'offline', 'waiting']);
    h.loop.start();
    await h.settle();
    await h.tick();
    expect(h.views.at(-1)).toEqual({ kind: 'offline', message: 'Reconnecting…', code: 'ABC234' });
    const firstWait = await h.tick();
    const secondWait = await h.tick();
    expect(firstWait).toBeGreaterThanOrEqual(POLL_INTERVAL_MS);
    expect(secondWait, 'backs off').toBeGreaterThan(firstWait);
    expect(h.views.at(-1)).toEqual({ kind: 'showing', code: 'ABC234' });
  });

  it('stops polling when stopped (the page left the pairing screen)', async () => {
    const h = harness([]);
    h.loop.start();
    await h.settle();
    h.loop.stop();
    await h.tick();
    expect(h.timers).toEqual([]);
  });

  it('groups the code in threes for the stage', () => {
    expect(formatPairingCode('ABC234')).toBe('ABC 234');
  });
});
