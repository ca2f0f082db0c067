/**
 * What the two choice kinds (single-choice.ts, multiple-choice.ts) share: 2 to 4 options lettered
 * A–D with text or images, correct options among them, an answer as a set of option titles that is
 * right only when it equals the answer set, and today's points in each game type (points.ts).
 * Pure.
 */
import { speedPoints } from '../points.js';
import { OPTION_TITLES, type AddFieldError, type QuestionKind, type AnswerScore, type ChoiceProblem, type KindAnswer, type KindDraft, type KindScoringQuestion, type OptionTitle } from './kind.js';

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;

const filled = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

/** Choices in option order (A..D), once each, as they are stored and compared. */
export function inOptionOrder(choices: readonly string[]): OptionTitle[] {
  return OPTION_TITLES.filter((title) => choices.includes(title));
}

/** The options' rules and the answer's (docs/product.md, The question form); `single`: exactly one correct option. */
export function validateChoices(draft: KindDraft, add: AddFieldError, single: boolean): void {
  const options = draft.options;
  if (options.length < MIN_OPTIONS || options.length > MAX_OPTIONS) add('options', 'question.optionsCount');
  else if (options.some((option, index) => option.title !== OPTION_TITLES[index])) add('options', 'question.optionsLettered');

  const someText = options.some((option) => filled(option.text));
  const someImage = options.some((option) => filled(option.img));
  if (!someText && !someImage) add('options', 'question.optionContentRequired');
  options.forEach((option, index) => {
    if (someText && !filled(option.text)) add(`options.${index}.text`, 'question.optionTextRequired');
    if (someImage && !filled(option.img)) add(`options.${index}.img`, 'question.optionImageRequired');
  });

  const titles = new Set<string>(options.map((option) => option.title));
  const answers = new Set<string>(draft.answer);
  if (answers.size === 0) add('answer', 'question.answerRequired');
  else if ([...answers].some((title) => !titles.has(title))) add('answer', 'question.answerUnknownOption');
  else if (single && answers.size !== 1) add('answer', 'question.singleAnswer');
}

/** Why a set of choices cannot be an answer; `single`: exactly one option. */
export function choiceProblem(optionTitles: readonly string[], choices: readonly string[], single: boolean): ChoiceProblem | null {
  if (choices.length === 0) return 'empty';
  if (new Set(choices).size !== choices.length) return 'repeated';
  if (choices.some((choice) => !optionTitles.includes(choice))) return 'unknownOption';
  if (single && choices.length !== 1) return 'singleChoice';
  return null;
}

/** The chosen set equals the answer set (order and repeats do not matter). */
export function sameSet(choices: readonly string[], answer: readonly string[]): boolean {
  const chosen = new Set(choices);
  const correct = new Set(answer);
  if (chosen.size !== correct.size || correct.size === 0) return false;
  for (const title of chosen) if (!correct.has(title)) return false;
  return true;
}

/** Speed contest: speedPoints (bonus doubled); level game: the question's score; wrong: 0. */
export function choicePoints(question: KindScoringQuestion, answer: KindAnswer): AnswerScore {
  const correct = sameSet(answer.choices, question.answer);
  if (!correct) return { correct, points: 0 };
  if (question.gameType === 1) {
    return { correct, points: speedPoints(answer.elapsedMs, question.answeringSeconds * 1000, question.isBonus === 1) };
  }
  return { correct, points: Math.max(0, question.score) };
}

/** Answers choosing each option (an answer of several options counts for every option it chose). */
export function optionCounts(optionTitles: readonly string[], answers: ReadonlyArray<{ choices: readonly string[] }>): Array<{ title: string; count: number }> {
  const counts = new Map(optionTitles.map((t) => [t, 0]));
  for (const answer of answers) {
    for (const title of new Set(answer.choices)) if (counts.has(title)) counts.set(title, counts.get(title)! + 1);
  }
  return [...counts].map(([title, count]) => ({ title, count }));
}

export const joinTitles = (titles: readonly string[]): string => titles.join(',');

/** The same set of options, whatever the order: the titles sorted. */
export const sortedKey = (choices: readonly string[]): string => [...choices].sort().join('');

/** One option at random (the first title when none is shown). */
export function anyOption(optionTitles: readonly OptionTitle[], random: () => number): OptionTitle {
  const options: readonly OptionTitle[] = optionTitles.length > 0 ? optionTitles : ['A'];
  return options[Math.floor(random() * options.length)]!;
}

/** The parts both choice kinds answer alike: an answer is a set of option titles, kept in option order. */
export const choiceAnswers = {
  storedAnswer: inOptionOrder,
  normalizeAnswer: inOptionOrder,
  isCorrect: sameSet,
  score: choicePoints,
  reveal: (answer) => [...answer],
  distribution: optionCounts,
  exportAnswer: joinTitles,
  exportCorrect: joinTitles,
  fairPlayKey: sortedKey,
} as const satisfies Partial<QuestionKind>;
