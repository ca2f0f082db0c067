/**
 * What the browser reads from an access token: its claims, read and never verified (the server
 * verifies). `sub` is the admin id (the realtime topic `admin:<id>`, "is this row me?"); `sid` and
 * `exp` let the session take a refresh another tab already made. Nothing here decides access.
 */
import { decodeJwt } from 'jose';
import { selectToken } from '@machines/session/selectors';
import type { SessionSnapshot } from '@machines/session/session.machine';

export interface TokenClaims {
  sub: string | null;
  sid: string | null;
  exp: number | null;
}

const NO_CLAIMS: TokenClaims = { sub: null, sid: null, exp: null };

export function tokenClaims(token: string): TokenClaims {
  try {
    const claims = decodeJwt(token);
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
