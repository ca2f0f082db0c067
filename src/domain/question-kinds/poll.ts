/**
 * Kind 4, poll: 2 to 4 options, no correct answer and no score; a player votes for one option, which
 * counts as answered. The reveal is the chart of votes (the counts); never in the ranking, never
 * compared by fair play (everyone may vote alike).
 */
import { anyOption, choiceAnswers, choiceProblem, draftOptions, noParts, validateOptions } from './choice.js';
import type { QuestionKind } from './kind.js';
import { kindLabels } from './labels.js';

export const poll = {
  ...kindLabels[4],
  ...choiceAnswers,
  parts: (draft) => ({ ...noParts(), options: draftOptions(draft) }),
  validate: validateOptions,
  toggleAnswer: () => [],
  checkAnswer: (question, input) => choiceProblem(question.optionTitles, input, true),
  isCorrect: () => false,
  score: () => ({ correct: false, points: 0 }),
  exportCorrect: () => '',
  botAnswer: (question, random) => ({ choices: [anyOption(question.optionTitles, random)] }),
  fairPlayKey: () => null,
} as const satisfies QuestionKind;
