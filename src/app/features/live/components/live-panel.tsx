/**
 * The live panel of the control screen: players joined (with the join PIN and address), answers per option of the
 * question on screen (or of the last one, with its correct options, once published) and the current
 * top 10. Everything comes from the operator topic's events; nothing is counted here.
 */
import { Badge, Box, Button, Card, Grid, HStack, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LuRadio, LuRefreshCw, LuTrophy, LuUsers, LuWifiOff } from 'react-icons/lu';
import type { GameSnapshot } from '@machines/game/game.machine';
import { selectConnectionStatus } from '@machines/connection/selectors';
import { selectConnectionActor, selectCounts, selectGame, selectLiveQuestionId, selectPlayerCount, selectRanking } from '@machines/game/selectors';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import { AnswerBars } from './answer-bars';
import { useGame } from '../lib/game-context';

/** The question the answer counts are of (its row). */
const selectCountedQuestion = (s: GameSnapshot) => {
  const id = s.context.counts?.questionId;
  return id === undefined ? undefined : s.context.loaded?.questions.find((q) => q.id === id);
};

export function LivePanel() {
  return (
    <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(0, 0.8fr) minmax(0, 1.2fr) minmax(0, 1.2fr)' }} gap="4" data-testid="live-panel">
      <PlayersCard />
      <AnswersCard />
      <Box gridColumn={{ base: 'auto', md: '1 / -1', xl: 'auto' }}>
        <RankingCard />
      </Box>
    </Grid>
  );
}

/** How the badge shows each connection status: its colour, icon and text (the live namespace). */
const CONNECTION_BADGE = {
  open: { palette: 'green', Icon: LuRadio, text: 'live.connected' },
  connecting: { palette: 'gray', Icon: LuWifiOff, text: 'live.connecting' },
  reconnecting: { palette: 'red', Icon: LuWifiOff, text: 'live.disconnected' },
  closed: { palette: 'red', Icon: LuWifiOff, text: 'live.closed' },
} as const;

/**
 * The tab's realtime connection (machines/connection): green while live, grey while connecting, red
 * when lost or closed. Lost, it offers the operator "Reconnect now" while the client waits out its
 * backoff (`connection.retry`: the next attempt at once).
 */
function ConnectionBadge() {
  const { t } = useTranslation('live');
  const connectionActor = useGame(selectConnectionActor);
  const status = useSelector(connectionActor, (s) => (s ? selectConnectionStatus(s) : 'connecting'));
  const { palette, Icon, text } = CONNECTION_BADGE[status];
  const badge = (
    <Badge size="sm" variant="subtle" colorPalette={palette} data-testid="connection">
      <Icon />
      {t(text)}
    </Badge>
  );
  if (status !== 'reconnecting') return badge;
  return (
    <HStack gap="1.5" wrap="wrap">
      {badge}
      <Button size="2xs" variant="outline" colorPalette="red" data-testid="connection-action" onClick={() => connectionActor?.send({ type: 'connection.retry' })}>
        <LuRefreshCw />
        {t('live.reconnectNow')}
      </Button>
    </HStack>
  );
}

