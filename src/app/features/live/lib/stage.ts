/**
 * The stage bar's one step (the game chart's `selectNextStep`, machines/game/next-step.ts): the events
 * that take it — the same ones the question table's buttons and the end button send, so the same
 * confirmations follow (是否公佈答案 before an early answer, 確定要結束遊戲嗎？ before the end) — and
 * the words that name it. Nothing here decides which step is next.
 */
import type { GameEvent } from '@machines/game/types';
import type { NextStep } from '@machines/game/next-step';

/** The events the step sends, in order (closing a content slide needs no confirmation: it publishes no answer). */
export function stepEvents(step: NextStep, slide: boolean): GameEvent[] {
  const questionId = step.questionId ?? 0;
  switch (step.type) {
    case 2:
      return [{ type: 'host.showQuestion', questionId }];
    case 3:
      return slide ? [{ type: 'host.publishNow', questionId }, { type: 'host.confirmPublish', questionId }] : [{ type: 'host.publishNow', questionId }];
    case 4:
      return [{ type: 'host.publishRanking', questionId }];
    default:
      return [{ type: 'host.endGame' }];
  }
}

/** The i18n key (live namespace) of a step's verb; a slide's step 3 closes it. */
export function stepKey(step: Pick<NextStep, 'type'>, slide: boolean): 'stage.step2' | 'stage.step3' | 'stage.step3Slide' | 'stage.step4' | 'stage.step5' {
  if (step.type === 3 && slide) return 'stage.step3Slide';
  return `stage.step${step.type}` as const;
}

/** Whether a key press comes from where typing happens (a text field, a select, an editable element). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  return target.getAttribute('role') === 'textbox' || target.getAttribute('role') === 'combobox';
}

/**
 * Whether a dialog or a menu other than the stage's own is open (the countdown dialog, marked
 * `data-stage-dialog`, is the question on stage: the keys still take its step).
 */
export function otherLayerOpen(doc: Document = document): boolean {
  const layers = doc.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"], [role="menu"]');
  return [...layers].some((layer) => layer.dataset.state !== 'closed' && !layer.hidden && layer.dataset.stageDialog === undefined && layer.getClientRects().length > 0);
}
