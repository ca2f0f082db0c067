/**
 * What the screens need to know of a kind before anything is answered: its label, the phone's input,
 * whether it is answered, whether it scores and whether it has options. Data only, so the player page
 * and the display read it without the kinds' answer checking (which carries the Chinese script
 * tables, typed-answer.ts). Each kind's module (question-kinds/*.ts) spreads its own entry.
 * Pure.
 */
import type { QuestionKind, QuestionType } from './kind.js';

export type KindLabelParts = Pick<QuestionKind, 'type' | 'label' | 'input' | 'scored' | 'answerable' | 'options'>;

const choiceOptions = { min: 2, max: 4 } as const;

export const kindLabels = {
  1: { type: 1, label: 'single', input: 'one', scored: true, answerable: true, options: choiceOptions },
  2: { type: 2, label: 'multiple', input: 'several', scored: true, answerable: true, options: choiceOptions },
  3: { type: 3, label: 'trueFalse', input: 'one', scored: true, answerable: true, options: null },
  4: { type: 4, label: 'poll', input: 'one', scored: false, answerable: true, options: choiceOptions },
  5: { type: 5, label: 'typeAnswer', input: 'text', scored: true, answerable: true, options: null },
  6: { type: 6, label: 'slider', input: 'value', scored: true, answerable: true, options: null },
  7: { type: 7, label: 'ordering', input: 'order', scored: true, answerable: true, options: choiceOptions },
  8: { type: 8, label: 'slide', input: 'none', scored: false, answerable: false, options: null },
} as const satisfies { [T in QuestionType]: KindLabelParts & { type: T } };

/** The types there are, in the order the editor offers them. */
export const QUESTION_TYPES = Object.values(kindLabels).map((kind) => kind.type) as QuestionType[];

export function isQuestionType(type: unknown): type is QuestionType {
  return typeof type === 'number' && Object.hasOwn(kindLabels, type);
}

/** A kind's screen parts; throws on a type that is no kind (never a default). */
export function kindLabelOf(type: number): KindLabelParts {
  if (!isQuestionType(type)) throw new Error(`unknown question type ${String(type)}`);
  return kindLabels[type];
}
