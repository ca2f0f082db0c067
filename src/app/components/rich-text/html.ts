/**
 * HTML in and out of a Lexical editor, always through the sanitizer: what is loaded is sanitized
 * before Lexical parses it, and what the editor produces is sanitized again (dropping Lexical's
 * classes and inline styles) so the value handed to a form is exactly what the server will keep.
 * An editor with no visible text yields '' (the server's "please enter a message" case).
 */
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, type LexicalEditor, type ParagraphNode } from 'lexical';
import { richTextToPlain } from '@/domain/rich-text';
import { sanitizeRichText, sanitizeRichTextToDocument } from './sanitize';

/** Replaces the editor's content with `html` (sanitized first). Call inside `editor.update`. */
export function $loadHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot();
  root.clear();
  const nodes = html ? $generateNodesFromDOM(editor, sanitizeRichTextToDocument(html)) : [];
  // Top-level inline nodes (text outside any block) are gathered into paragraphs: the root takes blocks only.
  let paragraph: ParagraphNode | null = null;
  for (const node of nodes) {
    const isBlock = ($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline();
    if (isBlock) {
      paragraph = null;
      root.append(node);
    } else {
      if (!paragraph) {
        paragraph = $createParagraphNode();
        root.append(paragraph);
      }
      paragraph.append(node);
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

/** The editor's content as sanitized HTML, or '' when it shows no text. */
export function readHtml(editor: LexicalEditor): string {
  const html = sanitizeRichText(editor.read(() => $generateHtmlFromNodes(editor, null)));
  return richTextToPlain(html) ? html : '';
}
