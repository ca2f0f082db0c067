/**
 * The browser-storage keys of the back office and safe accessors for them. Only this module (and
 * cookies.ts for cookies) spells storage keys. Storage can be unavailable (private mode, a locked-down
 * browser, Node in unit tests): reads then return null and writes do nothing, never throw.
 */

/** Session storage: the company the admin acts for (`Cid` header), set by /dashboard?cid=…. */
export const CID_KEY = 'cid';
/** Session storage: the company's display name, set by /dashboard?name=…. */
export const COMPANY_NAME_KEY = 'company-name';
/** Local storage: the query string an OAuth-style provider sent to /auth-redirect. */
export const AUTH_REDIRECT_KEY = 'auth-redirect';
/** Local storage: who logged in successfully last (the login page follows ?redirect= only for them). */
export const LAST_USERNAME_KEY = 'last-username';

type Area = 'localStorage' | 'sessionStorage';

function area(name: Area): Storage | null {
  try {
    return typeof globalThis[name] === 'undefined' ? null : globalThis[name];
  } catch {
    return null; // access itself can throw when storage is blocked
  }
}

function read(name: Area, key: string): string | null {
  try {
    return area(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(name: Area, key: string, value: string): void {
  try {
    area(name)?.setItem(key, value);
  } catch {
    // quota exceeded or blocked: the value is a convenience, not a requirement
  }
}

export const local = {
  get: (key: string) => read('localStorage', key),
  set: (key: string, value: string) => write('localStorage', key, value),
};

export const session = {
  get: (key: string) => read('sessionStorage', key),
  set: (key: string, value: string) => write('sessionStorage', key, value),
};
