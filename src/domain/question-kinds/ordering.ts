/**
 * Kind 7, ordering: 2 to 4 options and their correct order (`answer`: every title once; the options'
 * own order when none is given); the player sends every title in the order they placed them; right
 * only when the whole order is right. The reveal is the order. The editor gives the letters out of
 * order, so the phones, which list the options by letter, never show the answer.
 */
import { anyOption, draftOptions, joinTitles, noParts, noReveal, noStatistics, optionCounts, pointsOf, validateOptions, choicesAnswer } from './choice.js';
import type { OptionTitle, QuestionKind } from './kind.js';
import { kindLabels } from './labels.js';

const sameOrder = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.length > 0 && a.every((title, i) => title === b[i]);

export const ordering = {
  ...kindLabels[7],
  parts: (draft) => {
    const options = draftOptions(draft);
    const answer = draft.answer.length > 0 ? (draft.answer as OptionTitle[]) : options.map((option) => option.title);
    return { ...noParts(), options, answer: [...answer] };
  },
  validate: (draft, add) => {
    validateOptions(draft, add);
    if (draft.answer.length === 0) return; // the options' own order
    const titles = draft.options.map((option) => option.title);
    const everyOnce = draft.answer.length === titles.length && new Set(draft.answer).size === titles.length && draft.answer.every((t) => titles.includes(t));
    if (!everyOnce) add('answer', 'question.orderAnswer');
  },
  // The editor orders by moving options, not by ticking.
  toggleAnswer: (answer) => [...answer],
  checkAnswer: (question, input) => {
    if (input.text !== undefined || input.value !== undefined) return 'wrongInput';
    const choices = input.choices ?? [];
    if (choices.length === 0) return 'empty';
    if (new Set(choices).size !== choices.length) return 'repeated';
    if (choices.some((choice) => !question.optionTitles.includes(choice))) return 'unknownOption';
    return choices.length === question.optionTitles.length ? null : 'incompleteOrder';
  },
  normalizeAnswer: (_question, input) => choicesAnswer(input.choices ?? []),
  isCorrect: (question, answer) => sameOrder(answer.choices, question.answer),
  score: (question, answer) => pointsOf(question, answer, sameOrder(answer.choices, question.answer)),
  reveal: (question) => ({ ...noReveal(), answer: [...question.answer] as OptionTitle[] }),
  // The options placed first: where the audience's order began.
  statistics: (question, answers) => ({ ...noStatistics(), distribution: optionCounts(question.optionTitles, answers.map((a) => ({ choices: a.choices.slice(0, 1) }))) }),
  exportAnswer: (answer) => joinTitles(answer.choices),
  exportCorrect: (question) => joinTitles(question.answer),
  botAnswer: (question, random, right) => {
    if (right) return { choices: [...question.answer] };
    const left = [...question.optionTitles];
    const order: string[] = [];
    while (left.length > 0) order.push(left.splice(left.indexOf(anyOption(left, random)), 1)[0]!);
    // Two options: the other order is the only wrong one.
    if (sameOrder(order, question.answer)) order.reverse();
    return { choices: order };
  },
  fairPlayKey: (answer) => answer.choices.join(''),
} as const satisfies QuestionKind;
