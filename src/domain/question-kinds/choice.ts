/**
 * What the kinds answered by options share (single-choice.ts, multiple-choice.ts, true-false.ts,
 * poll.ts, ordering.ts): 2 to 4 options lettered A–D with text or images, an answer as option titles,
 * the options' counts, and today's points in each game type (points.ts). Also what every kind shares:
 * the parts a kind does not use, emptied.
 * Pure.
 */
import { speedPoints } from '../points.js';
import {
  OPTION_TITLES,
  type AddFieldError,
  type AnswerInput,
  type AnswerProblem,
  type AnswerScore,
  type KindAnswer,
  type KindDraft,
  type KindOption,
  type KindParts,
  type KindQuestion,
  type KindReveal,
  type KindStatistics,
  type OptionTitle,
  type QuestionKind,
  type StoredAnswer,
} from './kind.js';

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;

const filled = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

const isOptionTitle = (title: string): title is OptionTitle => (OPTION_TITLES as readonly string[]).includes(title);

/** Choices in option order (A..D), once each, as they are stored and compared. */
export function inOptionOrder(choices: readonly string[]): OptionTitle[] {
  return OPTION_TITLES.filter((title) => choices.includes(title));
}

/** The parts a kind without options, answers, typed answers or a slider keeps: none of them. */
export const noParts = (): KindParts => ({ options: [], answer: [], accepted_answers: [], ignore_punctuation: 0, slider: null });

/** The draft's options as stored (lettered as sent; the rules check the letters). */
export function draftOptions(draft: KindDraft): KindOption[] {
  return draft.options.map((option) => ({ title: option.title as OptionTitle, text: option.text, img: option.img }));
}

/** The options' rules (docs/product.md, The question form): 2 to 4, lettered A–D, all text or all images. */
export function validateOptions(draft: KindDraft, add: AddFieldError): void {
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
}

/** The options' and the correct answers' rules; `single`: exactly one correct option. */
export function validateChoices(draft: KindDraft, add: AddFieldError, single: boolean): void {
  validateOptions(draft, add);
  const titles = new Set<string>(draft.options.map((option) => option.title));
  const answers = new Set<string>(draft.answer);
  if (answers.size === 0) add('answer', 'question.answerRequired');
  else if ([...answers].some((title) => !titles.has(title))) add('answer', 'question.answerUnknownOption');
  else if (single && answers.size !== 1) add('answer', 'question.singleAnswer');
}

/** Why a set of choices cannot be an answer; `single`: exactly one option. */
export function choiceProblem(optionTitles: readonly string[], input: AnswerInput, single: boolean): AnswerProblem | null {
  if (input.text !== undefined || input.value !== undefined) return 'wrongInput';
  const choices = input.choices ?? [];
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
export function pointsOf(question: KindQuestion, answer: KindAnswer, correct: boolean): AnswerScore {
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
export function anyOption(optionTitles: readonly string[], random: () => number): OptionTitle {
  const options = optionTitles.filter(isOptionTitle);
  const from: readonly OptionTitle[] = options.length > 0 ? options : ['A'];
  return from[Math.floor(random() * from.length)]!;
}

/** A stored answer of options only. */
export const choicesAnswer = (choices: readonly string[]): StoredAnswer => ({ choices: [...choices], text: null, value: null });

export const noReveal = (): KindReveal => ({ answer: [], accepted_answers: [], slider_answer: null, slider_tolerance: null });
export const noStatistics = (): KindStatistics => ({ distribution: [], typed: [], histogram: [] });

/**
 * The parts the kinds answered by a set of options (single and multiple choice, true/false) answer
 * alike: an answer is a set of option titles, kept in option order; right when it is the answer set.
 */
export const choiceAnswers = {
  normalizeAnswer: (_question, input) => choicesAnswer(inOptionOrder(input.choices ?? [])),
  isCorrect: (question, answer) => sameSet(answer.choices, question.answer),
  score(question, answer) {
    return pointsOf(question, answer, sameSet(answer.choices, question.answer));
  },
  reveal: (question) => ({ ...noReveal(), answer: inOptionOrder(question.answer) }),
  statistics: (question, answers) => ({ ...noStatistics(), distribution: optionCounts(question.optionTitles, answers) }),
  exportAnswer: (answer) => joinTitles(answer.choices),
  exportCorrect: (question) => joinTitles(question.answer),
  fairPlayKey: (answer) => sortedKey(answer.choices),
} as const satisfies Partial<QuestionKind>;

/** A wrong set of options for a bot that answers wrong: another option than the answer, when there is one. */
export function wrongOption(question: KindQuestion, random: () => number): OptionTitle {
  const wrong = question.optionTitles.filter((title) => !question.answer.includes(title));
  return anyOption(wrong.length > 0 ? wrong : question.optionTitles, random);
}
