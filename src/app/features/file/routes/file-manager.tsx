/**
 * /file/index — the company's file store (issue 17): a directory tree (lazily listed, collapsible;
 * a drawer below the lg breakpoint) beside the table of the open directory, breadcrumbs, and a toolbar
 * to make a directory, upload (a picker, or a file dropped on the table), download, delete the ticked
 * files or the open directory. `file.list` lets an admin see and download, `file.edit` change. One
 * upload runs at a time, with its progress above the table. The server's list is the truth: every
 * change lists the directory it touched again.
 */
import { Badge, Box, Breadcrumb, Card, EmptyState, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuRefreshCw } from 'react-icons/lu';
import { PageHeader } from '@/app/components/page-header';
import { dialogs } from '@/app/components/ui/dialogs';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { savedMessage } from '@/app/lib/feedback';
import { saveFile } from '@/app/lib/save-file';
import { formatFileSize } from '@/domain/file-types';
import { type FileEntry, fileApi } from '../api/files';
import { DirectoryTree } from '../components/directory-tree';
import { DropZone } from '../components/drop-zone';
import { FileTable } from '../components/file-table';
import { FileToolbar } from '../components/file-toolbar';
import { MakeDirectoryDialog } from '../components/make-directory-dialog';
import { TreeDrawer } from '../components/tree-drawer';
import { UploadPanel } from '../components/upload-panel';
import { useFileListings } from '../hooks/use-file-listings';
import { useFileUpload } from '../hooks/use-file-upload';
import { useFilePageTitle } from '../lib/page-title';
import { ancestorsOf, isWithin, nameOf, parentOf } from '../lib/paths';

