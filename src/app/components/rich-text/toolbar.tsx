/**
 * The editor's small toolbar: text formats, headings, quote, lists, links, undo/redo. It reads the
 * selection on every editor update to show which buttons are active; it never touches HTML.
 */
import { Box, Button, HStack, IconButton, Input, Popover, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode, type HeadingTagType } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  type TextFormatType,
  UNDO_COMMAND,
} from 'lexical';
import { type ReactElement, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LuBold,
  LuHeading2,
  LuHeading3,
  LuItalic,
  LuLink,
  LuList,
  LuListOrdered,
  LuRedo2,
  LuStrikethrough,
  LuTextQuote,
  LuUnderline,
  LuUndo2,
} from 'react-icons/lu';
import { RICH_TEXT_URL_SCHEMES } from '@/domain/rich-text';

type Block = 'paragraph' | 'h2' | 'h3' | 'quote' | 'bullet' | 'number';

interface ToolbarState {
  formats: Set<TextFormatType>;
  block: Block;
  link: string | null;
}

const FORMATS = ['bold', 'italic', 'underline', 'strikethrough'] as const satisfies readonly TextFormatType[];
const SCHEME = new RegExp(`^(${RICH_TEXT_URL_SCHEMES.join('|')}):`, 'i');

/** A link address the allowlist accepts, adding https:// to a bare host; null when it cannot be one. */
export function normalizeLink(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  if (SCHEME.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//')) return null; // another scheme
  return `https://${text}`;
}

function $readState(): ToolbarState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const top = anchor.getKey() === 'root' ? anchor : anchor.getTopLevelElementOrThrow();
  let block: Block = 'paragraph';
  const list = $getNearestNodeOfType(anchor, ListNode);
  if (list && $isListNode(list)) block = list.getListType() === 'number' ? 'number' : 'bullet';
  else if ($isHeadingNode(top)) block = top.getTag() === 'h3' ? 'h3' : 'h2';
  else if ($isQuoteNode(top)) block = 'quote';
  const parent = anchor.getParent();
  const linkNode = $isLinkNode(parent) ? parent : $isLinkNode(anchor) ? anchor : null;
  return { formats: new Set(FORMATS.filter((f) => selection.hasFormat(f))), block, link: linkNode ? linkNode.getURL() : null };
}

function ToolButton({ label, active, onClick, icon, disabled }: { label: string; active?: boolean; onClick: () => void; icon: ReactElement; disabled?: boolean }) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      aria-pressed={active}
      size="xs"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      disabled={disabled}
      // Keeps the editor's selection: the click must not move focus out of it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {icon}
    </IconButton>
  );
}

