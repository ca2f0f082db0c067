/**
 * The directory tree beside the file table: the root and, under each expanded directory, the
 * directories inside it, loaded the first time it is expanded (one list call per directory, shared
 * with the table). A chevron expands or collapses; the name opens the directory in the table. Once a
 * directory is listed and holds no directory, its chevron goes.
 */
import { Box, Button, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuChevronRight, LuFolder, LuFolderOpen, LuHardDrive } from 'react-icons/lu';
import type { Listing } from '../hooks/use-file-listings';

interface DirectoryTreeProps {
  listings: Readonly<Record<string, Listing>>;
  expanded: ReadonlySet<string>;
  /** The directory the table shows. */
  current: string;
  onOpen: (path: string) => void;
  onToggle: (path: string) => void;
}

/** The open directory's name stands out, and says so to a screen reader. */
const CURRENT = { fontWeight: 'semibold', color: 'brand.fg', 'aria-current': 'location' } as const;
const OTHER = { fontWeight: 'normal', color: 'fg' } as const;

export function DirectoryTree(props: DirectoryTreeProps) {
  const { t } = useTranslation('file');
  return (
    <Box as="nav" aria-label={t('tree.label')} data-testid="directory-tree">
      <Box as="ul" listStyleType="none" m="0" p="0">
        <TreeNode {...props} path="" name={t('root')} depth={0} />
      </Box>
    </Box>
  );
}

function TreeNode({ path, name, depth, ...tree }: DirectoryTreeProps & { path: string; name: string; depth: number }) {
  const { listings, expanded, current, onOpen, onToggle } = tree;
  const { t } = useTranslation('file');
  const listing = listings[path];
  const open = expanded.has(path);
  const children = (listing?.entries ?? []).filter((entry) => entry.type === 'directory');
  const leaf = listing?.status === 'ready' && children.length === 0;
  const isCurrent = path === current;
  const Icon = path === '' ? LuHardDrive : open && !leaf ? LuFolderOpen : LuFolder;

  return (
    <Box as="li" data-testid="tree-node" data-path={path}>
      <HStack gap="0" ps={`${depth * 14}px`} rounded="md" bg={isCurrent ? 'brand.subtle' : undefined} _hover={{ bg: isCurrent ? 'brand.subtle' : 'bg.muted' }}>
        {leaf ? (
          <Box w="6" flexShrink={0} />
        ) : (
          <IconButton
            size="2xs"
            variant="ghost"
            flexShrink={0}
            _expanded={{ bg: 'transparent' }}
            aria-expanded={open}
            aria-label={open ? t('tree.collapse', { name }) : t('tree.expand', { name })}
            onClick={() => onToggle(path)}
          >
            {open ? <LuChevronDown /> : <LuChevronRight />}
          </IconButton>
        )}
        <Button size="xs" variant="plain" flex="1" minW="0" justifyContent="flex-start" px="1" gap="1.5" title={name} onClick={() => onOpen(path)} {...(isCurrent ? CURRENT : OTHER)}>
          <Icon aria-hidden />
          <Text as="span" truncate>
            {name}
          </Text>
        </Button>
      </HStack>
      {open && listing?.status === 'loading' && children.length === 0 && (
        <HStack ps={`${(depth + 1) * 14 + 24}px`} py="1" gap="2" color="fg.muted" textStyle="xs">
          <Spinner size="xs" />
          <Text>{t('tree.loading')}</Text>
        </HStack>
      )}
      {open && children.length > 0 && (
        <Box as="ul" listStyleType="none" m="0" p="0">
          {children.map((child) => (
            <TreeNode key={child.path} {...tree} path={child.path} name={child.name} depth={depth + 1} />
          ))}
        </Box>
      )}
    </Box>
  );
}
