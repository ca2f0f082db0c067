/**
 * The cookies the back office keeps in the browser, with their names and lifetimes.
 * Only this module spells cookie names. It stores and reads values; it never decides what they mean
 * (whether someone is logged in belongs to the session feature).
 */
import Cookies from 'js-cookie';

const LANGUAGE_COOKIE = 'language';
const TOKEN_COOKIE = 'Admin-Token';

/** Settings cookies (language, theme, tags view, ...) last a year. */
export const SETTING_COOKIE_DAYS = 365;
/** The token cookie lasts as long as the longest server-side session. */
export const TOKEN_COOKIE_DAYS = 30;

const base = { path: '/', sameSite: 'lax' } as const;

export const languageCookie = {
  get: (): string | undefined => Cookies.get(LANGUAGE_COOKIE),
  set: (value: string): void => {
    Cookies.set(LANGUAGE_COOKIE, value, { ...base, expires: SETTING_COOKIE_DAYS });
  },
};

/**
 * The token cookie's attributes for a page served over `protocol` (`location.protocol`):
 * `SameSite=Strict` (no request another site starts carries it) and `Secure` over HTTPS. The page's
 * own protocol is the one the browser used, so behind a proxy that ends TLS the cookie is Secure as
 * well; over plain HTTP (a venue's laptop on the LAN) a Secure cookie would not be stored at all.
 * Scripts can read it: docs/accounts.md ("The session cookie") says why it is not HttpOnly.
 */
export function tokenCookieAttributes(protocol: string) {
  return { path: '/', sameSite: 'strict', secure: protocol === 'https:' } as const;
}

const pageProtocol = () => (typeof location === 'undefined' ? 'http:' : location.protocol);

export const tokenCookie = {
  get: (): string | null => Cookies.get(TOKEN_COOKIE) ?? null,
  set: (token: string): void => {
    Cookies.set(TOKEN_COOKIE, token, { ...tokenCookieAttributes(pageProtocol()), expires: TOKEN_COOKIE_DAYS });
  },
  remove: (): void => {
    Cookies.remove(TOKEN_COOKIE, tokenCookieAttributes(pageProtocol()));
  },
};
