/**
 * The back office's cookie helper (src/app/lib/cookies.ts) writes and reads document.cookie as
 * js-cookie 3 did before it (issue 18 dropped the package from the login page): the same cookie strings
 * with the same attributes, so cookies already in browsers keep their meaning.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageCookie, readCookie, removeCookie, tokenCookie, writeCookie } from '@/app/lib/cookies';

let written: string[];
let jar: string;

beforeEach(() => {
  written = [];
  jar = '';
  vi.stubGlobal('document', {
    get cookie() {
      return jar;
    },
    set cookie(text: string) {
      written.push(text);
    },
  });
  vi.stubGlobal('location', { protocol: 'https:' });
  vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05Z') });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('cookies', () => {
  it('writes the language cookie for a year, SameSite=Lax, on the whole site', () => {
    languageCookie.set('zh-TW');
    expect(written).toEqual(['language=zh-TW; path=/; sameSite=lax; expires=Sat, 02 Jan 2027 03:04:05 GMT']);
  });

  it('writes the token cookie Strict and Secure over HTTPS for 30 days, and removes it with the same flags', () => {
    tokenCookie.set('a.b-c_d.e');
    tokenCookie.remove();
    expect(written).toEqual([
      'Admin-Token=a.b-c_d.e; path=/; sameSite=strict; secure; expires=Sun, 01 Feb 2026 03:04:05 GMT',
      'Admin-Token=; path=/; sameSite=strict; secure; expires=Thu, 01 Jan 2026 03:04:05 GMT',
    ]);
  });

  it('leaves Secure out over plain HTTP and writes a session cookie without expires', () => {
    vi.stubGlobal('location', { protocol: 'http:' });
    tokenCookie.set('t');
    writeCookie('sidebarStatus', '0', { path: '/', sameSite: 'lax' });
    removeCookie('x');
    expect(written).toEqual([
      'Admin-Token=t; path=/; sameSite=strict; expires=Sun, 01 Feb 2026 03:04:05 GMT',
      'sidebarStatus=0; path=/; sameSite=lax',
      'x=; path=/; expires=Thu, 01 Jan 2026 03:04:05 GMT',
    ]);
  });

  it('percent-encodes what a cookie cannot hold and keeps what it can', () => {
    writeCookie('a(b)', 'x;y z,#$&+/:<=>?@[]^`{|}é');
    expect(written[0]).toBe('a%28b%29=x%3By%20z%2C#$&+/:<=>?@[]^`{|}%C3%A9; path=/');
  });

  it('reads the first cookie of a name, decoded, and nothing for a name it does not have', () => {
    jar = 'theme=%23ff0000; Admin-Token=a.b.c; quoted="v%C3%A9"; eq=a=b; bad=%E0%A4%A; bad=ok; theme=second; empty=';
    expect(readCookie('theme')).toBe('#ff0000');
    expect(tokenCookie.get()).toBe('a.b.c');
    expect(readCookie('quoted')).toBe('vé');
    expect(readCookie('eq')).toBe('a=b');
    expect(readCookie('bad')).toBe('ok'); // the first one's value is not UTF-8: skipped
    expect(readCookie('empty')).toBe('');
    expect(readCookie('missing')).toBeUndefined();
    jar = '';
    expect(readCookie('theme')).toBeUndefined();
    expect(tokenCookie.get()).toBeNull();
  });
});
