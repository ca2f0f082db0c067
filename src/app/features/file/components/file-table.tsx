/**
 * The table of one directory: directories first, then files (the server's order), each with its
 * size (a directory: how many files it holds at any depth), type, modification time and actions.
 * Files can be ticked for a download or a deletion of several at once; a directory is deleted from
 * its row, with a confirmation that says how many files go with it. Below the md breakpoint the size,
 * type and time move under the name, so a phone's row keeps its name and actions on screen.
 */
import { Box, Checkbox, HStack, IconButton, Link, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuFile, LuFileSpreadsheet, LuFileText, LuFileVideo, LuFolder, LuTrash2 } from 'react-icons/lu';
import { formatDateTime } from '@/app/lib/dates';
import { fileTypeOf, formatFileSize } from '@/domain/file-types';
import type { FileEntry } from '../api/files';

interface FileTableProps {
  entries: readonly FileEntry[];
  busy: boolean;
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  canEdit: boolean;
  /** The file being downloaded, if any. */
  downloading: string | null;
  onOpen: (entry: FileEntry) => void;
  onDownload: (entry: FileEntry) => void;
  onDelete: (entry: FileEntry) => void;
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

export function FileTable({ entries, busy, selected, onSelect, canEdit, downloading, onOpen, onDownload, onDelete, label }: FileTableProps) {
  const { t } = useTranslation('file');
  const files = entries.filter((entry) => entry.type === 'file');
  const allChecked = files.length > 0 && files.every((entry) => selected.has(entry.path));
  const someChecked = files.some((entry) => selected.has(entry.path));

  const typeOf = (entry: FileEntry) => {
    if (entry.type === 'directory') return t('type.directory');
    const ext = fileTypeOf(entry.name)?.ext;
    return ext ? t(`type.${ext}`) : t('type.other');
  };
  const sizeOf = (entry: FileEntry) => (entry.type === 'directory' ? t('list.fileCount', { count: entry.file_count }) : formatFileSize(entry.size));
  const toggle = (path: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(path);
    else next.delete(path);
    onSelect(next);
  };

  return (
    <Table.Root size="sm" interactive aria-busy={busy} aria-label={label} data-testid="file-table">
      <Table.Header bg="bg.subtle">
        <Table.Row>
          <Table.ColumnHeader w="10" px="3">
            <Checkbox.Root
              size="sm"
              aria-label={t('list.selectAll')}
              disabled={files.length === 0}
              checked={allChecked ? true : someChecked ? 'indeterminate' : false}
              onCheckedChange={({ checked }) => onSelect(checked === true ? new Set(files.map((entry) => entry.path)) : new Set())}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
            </Checkbox.Root>
          </Table.ColumnHeader>
          <Table.ColumnHeader textStyle="xs" whiteSpace="nowrap">
            {t('column.name')}
          </Table.ColumnHeader>
          <Table.ColumnHeader textStyle="xs" whiteSpace="nowrap" textAlign="end" hideBelow="md">
            {t('column.size')}
          </Table.ColumnHeader>
          <Table.ColumnHeader textStyle="xs" whiteSpace="nowrap" hideBelow="md">
            {t('column.type')}
          </Table.ColumnHeader>
          <Table.ColumnHeader textStyle="xs" whiteSpace="nowrap" hideBelow="md">
            {t('column.modified')}
          </Table.ColumnHeader>
          <Table.ColumnHeader textStyle="xs" whiteSpace="nowrap" textAlign="end">
            {t('column.actions')}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((entry) => {
          const isDirectory = entry.type === 'directory';
          return (
            <Table.Row
              key={entry.path}
              data-testid="file-row"
              data-path={entry.path}
              data-type={entry.type}
              onDoubleClick={isDirectory ? () => onOpen(entry) : undefined}
              bg={selected.has(entry.path) ? 'brand.50/40' : undefined}
            >
              <Table.Cell px="3">
                <Checkbox.Root
                  size="sm"
                  aria-label={t('list.selectRow', { name: entry.name })}
                  title={isDirectory ? t('list.directoryNotSelectable') : undefined}
                  disabled={isDirectory}
                  checked={selected.has(entry.path)}
                  onCheckedChange={({ checked }) => toggle(entry.path, checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
              <Table.Cell maxW="0" w="full" minW="32">
                <HStack gap="2" minW="0">
                  <Box as="span" display="inline-flex" flexShrink={0} color={isDirectory ? 'orange.500' : 'fg.muted'} fontSize="md" aria-hidden>
                    <FileIcon entry={entry} />
                  </Box>
                  <Box minW="0">
                    {isDirectory ? (
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
              </Table.Cell>
              <Table.Cell textStyle="xs" textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums" hideBelow="md" data-testid="file-size">
                {sizeOf(entry)}
              </Table.Cell>
              <Table.Cell textStyle="xs" whiteSpace="nowrap" color="fg.muted" hideBelow="md">
                {typeOf(entry)}
              </Table.Cell>
              <Table.Cell textStyle="xs" whiteSpace="nowrap" color="fg.muted" hideBelow="md">
                {formatDateTime(entry.updated_at)}
              </Table.Cell>
              <Table.Cell>
                <HStack gap="0.5" justify="flex-end">
                  {!isDirectory && (
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('list.download', { name: entry.name })}
                      title={t('toolbar.download')}
                      loading={downloading === entry.path}
                      onClick={() => onDownload(entry)}
                    >
                      <LuDownload />
                    </IconButton>
                  )}
                  {canEdit && (
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={isDirectory ? t('list.deleteDirectory', { name: entry.name }) : t('list.delete', { name: entry.name })}
                      title={t('toolbar.delete')}
                      onClick={() => onDelete(entry)}
                    >
                      <LuTrash2 />
                    </IconButton>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
