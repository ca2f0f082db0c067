/**
 * What the results dialog shows (issue 21): the winners (top N, the operator's choice, with the rule
 * of the ranking that decided each place, their flags, and for `triviaGame.control` a button that
 * shows them on the display as a podium), the flagged and disqualified players (FairPlayPanel), and
 * each question's statistics as plain CSS bars: percent correct, answers per option, median time
 * (a question not shown yet, or shown with its answer not published, says so instead).
 * Loaded with the dialog, not with the game list.
 */
import { Badge, Box, Button, Card, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMonitorUp } from 'react-icons/lu';
import { dataOf, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';
import { usePermission } from '@/app/features/auth/hooks/use-access-routes';
import { FairPlayPanel, FlagBadges } from './fair-play-panel';

type Schemas = components['schemas'];

const seconds = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(1));

function Winners({ gameId, version }: { gameId: number; version: number }) {
  const { t } = useTranslation('trivia');
  const mayControl = usePermission('triviaGame.control');
  const [count, setCount] = useState(3);
  const [data, setData] = useState<Schemas['WinnersData'] | null>(null);

  useEffect(() => {
    dataOf(client.POST('/triviaGame/winners', { body: { trivia_game_id: gameId, count } }))
      .then(setData)
      .catch(() => undefined); // shown by the API client
  }, [gameId, count, version]);

  return (
    <Stack gap="2" data-testid="winners">
      <HStack gap="2" wrap="wrap">
        <Text textStyle="sm">{t('results.winnersCount')}</Text>
        <Input
          type="number"
          size="xs"
          w="20"
          min={1}
          max={100}
          value={count}
          aria-label={t('results.winnersCount')}
          onChange={(e) => setCount(Math.min(100, Math.max(1, Math.floor(Number(e.target.value) || 1))))}
        />
        {mayControl ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="brand"
            data-testid="show-winners"
            onClick={() => void dataOf(client.POST('/triviaGame/showWinners', { body: { trivia_game_id: gameId, count }, ...withOptions({ notify: true }) })).catch(() => undefined)}
          >
            <LuMonitorUp />
            {t('results.showWinners')}
          </Button>
        ) : null}
        {data ? (
          <Text textStyle="xs" color="fg.muted">
            {t('results.rankedOf', { count: data.total, disqualified: data.disqualified })}
          </Text>
        ) : null}
      </HStack>
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('results.rank')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('fairPlay.player')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('results.score')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('results.time')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('results.decidedBy')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('fairPlay.flags')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(data?.list ?? []).map((w) => (
              <Table.Row key={w.player_id} data-testid="winner-row">
                <Table.Cell>{w.rank}</Table.Cell>
                <Table.Cell>{w.nickname}</Table.Cell>
                <Table.Cell textAlign="end">{w.score}</Table.Cell>
                <Table.Cell textAlign="end">{seconds(w.elapsed_ms)}</Table.Cell>
                <Table.Cell>
                  <Text textStyle="xs">{w.decided_by ? t(`results.decided.${w.decided_by}`) : '—'}</Text>
                </Table.Cell>
                <Table.Cell>
                  <FlagBadges flags={w.flags} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

/**
 * The question's correctness badge: its percentage once the answer is published and answered; else
 * why there is none (never shown, shown with the answer not published yet, published with no answer):
 * a question never shown must not read as if it awaited its answer.
 */
function correctness(item: Schemas['QuestionStatsItem'], t: TFunction<'trivia'>): string {
  if (item.status === 0) return t('results.notShown');
  if (item.status === 1) return t('results.notPublished');
  return item.percent_correct === null ? t('results.noAnswers') : t('results.percentCorrect', { value: item.percent_correct });
}

/** One question's statistics: the percentage correct and a bar per option, in plain CSS. */
function QuestionChart({ item }: { item: Schemas['QuestionStatsItem'] }) {
  const { t } = useTranslation('trivia');
  const max = Math.max(1, ...item.distribution.map((d) => d.count));
  return (
    <Card.Root size="sm" variant="outline" data-testid="question-stats">
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="medium">
            {item.sort}. {item.title}
          </Text>
          <HStack gap="2">
            <Badge colorPalette={item.percent_correct === null ? 'gray' : 'green'} variant="subtle" data-testid="percent-correct" data-status={item.status}>
              {correctness(item, t)}
            </Badge>
            {/* A question never shown has no answers to count. */}
            {item.status === 0 ? null : (
              <>
                <Badge variant="subtle">{t('results.answered', { count: item.answered })}</Badge>
                <Badge variant="subtle">{t('results.median', { value: seconds(item.median_ms) })}</Badge>
              </>
            )}
          </HStack>
        </HStack>
        <Stack gap="1" role="img" aria-label={t('results.distribution')}>
          {item.distribution.map((d) => {
            const correct = item.answer?.includes(d.title) ?? false;
            return (
              <HStack key={d.title} gap="2" data-testid="option-bar" data-option={d.title} data-count={d.count}>
                <Text w="5" textStyle="sm" fontWeight={correct ? 'bold' : 'normal'}>
                  {d.title}
                </Text>
                <Box flex="1" h="3" bg="bg.muted" rounded="sm" overflow="hidden">
                  <Box h="full" w={`${(d.count / max) * 100}%`} bg={correct ? 'green.solid' : 'gray.400'} />
                </Box>
                <Text w="10" textAlign="end" textStyle="sm">
                  {d.count}
                </Text>
              </HStack>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function GameResultsBody({ gameId }: { gameId: number }) {
  const { t } = useTranslation('trivia');
  const [version, setVersion] = useState(0);
  const [stats, setStats] = useState<Schemas['QuestionStatsItem'][] | null>(null);

  useEffect(() => {
    dataOf(client.POST('/triviaGame/questionStats', { body: { trivia_game_id: gameId } }))
      .then((data) => setStats(data.list))
      .catch(() => undefined);
  }, [gameId, version]);

  return (
    <Stack gap="6">
      <Stack gap="2">
        <Text textStyle="md" fontWeight="semibold">
          {t('results.winners')}
        </Text>
        <Winners gameId={gameId} version={version} />
      </Stack>
      <Stack gap="2">
        <Text textStyle="md" fontWeight="semibold">
          {t('fairPlay.title')}
        </Text>
        <FairPlayPanel gameId={gameId} onChanged={() => setVersion((v) => v + 1)} />
      </Stack>
      <Stack gap="2">
        <Text textStyle="md" fontWeight="semibold">
          {t('results.statistics')}
        </Text>
        {stats?.length === 0 ? <Text textStyle="sm">{t('common.empty')}</Text> : null}
        {(stats ?? []).map((item) => (
          <QuestionChart key={item.question_id} item={item} />
        ))}
      </Stack>
    </Stack>
  );
}
