/**
 * What comes next in a game: the one step the show is waiting for. The control screen's stage bar
 * offers it as its primary button (the game chart's `selectNextStep`), and the server's autopilot
 * takes it when its time comes (./autopilot.ts) — one rule, so the button and the autopilot never
 * disagree. Pure.
 *
 * The rule, from the question shown last (the one on screen, else `current_question_id`):
 * - on screen and answerable: publish its answer (3);
 * - on screen and a content slide: show the next question over it (2), or close it (3) after the last;
 * - its answer published (status 2) and answerable: publish the ranking (4);
 * - otherwise (ranking published, a slide closed, nothing shown yet): show the first question not
 *   sent yet in the game's order (2), or end the game (5) when none is left.
 * A step already done (re-publishing a ranking, say) is never the next step: the table keeps it.
 */
import type { GameFlowStep, QuestionStatus } from '../question/types.js';

export interface NextStep {
  type: GameFlowStep;
  /** The question the step names; null for 5 (end the game). */
  questionId: number | null;
}

export interface NextStepQuestion {
  id: number;
  status: QuestionStatus;
  /** A content slide: no answer to publish, no ranking after it. */
  takesNoAnswers: boolean;
}

export interface NextStepInput {
  /** The game is over: nothing is next. */
  ended: boolean;
  /** Every question of the game, in the game's order. */
  questions: readonly NextStepQuestion[];
  /** The question shown last (the game's `current_question_id`); null before the first. */
  currentQuestionId: number | null;
}

export function nextStepOf(input: NextStepInput): NextStep | null {
  if (input.ended) return null;
  const live = input.questions.find((question) => question.status === 1);
  const current = live ?? input.questions.find((question) => question.id === input.currentQuestionId);
  const nextUnsent = input.questions.find((question) => question.status === 0 && question.id !== current?.id);
  if (current?.status === 1) {
    if (!current.takesNoAnswers) return { type: 3, questionId: current.id };
    return nextUnsent ? { type: 2, questionId: nextUnsent.id } : { type: 3, questionId: current.id };
  }
  if (current?.status === 2 && !current.takesNoAnswers) return { type: 4, questionId: current.id };
  if (nextUnsent) return { type: 2, questionId: nextUnsent.id };
  return { type: 5, questionId: null };
}

/** Whether two next steps are the same step (for selectors that must not hand out a new object each time). */
export const sameNextStep = (a: NextStep | null, b: NextStep | null): boolean =>
  a === b || (a !== null && b !== null && a.type === b.type && a.questionId === b.questionId);
