/**
 * The winners on the big screen (src/quiz/display-state.ts winnersAfter, followed by
 * src/quiz/display-follower.ts): shown when the operator shows them, kept while players join, gone
 * as soon as the game moves on or a ranking is published again (a disqualification publishes one).
 */
import { describe, expect, it } from 'vitest';
import { winnersAfter } from '@/quiz/display-state';
import type { Winners } from '@/quiz/winners-podium';

const winners = { list: [{ rank: 1, player_id: 7, nickname: 'Ann', score: 900, level: 0, elapsed_ms: 1200 }] } as unknown as Winners;

describe('the winners on the big screen', () => {
  it('are shown by server.winners, kept while players join or a display is unpaired, gone when the game moves on', () => {
    let shown = winnersAfter(null, { type: 'server.winners', data: winners });
    expect(shown).toBe(winners);
    shown = winnersAfter(shown, { type: 'server.playerJoined', data: { count: 12 } });
    expect(shown).toBe(winners);
    shown = winnersAfter(shown, { type: 'display.unpaired' });
    expect(shown).toBe(winners);
    expect(winnersAfter(shown, { type: 'server.rankingPublished', data: {} })).toBeNull();
    expect(winnersAfter(shown, { type: 'server.questionShown', data: {} })).toBeNull();
    expect(winnersAfter(shown, { type: 'server.snapshot', data: {} })).toBeNull();
  });
});
