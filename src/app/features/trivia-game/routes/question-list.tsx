/**
 * /triviaGame/update/:id — the questions of one game (docs/product.md): the game's
 * header (title, answer type, open time for a level game, status) with the promotion scores of its
 * levels, search by title, the paged table, and the create/update dialog. Editing needs
 * `triviaGame.edit`; a question already shown cannot be changed, one on screen cannot be deleted.
 * Questions in bulk (issue 35): import from a sheet (our template or Kahoot's), the export menu, and
 * with ticked rows the bulk bar — move the block up or down, copy to another game, delete. The
 * selection is the page's; the import and copy dialogs load on first use.
 */
import { Alert, Badge, Box, Button, Card, DataList, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuFileUp, LuPencil } from 'react-icons/lu';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { CloseButton } from '@/app/components/close-button';
import { DataTable } from '@/app/components/data-table/data-table';
import { RowActions } from '@/app/components/data-table/row-actions';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { type PagedQuery, usePagedList } from '@/app/hooks/use-paged-list';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import type { GameType } from '@/domain/question-rules';
import { GameGuard } from '../components/game-guard';
import { GameStatusBadge, GameTypeBadge } from '../components/game-summary';
import { PromotionScores } from '../components/promotion-scores';
import { QuestionDialog } from '../components/question-dialog';
import { formatTime } from '../lib/format';
import { useTriviaPageTitle } from '../lib/page-title';
import { isTimed } from '@/domain/timed';
import { TitleSearchBar } from '../components/title-search-bar';
import { confirmDelete } from '../lib/confirm-delete';
import { questionBulkApi } from '../api/question-bulk';
import { QuestionBulkBar } from '../components/question-bulk-bar';
import { QuestionExportMenu } from '../components/question-export-menu';

// Loaded on first use, as lazyDialog does (its own chunk would be one more file for the pages that
// share it; these stay mounted once opened, so they close with their animation).
const QuestionImportDialog = lazy(() => import('../components/question-import-dialog'));
const QuestionCopyDialog = lazy(() => import('../components/question-copy-dialog'));

type Game = components['schemas']['TriviaGame'];
type Level = components['schemas']['Level'];
type Question = components['schemas']['Question'];

export function QuestionListPage() {
  useTriviaPageTitle('question.pageTitle');
  // A bad address (not an id, or no such game) shows the game's not-found state, not an empty list.
  return <GameGuard id={useParams().id}>{(game) => <QuestionList key={game.id} loaded={game} />}</GameGuard>;
}

