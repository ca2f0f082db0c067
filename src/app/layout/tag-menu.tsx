/**
 * A tag's context menu (./tags-view.tsx loads this on first contact with the tags): refresh, close,
 * close others, close all. A right-click made before it loaded opens it on arrival, where it was made.
 */
import { Menu, Portal, Text } from '@chakra-ui/react';
import { type ReactElement, useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuRefreshCw, LuX } from 'react-icons/lu';
import type { TagAction } from './tags-view';

interface TagMenuProps {
  trigger: ReactElement;
  /** Where the right-click that loaded the menu was made, if one was. */
  openAt: { x: number; y: number } | null;
  affix: boolean;
  onAction: (action: TagAction) => void;
}

export function TagMenu({ trigger, openAt, affix, onAction }: TagMenuProps) {
  const { t } = useTranslation('shell');
  const triggerRef = useRef<HTMLElement>(null);
  const replayRightClick = useEffectEvent(() => {
    // The menu's machine is running (children's effects come first): replay the right-click.
    if (openAt) triggerRef.current?.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: openAt.x, clientY: openAt.y }));
  });
  useEffect(() => replayRightClick(), []); // once: when the menu replaces the plain tag

  return (
    <Menu.Root lazyMount unmountOnExit onSelect={({ value }) => onAction(value as TagAction)}>
      <Menu.ContextTrigger asChild ref={triggerRef}>
        {trigger}
      </Menu.ContextTrigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36" data-testid="tag-menu">
            <Menu.Item value="refresh">
              <LuRefreshCw aria-hidden />
              <Text as="span">{t('tags.refresh')}</Text>
            </Menu.Item>
            <Menu.Item value="close" disabled={affix}>
              <LuX aria-hidden />
              <Text as="span">{t('tags.close')}</Text>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="closeOthers">{t('tags.closeOthers')}</Menu.Item>
            <Menu.Item value="closeAll">{t('tags.closeAll')}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
