/**
 * The sidebar's content: logo (optional, settings), menu search, and the permission-built menu. The
 * same content sits in the fixed sidebar on desktop and in a drawer on mobile. Collapsed (desktop
 * only) it shows icons with their names as labels and tooltips.
 */
import { Box, chakra, Flex, Input, InputGroup, Text, VStack } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuSearch } from 'react-icons/lu';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Logo } from '@/app/components/logo';
import { currentLanguage } from '@/app/i18n';
import { isPinyinQuery, type MenuItem, menuLeaves, type PinyinReader, searchMenu } from './lib/menu';
import { loadPinyin } from './lib/pinyin';
import { MenuIcon } from './menu-icon';
import { useSetting } from './settings';
import { useTitle } from './use-shell-pages';

export const SIDEBAR_WIDTH = '210px';
export const SIDEBAR_COLLAPSED_WIDTH = '56px';
/** The sidebar's own dark surface; text colours on it are checked for 4.5:1. */
export const SIDEBAR_BG = '#1f2d3d';
const SIDEBAR_FG = '#c0ccda';
const SIDEBAR_HOVER = '#2b3b4e';
const SIDEBAR_SUB_BG = '#19242f';

interface SidebarMenuProps {
  items: MenuItem[];
  activePath: string;
  collapsed: boolean;
}

export function SidebarContent({ items, activePath, collapsed }: SidebarMenuProps) {
  const { t } = useTranslation('shell');
  const showLogo = useSetting('sidebarLogo');
  return (
    <Flex direction="column" h="full" bg={SIDEBAR_BG} color={SIDEBAR_FG}>
      {showLogo && (
        <Link to="/dashboard" aria-label={collapsed ? t('sidebar.home') : undefined}>
          <Flex h="12" px="3.5" align="center" gap="2.5" overflow="hidden" bg="#1a2633">
            <Logo boxSize="7" />
            {!collapsed && (
              // The product's one name (the login page's title), on two lines when it needs them.
              <Text as="span" color="white" fontWeight="semibold" textStyle="sm" lineHeight="1.2" lineClamp={2}>
                {t('app.title', { ns: 'translation' })}
              </Text>
            )}
          </Flex>
        </Link>
      )}
      {!collapsed && <MenuSearch items={items} />}
      <Box as="nav" aria-label={t('sidebar.menu')} flex="1" overflowY="auto" overflowX="hidden" py="1">
        <VStack as="ul" gap="0" align="stretch" listStyleType="none">
          {items.map((item) => (
            <MenuEntry key={item.key} item={item} activePath={activePath} collapsed={collapsed} depth={0} />
          ))}
        </VStack>
      </Box>
    </Flex>
  );
}

const itemStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  h: '11',
  w: 'full',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  transition: 'background 0.15s, color 0.15s',
  _hover: { bg: SIDEBAR_HOVER, color: 'white' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.300', outlineOffset: '-2px' },
  '& svg': { flexShrink: 0, boxSize: '4' },
} as const;

function MenuEntry({ item, activePath, collapsed, depth }: Omit<SidebarMenuProps, 'items'> & { item: MenuItem; depth: number }) {
  const title = useTitle();
  const groupId = useId();
  const containsActive = useMemo(() => menuLeaves([item], (k) => k).some((leaf) => leaf.path === activePath), [item, activePath]);
  const [open, setOpen] = useState(containsActive);
  const expanded = open || (containsActive && collapsed);
  const label = title(item.title);
  const padding = collapsed ? '5' : depth > 0 ? '10' : '5';

  if (item.children) {
    if (collapsed) {
      return (
        <>
          {item.children.map((child) => (
            <MenuEntry key={child.key} item={child} activePath={activePath} collapsed depth={depth} />
          ))}
        </>
      );
    }
    return (
      <li>
        <chakra.button type="button" {...itemStyles} px={padding} aria-expanded={expanded} aria-controls={groupId} onClick={() => setOpen(!open)}>
          <MenuIcon name={item.icon} />
          <Text as="span" flex="1" textAlign="start" truncate>
            {label}
          </Text>
          <Box as="span" transform={expanded ? 'rotate(180deg)' : undefined} transition="transform 0.2s">
            <LuChevronDown aria-hidden />
          </Box>
        </chakra.button>
        {expanded && (
          <VStack as="ul" id={groupId} gap="0" align="stretch" listStyleType="none" bg={SIDEBAR_SUB_BG}>
            {item.children.map((child) => (
              <MenuEntry key={child.key} item={child} activePath={activePath} collapsed={false} depth={depth + 1} />
            ))}
          </VStack>
        )}
      </li>
    );
  }

  const active = item.path === activePath;
  return (
    <li>
      <chakra.a
        asChild
        {...itemStyles}
        px={padding}
        {...(active ? { bg: 'brand.solid', color: 'brand.contrast', _hover: { bg: 'brand.solid', color: 'brand.contrast' } } : {})}
      >
        <NavLink to={item.path ?? '/'} aria-current={active ? 'page' : undefined} title={collapsed ? label : undefined} aria-label={collapsed ? label : undefined}>
          <MenuIcon name={item.icon} />
          {!collapsed && (
            <Text as="span" truncate>
              {label}
            </Text>
          )}
        </NavLink>
      </chakra.a>
    </li>
  );
}