function PlayersCard() {
  const { t } = useTranslation('live');
  const players = useGame(selectPlayerCount);
  const game = useGame(selectGame);
  const pin = game?.pin ?? '';
  // The address the display shows: the server's join_url (public URL), else the display's own, this origin.
  const joinUrl = game ? (game.join_url ?? `${window.location.origin}/play?pin=${encodeURIComponent(game.pin)}`) : '';
  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="players-card">
      <Card.Body gap="3">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <HStack gap="2" color="fg.muted">
            <LuUsers />
            <Heading as="h2" size="sm" color="fg">
              {t('live.players')}
            </Heading>
          </HStack>
          <ConnectionBadge />
        </HStack>
        <Text fontSize="4xl" fontWeight="bold" lineHeight="1" fontVariantNumeric="tabular-nums" data-testid="player-count">
          {players}
        </Text>
        {pin && (
          <Stack gap="0.5">
            <Text textStyle="xs" color="fg.muted">
              {t('live.joinHint', { pin })}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {t('venue.joinAt')}{' '}
              <Link href={joinUrl} target="_blank" rel="noopener noreferrer" colorPalette="brand" overflowWrap="anywhere" data-testid="join-address">
                {joinUrl.replace(/^https?:\/\//, '')}
              </Link>
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function AnswersCard() {
  const { t } = useTranslation('live');
  const counts = useGame(selectCounts);
  const question = useGame(selectCountedQuestion);
  const liveId = useGame(selectLiveQuestionId);
  const players = useGame(selectPlayerCount);
  const isLive = counts !== null && liveId === counts.questionId;
  return (
    <Card.Root size="sm" variant="outline" bg="bg" data-testid="answers-card">
      <Card.Body gap="3">
        <HStack justify="space-between" gap="2">
          <Heading as="h2" size="sm">
            {t('live.answers')}
          </Heading>
          {counts && question && (
            <Badge size="sm" variant="subtle" colorPalette={isLive ? 'orange' : 'gray'} maxW="60%" truncate>
              {isLive ? question.title : t('live.lastQuestion', { title: question.title })}
            </Badge>
          )}
        </HStack>
        {counts && question && !kindLabelOf(question.question_type).answerable ? (
          <Text textStyle="sm" color="fg.muted" py="4" data-testid="answers-slide">
            {t('live.slideNoAnswers')}
          </Text>
        ) : counts && question ? (
          <>
            <Text textStyle="sm" fontWeight="medium" data-testid="answered-total">
              {t('live.answered', { total: counts.total, players })}
            </Text>
            <AnswerBars question={question} counts={counts.counts} revealed={!isLive} />
          </>
        ) : (
          <Text textStyle="sm" color="fg.muted" py="4">
            {t('live.noLiveQuestion')}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function RankingCard() {
  const { t } = useTranslation('live');
  const ranking = useGame(selectRanking);
  const levelGame = useGame((s) => selectGame(s)?.type === 2);
  return (
    <Card.Root size="sm" variant="outline" bg="bg" h="full" data-testid="ranking-card">
      <Card.Body gap="3">
        <HStack justify="space-between" gap="2">
          <HStack gap="2">
            <Box color="orange.500">
              <LuTrophy />
            </Box>
            <Heading as="h2" size="sm">
              {t('live.top')}
            </Heading>
          </HStack>
          {ranking && ranking.total > 0 && (
            <Text textStyle="xs" color="fg.muted">
              {t('live.rankedTotal', { total: ranking.total })}
            </Text>
          )}
        </HStack>
        {ranking && ranking.list.length > 0 ? (
          <Table.Root size="sm" variant="line" data-testid="ranking-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="12">{t('live.rank')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('live.nickname')}</Table.ColumnHeader>
                {levelGame && <Table.ColumnHeader w="20">{t('live.level')}</Table.ColumnHeader>}
                <Table.ColumnHeader w="16" textAlign="end">
                  {t('live.score')}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {ranking.list.slice(0, 10).map((entry) => (
                <Table.Row key={entry.player_id} data-testid="ranking-row">
                  <Table.Cell>
                    <Badge size="sm" variant={entry.rank <= 3 ? 'solid' : 'subtle'} colorPalette={entry.rank === 1 ? 'orange' : entry.rank <= 3 ? 'brand' : 'gray'}>
                      {entry.rank}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell fontWeight="medium" maxW="40" truncate>
                    {entry.nickname}
                  </Table.Cell>
                  {levelGame && <Table.Cell>{entry.level === 0 ? t('table.none') : t('live.levelN', { n: entry.level })}</Table.Cell>}
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                    {entry.score}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        ) : (
          <Stack py="4">
            <Text textStyle="sm" color="fg.muted">
              {t('live.noRanking')}
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
