/**
 * The question chart's events as its model test (tests/machines/question.machine.test.ts) and its
 * Chromium replay (tests/e2e/replay/question.replay.e2e.test.ts) offer them: the chart's own events,
 * the outcomes of its invoked calls and the countdown's tick; the clock's start.
 */
import type { QuestionEvent } from '@machines/question/types';

export const T0 = Date.parse('2026-11-22T04:00:00.000Z');
/** The countdown's delayed event (one second, or what is left of it). */
export const TICK = 'xstate.after.tick.question.shown.countdown.running' as const;

/** How the question's invoked calls end. */
export type QuestionOutcomeEvent =
  | { type: 'xstate.done.actor.showQuestion'; output: { deadline: number | null; serverTime: number } }
  | { type: 'xstate.error.actor.showQuestion'; error: unknown }
  | { type: 'xstate.done.actor.publishAnswer'; output: unknown }
  | { type: 'xstate.error.actor.publishAnswer'; error: unknown }
  | { type: 'xstate.done.actor.publishRanking'; output: unknown }
  | { type: 'xstate.error.actor.publishRanking'; error: unknown };

export type QuestionModelEvent = QuestionEvent | QuestionOutcomeEvent | { type: typeof TICK };
