/**
 * Smaller pieces of the shell: the brand palette built from a chosen theme colour (white text on the
 * `solid` shade stays readable), the WebSocket client's clock offset (its backoff is src/shared's and
 * tested there), and the tags view rules (pinned tags survive closing).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { clockOffset } from '@/app/realtime/realtime-client';
import { closeAllTags, closeOtherTags, closeTag, currentTags, resetTags, syncPinned, visit } from '@/app/layout/tags';
import { brandPalette, contrastRatio, THEME_COLOR, THEME_PRESETS } from '@/app/theme';

describe('brandPalette', () => {
  it('keeps the hand-tuned palette for the default colour', () => {
    expect(brandPalette(THEME_COLOR)[600]).toBe('#1c73d4');
  });

  it('builds eleven shades around any colour, with white text on 600 at 4.5:1 or more', () => {
    for (const color of [...THEME_PRESETS, '#ffeb3b', '#00ff00']) {
      const palette = brandPalette(color);
      expect(palette[500].toLowerCase()).toBe(color.toLowerCase());
      expect(contrastRatio(palette[600], '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(Object.keys(palette)).toHaveLength(11);
    }
  });
});

describe('realtime client maths', () => {
  it('takes the server clock as read halfway through the round trip', () => {
    expect(clockOffset(1_000, 1_200, 5_100)).toBe(4_000);
  });
});

describe('tags', () => {
  const dashboard = { path: '/dashboard', fullPath: '/dashboard', title: 'menu.dashboard', affix: true };
  const page = (path: string) => ({ path, fullPath: `${path}?page=2`, title: path, affix: false });

  beforeEach(() => {
    resetTags();
    syncPinned([dashboard]);
    for (const path of ['/a', '/b', '/c']) visit(page(path));
  });

  const paths = () => currentTags().map((tag) => tag.path);

  it('closes one, others or all, never a pinned tag', () => {
    closeTag('/dashboard');
    closeTag('/b');
    expect(paths()).toEqual(['/dashboard', '/a', '/c']);
    closeOtherTags('/c');
    expect(paths()).toEqual(['/dashboard', '/c']);
    closeAllTags();
    expect(paths()).toEqual(['/dashboard']);
  });

  it('one tag per page; a pin switched off leaves the tag open and closable', () => {
    visit(page('/a'));
    expect(paths()).toEqual(['/dashboard', '/a', '/b', '/c']);
    syncPinned([dashboard, { ...page('/b'), fullPath: '/b', affix: true }]);
    expect(paths()).toEqual(['/dashboard', '/b', '/a', '/c']);
    expect(currentTags()[1]).toMatchObject({ affix: true, fullPath: '/b?page=2' });
    syncPinned([dashboard]);
    closeAllTags();
    expect(paths()).toEqual(['/dashboard']);
  });
});
