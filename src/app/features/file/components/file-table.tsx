/**
 * The table of one directory, on the list kit's DataTable: directories first, then files (the
 * server's order), each with its size (a directory: how many files it holds at any depth), type,
 * modification time and actions. Files can be ticked for a download or a deletion of several at once;
 * a directory is deleted from its row, with a confirmation that says how many files go with it. Below
 * the md breakpoint the size, type and time move under the name, so a phone's row keeps its name and
 * actions on screen. The first load, an empty directory and one that could not be read are the
 * table's own states.
 */
import { Box, Button, HStack, IconButton, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuFile, LuFileSpreadsheet, LuFileText, LuFileVideo, LuFolder, LuInbox, LuTrash2, LuTriangleAlert } from 'react-icons/lu';
import { type Column, DataTable } from '@/app/components/data-table/data-table';
import { formatDateTime } from '@/app/lib/dates';
import { fileTypeOf, formatFileSize } from '@/domain/file-types';
import type { FileEntry } from '../api/files';

interface FileTableProps {
  entries: readonly FileEntry[];
  /** The directory's listing: being read, read, or it could not be read. */
  status: 'loading' | 'ready' | 'error' | undefined;
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  canEdit: boolean;
  /** The file being downloaded, if any. */
  downloading: string | null;
  onOpen: (entry: FileEntry) => void;
  onDownload: (entry: FileEntry) => void;
  onDelete: (entry: FileEntry) => void;
  onRetry: () => void;
  /** Offered when the directory could not be read and is not the root. */
  onBackToRoot?: () => void;
  label: string;
}

function FileIcon({ entry }: { entry: FileEntry }) {
  if (entry.type === 'directory') return <LuFolder />;
  const ext = fileTypeOf(entry.name)?.ext;
  if (ext === 'mp4') return <LuFileVideo />;
  if (ext === 'csv' || ext === 'xls' || ext === 'xlsx') return <LuFileSpreadsheet />;
  if (ext === 'pdf' || ext === 'doc' || ext === 'docx' || ext === 'txt') return <LuFileText />;
  return <LuFile />;
}

const small = { textStyle: 'xs', whiteSpace: 'nowrap' } as const;

export function FileTable({ entries, status, selected, onSelect, canEdit, downloading, onOpen, onDownload, onDelete, onRetry, onBackToRoot, label }: FileTableProps) {
  const { t } = useTranslation('file');
  const typeOf = (entry: FileEntry) => {
    if (entry.type === 'directory') return t('type.directory');
    const ext = fileTypeOf(entry.name)?.ext;
    return ext ? t(`type.${ext}`) : t('type.other');
  };
  const sizeOf = (entry: FileEntry) => (entry.type === 'directory' ? t('list.fileCount', { count: entry.file_count }) : formatFileSize(entry.size));

  const nameCell = (entry: FileEntry) => (
    <HStack gap="2" minW="0">
      <Box as="span" display="inline-flex" flexShrink={0} color={entry.type === 'directory' ? 'orange.500' : 'fg.muted'} fontSize="md" aria-hidden>
        <FileIcon entry={entry} />
      </Box>
      <Box minW="0">
        {entry.type === 'directory' ? (
          <Link asChild textStyle="sm" fontWeight="medium" color="fg" maxW="full" display="block" truncate textAlign="start">
            <button type="button" title={entry.name} aria-label={t('list.open', { name: entry.name })} onClick={() => onOpen(entry)} data-testid="file-name">
              {entry.name}
            </button>
          </Link>
        ) : (
          <Text textStyle="sm" truncate title={entry.name} data-testid="file-name">
            {entry.name}
          </Text>
        )}
        {/* On a phone the size and day are read here (the icon tells the type), so the actions stay on screen. */}
        <Text hideFrom="md" textStyle="xs" color="fg.muted" truncate title={formatDateTime(entry.updated_at)}>
          {`${sizeOf(entry)} · ${formatDateTime(entry.updated_at).slice(0, 10)}`}
        </Text>
      </Box>
    </HStack>
  );

  const actionsCell = (entry: FileEntry) => (
    <HStack gap="0.5" justify="flex-end">
      {entry.type === 'file' && (
        <IconButton size="xs" variant="ghost" aria-label={t('list.download', { name: entry.name })} title={t('toolbar.download')} loading={downloading === entry.path} onClick={() => onDownload(entry)}>
          <LuDownload />
        </IconButton>
      )}
      {canEdit && (
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={entry.type === 'directory' ? t('list.deleteDirectory', { name: entry.name }) : t('list.delete', { name: entry.name })}
          title={t('toolbar.delete')}
          onClick={() => onDelete(entry)}
        >
          <LuTrash2 />
        </IconButton>
      )}
    </HStack>
  );

  const columns: Column<FileEntry>[] = [
    { key: 'name', header: t('column.name'), headerProps: small, cellProps: { maxW: '0', w: 'full', minW: '32' }, cell: nameCell },
    { key: 'size', header: t('column.size'), hideBelow: 'md', align: 'end', headerProps: small, cellProps: { ...small, fontVariantNumeric: 'tabular-nums', 'data-testid': 'file-size' }, cell: sizeOf },
    { key: 'type', header: t('column.type'), hideBelow: 'md', headerProps: small, cellProps: { ...small, color: 'fg.muted' }, cell: typeOf },
    { key: 'modified', header: t('column.modified'), hideBelow: 'md', headerProps: small, cellProps: { ...small, color: 'fg.muted' }, cell: (entry) => formatDateTime(entry.updated_at) },
    { key: 'actions', header: t('column.actions'), align: 'end', headerProps: small, cell: actionsCell },
  ];

  return (
    <DataTable<FileEntry>
      frameless
      columns={columns}
      rowKey={(entry) => entry.path}
      rows={entries}
      loading={status === undefined || status === 'loading'}
      loadingMessage={{ title: t('list.loading'), testId: 'file-loading' }}
      empty={{ title: t('list.empty'), hint: canEdit ? t('list.emptyHint') : t('list.emptyHintReadOnly'), icon: <LuInbox />, testId: 'file-empty' }}
      error={
        status === 'error'
          ? {
              title: t('list.loadFailed'),
              hint: t('list.loadFailedHint'),
              icon: <LuTriangleAlert />,
              testId: 'file-error',
              actions: (
                <HStack gap="2">
                  <Button size="xs" variant="outline" onClick={onRetry}>
                    {t('list.retry')}
                  </Button>
                  {onBackToRoot && (
                    <Button size="xs" variant="ghost" onClick={onBackToRoot}>
                      {t('list.backToRoot')}
                    </Button>
                  )}
                </HStack>
              ),
            }
          : null
      }
      rowProps={(entry) => ({
        'data-testid': 'file-row',
        'data-path': entry.path,
        'data-type': entry.type,
        onDoubleClick: entry.type === 'directory' ? () => onOpen(entry) : undefined,
        bg: selected.has(entry.path) ? 'brand.50/40' : undefined,
      })}
      tableProps={{ interactive: true, 'aria-label': label, 'data-testid': 'file-table' }}
      selection={{
        selected,
        onChange: (next) => onSelect(new Set([...next].map(String))),
        selectable: (entry) => entry.type === 'file',
        allLabel: t('list.selectAll'),
        rowLabel: (entry) => t('list.selectRow', { name: entry.name }),
        rowTitle: (entry) => (entry.type === 'directory' ? t('list.directoryNotSelectable') : undefined),
      }}
    />
  );
}
