/**
 * Whether a question has a time limit (src/domain/timed.ts), the rule the server's deadlines, the
 * question form and every screen showing the time ask: a speed game's questions always, a level
 * game's only when the question says so.
 */
import { describe, expect, it } from 'vitest';
import { isTimed } from '@/domain/timed';

describe('a question with a time limit', () => {
  it('is every question of a speed game (type 1), whatever its own flag says', () => {
    expect(isTimed(1, 1)).toBe(true);
    expect(isTimed(1, 0)).toBe(true);
  });

  it('is a question of a level game (type 2) only when have_answering_time is 1', () => {
    expect(isTimed(2, 1)).toBe(true);
    expect(isTimed(2, 0)).toBe(false);
  });
});
