/**
 * What two nicknames of one game are compared on (issue 33): their look-alike key, so "Вob" (a
 * Cyrillic В), "ｂｏｂ" (full-width) and "B\u200Bob" do not join beside "Bob" as different players.
 * The key is Unicode TR39's skeleton of the name, lower-cased:
 * 1. NFKC, so compatibility forms read as their plain letter (full-width and half-width forms, ligatures);
 * 2. invisible characters removed (TR39 removes Default_Ignorable_Code_Point: hidden-characters.ts);
 * 3. NFD, each character replaced by its prototype from Unicode's confusables list (confusables.txt,
 *    TR39's data, as the `unhomoglyph` package ships it: `В` → `B`, `I` → `l`, `m` → `rn`, `0` → `O`),
 *    NFD again;
 * 4. lower-cased, as names were compared before (`Bob` is `bob`), and NFC to store it.
 * A key is never shown: `m` is `rn` in it. Chinese names keep their characters (小明 and 小名 differ;
 * the list maps a few CJK forms to look-alikes, 一 to the long-vowel mark ー). The server also keeps
 * comparing names lower-cased, since TR39's skeleton keeps case (`IAN` is `lan` in it, `ian` not).
 * Server only: the phone checks a name's form (nickname.ts), never whether it is taken, and this
 * table is 100 KB.
 */
import unhomoglyph from 'unhomoglyph';
import { withoutInvisible } from './hidden-characters.js';

/** The look-alike key of a name already checked and normalised by checkNickname. */
export function nicknameKey(nickname: string): string {
  const visible = withoutInvisible(nickname.normalize('NFKC')).normalize('NFD');
  return unhomoglyph(visible).normalize('NFD').toLowerCase().normalize('NFC');
}
