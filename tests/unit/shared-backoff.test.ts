/** Reconnect backoff of every face's WebSocket (src/shared/backoff.ts): doubling ceilings, a cap, full jitter with a floor. */
import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay } from '@/shared/backoff';

describe('reconnect backoff', () => {
  it('doubles the ceiling from 500 ms up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoffCeiling(n))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
    expect(backoffCeiling(2, { baseMs: 100, maxMs: 300 })).toBe(300);
  });

  it('spreads the delay between the floor and the ceiling (so a room of phones does not come back at once)', () => {
    expect(backoffDelay(3, () => 0)).toBe(250);
    expect(backoffDelay(3, () => 1)).toBe(4_000);
    expect(backoffDelay(3, () => 0.5)).toBe(2_125);
    expect(backoffDelay(0, () => 0.5, { minMs: 1_000 })).toBe(500);
    for (let attempt = 0; attempt < 12; attempt++) {
      const delay = backoffDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(250);
      expect(delay).toBeLessThanOrEqual(10_000);
    }
  });
});
