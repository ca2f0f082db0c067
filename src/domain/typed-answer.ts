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

/**
 * The accepted answers as compared, normalised once per list: a publication scores every player's
 * answer against the same question's list (2,000 answers × 20 accepted answers took 200 ms under the
 * game's lock when each comparison normalised the list again).
 */
const acceptedKeyCache = new WeakMap<readonly string[], { plain?: ReadonlySet<string>; ignoringPunctuation?: ReadonlySet<string> }>();
function acceptedKeys(accepted: readonly string[], ignorePunctuation: boolean): ReadonlySet<string> {
  const entry = acceptedKeyCache.get(accepted) ?? {};
  acceptedKeyCache.set(accepted, entry);
  const slot = ignorePunctuation ? 'ignoringPunctuation' : 'plain';
  return (entry[slot] ??= new Set(accepted.map((answer) => normalizeTyped(answer, ignorePunctuation))));
}

/** Whether a typed text matches one of the accepted answers. */
export function matchesAccepted(text: string, accepted: readonly string[], ignorePunctuation: boolean): boolean {
  const typed = normalizeTyped(text, ignorePunctuation);
  if (typed === '') return false;
  return acceptedKeys(accepted, ignorePunctuation).has(typed);
}
