/**
 * The autopilot on the stage bar (docs/game-rules.md, "Autopilot"): its mode (running / paused), the
 * step the server takes next and the countdown to it — or that it waits for the operator — and
 * Pause / Resume (also the `P` key). Hidden when the game does not run itself. Everything is the
 * game chart's (`selectAutopilot`, `selectCanPauseAutopilot` …); nothing is decided here.
 */
import { Badge, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBot, LuPause, LuPlay } from 'react-icons/lu';
import {
  selectAutopilot,
  selectAutopilotMode,
  selectCanPauseAutopilot,
  selectCanResumeAutopilot,
  selectGame,
  selectIsAutopilotBusy,
} from '@machines/game/selectors';
import { adminRealtime } from '@/app/realtime/admin-realtime';
import { clockText, useStepLabel } from '../hooks/use-stage';
import { useGame, useGameRef } from '../lib/game-context';

export function AutopilotStatus() {
  const { t } = useTranslation('live');
  const gameRef = useGameRef();
  const mode = useGame(selectAutopilotMode);
  const enabled = useGame((s) => selectGame(s)?.auto_advance?.enabled ?? false);
  const autopilot = useGame(selectAutopilot);
  const canPause = useGame(selectCanPauseAutopilot);
  const canResume = useGame(selectCanResumeAutopilot);
  const busy = useGame(selectIsAutopilotBusy);
  const next = autopilot?.next_step ? { type: autopilot.next_step.type, questionId: autopilot.next_step.question_id } : null;
  const nextLabel = useStepLabel(next);
  const left = useSecondsUntil(autopilot?.due_at ?? null);
  // The chart's replay reads the mode here, whether or not the game runs itself.
  const state = <VisuallyHidden data-testid="autopilot-state">{mode}</VisuallyHidden>;
  if (!enabled && mode === 'off') return state;

  const when =
    mode === 'paused'
      ? autopilot?.remaining_ms !== null && autopilot?.remaining_ms !== undefined
        ? t('autopilot.pausedLeft', { time: clockText(Math.ceil(autopilot.remaining_ms / 1000)) })
        : t('autopilot.paused')
      : left !== null
        ? t('autopilot.in', { time: clockText(left) })
        : t('autopilot.waits');

  return (
    <HStack gap="2" data-testid="autopilot" data-mode={mode}>
      {state}
      <Stack gap="0" minW="0" maxW="64">
        <HStack gap="1.5">
          <Badge size="sm" variant={mode === 'running' ? 'solid' : 'subtle'} colorPalette={mode === 'running' ? 'green' : mode === 'paused' ? 'orange' : 'gray'}>
            <LuBot />
            {t(`autopilot.mode.${mode}`)}
          </Badge>
          <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="autopilot-when">
            {mode === 'off' ? '' : when}
          </Text>
        </HStack>
        {mode !== 'off' && nextLabel && (
          <Text textStyle="xs" truncate title={nextLabel} data-testid="autopilot-next">
            {t('autopilot.next', { step: nextLabel })}
          </Text>
        )}
      </Stack>
      {(canPause || canResume || busy) && (
        <Button
          size="sm"
          variant="outline"
          colorPalette={canResume ? 'green' : 'orange'}
          loading={busy}
          aria-keyshortcuts="P"
          focusRing="outside"
          onClick={() => gameRef.send({ type: canResume ? 'host.resumeAutopilot' : 'host.pauseAutopilot' })}
          data-testid="autopilot-toggle"
        >
          {canResume ? <LuPlay /> : <LuPause />}
          {canResume ? t('autopilot.resume') : t('autopilot.pause')}
        </Button>
      )}
    </HStack>
  );
}

/** The server's time now, as the tab's realtime connection estimates it (the due time is the server's). */
const serverNow = (): number => adminRealtime().clock.now();

/** Whole seconds until an ISO time on the server's clock (re-rendering only when the number changes); null without one. */
function useSecondsUntil(iso: string | null): number | null {
  const due = iso ? Date.parse(iso) : null;
  const secondsTo = (at: number | null) => (at === null ? null : Math.max(0, Math.ceil((at - serverNow()) / 1000)));
  const [left, setLeft] = useState<{ due: number | null; seconds: number | null }>(() => ({ due, seconds: secondsTo(due) }));
  useEffect(() => {
    if (due === null) return;
    const tick = () => setLeft((was) => {
      const seconds = secondsTo(due);
      return was.due === due && was.seconds === seconds ? was : { due, seconds };
    });
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [due]);
  // A new due time counts at once (the next tick takes over).
  return left.due === due ? left.seconds : secondsTo(due);
}
