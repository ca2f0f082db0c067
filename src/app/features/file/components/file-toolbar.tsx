/**
 * The file manager's toolbar: the directory drawer's button (below the lg breakpoint), upload (a
 * hidden file picker behind the button), new directory, download the one ticked file, delete the
 * ticked files (with their count) and delete the open directory. Who may only look sees download.
 */
import { Badge, Button, Flex } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuFolderPlus, LuFolderTree, LuFolderX, LuTrash2, LuUpload } from 'react-icons/lu';
import { FILE_INPUT_ACCEPT } from '@/domain/file-types';

interface FileToolbarProps {
  canEdit: boolean;
  /** How many files are ticked. */
  ticked: number;
  /** The one ticked file is being downloaded. */
  downloading: boolean;
  /** The open directory is the root, which cannot be deleted. */
  atRoot: boolean;
  onDirectories: () => void;
  onUpload: (file: File) => void;
  onMakeDirectory: () => void;
  onDownload: () => void;
  onDeleteTicked: () => void;
  onDeleteDirectory: () => void;
}

export function FileToolbar({ canEdit, ticked, downloading, atRoot, onDirectories, onUpload, onMakeDirectory, onDownload, onDeleteTicked, onDeleteDirectory }: FileToolbarProps) {
  const { t } = useTranslation('file');
  const picker = useRef<HTMLInputElement>(null);
  return (
    <Flex gap="2" wrap="wrap" align="center" data-testid="file-toolbar">
      <Button size="xs" variant="outline" hideFrom="lg" onClick={onDirectories}>
        <LuFolderTree />
        {t('toolbar.directories')}
      </Button>
      {canEdit && (
        <>
          <Button size="xs" colorPalette="brand" onClick={() => picker.current?.click()} data-testid="upload-button">
            <LuUpload />
            {t('toolbar.upload')}
          </Button>
          <Button size="xs" variant="outline" onClick={onMakeDirectory}>
            <LuFolderPlus />
            {t('toolbar.makeDirectory')}
          </Button>
        </>
      )}
      <Button size="xs" variant="outline" disabled={ticked !== 1} title={ticked !== 1 ? t('toolbar.downloadHint') : undefined} loading={ticked === 1 && downloading} onClick={onDownload}>
        <LuDownload />
        {t('toolbar.download')}
      </Button>
      {canEdit && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          disabled={ticked === 0}
          title={ticked === 0 ? t('toolbar.deleteHint') : undefined}
          onClick={onDeleteTicked}
          data-testid="delete-selected"
        >
          <LuTrash2 />
          {t('toolbar.delete')}
          {ticked > 0 && (
            <Badge size="xs" colorPalette="red" variant="solid">
              {ticked}
            </Badge>
          )}
        </Button>
      )}
      {canEdit && !atRoot && (
        <Button size="xs" variant="ghost" colorPalette="red" onClick={onDeleteDirectory}>
          <LuFolderX />
          {t('toolbar.deleteDirectory')}
        </Button>
      )}
      {canEdit && (
        <input
          ref={picker}
          type="file"
          hidden
          accept={FILE_INPUT_ACCEPT}
          aria-label={t('toolbar.upload')}
          data-testid="upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onUpload(file);
          }}
        />
      )}
    </Flex>
  );
}
