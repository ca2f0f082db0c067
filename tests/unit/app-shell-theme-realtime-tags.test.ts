/**
 * Smaller pieces of the shell: the brand palette built from a chosen theme colour (white text on the
 * `solid` shade stays readable), the WebSocket client's clock offset (its backoff is src/shared's and
 * tested there), and the tags view rules (pinned tags survive closing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockOffset, RealtimeClient } from '@/app/realtime/realtime-client';
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

describe('realtime client state', () => {
  /** A socket the test opens and closes by hand. */
  class FakeSocket {
    static last: FakeSocket | null = null;
    readyState = 0;
    onopen: (() => void) | null = null;
    onclose: (() => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    constructor(readonly url: string) {
      FakeSocket.last = this;
    }
    send(): void {}
    close(): void {
      this.readyState = 3;
      this.onclose?.();
    }
    open(): void {
      this.readyState = 1;
      this.onopen?.();
    }
  }

  afterEach(() => vi.useRealTimers());

  it('says "disconnected" through every failed retry after a loss, until a socket opens again', async () => {
    vi.useFakeTimers();
    let online = true;
    const client = new RealtimeClient({
      getTicket: async () => {
        if (!online) throw new Error('offline');
        return 'ticket';
      },
      url: (ticket) => `ws://test/${ticket}`,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    client.start();
    expect(client.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.last!.open();
    expect(client.state).toBe('open');

    online = false;
    FakeSocket.last!.close();
    expect(client.state).toBe('closed');
    // Several retries fail (the ticket cannot be fetched): the screen polling the state reads "closed" throughout.
    for (let i = 0; i < 4; i += 1) {
      await vi.advanceTimersByTimeAsync(1_000 * 2 ** i);
      expect(client.state, `after retry window ${i + 1}`).toBe('closed');
    }
    online = true;
    await vi.advanceTimersByTimeAsync(30_000);
    FakeSocket.last!.open();
    expect(client.state).toBe('open');
    client.stop();
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
