/**
 * The results export menu of a game (issue 7): the ranking, every answer, the per-question
 * statistics or the disqualified players (issue 33: the README promised that CSV) as CSV, or all four
 * as an Excel workbook (issue 21), from POST /triviaGame/exportResults. Used in the game list's
 * actions and on the control screen. The file comes through the API client (`fileOf`) (same
 * headers, the one token refresh and replay, the same error messages) and is saved under the name the
 * server gave it (the game's title). Shown only to admins who may read games (`triviaGame.list`, as the server checks).
 */
import { Button, Menu, Portal, Spinner } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuDownload, LuFileSpreadsheet, LuFileText } from 'react-icons/lu';
import { asFile, fileOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { saveFile } from '@/app/lib/save-file';

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
  const [busy, setBusy] = useState(false);

  if (!allowed) return null;

  async function exportAs(choice: Choice) {
    setBusy(true);
    try {
      const file = await fileOf(client.POST('/triviaGame/exportResults', { body: { trivia_game_id: gameId, ...REQUESTS[choice] }, ...asFile() }));
      saveFile(file.blob, file.filename);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => void exportAs(value as Choice)}>
      <Menu.Trigger asChild>
        <Button size={size} variant={variant} disabled={busy} aria-busy={busy} data-testid="export-results">
          {busy ? <Spinner size="xs" /> : <LuDownload />}
          {t('export.button')}
          <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel textStyle="xs">{t('export.title')}</Menu.ItemGroupLabel>
              {CHOICES.map((choice) => (
                <Menu.Item key={choice} value={choice} textStyle="xs">
                  {choice === 'xlsx' ? <LuFileSpreadsheet /> : <LuFileText />}
                  {t(`export.${choice}`)}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
