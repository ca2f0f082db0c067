/**
 * Characters as users see them: extended grapheme clusters (a family emoji 👨‍👩‍👧‍👦, a flag 🇹🇼 or
 * an "e" with a combining accent is one). The one place the domain's rules count or cut text by what a
 * reader sees: nicknames, directory names, a copied game's title.
 */
let segmenter: Intl.Segmenter | null = null;

/** The grapheme clusters of `text`, in order. */
export function* graphemes(text: string): Generator<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(text)) yield segment;
}

/** How many characters a user sees in `text`. */
export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of graphemes(text)) count += 1;
  return count;
}
