/**
 * The question list's export menu (issue 35): the game's questions as our template (Excel or CSV,
 * which imports back as the same questions) or as Kahoot's quiz spreadsheet template, from
 * POST /question/export through the API client (`fileOf`), saved under the name the server gave.
 * Kahoot takes choice questions only: the count the server left out (its `X-Questions-Left-Out`
 * header) goes to `onLeftOut`, for the list to say so. Shown to admins who may read games.
 */
import { Button, Menu, Portal, Spinner } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuDownload, LuFileSpreadsheet, LuFileText } from 'react-icons/lu';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { saveFile } from '@/app/lib/save-file';
import { type ExportFormat, questionBulkApi } from '../api/question-bulk';

const FORMATS: Array<{ format: ExportFormat; label: 'bulk.exportXlsx' | 'bulk.exportCsv' | 'bulk.exportKahoot' }> = [
  { format: 'xlsx', label: 'bulk.exportXlsx' },
  { format: 'csv', label: 'bulk.exportCsv' },
  { format: 'kahoot', label: 'bulk.exportKahoot' },
];

export function QuestionExportMenu({ gameId, onLeftOut }: { gameId: number; onLeftOut: (count: number) => void }) {
  const { t } = useTranslation('trivia');
  const allowed = usePermission('triviaGame.list');
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;

  async function exportAs(format: ExportFormat) {
    setBusy(true);
    try {
      const file = await questionBulkApi.export(gameId, format);
      saveFile(file.blob, file.filename);
      onLeftOut(format === 'kahoot' ? file.leftOut : 0);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => void exportAs(value as ExportFormat)}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={busy} aria-busy={busy} data-testid="question-export">
          {busy ? <Spinner size="xs" /> : <LuDownload />}
          {t('bulk.export')}
          <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel textStyle="xs">{t('bulk.exportTitle')}</Menu.ItemGroupLabel>
              {FORMATS.map(({ format, label }) => (
                <Menu.Item key={format} value={format} textStyle="xs">
                  {format === 'csv' ? <LuFileText /> : <LuFileSpreadsheet />}
                  {t(label)}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
