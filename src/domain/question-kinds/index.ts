/**
 * The question kinds, one module each, keyed by `question_type`. Ask `kindOf(type)` for a kind's part
 * instead of branching on the type: a stored or sent type that is no kind throws (the server answers
 * 500 with its error id), it never becomes single choice.
 */
import type { QuestionKind, QuestionType } from './kind.js';
import { multipleChoice } from './multiple-choice.js';
import { singleChoice } from './single-choice.js';

export type { QuestionKind, QuestionType } from './kind.js';

export const questionKinds = { 1: singleChoice, 2: multipleChoice } satisfies Record<QuestionType, QuestionKind>;

/** The types there are, in the order the editor offers them. */
export const QUESTION_TYPES = Object.values(questionKinds).map((kind) => kind.type) as QuestionType[];

export function isQuestionType(type: unknown): type is QuestionType {
  return typeof type === 'number' && Object.hasOwn(questionKinds, type);
}

/** The kind of a question type; throws on a type that is no kind. */
export function kindOf(type: number): QuestionKind {
  if (!isQuestionType(type)) throw new Error(`unknown question type ${String(type)}`);
  return questionKinds[type];
}

/** A stored or sent number as a question type; throws on one that is no kind (never a default). */
export const questionTypeOf = (type: number): QuestionType => kindOf(type).type;
