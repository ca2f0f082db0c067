/**
 * Kind 1, single choice: 2 to 4 options, exactly one correct; a player picks one option; right when
 * it is the correct one. Scored, revealed, counted, exported and compared as choice.ts says.
 */
import { anyOption, choiceAnswers, choiceProblem, validateChoices } from './choice.js';
import type { QuestionKind } from './kind.js';

export const singleChoice = {
  type: 1,
  label: 'single',
  ...choiceAnswers,
  pick: 'one',
  validate: (draft, add) => validateChoices(draft, add, true),
  // Ticking an option clears the others; ticking the correct one again clears it.
  toggleAnswer: (answer, title) => (answer.includes(title) ? [] : [title]),
  checkAnswer: (optionTitles, choices) => choiceProblem(optionTitles, choices, true),
  botAnswer: (optionTitles, random) => [anyOption(optionTitles, random)],
} as const satisfies QuestionKind;
