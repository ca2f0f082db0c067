/**
 * The question kinds, one module each, keyed by `question_type`. Ask `kindOf(type)` for a kind's part
 * instead of branching on the type: a stored or sent type that is no kind throws (the server answers
 * 500 with its error id), it never becomes single choice. The screens that only need a kind's label
 * and input read labels.ts instead (without the typed answers' script tables).
 */
import { contentSlide } from './content-slide.js';
import type { QuestionKind, QuestionType, StoredAnswer } from './kind.js';
import { multipleChoice } from './multiple-choice.js';
import { ordering } from './ordering.js';
import { poll } from './poll.js';
import { singleChoice } from './single-choice.js';
import { slider } from './slider.js';
import { trueFalse } from './true-false.js';
import { typeAnswer } from './type-answer.js';
import { isQuestionType } from './labels.js';

export type { AnswerInput, KindQuestion, QuestionKind, QuestionType, StoredAnswer } from './kind.js';
export { isQuestionType, kindLabelOf, QUESTION_TYPES } from './labels.js';

export const questionKinds = {
  1: singleChoice,
  2: multipleChoice,
  3: trueFalse,
  4: poll,
  5: typeAnswer,
  6: slider,
  7: ordering,
  8: contentSlide,
} satisfies Record<QuestionType, QuestionKind>;

/** The kind of a question type; throws on a type that is no kind. */
export function kindOf(type: number): QuestionKind {
  if (!isQuestionType(type)) throw new Error(`unknown question type ${String(type)}`);
  return questionKinds[type];
}

/** A stored or sent number as a question type; throws on one that is no kind (never a default). */
export const questionTypeOf = (type: number): QuestionType => kindOf(type).type;

/** The same stored answer (a phone resending what was already stored): choices in their order, text, value. */
export function sameStoredAnswer(a: StoredAnswer, b: StoredAnswer): boolean {
  return a.text === b.text && a.value === b.value && a.choices.length === b.choices.length && a.choices.every((choice, i) => choice === b.choices[i]);
}
