/**
 * Kind 1, single choice: 2 to 4 options, exactly one correct; a player picks one option; right when
 * it is the correct one. Scored, revealed, counted, exported and compared as choice.ts says.
 */
import { anyOption, choicePoints, choiceProblem, inOptionOrder, joinTitles, optionCounts, sameSet, sortedKey, validateChoices } from './choice.js';
import type { QuestionKind } from './kind.js';

export const singleChoice = {
  type: 1,
  label: 'single',
  pick: 'one',
  validate: (draft, add) => validateChoices(draft, add, true),
  // Ticking an option clears the others; ticking the correct one again clears it.
  toggleAnswer: (answer, title) => (answer.includes(title) ? [] : [title]),
  storedAnswer: inOptionOrder,
  checkAnswer: (optionTitles, choices) => choiceProblem(optionTitles, choices, true),
  normalizeAnswer: inOptionOrder,
  isCorrect: sameSet,
  score: choicePoints,
  reveal: (answer) => [...answer],
  distribution: optionCounts,
  exportAnswer: joinTitles,
  exportCorrect: joinTitles,
  botAnswer: (optionTitles, random) => [anyOption(optionTitles, random)],
  fairPlayKey: sortedKey,
} as const satisfies QuestionKind;
