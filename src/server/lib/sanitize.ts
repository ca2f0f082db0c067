/**
 * Server-side sanitizing of rich text (notifications, the privacy page) with the allowlist of
 * src/domain/rich-text.ts, and of a question's explanation with a stricter one (bold, italic, links).
 * Links open in a new tab without access to the opener.
 */
import sanitizeHtml from 'sanitize-html';
import { EXPLANATION_TAGS, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, RICH_TEXT_URL_SCHEMES } from '../../domain/rich-text.js';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedSchemes: [...RICH_TEXT_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Content of these is dropped with the tag, not kept as text.
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'xmp', 'noembed', 'noframes'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** A question's explanation (shown after the reveal): bold, italic and links only, in paragraphs and lines. */
const explanationOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: [...EXPLANATION_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
};

export function sanitizeExplanation(html: string): string {
  const clean = sanitizeHtml(html, explanationOptions).trim();
  // Empty paragraphs (an editor cleared) are no explanation.
  return clean.replace(/<[^>]*>|&nbsp;|\s/g, '') === '' ? '' : clean;
}
