/**
 * The results export menu of a game (issue 7): the ranking, every answer, the per-question
 * statistics or the disqualified players (issue 33: the README promised that CSV) as CSV, or all four
 * as an Excel workbook (issue 21), from POST /triviaGame/exportResults. Used in the game list's
 * actions and on the control screen. The file comes through the API client (`fileOf`) (same
 * headers, the one token refresh and replay, the same error messages) and is saved under the name the
 * server gave it (the game's title), by the shared DownloadMenu. Shown only to admins who may read games (`triviaGame.list`, as the server checks).
 */
import type { components } from '@openapi/admin-api';
import { useTranslation } from 'react-i18next';
import { asFile, fileOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { DownloadMenu } from '@/app/components/download-menu';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';

type ExportRequest = Omit<components['schemas']['TriviaGameExportResultsRequest'], 'trivia_game_id'>;
type Choice = 'csvRanking' | 'csvAnswers' | 'csvStatistics' | 'csvDisqualified' | 'xlsx';

/** The menu's items in order, each the request it makes: every table the contract offers is here. */
const REQUESTS: Record<Choice, ExportRequest> = {
  xlsx: { format: 'xlsx' },
  csvRanking: { format: 'csv', table: 'ranking' },
  csvAnswers: { format: 'csv', table: 'answers' },
  csvStatistics: { format: 'csv', table: 'statistics' },
  csvDisqualified: { format: 'csv', table: 'disqualified' },
};
const CHOICES = Object.keys(REQUESTS) as Choice[];

export interface ExportResultsProps {
  gameId: number;
  /** Button size; the game list uses xs. */
  size?: 'xs' | 'sm' | 'md';
  variant?: 'ghost' | 'outline' | 'subtle';
}

export function ExportResults({ gameId, size = 'xs', variant = 'ghost' }: ExportResultsProps) {
  const { t } = useTranslation('trivia');
  const allowed = usePermission('triviaGame.list');
  if (!allowed) return null;
  return (
    <DownloadMenu
      label={t('export.button')}
      heading={t('export.title')}
      items={CHOICES.map((choice) => ({ value: choice, label: t(`export.${choice}`), kind: choice === 'xlsx' ? 'sheet' : 'text' }))}
      download={(choice) => fileOf(client.POST('/triviaGame/exportResults', { body: { trivia_game_id: gameId, ...REQUESTS[choice] }, ...asFile() }))}
      size={size}
      variant={variant}
      testId="export-results"
    />
  );
}
