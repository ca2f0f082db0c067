/**
 * What the browser reads from an access token: its claims, read and never verified (the server
 * verifies). `sub` is the admin id (the realtime topic `admin:<id>`, "is this row me?"); `sid` and
 * `exp` let the session take a refresh another tab already made. Nothing here decides access.
 */
import { selectToken } from '@machines/session/selectors';
import type { SessionSnapshot } from '@machines/session/session.machine';

export interface TokenClaims {
  sub: string | null;
  sid: string | null;
  exp: number | null;
}

const NO_CLAIMS: TokenClaims = { sub: null, sid: null, exp: null };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A compact JWS's payload, as jose's `decodeJwt` reads it (what the server signs with, in
 * src/server/features/access/tokens.ts), without the 0.8 KB gzipped of jose on the login page (issue 18):
 * three parts, a non-empty payload in base64url (no `+` or `/`), UTF-8, JSON, a plain object; anything
 * else throws.
 */
function decodePayload(token: string): Record<string, unknown> {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload || /[+/]/.test(payload)) throw new TypeError('not a compact JWS');
  const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const claims: unknown = JSON.parse(utf8.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new TypeError('the payload is not a JSON object');
  return claims as Record<string, unknown>;
}

export function tokenClaims(token: string): TokenClaims {
  try {
    const claims = decodePayload(token);
    return {
      sub: typeof claims.sub === 'string' ? claims.sub : null,
      sid: typeof claims.sid === 'string' ? claims.sid : null,
      exp: typeof claims.exp === 'number' ? claims.exp : null,
    };
  } catch {
    return NO_CLAIMS;
  }
}

/** The admin id the token names (its `sub` claim); null without a token or with an unreadable one. */
export function adminIdOf(token: string | null): string | null {
  return token ? tokenClaims(token).sub : null;
}

/** The logged-in admin's id, for `useSession(selectAdminId)`: the session's token's `sub`. */
export const selectAdminId = (snapshot: SessionSnapshot): string | null => adminIdOf(selectToken(snapshot));
