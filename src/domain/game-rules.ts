/**
 * The rules of a trivia game's own fields, shared by the SPA's game form and the server's create and
 * update: a title is required; a level game (type 2) opens before it closes; the player cap is a
 * whole number from PLAYER_CAP_MIN to PLAYER_CAP_MAX. Returns message keys
 * (messages.ts) by field name. Pure: no I/O, no imports from src/server or src/app.
 */
import { graphemes } from './graphemes.js';
import type { FieldErrorKeys, GameType } from './question-rules.js';

export interface GameDraft {
  title: string;
  type: GameType;
  /** ISO-8601 (or a Date); null/absent = no limit. */
  start_time?: string | Date | null;
  end_time?: string | Date | null;
  /** The most players the game admits; absent = PLAYER_CAP_DEFAULT. NaN = an empty input. */
  player_cap?: number;
}

/** The player cap a game gets when none is given (the database column's default too). */
export const PLAYER_CAP_DEFAULT = 10_000;
export const PLAYER_CAP_MIN = 1;
/**
 * The highest cap an operator may set: twice the largest audience bench:live measures (25,000 over
 * two instances on PostgreSQL, docs/venue.md). One server process holds one open file per phone, so
 * a cap this high needs several instances (and their open-file limits) sized for it; above it a
 * show is a capacity plan, not a form field.
 */
export const PLAYER_CAP_MAX = 50_000;

const time = (value: string | Date | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

export function validateGame(draft: GameDraft): FieldErrorKeys {
  const errors: FieldErrorKeys = {};
  if (draft.title.trim() === '') errors.title = ['game.titleRequired'];
  if (draft.type === 2) {
    const start = time(draft.start_time);
    const end = time(draft.end_time);
    if (start !== null && end !== null && start >= end) errors.end_time = ['game.openTimeOrder'];
  }
  const cap = draft.player_cap;
  if (cap !== undefined && (!Number.isInteger(cap) || cap < PLAYER_CAP_MIN || cap > PLAYER_CAP_MAX)) errors.player_cap = ['game.playerCapRange'];
  return errors;
}

/** The longest title a game may have (the contract's maxLength, in characters: code points). */
export const GAME_TITLE_MAX = 255;

/**
 * The title of a game's copy: the original's with `suffix` (" (copy)", "（複本）") after it, the
 * original cut so that both fit in GAME_TITLE_MAX code points, never in the middle of a character
 * as users see it (an emoji sequence or a letter with its accents stays whole or goes whole).
 */
export function copyTitle(title: string, suffix: string): string {
  const room = GAME_TITLE_MAX - [...suffix].length;
  const trimmed = title.trim();
  if ([...trimmed].length <= room) return `${trimmed}${suffix}`;
  let kept = '';
  let used = 0;
  for (const segment of graphemes(trimmed)) {
    const size = [...segment].length;
    if (used + size > room) break;
    kept += segment;
    used += size;
  }
  return `${kept.trimEnd()}${suffix}`;
}

/** What decides whether a game is running (isGameRunning): its status, its rehearsal and its questions. */
export interface GameRunState {
  /** 1 enabled, 0 closed (ended, or never opened). */
  status: number;
  /** Simulated players run in it (trivia_games.rehearsal_players > 0). */
  rehearsing: boolean;
  /** Some question of the game has been shown (status 1 or more). */
  anyQuestionSent: boolean;
}

/**
 * A game is running when it is enabled, not in a rehearsal with simulated players, and some question
 * of it has been shown: a show under way, between two questions too. A running game is never reset
 * (docs/venue.md, "Reset"): ended (closed), never started (no question shown yet) and rehearsing
 * games are.
 */
export function isGameRunning(game: GameRunState): boolean {
  return game.status === 1 && !game.rehearsing && game.anyQuestionSent;
}
