/**
 * The secrets of the live game's two faces outside the back office:
 * - a player token: 32 random bytes, given once at join; only its SHA-256 is stored, so a database
 *   leak does not let anyone answer as a player. It is stable for the whole game (a reload resumes);
 * - a display code: single use, 60 s, stored hashed (display_codes), exchanged by POST for
 * - a display token: signed (HS256, the server's token secret), bound to one game, valid 12 hours.
 * Never logs or returns a stored hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const DISPLAY_CODE_TTL_SECONDS = 60;
export const DISPLAY_TOKEN_TTL_SECONDS = 12 * 60 * 60;

export const newSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export interface DisplaySubject {
  gameId: number;
  companyId: number;
}

export class DisplayTokens {
  constructor(private readonly secret: Uint8Array) {}

  issue(subject: DisplaySubject): Promise<string> {
    return new SignJWT({ gameId: subject.gameId, companyId: subject.companyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('display')
      .setIssuedAt()
      .setExpirationTime(`${DISPLAY_TOKEN_TTL_SECONDS}s`)
      .sign(this.secret);
  }

  /** The display's game, or null when the token is invalid or expired. */
  async verify(token: string): Promise<DisplaySubject | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { audience: 'display', algorithms: ['HS256'] });
      const { gameId, companyId } = payload as { gameId?: unknown; companyId?: unknown };
      return Number.isInteger(gameId) && Number.isInteger(companyId) ? { gameId: gameId as number, companyId: companyId as number } : null;
    } catch {
      return null;
    }
  }
}