function LinkButton({ current, active }: { current: string | null; active: boolean }) {
  const { t } = useTranslation('notification');
  const [editor] = useLexicalComposerContext();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);

  const apply = () => {
    const link = normalizeLink(url);
    if (!link) {
      setInvalid(true);
      return;
    }
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, link);
    setOpen(false);
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={({ open: next }) => {
        setOpen(next);
        if (next) {
          setUrl(current ?? '');
          setInvalid(false);
        }
      }}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton
          aria-label={t('richText.link')}
          title={t('richText.link')}
          aria-pressed={active}
          size="xs"
          variant={active ? 'subtle' : 'ghost'}
          colorPalette={active ? 'brand' : 'gray'}
          onMouseDown={(event) => event.preventDefault()}
        >
          <LuLink />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs">
            <Popover.Body p="3">
              <Stack gap="2">
                <Text textStyle="xs" fontWeight="medium">
                  {t('richText.linkAddress')}
                </Text>
                <Input
                  size="xs"
                  value={url}
                  placeholder="https://"
                  aria-invalid={invalid || undefined}
                  onChange={(event) => {
                    setUrl(event.target.value);
                    setInvalid(false);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      apply();
                    }
                  }}
                />
                {invalid && (
                  <Text textStyle="xs" color="fg.error">
                    {t('richText.linkInvalid')}
                  </Text>
                )}
                <HStack justify="flex-end" gap="2">
                  {current && (
                    <Button
                      size="2xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => {
                        editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
                        setOpen(false);
                      }}
                    >
                      {t('richText.unlink')}
                    </Button>
                  )}
                  <Button size="2xs" colorPalette="brand" onClick={apply}>
                    {t('richText.applyLink')}
                  </Button>
                </HStack>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** `inline`: bold, italic and links only (an explanation's allowlist); `full`: every tool. */
export type ToolSet = 'full' | 'inline';
const INLINE_FORMATS = ['bold', 'italic'] as const satisfies readonly TextFormatType[];

export function Toolbar({ tools = 'full' }: { tools?: ToolSet }) {
  const { t } = useTranslation('notification');
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>({ formats: new Set(), block: 'paragraph', link: null });
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const next = editorState.read($readState, { editor });
          if (next) setState(next);
        }),
        editor.registerCommand(CAN_UNDO_COMMAND, (value) => (setCanUndo(value), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(CAN_REDO_COMMAND, (value) => (setCanRedo(value), false), COMMAND_PRIORITY_LOW),
      ),
    [editor],
  );

  const setBlock = useCallback(
    (block: Block) => {
      const target: Block = state.block === block ? 'paragraph' : block;
      if (block === 'bullet' || block === 'number') {
        editor.dispatchCommand(target === 'paragraph' ? REMOVE_LIST_COMMAND : block === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
        return;
      }
      editor.update(() => {
        const selection = $getSelection();
        if (!$isRangeSelection(selection)) return;
        if (target === 'quote') $setBlocksType(selection, () => $createQuoteNode());
        else if (target === 'h2' || target === 'h3') $setBlocksType(selection, () => $createHeadingNode(target as HeadingTagType));
        else $setBlocksType(selection, () => $createParagraphNode());
      });
    },
    [editor, state.block],
  );

  const format = (f: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, f);
  const formatIcons = { bold: <LuBold />, italic: <LuItalic />, underline: <LuUnderline />, strikethrough: <LuStrikethrough /> };

  return (
    <HStack role="toolbar" aria-label={t('richText.toolbar')} gap="0.5" px="1.5" py="1" borderBottomWidth="1px" bg="bg.subtle" wrap="wrap">
      {(tools === 'inline' ? INLINE_FORMATS : FORMATS).map((f) => (
        <ToolButton key={f} label={t(`richText.${f}`)} active={state.formats.has(f)} onClick={() => format(f)} icon={formatIcons[f]} />
      ))}
      {tools === 'full' && <BlockTools state={state} setBlock={setBlock} />}
      <LinkButton current={state.link} active={state.link !== null} />
      <Box flex="1" />
      <ToolButton label={t('richText.undo')} disabled={!canUndo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)} icon={<LuUndo2 />} />
      <ToolButton label={t('richText.redo')} disabled={!canRedo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)} icon={<LuRedo2 />} />
    </HStack>
  );
}

/** Headings, quote and lists (the full tool set only). */
function BlockTools({ state, setBlock }: { state: ToolbarState; setBlock: (block: Block) => void }) {
  const { t } = useTranslation('notification');
  return (
    <>
      <Separator orientation="vertical" h="4" mx="1" />
      <ToolButton label={t('richText.heading2')} active={state.block === 'h2'} onClick={() => setBlock('h2')} icon={<LuHeading2 />} />
      <ToolButton label={t('richText.heading3')} active={state.block === 'h3'} onClick={() => setBlock('h3')} icon={<LuHeading3 />} />
      <ToolButton label={t('richText.quote')} active={state.block === 'quote'} onClick={() => setBlock('quote')} icon={<LuTextQuote />} />
      <Separator orientation="vertical" h="4" mx="1" />
      <ToolButton label={t('richText.bulletList')} active={state.block === 'bullet'} onClick={() => setBlock('bullet')} icon={<LuList />} />
      <ToolButton label={t('richText.numberList')} active={state.block === 'number'} onClick={() => setBlock('number')} icon={<LuListOrdered />} />
    </>
  );
}
