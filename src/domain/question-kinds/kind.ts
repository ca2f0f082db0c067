/**
 * What a question kind is (`question_type`, openapi/admin-api.yaml): the one interface every kind's
 * module answers, part by part — the editor's rules, what an answer is and whether it is right, its
 * score in each game type, its reveal, its statistics, its export columns, a bot's answer and its
 * fair-play comparison. Code outside a kind's module never branches on the type: it asks
 * `kindOf(type)` (index.ts) for the part it needs, so a new kind missing a part is a type error.
 * Also the option titles and the two type unions the rest of the domain re-exports.
 * Pure: no I/O, imports nothing of ours but the domain's message keys.
 */
import type { DomainMessageKey } from '../messages.js';

export const OPTION_TITLES = ['A', 'B', 'C', 'D'] as const;
export type OptionTitle = (typeof OPTION_TITLES)[number];

/** 1 = speed contest, 2 = correctness contest with levels. */
export type GameType = 1 | 2;
/** 1 = single choice, 2 = multiple choice (the keys of `questionKinds`). */
export type QuestionType = 1 | 2;

/** What the editor's rules of a kind read of a question: its options and its correct answers. */
export interface KindDraft {
  options: ReadonlyArray<{ title: string; text: string; img: string }>;
  answer: readonly string[];
}

/** Records a broken rule: the request's field name and the message key. */
export type AddFieldError = (field: string, key: DomainMessageKey) => void;

/** Why an answer cannot be an answer to a question; null when it can. */
export type ChoiceProblem = 'empty' | 'unknownOption' | 'repeated' | 'singleChoice';

/** What scoring needs to know about a question, apart from its kind. */
export interface KindScoringQuestion {
  gameType: GameType;
  /** Titles of the correct options. */
  answer: readonly string[];
  /** 1 = answering time limited; a speed contest always limits it. */
  haveAnsweringTime: 0 | 1;
  answeringSeconds: number;
  isBonus: 0 | 1;
  /** Points of a correct answer in a level game. */
  score: number;
}

export interface KindAnswer {
  choices: readonly string[];
  /** Server receipt time minus the time the question was shown, in ms. */
  elapsedMs: number;
}

export interface AnswerScore {
  correct: boolean;
  points: number;
}

export interface QuestionKind {
  readonly type: QuestionType;
  /** The kind's name: the key of its label on the screens (`question.<label>` in their words). */
  readonly label: 'single' | 'multiple';
  /** What the phone's input lets a player pick: one option, or several. */
  readonly pick: 'one' | 'several';

  // The editor (shared by the form and the server)
  /** The kind's rules of the question form: its options and its correct answers (docs/product.md, The question form). */
  validate(draft: KindDraft, add: AddFieldError): void;
  /** The correct answers after ticking or unticking an option in the editor. */
  toggleAnswer(answer: readonly OptionTitle[], title: OptionTitle): OptionTitle[];
  /** The correct answers as stored: once each, in option order. */
  storedAnswer(answer: readonly string[]): OptionTitle[];

  // An answer
  /** Why `choices` cannot answer a question with these options; null when they can. */
  checkAnswer(optionTitles: readonly string[], choices: readonly string[]): ChoiceProblem | null;
  /** An accepted answer as it is stored and compared. */
  normalizeAnswer(choices: readonly string[]): OptionTitle[];
  isCorrect(choices: readonly string[], answer: readonly string[]): boolean;
  /** Whether it is right and its points, in either game type. */
  score(question: KindScoringQuestion, answer: KindAnswer): AnswerScore;

  // After the answer
  /** What the reveal shows the phones and the display: the correct options. */
  reveal(answer: readonly OptionTitle[]): OptionTitle[];
  /** The statistics' distribution: the answers choosing each option. */
  distribution(optionTitles: readonly string[], answers: ReadonlyArray<{ choices: readonly string[] }>): Array<{ title: string; count: number }>;
  /** The export's columns: a player's answer, and the correct answer. */
  exportAnswer(choices: readonly string[]): string;
  exportCorrect(answer: readonly string[]): string;
  /** A rehearsal bot's answer among the options shown. */
  botAnswer(optionTitles: readonly OptionTitle[], random: () => number): OptionTitle[];
  /** Fair play: two answers to one question are identical when their keys are equal. */
  fairPlayKey(choices: readonly string[]): string;
}
