/**
 * The stage bar leading the control screen (docs/product.md, "The stage console"): one large primary
 * button naming the one next step and its question (the game chart's `selectNextStep`), the countdown
 * of the question on screen, its answers in (N of M players), the time since it was shown, the
 * autopilot (./autopilot-status.tsx) and the keyboard help. The button sends the same events as the
 * table's buttons (lib/stage.ts), so the same confirmations follow; `Space` / `→` press it
 * (hooks/use-stage-keys.ts). It stays on top of the page while the operator scrolls.
 */
import { Badge, Box, Button, Card, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFlagTriangleRight, LuKeyboard, LuMegaphone, LuPlay, LuSquareX, LuTrophy } from 'react-icons/lu';
import type { GameSnapshot } from '@machines/game/game.machine';
import {
  selectCanControl,
  selectCounts,
  selectIsEnded,
  selectLiveQuestionId,
  selectNextStep,
  selectPlayerCount,
  selectQuestionActor,
  selectTakesNoAnswers,
} from '@machines/game/selectors';
import { sameNextStep } from '@machines/game/next-step';
import type { QuestionActorRef } from '@machines/question/question.machine';
import { selectRemainingSeconds } from '@machines/question/selectors';
import { AutopilotStatus } from './autopilot-status';
import { clockText, useStepLabel, useTakeStep } from '../hooks/use-stage';
import { useGame } from '../lib/game-context';

const ICONS = { 2: LuPlay, 3: LuMegaphone, 4: LuTrophy, 5: LuFlagTriangleRight } as const;

/** Why there is no step to take now (shown under the disabled button). */
const selectNoStepReason = (s: GameSnapshot): 'ended' | 'watching' | 'busy' | 'loading' => {
  if (selectIsEnded(s)) return 'ended';
  if (!s.context.loaded) return 'loading';
  if (!selectCanControl(s)) return 'watching';
  return 'busy';
};

export function StageBar({ onHelp }: { onHelp: () => void }) {
  const { t } = useTranslation('live');
  const step = useGame(selectNextStep, sameNextStep);
  const label = useStepLabel(step);
  const takeStep = useTakeStep();
  const reason = useGame(selectNoStepReason);
  const liveId = useGame(selectLiveQuestionId);
  const liveActor = useGame((s) => (liveId === null ? undefined : selectQuestionActor(s, liveId)));
  const top = useStickyTop();
  const slide = useGame((s) => step?.type === 3 && step.questionId !== null && selectTakesNoAnswers(s, step.questionId));
  const Icon = step ? ICONS[step.type] : LuPlay;

  return (
    <Card.Root size="sm" variant="outline" bg="bg" position="sticky" top={`${top}px`} zIndex="docked" shadow="sm" data-testid="stage-bar">
      <Card.Body gap="2" py="3">
        <HStack gap="3" align="center" wrap={{ base: 'wrap', lg: 'nowrap' }}>
          <Stack gap="1" flex="1" minW="0">
            <Button
              size="xl"
              colorPalette={step?.type === 5 ? 'red' : 'brand'}
              justifyContent="flex-start"
              disabled={!step}
              onClick={() => step && takeStep(step)}
              title={label ?? undefined}
              aria-keyshortcuts="Space ArrowRight"
              focusRing="outside"
              data-testid="stage-primary"
              data-step={step?.type ?? ''}
              data-question-id={step?.questionId ?? ''}
            >
              {slide ? <LuSquareX /> : <Icon />}
              <Text as="span" truncate>
                {label ?? t(`stage.none.${reason}`)}
              </Text>
            </Button>
            {!step && (
              <Text textStyle="xs" color="fg.muted" data-testid="stage-why">
                {t(`stage.why.${reason}`)}
              </Text>
            )}
          </Stack>
          <HStack gap="3" flexShrink="0" wrap="wrap">
            {liveActor && <LiveFacts key={liveId} actor={liveActor} />}
            <AutopilotStatus />
            <IconButton size="sm" variant="outline" aria-label={t('keys.open')} title={t('keys.open')} aria-keyshortcuts="?" onClick={onHelp} focusRing="outside" data-testid="keys-help">
              <LuKeyboard />
            </IconButton>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The question on screen: its countdown, answers in, time since shown. */
function LiveFacts({ actor }: { actor: QuestionActorRef }) {
  const { t } = useTranslation('live');
  const seconds = useSelector(actor, selectRemainingSeconds);
  const questionId = useSelector(actor, (s) => s.context.questionId);
  const answered = useGame((s) => {
    const c = selectCounts(s);
    return c?.questionId === questionId ? c.total : 0;
  });
  const players = useGame(selectPlayerCount);
  const slide = useGame((s) => selectTakesNoAnswers(s, questionId));
  // Timed: the time shown is the answering time gone by (right after a reload too); else since the bar saw it.
  const since = useSecondsSince(useSelector(actor, (s) => (s.context.remainingMs === null ? 0 : Math.max(0, s.context.answeringSeconds * 1000 - s.context.remainingMs))));
  return (
    <HStack gap="3" textStyle="sm" fontVariantNumeric="tabular-nums" data-testid="stage-live">
      {seconds !== null && (
        <Badge size="lg" colorPalette={seconds <= 5 ? 'red' : 'orange'} variant="subtle" data-testid="stage-countdown" aria-live="off">
          {t('stage.countdown', { seconds })}
        </Badge>
      )}
      {!slide && (
        <Text data-testid="stage-answered" whiteSpace="nowrap">
          {t('stage.answered', { total: answered, players })}
        </Text>
      )}
      <Box color="fg.muted" whiteSpace="nowrap" data-testid="stage-since">
        {t('stage.since', { time: clockText(since) })}
      </Box>
    </HStack>
  );
}

/** Seconds since this component mounted plus `goneMs` gone by before (read once), ticking each second. */
function useSecondsSince(goneMs: number): number {
  const [start] = useState(() => Date.now() - goneMs);
  const [now, setNow] = useState(start);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((now - start) / 1000));
}

/** Where the bar sticks: under the shell's header when that one is fixed (it is by default). */
function useStickyTop(): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('[data-testid="shell-header"]');
    if (!header) return;
    const measure = () => setTop(header.dataset.fixed !== undefined ? header.getBoundingClientRect().height : 0);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return top;
}
