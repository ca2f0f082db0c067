/**
 * /triviaGame/index — the trivia games of the company: search by title, the paged table
 * (title, type, open time for level games, status, number of questions), and per game its questions,
 * its control screen, the results export (CSV / Excel), reset after a rehearsal, duplicate, edit and delete. Changing needs `triviaGame.edit`; the server refuses deleting
 * a game with a question on screen and the API client shows its message.
 */
import { Button, Card, HStack, IconButton, Link, Stack, Table, Text } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuListOrdered, LuPencil, LuPlay, LuPlus, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { ListPagination } from '@/app/components/list-pagination';
import { PageHeader } from '@/app/components/page-header';
import { SearchBox } from '@/app/components/search-box';
import { dialogs } from '@/app/components/ui/dialogs';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { type PagedQuery, usePagedList } from '@/app/hooks/use-paged-list';
import { savedMessage } from '@/app/lib/feedback';
import { ExportResults } from '../components/export-results';
import { GameResults } from '../components/game-results';
import { GameDialog } from '../components/game-dialog';
import { GameStatusBadge, GameTypeBadge } from '../components/game-summary';
import { DuplicateGameButton, ResetGameButton } from '../components/rehearsal-actions';
import { formatTime } from '../lib/format';
import { useTriviaPageTitle } from '../lib/page-title';

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

  async function remove(game: Game) {
    const confirmed = await dialogs.confirm({
      title: t('common.confirmTitle'),
      message: t('common.confirmDelete'),
      confirmLabel: t('common.confirm'),
      cancelLabel: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await dataOf(client.POST('/triviaGame/delete', { body: { id: game.id } }));
      savedMessage(t('common.deleted'));
      list.reload();
    } catch {
      // shown by the API client (a game with a question on screen cannot be deleted)
    }
  }

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

  return (
    <Stack gap="4">
      <PageHeader title={t('game.heading')} subtitle={t('game.subtitle')} />
      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <SearchBox label={t('common.searchTitle')} onSearch={(title) => list.setFilters({ title })} />
            {canEdit && (
              <Button size="sm" colorPalette="brand" onClick={() => setDialog({ game: null })}>
                <LuPlus />
                {t('game.create')}
              </Button>
            )}
          </HStack>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" interactive data-testid="game-table">
              <Table.Header>
                <Table.Row bg="bg.muted">
                  <Table.ColumnHeader minW="48">{t('game.title')}</Table.ColumnHeader>
                  <Table.ColumnHeader w="28">{t('game.type')}</Table.ColumnHeader>
                  <Table.ColumnHeader w="40">{t('game.openTime')}</Table.ColumnHeader>
                  <Table.ColumnHeader w="20">{t('game.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader w="20" textAlign="end">
                    {t('game.questionCount')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('common.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.rows.map((game) => (
                  <Table.Row key={game.id} data-testid="game-row">
                    <Table.Cell>
                      <Link asChild fontWeight="medium" color="fg" _hover={{ color: 'brand.fg' }}>
                        <RouterLink to={`/triviaGame/update/${game.id}`}>{game.title}</RouterLink>
                      </Link>
                      <Text textStyle="xs" color="fg.muted">
                        {t('game.pin')} {game.pin}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <GameTypeBadge type={game.type} />
                    </Table.Cell>
                    <Table.Cell>{openTime(game)}</Table.Cell>
                    <Table.Cell>
                      <GameStatusBadge status={game.status} />
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                      {game.question_count}
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1" justify="flex-end">
                        <Button asChild size="xs" variant="ghost" colorPalette="brand">
                          <RouterLink to={`/triviaGame/update/${game.id}`}>
                            <LuListOrdered />
                            {t('game.questions')}
                          </RouterLink>
                        </Button>
                        <Button asChild size="xs" variant="ghost" colorPalette="green">
                          <RouterLink to={`/triviaGame/start/${game.id}`}>
                            <LuPlay />
                            {t('game.control')}
                          </RouterLink>
                        </Button>
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
                        {canEdit && (
                          <>
                            <IconButton size="xs" variant="ghost" aria-label={`${t('common.edit')} ${game.title}`} title={t('common.edit')} onClick={() => setDialog({ game })}>
                              <LuPencil />
                            </IconButton>
                            <IconButton
                              size="xs"
                              variant="ghost"
                              colorPalette="red"
                              aria-label={`${t('common.delete')} ${game.title}`}
                              title={t('common.delete')}
                              onClick={() => void remove(game)}
                            >
                              <LuTrash2 />
                            </IconButton>
                          </>
                        )}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
                {!list.loading && list.rows.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={6} textAlign="center" py="10" color="fg.muted">
                      {t('common.empty')}
                    </Table.Cell>
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <ListPagination total={list.total} page={list.query.page} pageSize={list.query.limit} onPageChange={list.setPage} onPageSizeChange={list.setPageSize} />
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
