/**
 * Kind 3, true/false: two fixed options, A = true and B = false (shown as 對 / 錯, True / False, in
 * the viewer's language), one of them correct; answered, scored and revealed like a single choice.
 */
import { choiceAnswers, choiceProblem, inOptionOrder, noParts } from './choice.js';
import type { KindOption, QuestionKind } from './kind.js';
import { kindLabels } from './labels.js';

/** The two options every true/false question has: the screens name them in their own words. */
export const TRUE_FALSE_OPTIONS: readonly KindOption[] = [
  { title: 'A', text: '', img: '' },
  { title: 'B', text: '', img: '' },
];

export const trueFalse = {
  ...kindLabels[3],
  ...choiceAnswers,
  parts: (draft) => ({ ...noParts(), options: TRUE_FALSE_OPTIONS.map((option) => ({ ...option })), answer: inOptionOrder(draft.answer) }),
  validate: (draft, add) => {
    if (draft.answer.length !== 1 || !['A', 'B'].includes(draft.answer[0]!)) add('answer', 'question.trueFalseAnswer');
  },
  toggleAnswer: (_answer, title) => (title === 'A' || title === 'B' ? [title] : []),
  checkAnswer: (question, input) => choiceProblem(question.optionTitles, input, true),
  botAnswer: (question, _random, right) => ({ choices: [(question.answer[0] === 'A') === right ? 'A' : 'B'] }),
} as const satisfies QuestionKind;
