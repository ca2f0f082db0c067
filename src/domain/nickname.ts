/**
 * The player's nickname rule, once for the phone's join form and the server's POST /api/play/join:
 * NFC-normalised, trimmed (runs of white space become one space), 1 to 20 characters counted as the
 * user sees them — grapheme clusters, so a family emoji 👨‍👩‍👧‍👦, a flag 🇹🇼 or an "e" with a combining
 * accent is one — and no control characters or unpaired surrogates. A name that is too long is
 * refused, never cut: cutting made two different inputs the same stored name ("taken" for a name the
 * player never typed).
 * A name must read as what it is (issue 33): one that shows nothing (only invisible characters such as
 * U+200B, U+3164 or U+2800, and spaces) is an empty name; text-direction controls (`abc\u202Egpj.exe`
 * shows as "abcexe.jpg") and invisible characters anywhere but inside an emoji (a joiner between two
 * emoji of 👩‍💻 is part of it; one between two letters only makes a different name that looks the same)
 * are refused, with the file names' rule (hidden-characters.ts).
 * Uniqueness in a game compares the normalised name (the server stores it normalised) whatever its
 * case, and its look-alike key (nickname-key.ts: "Вob" with a Cyrillic В is "Bob"), on the server only.
 * Pure: imports only the domain's messages, grapheme count and hidden characters.
 */
import { graphemeCount } from './graphemes.js';
import { hasBidiControl, invisibleOutsideEmoji, isBlank } from './hidden-characters.js';
import type { DomainMessageKey } from './messages.js';

export const NICKNAME_MAX_GRAPHEMES = 20;

/** C0 controls, DEL and C1 controls: never part of a name (line breaks, NUL, escape sequences). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** With the u flag, a surrogate range matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The name as stored and compared: NFC, trimmed, inner white space as single spaces. */
export function normalizeNickname(raw: string): string {
  return raw.normalize('NFC').trim().replace(/[ \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g, ' ');
}

export type NicknameCheck = { ok: true; nickname: string } | { ok: false; key: Extract<DomainMessageKey, `nickname.${string}`>; params: { max: number } };

/** The normalised nickname, or the message key of the broken rule (with the limit for its text). */
export function checkNickname(raw: string): NicknameCheck {
  const params = { max: NICKNAME_MAX_GRAPHEMES };
  if (CONTROL.test(raw)) return { ok: false, key: 'nickname.controlCharacters', params };
  // Not text (JSON's `\ud800` escape), and UTF-8 cannot carry it: the name would be stored as U+FFFD.
  if (LONE_SURROGATE.test(raw)) return { ok: false, key: 'nickname.invalidCharacters', params };
  const nickname = normalizeNickname(raw);
  if (isBlank(nickname)) return { ok: false, key: 'nickname.required', params };
  if (hasBidiControl(nickname)) return { ok: false, key: 'nickname.bidiControl', params };
  if (invisibleOutsideEmoji(nickname)) return { ok: false, key: 'nickname.invisibleCharacters', params };
  if (graphemeCount(nickname, NICKNAME_MAX_GRAPHEMES) > NICKNAME_MAX_GRAPHEMES) return { ok: false, key: 'nickname.tooLong', params };
  return { ok: true, nickname };
}
