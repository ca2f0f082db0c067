/**
 * The cookies the back office keeps in the browser, with their names and lifetimes.
 * Only this module spells cookie names. It stores and reads values; it never decides what they mean
 * (whether someone is logged in belongs to the session feature).
 */

/** A cookie's attributes, written in this order as `; name=value` (`; name` alone for true). */
export interface CookieAttributes {
  path?: string;
  sameSite?: 'lax' | 'strict';
  secure?: boolean;
  /** Days from now; without it, a session cookie. */
  expires?: number;
}

// Reading and writing as js-cookie 3 did (the same strings in document.cookie, so cookies written
// before keep their meaning), in a few lines instead of its 0.7 KB gzipped on the login page (issue 18).

/** The value of the first cookie named `name`, percent-decoded; undefined without one. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined' || !document.cookie) return undefined;
  for (const pair of document.cookie.split('; ')) {
    const [rawName = '', ...rest] = pair.split('=');
    try {
      if (decodeURIComponent(rawName) !== name) continue;
      const raw = rest.join('=');
      return (raw.startsWith('"') ? raw.slice(1, -1) : raw).replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);
    } catch {
      // A name or value that is not valid percent-encoding: skipped, as js-cookie did.
    }
  }
  return undefined;
}

const encodeName = (name: string) =>
  encodeURIComponent(name)
    .replace(/%(2[346B]|5E|60|7C)/g, decodeURIComponent)
    .replace(/[()]/g, (paren) => (paren === '(' ? '%28' : '%29'));
const encodeValue = (value: string) => encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);

export function writeCookie(name: string, value: string, attributes: CookieAttributes = {}): void {
  if (typeof document === 'undefined') return;
  const { expires, ...flags } = { path: '/', ...attributes };
  let text = `${encodeName(name)}=${encodeValue(value)}`;
  for (const [attribute, setting] of Object.entries(flags)) {
    if (setting) text += setting === true ? `; ${attribute}` : `; ${attribute}=${setting.split(';')[0]}`;
  }
  if (expires !== undefined) text += `; expires=${new Date(Date.now() + expires * 864e5).toUTCString()}`;
  document.cookie = text;
}

export function removeCookie(name: string, attributes: Omit<CookieAttributes, 'expires'> = {}): void {
  writeCookie(name, '', { ...attributes, expires: -1 });
}

const LANGUAGE_COOKIE = 'language';
const TOKEN_COOKIE = 'Admin-Token';

/** Settings cookies (language, theme, tags view, ...) last a year. */
export const SETTING_COOKIE_DAYS = 365;
/** The token cookie lasts as long as the longest server-side session. */
export const TOKEN_COOKIE_DAYS = 30;

const base = { path: '/', sameSite: 'lax' } as const;

export const languageCookie = {
  get: (): string | undefined => readCookie(LANGUAGE_COOKIE),
  set: (value: string): void => {
    writeCookie(LANGUAGE_COOKIE, value, { ...base, expires: SETTING_COOKIE_DAYS });
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
  get: (): string | null => readCookie(TOKEN_COOKIE) ?? null,
  set: (token: string): void => {
    writeCookie(TOKEN_COOKIE, token, { ...tokenCookieAttributes(pageProtocol()), expires: TOKEN_COOKIE_DAYS });
  },
  remove: (): void => {
    removeCookie(TOKEN_COOKIE, tokenCookieAttributes(pageProtocol()));
  },
};
