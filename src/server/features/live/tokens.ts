/**
 * The secrets of the live game's two faces outside the back office:
 * - a player token: 32 random bytes, given once at join; only its SHA-256 is stored, so a database
 *   leak does not let anyone answer as a player. It is stable for the whole game (a reload resumes);
 * - a display code: single use, 60 s, stored hashed (display_codes), exchanged by POST for a display
 *   session (displays/);
 * - a display token: the secret of a display session, 32 random bytes, stored hashed
 *   (display_sessions) and looked up at every display call, so unpairing takes effect at once.
 * Never logs or returns a stored hash.
 */
import { createHash, randomBytes } from 'node:crypto';

export const DISPLAY_CODE_TTL_SECONDS = 60;

export const newSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
