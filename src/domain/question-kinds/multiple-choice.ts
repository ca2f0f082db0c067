/**
 * Kind 2, multiple choice: 2 to 4 options, one or more correct; a player picks one or more options;
 * right only with all and only the correct ones. Scored, revealed, counted, exported and compared as
 * choice.ts says.
 */
import { anyOption, choiceAnswers, choiceProblem, draftOptions, inOptionOrder, noParts, sameSet, validateChoices } from './choice.js';
import type { QuestionKind } from './kind.js';
import { kindLabels } from './labels.js';

export const multipleChoice = {
  ...kindLabels[2],
  ...choiceAnswers,
  parts: (draft) => ({ ...noParts(), options: draftOptions(draft), answer: inOptionOrder(draft.answer) }),
  validate: (draft, add) => validateChoices(draft, add, false),
  toggleAnswer: (answer, title) => inOptionOrder(answer.includes(title) ? answer.filter((t) => t !== title) : [...answer, title]),
  checkAnswer: (question, input) => choiceProblem(question.optionTitles, input, false),
  // Right: the answer set. Wrong: each option with even odds, never none and never the answer set.
  botAnswer: (question, random, right) => {
    if (right) return { choices: inOptionOrder(question.answer) };
    for (let attempt = 0; attempt < 8; attempt++) {
      const picked = question.optionTitles.filter(() => random() < 0.5);
      if (picked.length > 0 && !sameSet(picked, question.answer)) return { choices: inOptionOrder(picked) };
    }
    return { choices: [anyOption(question.optionTitles.filter((t) => !question.answer.includes(t)), random)] };
  },
} as const satisfies QuestionKind;