export function FileManagerPage() {
  const { t } = useTranslation('file');
  const { t: common } = useTranslation();
  useFilePageTitle();
  const canList = usePermission('file.list');
  const canEdit = usePermission('file.edit');
  const { listings, uploadLimit, load, forget } = useFileListings();
  const [directory, setDirectory] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(['']));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [treeOpen, setTreeOpen] = useState(false);
  const [making, setMaking] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  // The directory on screen, for answers that arrive after the user moved on.
  const shown = useRef(directory);
  useLayoutEffect(() => {
    shown.current = directory;
  }, [directory]);

  const listing = listings[directory];
  const entries = listing?.entries ?? [];
  const pathLabel = (path: string) => (path === '' ? t('root') : path);

  const reload = useCallback(
    async (path: string) => {
      const data = await load(path);
      // Ticks of files that are gone are dropped.
      if (data && path === shown.current) setSelected((current) => new Set(data.list.filter((entry) => current.has(entry.path)).map((entry) => entry.path)));
    },
    [load],
  );

  useEffect(() => {
    if (canList) void load('');
  }, [canList, load]);

  const upload = useFileUpload({
    uploadLimit,
    entriesOf: (path) => (listings[path]?.status === 'ready' ? listings[path].entries : undefined),
    onUploaded: (path) => void reload(path),
  });

  function open(path: string) {
    setDirectory(path);
    setSelected(new Set());
    setTreeOpen(false);
    const along = ['', ...ancestorsOf(path)];
    setExpanded((current) => new Set([...current, ...along]));
    // The tree shows the way there: list the directories on it that were never listed.
    for (const ancestor of along.slice(0, -1)) if (!listings[ancestor]) void load(ancestor);
    void load(path);
  }

  function toggle(path: string) {
    const next = new Set(expanded);
    if (next.has(path)) next.delete(path);
    else {
      next.add(path);
      if (!listings[path] || listings[path].status === 'error') void load(path);
    }
    setExpanded(next);
  }

  async function download(entry: FileEntry) {
    setDownloading(entry.path);
    try {
      const file = await fileApi.download(entry.path);
      saveFile(file.blob, file.filename);
    } catch {
      // shown by the API client
    } finally {
      setDownloading(null);
    }
  }

  async function removeFiles(paths: string[]) {
    const message = paths.length === 1 ? t('delete.file', { name: nameOf(paths[0]!) }) : t('delete.files', { count: paths.length });
    const confirmed = await dialogs.confirm({ title: t('delete.title'), message, confirmLabel: t('delete.confirm'), cancelLabel: common('common.cancel') });
    if (!confirmed) return;
    try {
      await fileApi.remove(paths);
      savedMessage(t('delete.deleted', { count: paths.length }));
    } catch {
      // shown by the API client (all or nothing: a file already gone refuses the lot)
    }
    void reload(parentOf(paths[0]!));
  }

  async function removeDirectory(path: string) {
    const parent = parentOf(path);
    const entry = listings[parent]?.entries.find((item) => item.path === path) ?? (await load(parent))?.list.find((item) => item.path === path);
    const count = entry?.file_count ?? 0;
    const name = nameOf(path);
    const confirmed = await dialogs.confirm({
      title: t('delete.title'),
      message: count > 0 ? t('delete.directory', { name, count }) : t('delete.emptyDirectory', { name }),
      confirmLabel: t('delete.confirm'),
      cancelLabel: common('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await fileApi.deleteDirectory(path);
      savedMessage(t('delete.directoryDeleted', { name }));
    } catch {
      void reload(parent);
      return;
    }
    forget(path);
    if (isWithin(shown.current, path)) open(parent);
    else void reload(parent);
  }

  function deleteEntry(entry: FileEntry) {
    if (entry.type === 'directory') void removeDirectory(entry.path);
    else void removeFiles([entry.path]);
  }

  function onDrop(files: File[]) {
    if (files.length > 1) upload.refuse(files[0]!.name, t('upload.oneAtATime'));
    else if (files[0]) void upload.start(files[0], directory);
  }

  if (!canList) {
    return (
      <Stack gap="4">
        <PageHeader title={t('heading')} subtitle={t('subtitle')} />
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Title textStyle="sm">{t('noPermission')}</EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      </Stack>
    );
  }

  const tree = <DirectoryTree listings={listings} expanded={expanded} current={directory} onOpen={open} onToggle={toggle} />;
  const selectedFiles = [...selected];

  return (
    <Stack gap="4">
      <PageHeader title={t('heading')} subtitle={t('subtitle')} />

      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="3" p={{ base: '3', md: '4' }}>
          <FileToolbar
            canEdit={canEdit}
            ticked={selectedFiles.length}
            downloading={downloading === selectedFiles[0]}
            atRoot={directory === ''}
            onDirectories={() => setTreeOpen(true)}
            onUpload={(file) => void upload.start(file, directory)}
            onMakeDirectory={() => setMaking(true)}
            onDownload={() => {
              const entry = entries.find((item) => item.path === selectedFiles[0]);
              if (entry) void download(entry);
            }}
            onDeleteTicked={() => void removeFiles(selectedFiles)}
            onDeleteDirectory={() => void removeDirectory(directory)}
          />

          <HStack justify="space-between" gap="2" align="center">
            <Breadcrumb.Root size="sm" aria-label={t('breadcrumb')} minW="0" data-testid="file-breadcrumb">
              <Breadcrumb.List flexWrap="wrap" rowGap="1">
                {['', ...ancestorsOf(directory)].map((path, index, all) => (
                  <BreadcrumbStep key={path} path={path} label={path === '' ? t('root') : nameOf(path)} last={index === all.length - 1} onOpen={open} />
                ))}
              </Breadcrumb.List>
            </Breadcrumb.Root>
            <IconButton
              size="xs"
              variant="ghost"
              flexShrink={0}
              aria-label={t('toolbar.refresh')}
              title={t('toolbar.refresh')}
              onClick={() => void reload(directory)}
              loading={listing?.status === 'loading'}
            >
              <LuRefreshCw />
            </IconButton>
          </HStack>

          <UploadPanel running={upload.running} problem={upload.problem} onCancel={upload.cancel} onDismiss={upload.dismiss} />

          <Flex gap="4" align="stretch">
            <Box hideBelow="lg" w="60" flexShrink={0} borderWidth="1px" rounded="md" p="2" maxH="70vh" overflowY="auto">
              {tree}
            </Box>
            <DropZone enabled={canEdit} hint={t('upload.dropHere', { path: pathLabel(directory) })} onDrop={onDrop}>
              <FileTable
                entries={entries}
                status={listing?.status}
                selected={selected}
                onSelect={setSelected}
                canEdit={canEdit}
                downloading={downloading}
                onOpen={(entry) => open(entry.path)}
                onDownload={(entry) => void download(entry)}
                onDelete={deleteEntry}
                onRetry={() => void reload(directory)}
                onBackToRoot={directory !== '' ? () => open('') : undefined}
                label={t('list.label', { path: pathLabel(directory) })}
              />
            </DropZone>
          </Flex>

          <Flex justify="space-between" gap="2" wrap="wrap" textStyle="xs" color="fg.muted">
            <HStack gap="3">
              <Text data-testid="file-total">{t('list.total', { count: entries.length })}</Text>
              {selectedFiles.length > 0 && (
                <Badge size="sm" colorPalette="brand" variant="subtle">
                  {t('list.selected', { count: selectedFiles.length })}
                </Badge>
              )}
            </HStack>
            {canEdit && <Text data-testid="upload-limit">{t('toolbar.limit', { limit: formatFileSize(uploadLimit) })}</Text>}
          </Flex>
        </Card.Body>
      </Card.Root>

      <TreeDrawer open={treeOpen} onClose={() => setTreeOpen(false)}>
        {tree}
      </TreeDrawer>

      {canEdit && (
        <MakeDirectoryDialog
          open={making}
          directory={directory}
          onClose={() => setMaking(false)}
          onMade={(path) => {
            setMaking(false);
            setExpanded((current) => new Set([...current, directory]));
            void reload(directory);
            // A nested name (`2024/q1`) made a directory whose parent may be listed already.
            if (parentOf(path) !== directory && listings[parentOf(path)]) void load(parentOf(path));
          }}
        />
      )}
    </Stack>
  );
}

function BreadcrumbStep({ path, label, last, onOpen }: { path: string; label: string; last: boolean; onOpen: (path: string) => void }) {
  return (
    <>
      <Breadcrumb.Item minW="0">
        {last ? (
          <Breadcrumb.CurrentLink fontWeight="medium" wordBreak="break-all">
            {label}
          </Breadcrumb.CurrentLink>
        ) : (
          <Breadcrumb.Link asChild>
            <button type="button" onClick={() => onOpen(path)}>
              {label}
            </button>
          </Breadcrumb.Link>
        )}
      </Breadcrumb.Item>
      {!last && <Breadcrumb.Separator />}
    </>
  );
}
