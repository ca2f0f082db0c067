/**
 * Display sessions (issue 16): the venue's big screen without an admin login.
 * - A display opened at /quiz without a code asks for a pairing code (`displayPair`): a pending
 *   session, its six-character code shown large, its secret kept by the display, valid 10 minutes.
 * - The operator types the code on the control screen (`pairDisplay`): the session is bound to the
 *   game and its company, and the display, polling `pairStatus`, learns that its secret is now its
 *   display token.
 * - The control screen's single-use code (/display/exchange) creates a session paired at once.
 * - A paired session lasts until unpaired (revoked), its game deleted (the row goes with it) or
 *   30 days without a call; every `display` call looks it up by the SHA-256 of its token.
 * Never returns or logs a stored hash; the secret is only ever given to the display that owns it.
 */
import { randomInt } from 'node:crypto';
import type { components } from '@openapi/admin-api';
import type { components as playComponents } from '@openapi/play-api';
import type { Db } from '../../../db/client.js';
import { businessError, recordNotFound } from '../../../lib/envelope.js';
import { findGame } from '../queries.js';
import { hashSecret, newSecret } from '../tokens.js';
import * as q from '../sql/display-sessions.js';

type Schemas = components['schemas'];
type PlaySchemas = playComponents['schemas'];

/** The pairing code's alphabet: no 0/O, 1/I/L, read from a stage and typed without doubt. */
export const PAIRING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PAIRING_CODE_LENGTH = 6;
export const PAIRING_CODE_TTL_SECONDS = 10 * 60;
/** A paired display unused this long is forgotten; every use extends it. */
export const DISPLAY_IDLE_TTL_SECONDS = 30 * 24 * 60 * 60;
/** last_seen_at and expires_at are written at most this often per session. */
export const TOUCH_INTERVAL_MS = 60_000;
const CODE_ATTEMPTS = 20;

/** Who a display token belongs to (the request's `display`). */
export interface DisplaySubject {
  /** The display session's id. */
  id: number;
  gameId: number;
  companyId: number;
}

export const newPairingCode = (): string =>
  Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)]).join('');

/** What an operator typed, as stored: upper case, without spaces and dashes ("abc-234" → "ABC234"). */
export const normalisePairingCode = (typed: string): string => typed.replace(/[\s\-‐-―－]+/gu, '').toUpperCase();

const idleExpiry = (now: Date) => new Date(now.getTime() + DISPLAY_IDLE_TTL_SECONDS * 1000);
const iso = (date: Date) => date.toISOString();

export function displayItem(row: q.DisplaySessionRow): Schemas['DisplayItem'] {
  const pairedAt = row.pairedAt ?? row.createdAt;
  return {
    id: row.id,
    name: row.name,
    paired_at: iso(pairedAt),
    last_seen_at: row.lastSeenAt ? iso(row.lastSeenAt) : null,
    // Opened with the control screen's code: created paired (insertPaired), so both times are one.
    source: row.createdAt.getTime() === pairedAt.getTime() ? 'code' : 'pairing',
  };
}

// ------------------------------------------------------------------ the display's side (play API)

export async function createPending(db: Db, now: Date): Promise<PlaySchemas['DisplayPairData']> {
  await q.deleteExpiredPending(db, now);
  const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_SECONDS * 1000);
  for (let i = 0; i < CODE_ATTEMPTS; i++) {
    const secret = newSecret();
    const code = newPairingCode();
    // A code shown by another pending display is refused by the partial unique index: draw again.
    const row = await q.insertPending(db, { secretHash: hashSecret(secret), pairingCode: code, createdAt: now, expiresAt });
    if (row) return { pairing_code: code, pairing_token: secret, expires_in: PAIRING_CODE_TTL_SECONDS };
  }
  throw new Error('no free pairing code after several attempts');
}

/** Whether the pending display of `token` was paired; unknown, revoked and expired sessions are all `expired`. */
export async function pairStatus(db: Db, token: string, now: Date): Promise<PlaySchemas['DisplayPairStatusData']> {
  const row = await q.bySecretHash(db, hashSecret(token));
  if (!row || row.revokedAt || row.expiresAt <= now) return { status: 'expired' };
  if (!row.pairedAt || row.triviaGameId === null) return { status: 'waiting' };
  const game = await findGame(db, row.triviaGameId);
  if (!game) return { status: 'expired' };
  return { status: 'paired', display_token: token, game: { id: game.id, title: game.title } };
}

/** The live session of a display token, noted as seen (at most once a minute); null when none. */
export async function displayByToken(db: Db, token: string, now: Date): Promise<DisplaySubject | null> {
  const row = await q.bySecretHash(db, hashSecret(token));
  if (!row || !row.pairedAt || row.revokedAt || row.expiresAt <= now || row.triviaGameId === null || row.companyId === null) return null;
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await q.touch(db, row.id, now, new Date(now.getTime() - TOUCH_INTERVAL_MS), idleExpiry(now));
  }
  return { id: row.id, gameId: row.triviaGameId, companyId: row.companyId };
}

/** A session paired at once with the game of a spent single-use code (/display/exchange). */
export async function createPaired(db: Db, game: { id: number; companyId: number }, pairedBy: number | null, now: Date) {
  const secret = newSecret();
  await q.insertPaired(db, { secretHash: hashSecret(secret), companyId: game.companyId, triviaGameId: game.id, pairedBy, now, expiresAt: idleExpiry(now) });
  return { token: secret, expiresIn: DISPLAY_IDLE_TTL_SECONDS };
}

// ------------------------------------------------------------------ the control screen's side (admin API)

async function requireGame(db: Db, companyId: number, gameId: number) {
  const game = await findGame(db, gameId, companyId);
  if (!game) throw recordNotFound();
  return game;
}

export async function pairDisplay(db: Db, companyId: number, adminId: number, input: Schemas['TriviaGamePairDisplayRequest'], now: Date) {
  const game = await requireGame(db, companyId, input.trivia_game_id);
  const code = normalisePairingCode(input.code);
  const row =
    code.length === PAIRING_CODE_LENGTH
      ? await q.pairPending(db, code, {
          companyId: game.companyId,
          triviaGameId: game.id,
          name: (input.name ?? '').trim(),
          pairedBy: adminId,
          now,
          expiresAt: idleExpiry(now),
        })
      : undefined;
  if (!row) throw businessError('display.pairCodeUnknown');
  return { game, display: displayItem(row) };
}

export async function unpairDisplay(db: Db, companyId: number, input: Schemas['TriviaGameUnpairDisplayRequest'], now: Date) {
  const game = await requireGame(db, companyId, input.trivia_game_id);
  const row = await q.revoke(db, game.id, input.display_id, now);
  if (!row) throw recordNotFound();
  return { game, display: row };
}

export async function listDisplays(db: Db, companyId: number, gameId: number, now: Date): Promise<Schemas['DisplayListData']> {
  const game = await requireGame(db, companyId, gameId);
  return { list: (await q.pairedOfGame(db, game.id, now)).map(displayItem) };
}
