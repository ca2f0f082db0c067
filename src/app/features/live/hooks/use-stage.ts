/** The stage bar's shared reads: the words of a step, taking it, a clock's text. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { selectQuestionRows, selectTakesNoAnswers } from '@machines/game/selectors';
import type { NextStep } from '@machines/game/next-step';
import { stepEvents, stepKey } from '../lib/stage';
import { useGame, useGameRef } from '../lib/game-context';

/** The step's label: its verb and its question ("出題：第 3 題 台北 101"). */
export function useStepLabel(step: NextStep | null): string | null {
  const { t } = useTranslation('live');
  // Its place in the game's order (the rows come in that order), and its title.
  const index = useGame((s) => (step?.questionId ? selectQuestionRows(s).findIndex((q) => q.id === step.questionId) : -1));
  const title = useGame((s) => (index >= 0 ? selectQuestionRows(s)[index]?.title : undefined));
  const slide = useGame((s) => (step?.questionId ? selectTakesNoAnswers(s, step.questionId) : false));
  if (!step) return null;
  const verb = t(stepKey(step, slide));
  return title !== undefined ? t('stage.label', { verb, n: index + 1, title }) : verb;
}

/** Sends the step's events (the bar's button and the keys). */
export function useTakeStep(): (step: NextStep) => void {
  const gameRef = useGameRef();
  return useCallback(
    (step: NextStep) => {
      const slide = step.questionId !== null && selectTakesNoAnswers(gameRef.getSnapshot(), step.questionId);
      for (const event of stepEvents(step, slide)) gameRef.send(event);
    },
    [gameRef],
  );
}

/** m:ss */
export const clockText = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

