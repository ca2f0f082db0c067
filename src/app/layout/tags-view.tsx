/**
 * The tags view: one tag per visited page, pinned tags first and without a close button.
 * Right-click (or the keyboard's context-menu key) opens refresh, close, close others, close all.
 * Closing the page on screen goes to the last tag left. The context menu (./tag-menu.tsx, with Zag's
 * menu machine and the positioning code) loads when the pointer or the focus first comes to a tag, or
 * at the first right-click, which it then opens where it was made.
 */
import { Box, chakra, Flex, HStack } from '@chakra-ui/react';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPin, LuX } from 'react-icons/lu';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { onDemand } from '@/app/lib/on-demand';
import { closeAllTags, closeOtherTags, closeTag, currentTags, refreshTag, type Tag, useTags } from './tags';
import { useTitle } from './use-shell-pages';

export type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

const tagMenu = onDemand(() => import('./tag-menu'));

export function TagsView() {
  const { t } = useTranslation('shell');
  const tags = useTags();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const goToLastIfGone = () => {
    const left = currentTags();
    if (left.some((tag) => tag.path === pathname)) return;
    const last = left[left.length - 1];
    void navigate(last ? last.fullPath : '/dashboard');
  };

  const act = (tag: Tag, action: TagAction) => {
    switch (action) {
      case 'refresh':
        refreshTag(tag.path);
        if (tag.path !== pathname) void navigate(tag.fullPath);
        return;
      case 'close':
        closeTag(tag.path);
        return goToLastIfGone();
      case 'closeOthers':
        closeOtherTags(tag.path);
        if (tag.path !== pathname) void navigate(tag.fullPath);
        return;
      case 'closeAll':
        closeAllTags();
        return goToLastIfGone();
    }
  };

  return (
    <Box as="nav" aria-label={t('tags.label')} bg="bg" borderBottomWidth="1px" borderColor="border.muted" shadow="xs" data-testid="tags-view">
      <HStack as="ul" listStyleType="none" gap="1.5" px="3" h="9" overflowX="auto" overflowY="hidden" css={{ scrollbarWidth: 'thin' }}>
        {tags.map((tag) => (
          <TagItem key={tag.path} tag={tag} active={tag.path === pathname} onAction={(action) => act(tag, action)} />
        ))}
      </HStack>
    </Box>
  );
}

function TagItem({ tag, active, onAction }: { tag: Tag; active: boolean; onAction: (action: TagAction) => void }) {
  const { t } = useTranslation('shell');
  const title = useTitle();
  const label = title(tag.title);
  const loaded = tagMenu.useLoaded();
  const [openAt, setOpenAt] = useState<{ x: number; y: number } | null>(null);
  const early = loaded
    ? {}
    : {
        onPointerEnter: tagMenu.start,
        onFocus: tagMenu.start,
        onContextMenu: (event: MouseEvent) => {
          event.preventDefault();
          setOpenAt({ x: event.clientX, y: event.clientY });
          tagMenu.start();
        },
      };
  const item = (
    <Flex
      as="li"
      align="center"
      flexShrink={0}
      h="6.5"
      ps="2.5"
      pe={tag.affix ? '2.5' : '1'}
      gap="1"
      rounded="sm"
      borderWidth="1px"
      textStyle="xs"
      bg={active ? 'brand.solid' : 'bg'}
      color={active ? 'brand.contrast' : 'fg.muted'}
      borderColor={active ? 'brand.solid' : 'border'}
      _hover={active ? undefined : { color: 'brand.fg', borderColor: 'brand.muted' }}
      data-testid="tag"
      data-path={tag.path}
      data-active={active || undefined}
      data-affix={tag.affix || undefined}
      {...early}
    >
      {active && <Box boxSize="1.5" rounded="full" bg="white" flexShrink={0} aria-hidden />}
      <chakra.a asChild whiteSpace="nowrap" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}>
        <Link to={tag.fullPath} aria-current={active ? 'page' : undefined}>
          {label}
        </Link>
      </chakra.a>
      {tag.affix ? (
        <Box as="span" color={active ? 'brand.contrast' : 'fg.subtle'} title={t('tags.pinned')}>
          <LuPin aria-label={t('tags.pinned')} size="10" />
        </Box>
      ) : (
        <chakra.button
          type="button"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          boxSize="4"
          rounded="full"
          _hover={{ bg: active ? 'whiteAlpha.300' : 'bg.emphasized' }}
          aria-label={t('tags.closeTag', { title: label })}
          onClick={() => onAction('close')}
        >
          <LuX size="10" aria-hidden />
        </chakra.button>
      )}
    </Flex>
  );
  return loaded ? <loaded.TagMenu trigger={item} openAt={openAt} affix={tag.affix} onAction={onAction} /> : item;
}
