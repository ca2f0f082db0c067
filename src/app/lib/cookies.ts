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

export const tokenCookie = {
  get: (): string | null => Cookies.get(TOKEN_COOKIE) ?? null,
  set: (token: string): void => {
    Cookies.set(TOKEN_COOKIE, token, { ...base, expires: TOKEN_COOKIE_DAYS });
  },
  remove: (): void => {
    Cookies.remove(TOKEN_COOKIE, base);
  },
};
