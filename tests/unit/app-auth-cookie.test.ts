/**
 * The session cookie's flags (src/app/lib/cookies.ts): SameSite=Strict always, Secure when the page
 * came over HTTPS (also behind a proxy that ends TLS: the browser's protocol is https then), not over
 * plain HTTP, where a browser would drop a Secure cookie and nobody could stay logged in.
 * tests/e2e/session.e2e.test.ts reads the cookie a real login leaves in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { tokenCookieAttributes } from '@/app/lib/cookies';

describe('the Admin-Token cookie', () => {
  it('is Secure and SameSite=Strict over HTTPS', () => {
    expect(tokenCookieAttributes('https:')).toEqual({ path: '/', sameSite: 'strict', secure: true });
  });

  it('is SameSite=Strict but not Secure over plain HTTP', () => {
    expect(tokenCookieAttributes('http:')).toEqual({ path: '/', sameSite: 'strict', secure: false });
  });
});
