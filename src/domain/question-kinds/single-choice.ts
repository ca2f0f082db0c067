/**
 * Kind 1, single choice: 2 to 4 options, exactly one correct; a player picks one option; right when
 * it is the correct one. Scored, revealed, counted, exported and compared as choice.ts says.
 */
import { choiceAnswers, choiceProblem, draftOptions, inOptionOrder, noParts, validateChoices, wrongOption } from './choice.js';
import type { QuestionKind } from './kind.js';
import { kindLabels } from './labels.js';

export const singleChoice = {
  ...kindLabels[1],
  ...choiceAnswers,
  parts: (draft) => ({ ...noParts(), options: draftOptions(draft), answer: inOptionOrder(draft.answer) }),
  validate: (draft, add) => validateChoices(draft, add, true),
  // Ticking an option clears the others; ticking the correct one again clears it.
  toggleAnswer: (answer, title) => (answer.includes(title) ? [] : [title]),
  checkAnswer: (question, input) => choiceProblem(question.optionTitles, input, true),
  botAnswer: (question, random, right) => ({ choices: right ? inOptionOrder(question.answer).slice(0, 1) : [wrongOption(question, random)] }),
} as const satisfies QuestionKind;
