/**
 * Where the login page sends the user, and how the guard sends them to it (docs/product.md, Login):
 * after a successful login, the `redirect` query target — only when the same username logged in last
 * time, otherwise `/` — with the other query parameters kept. Only same-site paths are followed.
 */

export const LOGIN_PATH = '/login';

/** Usernames are compared as the server compares them: trimmed, case-insensitive. */
export function sameUsername(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A path on this site that is not the login page itself (no `//host`, no `javascript:`). */
export function isSafeRedirect(target: string | null): target is string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  const { pathname } = new URL(target, 'http://localhost');
  return pathname !== LOGIN_PATH;
}

/** The address to go to after logging in as `username`, from the login page's query string. */
export function loginTarget(search: string, username: string, lastUsername: string | null): string {
  const params = new URLSearchParams(search);
  const redirect = params.get('redirect');
  params.delete('redirect');
  const base = sameUsername(username, lastUsername) && isSafeRedirect(redirect) ? redirect : '/';
  const url = new URL(base, 'http://localhost');
  for (const [key, value] of params) if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?redirect=<path and query>` for a page that needs a session. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  const redirect = `${location.pathname}${location.search}`;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect }).toString()}`;
}
