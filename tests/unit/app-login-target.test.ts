/**
 * Where the login page goes after a successful login (docs/product.md, Login) and how the guard sends a
 * visitor to it: the redirect target only for the same username as last time, other query parameters
 * kept, and never off the site.
 */
import { describe, expect, it } from 'vitest';
import { isSafeRedirect, loginPathFor, loginTarget, sameUsername } from '@/app/features/auth/lib/login-target';

describe('login target', () => {
  it('follows redirect when the same username logged in last time, keeping the other query parameters', () => {
    expect(loginTarget('?redirect=%2FtriviaGame%2Findex&cid=3&name=ACME', 'ada', 'ada')).toBe('/triviaGame/index?cid=3&name=ACME');
  });

  it('goes to / for a different (or unknown) last username, still keeping the other parameters', () => {
    expect(loginTarget('?redirect=%2FtriviaGame%2Findex&cid=3', 'bob', 'ada')).toBe('/?cid=3');
    expect(loginTarget('?redirect=%2FtriviaGame%2Findex', 'bob', null)).toBe('/');
  });

  it('compares usernames as the server does: trimmed and case-insensitive', () => {
    expect(sameUsername(' Ada ', 'ada')).toBe(true);
    expect(sameUsername('ada', null)).toBe(false);
    expect(loginTarget('?redirect=%2Fnotification', 'ADA', 'ada')).toBe('/notification');
  });

  it("keeps the redirect's own query, adding the others", () => {
    expect(loginTarget(`?redirect=${encodeURIComponent('/dashboard?cid=2&x=1')}&name=ACME&cid=9`, 'ada', 'ada')).toBe(
      '/dashboard?cid=2&x=1&name=ACME',
    );
  });

  it('goes to / without a redirect', () => {
    expect(loginTarget('', 'ada', 'ada')).toBe('/');
  });

  it('never follows a redirect off the site or back to /login', () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/login?redirect=/x']) {
      expect(isSafeRedirect(target), target).toBe(false);
      expect(loginTarget(`?redirect=${encodeURIComponent(target)}`, 'ada', 'ada'), target).toBe('/');
    }
    expect(isSafeRedirect('/triviaGame/update/3?tab=2')).toBe(true);
  });
});

describe('the guard sends to /login with the page as redirect', () => {
  it('carries the path and the query', () => {
    const path = loginPathFor({ pathname: '/triviaGame/index', search: '?page=2' });
    expect(path).toBe('/login?redirect=%2FtriviaGame%2Findex%3Fpage%3D2');
    expect(new URLSearchParams(path.split('?')[1]).get('redirect')).toBe('/triviaGame/index?page=2');
  });
});
