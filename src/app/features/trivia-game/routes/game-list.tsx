/**
 * /triviaGame/index — the trivia games of the company: search by title, the paged table
 * (title, type, open time for level games, status, number of questions), and per game its questions,
 * its control screen, the results export (CSV / Excel), reset after a rehearsal, duplicate, edit and delete. Changing needs `triviaGame.edit`; the server refuses deleting
 * a game with a question on screen and the API client shows its message.
 */
import { Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuListOrdered, LuPlay } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { DataTable } from '@/app/components/data-table/data-table';
import { RowActions } from '@/app/components/data-table/row-actions';
import { PageHeader } from '@/app/components/page-header';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { type PagedQuery, usePagedList } from '@/app/hooks/use-paged-list';
import { ExportResults } from '../components/export-results';
import { GameResults } from '../components/game-results';
import { GameDialog } from '../components/game-dialog';
import { AutopilotBadge, GameStatusBadge, GameTypeBadge } from '../components/game-summary';
import { DuplicateGameButton, ResetGameButton } from '../components/rehearsal-actions';
import { formatTime } from '../lib/format';
import { useTriviaPageTitle } from '../lib/page-title';
import { TitleSearchBar } from '../components/title-search-bar';
import { confirmDelete } from '../lib/confirm-delete';

type Game = components['schemas']['TriviaGame'];

export function TriviaGameListPage() {
  const { t } = useTranslation('trivia');
  useTriviaPageTitle('game.pageTitle');
  const canEdit = usePermission('triviaGame.edit');
  const [dialog, setDialog] = useState<{ game: Game | null } | null>(null);

  const load = useCallback(
    ({ page, limit, title }: PagedQuery<{ title: string }>) => dataOf(client.POST('/triviaGame/list', { body: { page, limit, order: 'desc', sort: 'id', ...(title ? { title } : {}) } })),
    [],
  );
  const list = usePagedList<Game, { title: string }>(load, { title: '' });

  // A game on screen cannot be deleted: the API client says so.
  const remove = (game: Game) => confirmDelete(t, () => dataOf(client.POST('/triviaGame/delete', { body: { id: game.id } })), list.reload);

  const openTime = (game: Game) => {
    if (game.type !== 2) return <Text color="fg.subtle">{t('common.none')}</Text>;
    if (!game.start_time && !game.end_time) return <Text color="fg.muted">{t('game.unlimited')}</Text>;
    return (
      <Stack gap="0" textStyle="xs">
        <Text>{formatTime(game.start_time) || t('game.unlimited')}</Text>
        <Text color="fg.muted">~ {formatTime(game.end_time) || t('game.unlimited')}</Text>
      </Stack>
    );
  };

  const actions = (game: Game) => (
    <RowActions label={game.title} onEdit={canEdit ? () => setDialog({ game }) : undefined} onDelete={canEdit ? () => void remove(game) : undefined}>
      <GameLink to={`/triviaGame/update/${game.id}`} palette="brand" icon={<LuListOrdered />} label={t('game.questions')} />
      <GameLink to={`/triviaGame/start/${game.id}`} palette="green" icon={<LuPlay />} label={t('game.control')} />
      <GameResults gameId={game.id} title={game.title} />
      <ExportResults gameId={game.id} />
      <ResetGameButton game={game} onReset={list.reload} />
      <DuplicateGameButton
        game={game}
        onDuplicated={() => {
          // The newest game is first: the copy shows at the top of page 1.
          list.setPage(1);
          list.reload();
        }}
      />
    </RowActions>
  );

  return (
    <Stack gap="4">
      <PageHeader title={t('game.heading')} subtitle={t('game.subtitle')} />
      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="3">
          <TitleSearchBar onSearch={(title) => list.setFilters({ title })} createLabel={t('game.create')} onCreate={canEdit ? () => setDialog({ game: null }) : undefined} />
          <DataTable<Game>
            list={list}
            rowKey={(game) => game.id}
            rowProps={() => ({ 'data-testid': 'game-row' })}
            tableProps={{ interactive: true, 'data-testid': 'game-table' }}
            empty={{ title: t('common.empty') }}
            columns={[
              {
                key: 'title',
                header: t('game.title'),
                headerProps: { minW: '48' },
                cell: (game) => (
                  <>
                    <Link asChild fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }}>
                      <RouterLink to={`/triviaGame/update/${game.id}`}>{game.title}</RouterLink>
                    </Link>
                    <Text textStyle="xs" color="fg.muted">
                      {t('game.pin')} {game.pin}
                    </Text>
                  </>
                ),
              },
              { key: 'type', header: t('game.type'), headerProps: { w: '28' }, cell: (game) => <GameTypeBadge type={game.type} /> },
              { key: 'open', header: t('game.openTime'), headerProps: { w: '40' }, cell: openTime },
              {
                key: 'status',
                header: t('game.status'),
                headerProps: { w: '20' },
                cell: (game) => (
                  <HStack gap="1" wrap="wrap">
                    <GameStatusBadge status={game.status} />
                    {game.auto_advance.enabled ? <AutopilotBadge /> : null}
                  </HStack>
                ),
              },
              {
                key: 'questions',
                header: t('game.questionCount'),
                align: 'end',
                headerProps: { w: '20' },
                cellProps: { fontVariantNumeric: 'tabular-nums' },
                cell: (game) => game.question_count,
              },
              { key: 'actions', header: t('common.actions'), align: 'end', cell: actions },
            ]}
          />
        </Card.Body>
      </Card.Root>
      <GameDialog
        open={dialog !== null}
        game={dialog?.game ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          list.reload();
        }}
      />
    </Stack>
  );
}

/** A row's link to one of the game's pages (its questions, its control screen). */
function GameLink({ to, palette, icon, label }: { to: string; palette: string; icon: ReactNode; label: string }) {
  return (
    <Button asChild size="xs" variant="ghost" colorPalette={palette}>
      <RouterLink to={to}>
        {icon}
        {label}
      </RouterLink>
    </Button>
  );
}
