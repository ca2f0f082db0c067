/**
 * The control screen's question table: paged (10, 25, 50) and sortable, with the columns
 * of the game's type — order, level (type 2), title, question text, image, score (type 2), answering
 * time, bonus (type 1), status and the status-dependent action. Paging and sorting happen here over
 * the game's whole question list (the screen holds every question's actor anyway), so sorting by
 * status follows the live statuses, not the ones stored when the page loaded. Below the `md`
 * breakpoint (a phone) the rows become cards, so that the status and the action are on screen without
 * scrolling the table sideways.
 */
import { Badge, Box, Button, Card, HStack, Image, NativeSelect, Stack, Table, Text, useBreakpointValue, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowDown, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import { selectQuestionActors, selectQuestionRows, selectQuestionStatuses } from '@machines/game/selectors';
import type { Game, Question } from '../api/live-api';
import { QuestionActionButton, QuestionStatusCell } from './question-action';
import { ListPagination } from '@/app/components/list-pagination';
import { PAGE_SIZES } from '@/app/hooks/use-paged-list';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import { isTimed } from '@/domain/timed';
import { useGame } from '../lib/game-context';

type SortKey = 'sort' | 'level' | 'title' | 'score' | 'answering_time' | 'status';
type Order = 'asc' | 'desc';

interface QuestionTableProps {
  game: Game;
}

export function QuestionTable({ game }: QuestionTableProps) {
  const { t } = useTranslation('live');
  const [sort, setSort] = useState<{ key: SortKey; order: Order }>({ key: 'sort', order: 'asc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const statuses = useGame(selectQuestionStatuses);
  const questions = useGame(selectQuestionRows);
  const actors = useGame(selectQuestionActors);
  const levelOf = useMemo(() => new Map((game.levels ?? []).map((l) => [l.id, l.level])), [game.levels]);
  const type = game.type;
  // A content slide has no answering time.
  const timeOf = (question: Question) =>
    !kindLabelOf(question.question_type).answerable
      ? t('table.none')
      : isTimed(type, question.have_answering_time)
        ? t('table.seconds', { n: question.answering_time })
        : t('table.unlimitedTime');

  const sorted = useMemo(() => {
    const value = (q: Question): number | string => {
      switch (sort.key) {
        case 'level':
          return levelOf.get(q.level_id) ?? 0;
        case 'title':
          return q.title;
        case 'score':
          return q.score;
        case 'answering_time':
          return isTimed(type, q.have_answering_time) ? q.answering_time : Number.MAX_SAFE_INTEGER;
        case 'status':
          return statuses[q.id] ?? q.status;
        default:
          return q.sort;
      }
    };
    const direction = sort.order === 'asc' ? 1 : -1;
    return [...questions].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const diff = typeof x === 'string' || typeof y === 'string' ? String(x).localeCompare(String(y)) : x - y;
      return diff !== 0 ? diff * direction : (a.sort - b.sort) * direction || a.id - b.id;
    });
  }, [questions, sort, statuses, levelOf, type]);

  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pageCount);
  const rows = sorted.slice((current - 1) * pageSize, current * pageSize);

  function header(key: SortKey, label: string, width?: string) {
    const active = sort.key === key;
    const Arrow = !active ? LuArrowUpDown : sort.order === 'asc' ? LuArrowUp : LuArrowDown;
    return (
      <Table.ColumnHeader w={width} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'} whiteSpace="nowrap">
        <Button
          size="2xs"
          variant="ghost"
          px="1"
          ms="-1"
          fontWeight="semibold"
          title={t('table.sortBy', { column: label })}
          onClick={() => {
            setSort((s) => ({ key, order: s.key === key && s.order === 'asc' ? 'desc' : 'asc' }));
            setPage(1);
          }}
        >
          {label}
          <Box as={Arrow} color={active ? 'fg' : 'fg.subtle'} />
        </Button>
      </Table.ColumnHeader>
    );
  }

  const columns = 8 + (type === 2 ? 2 : 1);
  const asCards = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const sortLabels: Record<SortKey, string> = {
    sort: t('table.order'),
    level: t('table.level'),
    title: t('table.title'),
    score: t('table.score'),
    answering_time: t('table.answeringTime'),
    status: t('table.status'),
  };
  const sortKeys: SortKey[] = type === 2 ? ['sort', 'level', 'title', 'score', 'answering_time', 'status'] : ['sort', 'title', 'answering_time', 'status'];
  const pager = (
    <ListPagination
      total={sorted.length}
      page={current}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
    />
  );

  if (asCards) {
    return (
      <Stack gap="3">
        <HStack gap="2" justify="flex-end">
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field
              aria-label={t('table.sort')}
              value={`${sort.key}:${sort.order}`}
              onChange={(e) => {
                const [key, order] = e.target.value.split(':') as [SortKey, Order];
                setSort({ key, order });
                setPage(1);
              }}
            >
              {sortKeys.flatMap((key) =>
                (['asc', 'desc'] as const).map((order) => (
                  <option key={`${key}:${order}`} value={`${key}:${order}`}>
                    {`${sortLabels[key]} ${order === 'asc' ? '↑' : '↓'}`}
                  </option>
                )),
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {rows.map((question) => {
          const actor = actors[question.id];
          return (
            <Card.Root key={question.id} size="sm" variant="outline" data-testid="question-card" data-question-id={question.id}>
              <Card.Body gap="2">
                <HStack justify="space-between" align="flex-start" gap="2">
                  <HStack gap="2" minW="0" align="flex-start">
                    <Badge size="sm" variant="outline">
                      {question.sort}
                    </Badge>
                    <Text fontWeight="semibold" textStyle="sm">
                      {question.title}
                    </Text>
                  </HStack>
                  {actor && <QuestionStatusCell actor={actor} />}
                </HStack>
                <HStack gap="3" align="flex-start">
                  {question.question_img && (
                    <Image src={question.question_img} alt={question.title} h="12" w="20" objectFit="cover" rounded="sm" borderWidth="1px" flexShrink="0" />
                  )}
                  <Text textStyle="sm" color={question.question_text ? 'fg.muted' : 'fg.muted'} lineClamp={3}>
                    {question.question_text || t('table.none')}
                  </Text>
                </HStack>
                <HStack justify="space-between" align="center" gap="2" wrap="wrap">
                  <Wrap gap="1.5" textStyle="xs" color="fg.muted">
                    {type === 2 && levelOf.has(question.level_id) && <Badge size="sm" variant="subtle">{t('table.levelN', { n: levelOf.get(question.level_id) })}</Badge>}
                    <Badge size="sm" variant="subtle">
                      {timeOf(question)}
                    </Badge>
                    {type === 2 && (
                      <Badge size="sm" variant="subtle">
                        {t('table.score')} {question.score}
                      </Badge>
                    )}
                    {type === 1 && question.is_bonus === 1 && (
                      <Badge size="sm" colorPalette="orange" variant="subtle">
                        {t('table.bonus')}
                      </Badge>
                    )}
                  </Wrap>
                  {actor && <QuestionActionButton actor={actor} title={question.title} />}
                </HStack>
              </Card.Body>
            </Card.Root>
          );
        })}
        {rows.length === 0 && (
          <Text textAlign="center" py="10" color="fg.muted">
            {t('table.empty')}
          </Text>
        )}
        {pager}
      </Stack>
    );
  }

  return (
    <Box>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" stickyHeader data-testid="question-table">
          <Table.Header>
            <Table.Row bg="bg.muted">
              {header('sort', t('table.order'), '20')}
              {type === 2 && header('level', t('table.level'), '24')}
              {header('title', t('table.title'))}
              <Table.ColumnHeader minW="44">{t('table.questionText')}</Table.ColumnHeader>
              <Table.ColumnHeader w="24">{t('table.questionImg')}</Table.ColumnHeader>
              {type === 2 && header('score', t('table.score'), '20')}
              {header('answering_time', t('table.answeringTime'), '28')}
              {type === 1 && <Table.ColumnHeader w="20">{t('table.bonus')}</Table.ColumnHeader>}
              {header('status', t('table.status'), '28')}
              <Table.ColumnHeader w="36" textAlign="end">
                {t('table.action')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((question) => {
              const actor = actors[question.id];
              return (
                <Table.Row key={question.id} data-testid="question-row" data-question-id={question.id}>
                  <Table.Cell color="fg.muted">{question.sort}</Table.Cell>
                  {type === 2 && (
                    <Table.Cell whiteSpace="nowrap">{levelOf.has(question.level_id) ? t('table.levelN', { n: levelOf.get(question.level_id) }) : t('table.none')}</Table.Cell>
                  )}
                  <Table.Cell fontWeight="medium" minW="28">
                    {question.title}
                  </Table.Cell>
                  <Table.Cell>
                    <Text lineClamp={2} textStyle="sm" color={question.question_text ? 'fg' : 'fg.muted'}>
                      {question.question_text || t('table.none')}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {question.question_img ? (
                      <Image src={question.question_img} alt={question.title} h="10" w="18" objectFit="cover" rounded="sm" borderWidth="1px" />
                    ) : (
                      <Text color="fg.muted">{t('table.none')}</Text>
                    )}
                  </Table.Cell>
                  {type === 2 && <Table.Cell>{question.score}</Table.Cell>}
                  <Table.Cell whiteSpace="nowrap">
                    {timeOf(question)}
                  </Table.Cell>
                  {type === 1 && (
                    <Table.Cell>
                      {question.is_bonus === 1 ? (
                        <Badge size="sm" colorPalette="orange" variant="subtle">
                          {t('table.bonus')}
                        </Badge>
                      ) : (
                        <Text color="fg.muted">{t('table.no')}</Text>
                      )}
                    </Table.Cell>
                  )}
                  <Table.Cell>{actor && <QuestionStatusCell actor={actor} />}</Table.Cell>
                  <Table.Cell textAlign="end">{actor && <QuestionActionButton actor={actor} title={question.title} />}</Table.Cell>
                </Table.Row>
              );
            })}
            {rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={columns} textAlign="center" py="10" color="fg.muted">
                  {t('table.empty')}
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {pager}
    </Box>
  );
}
