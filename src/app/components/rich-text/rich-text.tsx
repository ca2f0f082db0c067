/**
 * The one rich-text component of the back office (Lexical): an editor with a small toolbar, or the
 * same document read-only. HTML goes in and out (`value` / `onChange`), and every HTML that is loaded
 * is sanitized first with the shared allowlist (./sanitize) — read-only rendering included, so stored
 * HTML never reaches the page unsanitized. If the editor fails to load or to update, it says so
 * instead of showing a blank box (the product's rule: a failed editor load shows an error message).
 */
import { Alert, Box, type BoxProps } from '@chakra-ui/react';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { HISTORY_MERGE_TAG } from 'lexical';
import { Component, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $loadHtml, readHtml } from './html';
import { richTextStyles } from './styles';
import { normalizeLink, Toolbar, type ToolSet } from './toolbar';

export interface RichTextProps {
  /** The document as HTML. A change from outside (not an echo of `onChange`) reloads the editor. */
  value: string;
  /** Sanitized HTML after each edit; '' when the editor shows no text. */
  onChange?: (html: string) => void;
  readOnly?: boolean;
  placeholder?: string;
  invalid?: boolean;
  /** Accessible name of the editing area. */
  label?: string;
  id?: string;
  minH?: BoxProps['minH'];
  maxH?: BoxProps['maxH'];
  /** Size of the typeset text: 'sm' in dialogs and forms, 'md' for a page of reading. */
  size?: 'sm' | 'md';
  /** The toolbar's tools: every one, or bold, italic and links only. */
  tools?: ToolSet;
}

const LOAD_TAG = 'rich-text-load';

/** Loads `value` whenever it is not what the editor itself last reported, and reports edits. */
function HtmlPlugin({ value, onChange }: { value: string; onChange?: (html: string) => void }) {
  const [editor] = useLexicalComposerContext();
  const reported = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    editor.update(() => $loadHtml(editor, value), { tag: [LOAD_TAG, HISTORY_MERGE_TAG], discrete: true });
  }, [editor, value]);

  useEffect(() => {
    if (!onChange) return;
    return editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
      if (tags.has(LOAD_TAG) || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return;
      const html = readHtml(editor);
      if (html === reported.current) return;
      reported.current = html;
      onChange(html);
    });
  }, [editor, onChange]);
  return null;
}

/** Follows the `readOnly` prop after mount (the composer reads `editable` once). */
function EditablePlugin({ editable }: { editable: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  return null;
}

function LoadFailed() {
  const { t } = useTranslation('notification');
  return (
    <Alert.Root status="error" size="sm" role="alert" data-testid="rich-text-error">
      <Alert.Indicator />
      <Alert.Title>{t('richText.loadFailed')}</Alert.Title>
    </Alert.Root>
  );
}

/** Catches failures outside Lexical's own boundary (the composer itself, a plugin's render). */
class FailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('rich-text editor failed', error);
  }
  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

const THEME: InitialConfigType['theme'] = {
  text: {
    bold: 'rt-bold',
    italic: 'rt-italic',
    underline: 'rt-underline',
    strikethrough: 'rt-strike',
    underlineStrikethrough: 'rt-underline-strike',
  },
  list: { ul: 'rt-ul', ol: 'rt-ol', listitem: 'rt-li', nested: { listitem: 'rt-nested' } },
  quote: 'rt-quote',
  link: 'rt-link',
};

function Editor({ value, onChange, readOnly = false, placeholder, invalid, label, id, minH, maxH, size = 'sm', tools = 'full' }: RichTextProps) {
  const [failed, setFailed] = useState(false);
  // The composer reads its config once; `readOnly` changes go through EditablePlugin.
  const [initialConfig] = useState<InitialConfigType>(
    () => ({
      namespace: 'ltbo-rich-text',
      theme: THEME,
      editable: !readOnly,
      nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
      onError: (error) => {
        console.error('rich-text editor error', error);
        setFailed(true);
      },
    }),
  );
  if (failed) return <LoadFailed />;

  const content = (
    <ContentEditable
      id={id}
      className="rt-content"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-readonly={readOnly || undefined}
      aria-placeholder={placeholder ?? ''}
      placeholder={
        placeholder ? (
          <Box className="rt-placeholder" aria-hidden>
            {placeholder}
          </Box>
        ) : (
          <span />
        )
      }
    />
  );

  return (
    <LexicalComposer initialConfig={initialConfig}>
      <Box
        css={richTextStyles(size)}
        data-testid={readOnly ? 'rich-text-view' : 'rich-text-editor'}
        position="relative"
        {...(readOnly
          ? {}
          : {
              borderWidth: '1px',
              borderColor: invalid ? 'border.error' : 'border',
              rounded: 'l2',
              bg: 'bg',
              overflow: 'hidden',
              _focusWithin: { borderColor: invalid ? 'border.error' : 'brand.500', boxShadow: '0 0 0 1px var(--chakra-colors-brand-500)' },
            })}
      >
        {!readOnly && <Toolbar tools={tools} />}
        <Box position="relative" minH={readOnly ? undefined : (minH ?? '40')} maxH={maxH} overflowY={maxH ? 'auto' : undefined}>
          <RichTextPlugin contentEditable={content} ErrorBoundary={LexicalErrorBoundary} />
        </Box>
      </Box>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={(url) => normalizeLink(url) === url} />
      <EditablePlugin editable={!readOnly} />
      <HtmlPlugin value={value} onChange={onChange} />
    </LexicalComposer>
  );
}

export function RichText(props: RichTextProps) {
  return (
    <FailureBoundary>
      <Editor {...props} />
    </FailureBoundary>
  );
}
