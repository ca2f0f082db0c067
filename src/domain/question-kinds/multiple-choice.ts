/**
 * Kind 2, multiple choice: 2 to 4 options, one or more correct; a player picks one or more options;
 * right only with all and only the correct ones. Scored, revealed, counted, exported and compared as
 * choice.ts says.
 */
import { anyOption, choiceAnswers, choiceProblem, inOptionOrder, validateChoices } from './choice.js';
import type { QuestionKind } from './kind.js';

export const multipleChoice = {
  type: 2,
  label: 'multiple',
  ...choiceAnswers,
  pick: 'several',
  validate: (draft, add) => validateChoices(draft, add, false),
  toggleAnswer: (answer, title) => inOptionOrder(answer.includes(title) ? answer.filter((t) => t !== title) : [...answer, title]),
  checkAnswer: (optionTitles, choices) => choiceProblem(optionTitles, choices, false),
  // Each option with even odds; never none.
  botAnswer: (optionTitles, random) => {
    const picked = optionTitles.filter(() => random() < 0.5);
    return picked.length > 0 ? picked : [anyOption(optionTitles, random)];
  },
} as const satisfies QuestionKind;
