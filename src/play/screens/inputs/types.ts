/** What every answer input of the phone is given (one input per kind's `input`, question-kinds/labels.ts). */
import type { AnswerParts, PublicQuestion } from '@machines/player/types';

export interface AnswerInputProps {
  question: PublicQuestion;
  /** The machine takes an answer now (answering, choosing). */
  canAnswer: boolean;
  /** The answer is on its way. */
  submitting: boolean;
  /** Sends the answer: `choices`, `text` or `value`, as the kind asks. */
  onAnswer: (answer: AnswerParts) => void;
}

/** The question as the audience's view helpers read it (src/audience/question-view.ts). */
export const viewOf = (question: PublicQuestion) => ({ type: question.questionType, options: question.options, slider: question.slider ?? null });
