/**
 * The server's rich-text sanitizer against the XSS corpus: nothing that can run script survives,
 * sanitizing twice changes nothing, and what the editor produces passes through intact.
 */
import { describe, expect, it } from 'vitest';
import { richTextToPlain } from '@/domain/rich-text';
import { sanitizeRichText } from '@/server/lib/sanitize';
import { xssCorpus } from '../fixtures/xss-corpus';

/** Elements that must never come out (any `<` in text comes out as &lt;, so these only match real tags). */
const DANGEROUS = [
  /<script/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<math/i,
  /<style/i,
  /<img/i,
  /<form/i,
  /<input/i,
  /<base/i,
  /<meta/i,
  /<link/i,
];

/** Attributes that must never come out, checked inside the tags only (text may mention them harmlessly). */
const DANGEROUS_IN_TAGS = [
  /\son[a-z]+\s*=/i,
  /\sstyle\s*=/i,
  /\ssrc(doc|set)?\s*=/i,
  /href\s*=\s*"[^"]*(script|data):/i,
  /href\s*=\s*"\/\//i,
];

describe('sanitizeRichText', () => {
  it(`holds ${xssCorpus.length} payloads (at least 100) from every category`, () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(100);
    expect(new Set(xssCorpus.map((p) => p.category)).size).toBeGreaterThanOrEqual(8);
  });

  it.each(xssCorpus.map((p, i) => [i, p.category, p.html]))('#%i (%s) leaves nothing that can run: %s', (_i, _category, html) => {
    const once = sanitizeRichText(html as string);
    for (const pattern of DANGEROUS) expect(once, `${pattern} in ${once}`).not.toMatch(pattern);
    for (const tag of once.match(/<[^>]*>/g) ?? []) {
      for (const pattern of DANGEROUS_IN_TAGS) expect(tag, `${pattern} in ${once}`).not.toMatch(pattern);
    }
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('keeps what the editor produces: headings, emphasis, lists, links, quotes', () => {
    const html =
      '<h1>Title</h1><p>Some <strong>bold</strong>, <em>italic</em>, <u>underline</u> and <s>struck</s> text.</p>' +
      '<ul><li>one</li><li>two</li></ul><ol start="3"><li value="3">three</li></ol>' +
      '<blockquote>quote</blockquote><p><a href="https://example.com/a?b=1">a link</a></p>';
    expect(sanitizeRichText(html)).toBe(html.replace('<a href="https://example.com/a?b=1">', '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">'));
  });

  it('derives the plain text a reader sees', () => {
    expect(richTextToPlain('<p>Hello&nbsp;<strong>Bob</strong> &amp; co</p><ul><li>one</li><li>two</li></ul>')).toBe('Hello Bob & co\none\ntwo');
    expect(richTextToPlain('<p> </p><p><br></p>')).toBe('');
  });
});
