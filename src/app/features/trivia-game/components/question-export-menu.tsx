/**
 * The question list's export menu (issue 35): the game's questions as our template (Excel or CSV,
 * which imports back as the same questions) or as Kahoot's quiz spreadsheet template, from
 * POST /question/export through the API client (`fileOf`), saved under the name the server gave by
 * the shared DownloadMenu.
 * Kahoot takes choice questions only: the count the server left out (its `X-Questions-Left-Out`
 * header) goes to `onLeftOut`, for the list to say so. Shown to admins who may read games.
 */
import { useTranslation } from 'react-i18next';
import { DownloadMenu } from '@/app/components/download-menu';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { type ExportFormat, questionBulkApi } from '../api/question-bulk';

const FORMATS: Array<{ format: ExportFormat; label: 'bulk.exportXlsx' | 'bulk.exportCsv' | 'bulk.exportKahoot' }> = [
  { format: 'xlsx', label: 'bulk.exportXlsx' },
  { format: 'csv', label: 'bulk.exportCsv' },
  { format: 'kahoot', label: 'bulk.exportKahoot' },
];

export function QuestionExportMenu({ gameId, onLeftOut }: { gameId: number; onLeftOut: (count: number) => void }) {
  const { t } = useTranslation('trivia');
  const allowed = usePermission('triviaGame.list');
  if (!allowed) return null;
  return (
    <DownloadMenu
      label={t('bulk.export')}
      heading={t('bulk.exportTitle')}
      items={FORMATS.map(({ format, label }) => ({ value: format, label: t(label), kind: format === 'csv' ? 'text' : 'sheet' }))}
      download={(format) => questionBulkApi.export(gameId, format)}
      onSaved={(format, file) => onLeftOut(format === 'kahoot' ? file.leftOut : 0)}
      testId="question-export"
    />
  );
}
