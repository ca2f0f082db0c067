/**
 * The browser's rich-text sanitizer: DOMPurify configured from the one allowlist of
 * src/domain/rich-text.ts (tags, per-tag attributes, URL schemes), the same list the server applies on
 * write. Everything the rich-text component loads or renders goes through here first, so a row that
 * reached the database some other way still cannot run script in the back office.
 * Must never widen the allowlist locally: change src/domain/rich-text.ts, and both sides follow.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, RICH_TEXT_URL_SCHEMES } from '@/domain/rich-text';

const ALL_ATTRIBUTES = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

/** Allowed schemes, or a relative address (no scheme, not protocol-relative: see the hook below). */
const URI_PATTERN = new RegExp(`^(?:(?:${RICH_TEXT_URL_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`, 'i');

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: ALL_ATTRIBUTES,
  ALLOWED_URI_REGEXP: URI_PATTERN,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  // Text inside these is dropped with the element, as the server does (never shown as text).
  ADD_FORBID_CONTENTS: ['textarea', 'option', 'title', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'xmp', 'noembed', 'noframes'],
};

let purifier: Purifier | null = null;

/** One private instance, so its hooks never reach another DOMPurify user of the page. */
function instance(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, data) => {
    // Attributes are allowed per tag (an `href` on a <p> is dropped, not kept).
    const allowed = RICH_TEXT_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
    // Protocol-relative addresses lead to another host with the page's scheme: refused like the server.
    if (data.attrName === 'href' && /^\s*[\\/]{2}/.test(data.attrValue)) data.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() !== 'a') return;
    // Links open in a new tab without access to this page (the server stores them the same way).
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
  purifier = p;
  return p;
}

/** Sanitized HTML as a string. */
export function sanitizeRichText(html: string): string {
  return instance().sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/**
 * Sanitized HTML as an inert document (DOMParser: nothing in it runs or loads) for the editor's HTML
 * import. A document, not a fragment: Lexical's import needs every top-level text node to have a
 * parent element.
 */
export function sanitizeRichTextToDocument(html: string): Document {
  return new DOMParser().parseFromString(sanitizeRichText(html), 'text/html');
}