function QuestionList({ loaded }: { loaded: Game }) {
  const { t } = useTranslation('trivia');
  const gameId = loaded.id;
  const canEdit = usePermission('triviaGame.edit');
  const [game, setGame] = useState<Game>(loaded);
  // `?question=<id>` opens that question's dialog (the control screen's pre-flight check links here).
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<{ questionId: number | null } | null>(() => {
    const linked = Number(searchParams.get('question'));
    return Number.isInteger(linked) && linked > 0 ? { questionId: linked } : null;
  });

  const load = useCallback(
    ({ page, limit, title }: PagedQuery<{ title: string }>) =>
      dataOf(client.POST('/question/list', { body: { page, limit, order: 'asc', sort: 'sort', trivia_game_id: gameId, ...(title ? { title } : {}) } })),
    [gameId],
  );
  const list = usePagedList<Question, { title: string }>(load, { title: '' });
  const levels = useMemo(() => game.levels ?? [], [game]);
  const levelNumber = useMemo(() => new Map(levels.map((l) => [l.id, l.level])), [levels]);
  const type = game.type as GameType;

  // The ticked rows still on this page (a selection is the page's: another page or a reload drops the rest).
  const [ticked, setTicked] = useState<ReadonlySet<number | string>>(new Set());
  const selected = list.rows.filter((q) => ticked.has(q.id));
  const selectedIds = selected.map((q) => q.id);
  const [bulk, setBulkState] = useState<'import' | 'copy' | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<'import' | 'copy'>>(new Set());
  const setBulk = (next: 'import' | 'copy' | null) => {
    if (next && !opened.has(next)) setOpened(new Set([...opened, next]));
    setBulkState(next);
  };
  const [moving, setMoving] = useState(false);
  const [leftOut, setLeftOut] = useState(0);
  // The game's ends, known without a title filter: the first row of the first page, the last of the last.
  const whole = !list.query.title;
  const atTop = whole && list.query.page === 1 && list.rows[0] !== undefined && ticked.has(list.rows[0].id);
  const last = list.rows.at(-1);
  const atBottom = whole && list.query.page * list.query.limit >= list.total && last !== undefined && ticked.has(last.id);

  // The block moves one place; the selection stays so the next click moves it again. A refusal (a
  // question already shown keeps its place) is shown by the API client.
  const move = async (by: -1 | 1) => {
    setMoving(true);
    try {
      await questionBulkApi.move(gameId, selectedIds, by);
    } catch {
      // shown by the API client
    } finally {
      setMoving(false);
      list.reload();
    }
  };
  const removeSelected = () =>
    confirmDelete(t, () => questionBulkApi.deleteBatch(gameId, selectedIds), () => {
      setTicked(new Set());
      list.reload();
    });

  // A question on screen cannot be deleted: the API client says so.
  const remove = (question: Question) => confirmDelete(t, () => dataOf(client.POST('/question/delete', { body: { id: question.id } })), list.reload);

  const actions = (question: Question) =>
    canEdit && (
      <RowActions
        label={question.title}
        onDelete={() => void remove(question)}
        deleteRefusal={question.status === 1 ? t('question.onScreenHint') : null}
      >
        <Button
          size="xs"
          variant="ghost"
          colorPalette="brand"
          disabled={question.status >= 1}
          title={question.status >= 1 ? t('question.lockedHint') : undefined}
          onClick={() => setDialog({ questionId: question.id })}
        >
          <LuPencil />
          {t('common.update')}
        </Button>
      </RowActions>
    );

  return (
    <Stack gap="4">
      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="4">
          <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
            <Stack gap="1" minW="0">
              <Link asChild textStyle="xs" color="fg.muted" w="fit-content">
                <RouterLink to="/triviaGame/index">
                  <LuArrowLeft />
                  {t('common.back')}
                </RouterLink>
              </Link>
              <Heading as="h1" size="lg" data-testid="game-title">
                {game.title}
              </Heading>
            </Stack>
          </HStack>
          <DataList.Root orientation="horizontal" size="sm" gap="2" data-testid="game-header">
            <HeaderItem label={t('header.type')}>
              <GameTypeBadge type={game.type} />
            </HeaderItem>
            {game.type === 2 && (
              <HeaderItem label={t('header.openTime')}>
                {game.start_time || game.end_time
                  ? `${formatTime(game.start_time) || t('game.unlimited')} ~ ${formatTime(game.end_time) || t('game.unlimited')}`
                  : t('game.unlimited')}
              </HeaderItem>
            )}
            <HeaderItem label={t('header.status')}>
              <GameStatusBadge status={game.status} />
            </HeaderItem>
          </DataList.Root>
          {game.type === 2 && (
            <Box borderTopWidth="1px" pt="3">
              <Text textStyle="sm" fontWeight="semibold" mb="2">
                {t('header.levels')}
              </Text>
              <PromotionScores
                gameId={game.id}
                levels={levels}
                editable={canEdit}
                onSaved={(saved: Level[]) => setGame((g) => ({ ...g, levels: saved }))}
              />
            </Box>
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root size="sm" variant="outline" bg="bg">
        <Card.Body gap="3">
          <TitleSearchBar
            onSearch={(title) => list.setFilters({ title })}
            createLabel={t('question.create')}
            onCreate={canEdit ? () => setDialog({ questionId: null }) : undefined}
            tools={
              <>
                {canEdit && (
                  <Button size="sm" variant="outline" onClick={() => setBulk('import')} data-testid="question-import">
                    <LuFileUp />
                    {t('sheetImport.open')}
                  </Button>
                )}
                <QuestionExportMenu gameId={gameId} onLeftOut={setLeftOut} />
              </>
            }
          />
          {leftOut > 0 && (
            <Alert.Root status="warning" size="sm" data-testid="export-left-out">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{t('bulk.leftOut', { count: leftOut })}</Alert.Description>
              </Alert.Content>
              <CloseButton size="xs" onClick={() => setLeftOut(0)} />
            </Alert.Root>
          )}
          {canEdit && selected.length > 0 && (
            <QuestionBulkBar
              count={selected.length}
              upRefusal={atTop ? t('bulk.atTop') : null}
              downRefusal={atBottom ? t('bulk.atBottom') : null}
              deleteRefusal={selected.some((q) => q.status === 1) ? t('bulk.onScreen') : null}
              busy={moving}
              onMove={(by) => void move(by)}
              onCopy={() => setBulk('copy')}
              onDelete={() => void removeSelected()}
              onClear={() => setTicked(new Set())}
            />
          )}
          <DataTable<Question>
            list={list}
            rowKey={(question) => question.id}
            rowProps={() => ({ 'data-testid': 'question-row' })}
            tableProps={{ interactive: true, stickyHeader: true, 'data-testid': 'question-table' }}
            empty={{ title: t('common.empty') }}
            selection={
              canEdit
                ? {
                    selected: new Set(selectedIds),
                    onChange: setTicked,
                    selectable: () => true,
                    allLabel: t('bulk.selectAll'),
                    rowLabel: (question) => t('bulk.selectRow', { title: question.title }),
                  }
                : undefined
            }
            columns={[
              { key: 'sort', header: t('question.order'), headerProps: { w: '16' }, cellProps: { color: 'fg.muted' }, cell: (question) => question.sort },
              type === 2 && {
                key: 'level',
                header: t('question.level'),
                headerProps: { w: '20' },
                cell: (question) => (levelNumber.has(question.level_id) ? t('question.levelN', { n: levelNumber.get(question.level_id) }) : t('common.none')),
              },
              { key: 'title', header: t('question.title'), headerProps: { minW: '36' }, cellProps: { fontWeight: 'medium' }, cell: (question) => question.title },
              {
                key: 'kind',
                header: t('question.kindLabel'),
                headerProps: { w: '28' },
                cell: (question) => (
                  <Badge size="sm" variant="subtle" colorPalette={KIND_PALETTE[question.question_type]} whiteSpace="nowrap" data-testid="question-kind">
                    {t(`question.${kindLabelOf(question.question_type).label}`)}
                  </Badge>
                ),
              },
              {
                key: 'text',
                header: t('question.questionText'),
                headerProps: { minW: '48' },
                cell: (question) => (
                  <Text lineClamp={2} textStyle="sm" color={question.question_text ? 'fg' : 'fg.subtle'}>
                    {question.question_text || t('common.none')}
                  </Text>
                ),
              },
              {
                key: 'image',
                header: t('question.questionImg'),
                headerProps: { w: '28' },
                cell: (question) =>
                  question.question_img ? (
                    <Image src={question.question_img} alt={question.title} h="10" w="18" objectFit="cover" rounded="sm" borderWidth="1px" />
                  ) : (
                    <Text color="fg.subtle">{t('common.none')}</Text>
                  ),
              },
              type === 2 && { key: 'score', header: t('question.score'), headerProps: { w: '16' }, cell: (question) => question.score },
              {
                key: 'time',
                header: t('question.answeringTime'),
                headerProps: { w: '24' },
                cell: (question) =>
                  !kindLabelOf(question.question_type).answerable
                    ? t('common.none')
                    : isTimed(type, question.have_answering_time)
                      ? t('question.seconds', { n: question.answering_time })
                      : t('question.unlimitedTime'),
              },
              type === 1 && {
                key: 'bonus',
                header: t('question.bonus'),
                headerProps: { w: '20' },
                cell: (question) =>
                  question.is_bonus === 1 ? (
                    <Badge size="sm" colorPalette="orange" variant="subtle">
                      {t('question.bonus')}
                    </Badge>
                  ) : (
                    <Text color="fg.subtle">{t('common.no')}</Text>
                  ),
              },
              { key: 'actions', header: t('common.actions'), align: 'end', headerProps: { w: '36' }, cell: actions },
            ]}
          />
        </Card.Body>
      </Card.Root>

      <QuestionDialog
        open={dialog !== null}
        gameId={game.id}
        gameType={type}
        levels={levels}
        questionId={dialog?.questionId ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          list.reload();
        }}
      />
      <Suspense fallback={null}>
        {opened.has('import') && (
          <QuestionImportDialog open={bulk === 'import'} gameId={gameId} levelGame={type === 2} onClose={() => setBulk(null)} onImported={list.reload} />
        )}
        {opened.has('copy') && (
          <QuestionCopyDialog open={bulk === 'copy'} gameId={gameId} ids={selectedIds} onClose={() => setBulk(null)} onCopied={() => setTicked(new Set())} />
        )}
      </Suspense>
    </Stack>
  );
}

/** A colour per kind, so a long list reads at a glance. */
const KIND_PALETTE: Record<Question['question_type'], string> = {
  1: 'blue',
  2: 'purple',
  3: 'teal',
  4: 'pink',
  5: 'cyan',
  6: 'orange',
  7: 'yellow',
  8: 'gray',
};

/** One line of the game's header: its label, then its value. */
function HeaderItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
