/**
 * A question's explanation as the audience sees it (the phone and the display): the server stores it
 * sanitized to paragraphs, bold, italic and links (src/server/lib/sanitize.ts, EXPLANATION_TAGS), and
 * this renders exactly those again as React elements — the HTML is parsed by the browser's DOMParser,
 * which runs nothing, and no markup ever reaches innerHTML. Any other tag is left out with its
 * content kept as text; a link keeps only an http, https or mailto address and opens in a new tab.
 */
import { Fragment, type ReactNode } from 'react';
import { EXPLANATION_TAGS, RICH_TEXT_URL_SCHEMES } from '@/domain/rich-text';

type ExplanationTag = (typeof EXPLANATION_TAGS)[number];
const isExplanationTag = (tag: string): tag is ExplanationTag => (EXPLANATION_TAGS as readonly string[]).includes(tag);

/** The link's address when its scheme is one rich text may use; null otherwise. */
function safeHref(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, window.location.href);
    return (RICH_TEXT_URL_SCHEMES as readonly string[]).includes(url.protocol.replace(/:$/, '')) ? url.href : null;
  } catch {
    return null;
  }
}

function render(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = [...element.childNodes].map(render);
  const tag = element.tagName.toLowerCase();
  if (!isExplanationTag(tag)) return <Fragment key={key}>{children}</Fragment>;
  switch (tag) {
    case 'br':
      return <br key={key} />;
    case 'a': {
      const href = safeHref(element.getAttribute('href'));
      return href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <Fragment key={key}>{children}</Fragment>
      );
    }
    case 'b':
    case 'strong':
      return <strong key={key}>{children}</strong>;
    case 'i':
    case 'em':
      return <em key={key}>{children}</em>;
    case 'p':
      return <p key={key}>{children}</p>;
  }
}

/** Whether the explanation has any text to show (an editor's empty paragraphs are none). */
export const hasExplanation = (html: string | null | undefined): boolean => !!html && (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim() !== '';

/** The explanation's rich text: paragraphs, bold, italic and links, nothing else. */
export function ExplanationText({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <div className="explanation-text">{[...body.childNodes].map(render)}</div>;
}
