/**
 * Characters that change how a name reads without showing themselves, once for every name rule that
 * refuses them (file and directory names: file-names.ts; players' nicknames: nickname.ts):
 * - text-direction controls: `invoice\u202Efdp.exe` shows as "invoiceexe.pdf";
 * - invisible characters: Unicode's Default_Ignorable_Code_Point (zero-width space and joiners, word
 *   joiner, byte order mark, soft hyphen, variation selectors, tag characters, the Hangul fillers
 *   U+3164 and U+FFA0 that render as a blank) and the blank braille pattern U+2800, which fonts draw
 *   as an empty cell. A name made only of these and white space reads as nothing at all.
 * Emoji are built with some of them: a zero-width joiner between two emoji (👩‍💻, a family), a
 * variation selector after one (❤️), tag characters in a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿). Inside such a
 * cluster they are part of what the reader sees, so `invisibleOutsideEmoji` lets them be there.
 * Pure, and small: the player page carries it.
 */
import { graphemes } from './graphemes.js';

/** Explicit text-direction marks, embeddings, overrides and isolates. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** What shows nothing (see the module comment). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/u;
const INVISIBLE_ALL = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
const BLANK = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;
/** A pictographic emoji or a keycap's base: what the emoji pieces below attach to. */
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji}]/u;
/** Zero-width joiner, variation selectors, tag characters: the invisible pieces of an emoji. */
function isEmojiPiece(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0020 && code <= 0xe007f);
}

/** Whether `text` holds a text-direction control. */
export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

/** Whether `text` is empty or shows nothing: only white space and invisible characters. */
export function isBlank(text: string): boolean {
  return BLANK.test(text);
}

/** `text` without its invisible characters (what a reader sees of it, for comparing names). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE_ALL, '');
}

/**
 * Whether `text` holds an invisible character anywhere but inside an emoji: a joiner between two
 * emoji of one cluster (never the last thing in it: a joiner that joins nothing), a variation
 * selector or tag characters of a cluster that holds an emoji.
 */
export function invisibleOutsideEmoji(text: string): boolean {
  if (!INVISIBLE.test(text)) return false;
  for (const cluster of graphemes(text)) {
    if (!INVISIBLE.test(cluster)) continue;
    if (!EMOJI.test(cluster)) return true;
    const chars = [...cluster];
    for (const [i, char] of chars.entries()) {
      if (!INVISIBLE.test(char)) continue;
      if (!isEmojiPiece(char)) return true;
      if (char === '\u200D' && i === chars.length - 1) return true;
    }
  }
  return false;
}
