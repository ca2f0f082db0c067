/**
 * What the player page keeps in local storage: the player token (with the PIN it joined, so a QR code
 * of another game starts a fresh join instead of resuming the old one) and the answer it could not
 * deliver yet. Its own module, with no statechart code: the page's first screen reads it to decide
 * whether to resume, before the player machine has loaded (src/play/app.tsx).
 */
import type { PendingAnswer } from '@machines/player/types';

const STORAGE_KEY = 'live-trivia.player';

export interface StoredPlayer {
  token: string;
  pin: string;
}

export const playerStorage = {
  get(): StoredPlayer | null {
    try {
      const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<StoredPlayer> | null;
      return parsed && typeof parsed.token === 'string' ? { token: parsed.token, pin: String(parsed.pin ?? '') } : null;
    } catch {
      return null;
    }
  },
  set(value: StoredPlayer | null): void {
    try {
      if (value) localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Private mode without storage: the player simply cannot resume after a reload.
    }
  },
};

const PENDING_KEY = 'live-trivia.pending';

/**
 * The answer this phone could not deliver yet (the player machine's `pending`), with the token it was
 * tapped under: it survives a reload or a closed tab, and is resent when the page opens again.
 */
export const pendingStorage = {
  get(token: string | null): PendingAnswer | null {
    if (!token) return null;
    try {
      const parsed = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as (PendingAnswer & { token?: string }) | null;
      if (!parsed || parsed.token !== token || typeof parsed.questionId !== 'number' || typeof parsed.tappedAt !== 'number') return null;
      const kept: PendingAnswer = { questionId: parsed.questionId, tappedAt: parsed.tappedAt };
      if (Array.isArray(parsed.choices)) kept.choices = parsed.choices.map(String);
      if (typeof parsed.text === 'string') kept.text = parsed.text;
      if (typeof parsed.value === 'number' && Number.isFinite(parsed.value)) kept.value = parsed.value;
      return kept.choices || kept.text !== undefined || kept.value !== undefined ? kept : null;
    } catch {
      return null;
    }
  },
  set(token: string | null, pending: PendingAnswer | null): void {
    try {
      if (pending && token) localStorage.setItem(PENDING_KEY, JSON.stringify({ ...pending, token }));
      else localStorage.removeItem(PENDING_KEY);
    } catch {
      // Private mode without storage: the answer is kept in memory only (until a reload).
    }
  },
};

/** The token to resume with: none when the address names another game's PIN. */
export function resumableToken(stored: StoredPlayer | null, pinInAddress: string | null): string | null {
  if (!stored) return null;
  if (pinInAddress && stored.pin && pinInAddress !== stored.pin) return null;
  return stored.token;
}
