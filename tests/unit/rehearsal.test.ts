/**
 * The small rules around a rehearsal's reset and a game's copy: the copy's title (marked, cut to the
 * title's 255 characters, never through a character as users see it), when the game list offers a
 * reset, and the display reading its state again after `server.gameReset`.
 */
import { describe, expect, it } from 'vitest';
import { copyTitle, GAME_TITLE_MAX } from '@/domain/game-rules';
import { hasRehearsal } from '@/app/features/trivia-game/components/rehearsal-actions';
import { applyFrame, type DisplayState } from '@/quiz/display-state';

describe('copyTitle', () => {
  it('marks the copy in the language given', () => {
    expect(copyTitle('Quiz night', ' (copy)')).toBe('Quiz night (copy)');
    expect(copyTitle('週年慶搶答', '（複本）')).toBe('週年慶搶答（複本）');
  });

  it('cuts a long title so that the mark fits, counting code points as the contract does', () => {
    const title = copyTitle('字'.repeat(GAME_TITLE_MAX), '（複本）');
    expect([...title].length).toBe(GAME_TITLE_MAX);
    expect(title.endsWith('字（複本）')).toBe(true);
  });

  it.each([
    ['a family emoji', '👨‍👩‍👧‍👦'],
    ['a flag', '🇹🇼'],
    ['a letter with combining accents', 'é̂'],
  ])('never splits %s', (_name, cluster) => {
    // The cluster straddles the cut: it goes whole.
    const title = copyTitle(`${'x'.repeat(GAME_TITLE_MAX - 8)}${cluster}tail`, ' (copy)');
    expect(title).toBe(`${'x'.repeat(GAME_TITLE_MAX - 8)} (copy)`);
  });
});

describe('hasRehearsal', () => {
  const fresh = { player_count: 0, answer_count: 0, ended_at: null };
  it('offers a reset only for a game with players, answers or an end', () => {
    expect(hasRehearsal(fresh)).toBe(false);
    expect(hasRehearsal({ ...fresh, player_count: 1 })).toBe(true);
    expect(hasRehearsal({ ...fresh, answer_count: 3 })).toBe(true);
    expect(hasRehearsal({ ...fresh, ended_at: '2026-11-25T10:00:00.000Z' })).toBe(true);
  });
});

describe('the display after a reset', () => {
  it('reads its state again: the final ranking of the rehearsal is gone', () => {
    const ended = { server_time: '2026-11-25T10:00:00.000Z', finished: true, question: null, ranking: null, game: { id: 1, title: 'G', type: 1, status: 0, player_count: 5 } } as unknown as DisplayState;
    const next = applyFrame(ended, { type: 'server.gameReset', data: { reset_at: '2026-11-25T10:01:00.000Z' } });
    expect(next.refresh).toBe(true);
  });
});
