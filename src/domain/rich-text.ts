/**
 * What rich text may contain: exactly what the editor (Lexical: bold, italic, underline, strike,
 * lists, links, headings, quotes, code) produces. The server sanitizes with this allowlist on write
 * (sanitize-html) and the browser again on render (DOMPurify), so both enforce one list.
 * Never add an attribute that can carry script (on*, style with url(), src, srcset, formaction, ...).
 */

export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'code',
  'pre',
] as const;

/** An explanation's rich text (question kinds, after the reveal): paragraphs, bold, italic and links only. */
export const EXPLANATION_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'a'] as const;

export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'target', 'rel'],
  li: ['value'],
  ol: ['start'],
};

/** Link targets that cannot run script. */
export const RICH_TEXT_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Largest rich-text message, in characters of HTML. */
export const RICH_TEXT_MAX_LENGTH = 20_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The text a reader sees, one line per block, for tables, search and emptiness checks. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/pre)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (match, name: string) => {
      if (name in ENTITIES) return ENTITIES[name]!;
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return match;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