/** The pinyin reader once `wanted` (it loads on first use), else null. */
function usePinyinReader(wanted: boolean): PinyinReader | null {
  const [reader, setReader] = useState<PinyinReader | null>(null);
  useEffect(() => {
    if (!wanted || reader) return;
    let live = true;
    loadPinyin().then(
      (loaded) => live && setReader(() => loaded),
      () => undefined, // offline: plain-text matching still works; the next search tries again
    );
    return () => {
      live = false;
    };
  }, [wanted, reader]);
  return wanted ? reader : null;
}

/** Menu search: plain text in both languages; in Chinese also full pinyin and initials. */
function MenuSearch({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation('shell');
  const title = useTitle();
  const navigate = useNavigate();
  const pinyinOn = useSetting('pinyinSearch');
  const usePinyin = pinyinOn && currentLanguage() === 'zh-TW';
  const [query, setQuery] = useState('');
  // The dictionary starts loading when the box gets focus, so it is usually there by the first letter.
  const [engaged, setEngaged] = useState(false);
  const pinyin = usePinyinReader(usePinyin && (engaged || query.trim() !== ''));
  const leaves = useMemo(() => menuLeaves(items, title), [items, title]);
  const results = useMemo(() => (query.trim() ? searchMenu(leaves, query, pinyin) : []), [leaves, query, pinyin]);
  // Until the dictionary arrives, a latin query has no definite "no match".
  const pending = usePinyin && !pinyin && isPinyinQuery(query);
  const listId = useId();

  const go = (path: string) => {
    setQuery('');
    void navigate(path);
  };

  return (
    <Box px="3" pt="3" pb="2" position="relative">
      <InputGroup startElement={<LuSearch aria-hidden />} startElementProps={{ color: '#9aabbf' }}>
        <Input
          size="xs"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onFocus={() => setEngaged(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && results[0]) go(results[0].path);
            if (event.key === 'Escape') setQuery('');
          }}
          placeholder={usePinyin ? t('search.placeholderPinyin') : t('search.placeholder')}
          aria-label={t('search.label')}
          aria-controls={query.trim() ? listId : undefined}
          bg="#2b3b4e"
          borderColor="#3a4b5f"
          color="white"
          _placeholder={{ color: '#9aabbf' }}
          _focusVisible={{ borderColor: 'brand.400', outline: 'none' }}
        />
      </InputGroup>
      {query.trim() && (
        <Box
          id={listId}
          as="ul"
          listStyleType="none"
          mt="1"
          bg="bg"
          color="fg"
          rounded="md"
          shadow="lg"
          py="1"
          position="absolute"
          left="3"
          right="3"
          zIndex="dropdown"
          aria-label={t('search.results')}
        >
          {results.length === 0 && !pending && (
            <Text as="li" px="3" py="2" textStyle="xs" color="fg.muted">
              {t('search.noResult')}
            </Text>
          )}
          {results.map((result) => (
            <li key={result.path}>
              <chakra.a asChild display="block" px="3" py="1.5" textStyle="sm" _hover={{ bg: 'brand.subtle' }} _focusVisible={{ bg: 'brand.subtle', outline: 'none' }}>
                <Link to={result.path} onClick={() => setQuery('')}>
                  {result.titles.join(' / ')}
                </Link>
              </chakra.a>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
