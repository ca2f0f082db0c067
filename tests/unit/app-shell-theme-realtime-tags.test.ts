/**
 * Smaller pieces of the shell: the brand palette built from a chosen theme colour (white text on the
 * `solid` shade stays readable), the realtime client's status through failed retries (src/shared;
 * its backoff is tested there), and the tags view rules (pinned tags survive closing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from '@/shared/realtime/client';
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

describe('realtime client state', () => {
  /** A socket the test opens (the server's `ready`) and closes by hand. */
  class FakeSocket {
    static last: FakeSocket | null = null;
    readyState = 1;
    onclose: ((event: { code?: number }) => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    constructor(readonly url: string) {
      FakeSocket.last = this;
    }
    /** The client adds its listeners (as on a browser's or the ws package's socket). */
    addEventListener(type: string, listener: (event: { data?: string; code?: number }) => void) {
      if (type === 'message') this.onmessage = listener;
      else if (type === 'close') this.onclose = listener;
    }
    send(): void {}
    close(): void {
      this.readyState = 3;
      this.onclose?.({});
    }
    open(): void {
      this.onmessage?.({ data: JSON.stringify({ type: 'ready', server_time: Date.now() }) });
    }
  }

  afterEach(() => vi.useRealTimers());

  it('says "reconnecting" through every failed retry after a loss, until a socket opens again', async () => {
    vi.useFakeTimers();
    let online = true;
    const client = new RealtimeClient({
      getTicket: async () => {
        if (!online) throw new Error('offline');
        return { ticket: 'ticket' };
      },
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      location: { protocol: 'http:', host: 'test' },
      watchNetwork: false,
    });
    const seen: string[] = [];
    client.onStatus((status) => seen.push(status));
    client.start();
    expect(client.status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.last!.open();
    expect(client.status).toBe('open');

    online = false;
    FakeSocket.last!.close();
    expect(client.status).toBe('reconnecting');
    // Several retries fail (the ticket cannot be fetched): the status stays "reconnecting" throughout.
    for (let i = 0; i < 4; i += 1) {
      await vi.advanceTimersByTimeAsync(1_000 * 2 ** i);
      expect(client.status, `after retry window ${i + 1}`).toBe('reconnecting');
    }
    online = true;
    await vi.advanceTimersByTimeAsync(30_000);
    FakeSocket.last!.open();
    expect(client.status).toBe('open');
    expect(seen, 'told by events, once per change').toEqual(['connecting', 'open', 'reconnecting', 'open']);
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
