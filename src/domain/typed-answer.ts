/**
 * How a typed answer (question kind 5) is compared with the accepted answers: both sides are
 * normalised alike, then compared whole.
 * - Unicode NFKC: full-width letters, digits and punctuation become their half-width forms;
 * - Traditional and Simplified Chinese fold to one script (opencc-js's Taiwan → mainland tables,
 *   character by character), so 臺灣, 台灣 and 台湾 are one answer;
 * - case-folded (lower case, then upper-case folding of the rest), trimmed, inner spaces collapsed;
 * - with `ignorePunctuation`, every punctuation mark and symbol is dropped (and the spaces around it
 *   collapse with the rest).
 * Pure: no I/O; the script tables are data. Only the server and the editor import it (the player
 * page and the display never compare typed answers).
 */
import { Converter } from 'opencc-js/t2cn';

/** The longest typed answer a player may send, and the longest accepted answer, in characters. */
export const TYPED_ANSWER_MAX = 60;

const toOneScript = Converter({ from: 'tw', to: 'cn' });

const PUNCTUATION = /[\p{P}\p{S}]/gu;
const SPACES = /\s+/gu;

/** A typed text as it is compared. */
export function normalizeTyped(text: string, ignorePunctuation: boolean): string {
  let folded = toOneScript(text.normalize('NFKC')).toLowerCase().toUpperCase().toLowerCase();
  if (ignorePunctuation) folded = folded.replace(PUNCTUATION, ' ');
  return folded.replace(SPACES, ' ').trim();
}

/** Characters as users count them (code points; an accented letter NFC-composed is one). */
export const typedLength = (text: string): number => [...text.normalize('NFC').trim()].length;

/** Whether a typed text matches one of the accepted answers. */
export function matchesAccepted(text: string, accepted: readonly string[], ignorePunctuation: boolean): boolean {
  const typed = normalizeTyped(text, ignorePunctuation);
  if (typed === '') return false;
  return accepted.some((answer) => normalizeTyped(answer, ignorePunctuation) === typed);
}
