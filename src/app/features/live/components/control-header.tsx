/**
 * The control screen's header: title, answer type, open time range (type 2), status, the
 * promotion score of every level but the last (type 2; shown, not edited here — they are set on the
 * question list), the button opening the quiz display in a new tab, the venue displays paired by a
 * code (./displays-dialog.tsx), the results export menu and the game-over button.
 */
import { Badge, Box, Button, DataList, Field, HStack, Heading, Input, Link, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuExternalLink, LuFlagTriangleRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { selectCanControl, selectCanEndGame, selectGameStatus, selectIsBusy, selectIsEnding } from '@machines/game/selectors';
import { ExportResults } from '@/app/features/trivia-game/components/export-results';
import { DisplaysButton } from './displays-dialog';
import type { Game } from '../api/live-api';
import { useGame, useGameRef } from '../lib/game-context';

const formatTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

interface ControlHeaderProps {
  game: Game | null;
  onOpenQuiz: () => void;
  openingQuiz: boolean;
}

export function ControlHeader({ game, onOpenQuiz, openingQuiz }: ControlHeaderProps) {
  const gameRef = useGameRef();
  const { t } = useTranslation('live');
  // The admin holds `triviaGame.control`: may open the display and end the game.
  const canControl = useGame(selectCanControl);
  const canEnd = useGame(selectCanEndGame);
  const ending = useGame(selectIsEnding);
  const busy = useGame(selectIsBusy);
  // From the chart, not the detail read at loading: a game ended on another screen shows closed at once.
  const status = useGame(selectGameStatus);
  const levels = [...(game?.levels ?? [])].sort((a, b) => a.level - b.level);

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Stack gap="1" minW="0">
          <Link asChild textStyle="xs" color="fg.muted" w="fit-content">
            <RouterLink to="/triviaGame/index">
              <LuArrowLeft />
              {t('header.back')}
            </RouterLink>
          </Link>
          <Heading as="h1" size="lg" data-testid="game-title" wordBreak="break-word">
            {game ? game.title : <Skeleton h="6" w="48" />}
          </Heading>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" colorPalette="brand" disabled={!game || !canControl} loading={openingQuiz} onClick={onOpenQuiz} data-testid="open-quiz">
            <LuExternalLink />
            {t('header.openQuiz')}
          </Button>
          {game && canControl && <DisplaysButton gameId={game.id} />}
          {game && <ExportResults gameId={game.id} size="sm" variant="outline" />}
          <Button
            size="sm"
            colorPalette="red"
            disabled={!canEnd}
            loading={ending && busy}
            onClick={() => gameRef.send({ type: 'host.endGame' })}
            data-testid="end-game"
          >
            <LuFlagTriangleRight />
            {t('header.endGame')}
          </Button>
        </HStack>
      </HStack>
      {game && (
        <DataList.Root orientation="horizontal" size="sm" gap="2" data-testid="game-header">
          <DataList.Item>
            <DataList.ItemLabel minW="24">{t('header.title')}</DataList.ItemLabel>
            <DataList.ItemValue>{game.title}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="24">{t('header.type')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge size="sm" variant="subtle" colorPalette={game.type === 2 ? 'purple' : 'brand'}>
                {game.type === 2 ? t('header.type2') : t('header.type1')}
              </Badge>
            </DataList.ItemValue>
          </DataList.Item>
          {game.type === 2 && (
            <DataList.Item>
              <DataList.ItemLabel minW="24">{t('header.openTime')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="open-time">
                {game.start_time || game.end_time
                  ? `${formatTime(game.start_time) || t('header.unlimited')} ~ ${formatTime(game.end_time) || t('header.unlimited')}`
                  : t('header.unlimited')}
              </DataList.ItemValue>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.ItemLabel minW="24">{t('header.status')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge size="sm" variant="subtle" colorPalette={status === 1 ? 'green' : 'gray'} data-testid="game-status">
                {status === 1 ? t('header.status1') : t('header.status0')}
              </Badge>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      )}
      {game?.type === 2 && levels.length > 0 && (
        <Box borderTopWidth="1px" pt="3">
          <Text textStyle="sm" fontWeight="semibold" mb="2">
            {t('header.levels')}
          </Text>
          <Wrap gap="4" align="flex-end" data-testid="promotion-scores">
            {levels.map((level, index) =>
              index === levels.length - 1 ? (
                <Text key={level.id} textStyle="xs" color="fg.muted" pb="2">
                  {t('header.lastLevel', { n: level.level })}
                </Text>
              ) : (
                <Field.Root key={level.id} w="40" gap="1" readOnly>
                  <Field.Label textStyle="sm">{t('header.promotionScore', { n: level.level })}</Field.Label>
                  <Input size="sm" variant="subtle" readOnly value={level.promotion_score === null ? '' : String(level.promotion_score)} />
                </Field.Root>
              ),
            )}
          </Wrap>
        </Box>
      )}
    </Stack>
  );
}
