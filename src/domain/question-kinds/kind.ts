/**
 * What a question kind is (`question_type`, openapi/admin-api.yaml): the one interface every kind's
 * module answers, part by part — the editor's rules, what an answer is and whether it is right, its
 * score in each game type, its reveal, its statistics, its export columns, a bot's answer and its
 * fair-play comparison. Code outside a kind's module never branches on the type: it asks
 * `kindOf(type)` (index.ts) for the part it needs, so a new kind missing a part is a type error.
 * Also the option titles and the type unions the rest of the domain re-exports.
 * Pure: no I/O, imports nothing of ours but the domain's message keys.
 */
import type { DomainMessageKey } from '../messages.js';

export const OPTION_TITLES = ['A', 'B', 'C', 'D'] as const;
export type OptionTitle = (typeof OPTION_TITLES)[number];

/** 1 = speed contest, 2 = correctness contest with levels. */
export type GameType = 1 | 2;
/**
 * 1 single choice, 2 multiple choice, 3 true/false, 4 poll, 5 type answer, 6 slider, 7 ordering,
 * 8 content slide (the keys of `questionKinds`).
 */
export type QuestionType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** A slider question's scale and answer (the contract's SliderSettings). */
export interface SliderSettings {
  min: number;
  max: number;
  step: number;
  answer: number;
  tolerance: number;
  unit: string;
}

export interface KindOption {
  title: OptionTitle;
  text: string;
  img: string;
}

/** The parts of a question that differ by kind, as the editor edits them and the API sends them. */
export interface KindParts {
  options: KindOption[];
  /** The correct options' titles (1–3), every title in the correct order (7), else empty. */
  answer: OptionTitle[];
  /** Type answer (5): the answers accepted as right. */
  accepted_answers: string[];
  /** Type answer (5): 1 = punctuation is ignored when comparing. */
  ignore_punctuation: 0 | 1;
  /** Slider (6): its scale and answer; null for the other kinds. */
  slider: SliderSettings | null;
}

/** What the editor's rules of a kind read of a question (the request's values, not yet checked). */
export interface KindDraft {
  options: ReadonlyArray<{ title: string; text: string; img: string }>;
  answer: readonly string[];
  accepted_answers: readonly string[];
  ignore_punctuation: 0 | 1;
  slider: SliderSettings | null;
}

/** Records a broken rule: the request's field name and the message key. */
export type AddFieldError = (field: string, key: DomainMessageKey) => void;

/**
 * Why an answer cannot be an answer to a question; null when it can. `wrongInput`: the answer is not
 * of the kind's shape (a text for a choice question, choices for a slider ...); `notAnswerable`: a
 * content slide takes no answers.
 */
export type AnswerProblem =
  | 'empty'
  | 'unknownOption'
  | 'repeated'
  | 'singleChoice'
  | 'incompleteOrder'
  | 'textLength'
  | 'outOfRange'
  | 'offStep'
  | 'wrongInput'
  | 'notAnswerable';
/** The choice kinds' problems (the name older code knows them by). */
export type ChoiceProblem = AnswerProblem;

/** What a kind reads of a question to check, score and reveal its answers. */
export interface KindQuestion {
  gameType: GameType;
  /** The options' titles in letter order. */
  optionTitles: readonly string[];
  /** As KindParts.answer. */
  answer: readonly string[];
  acceptedAnswers: readonly string[];
  ignorePunctuation: 0 | 1;
  slider: SliderSettings | null;
  /** 1 = answering time limited; a speed contest always limits it. */
  haveAnsweringTime: 0 | 1;
  answeringSeconds: number;
  isBonus: 0 | 1;
  /** Points of a correct answer in a level game. */
  score: number;
}
/** The name scoring knew it by. */
export type KindScoringQuestion = KindQuestion;

/** An answer as a phone sends it (`POST /api/play/answer`): one of the three, as the kind asks. */
export interface AnswerInput {
  choices?: readonly string[];
  text?: string;
  value?: number;
}

/** An answer as it is stored and compared (the answers table's `choices`, `text`, `value`). */
export interface StoredAnswer {
  choices: readonly string[];
  text: string | null;
  value: number | null;
}

export interface KindAnswer extends StoredAnswer {
  /** Server receipt time minus the time the question was shown, in ms. */
  elapsedMs: number;
}

export interface AnswerScore {
  correct: boolean;
  points: number;
}

/** What the reveal shows beyond the explanation (the contract's `answer` and Reveal). */
export interface KindReveal {
  /** The correct options (1–3), the correct order (7); empty for the other kinds. */
  answer: OptionTitle[];
  accepted_answers: string[];
  slider_answer: number | null;
  slider_tolerance: number | null;
}

/** A question's answers counted as its kind counts them. */
export interface KindStatistics {
  /** Answers choosing each option (1–4), placing each option first (7); empty for the other kinds. */
  distribution: Array<{ title: string; count: number }>;
  /** Type answer (5): typed answers that matched, as typed, most frequent first (at most TYPED_TOP). */
  typed: Array<{ text: string; count: number }>;
  /** Slider (6): the values counted in up to HISTOGRAM_BINS equal ranges from min to max. */
  histogram: Array<{ from: number; to: number; count: number }>;
}

/** The kind's name: the key of its label on the screens (`question.<label>` in their words). */
export type KindLabel = 'single' | 'multiple' | 'trueFalse' | 'poll' | 'typeAnswer' | 'slider' | 'ordering' | 'slide';

export interface QuestionKind {
  readonly type: QuestionType;
  readonly label: KindLabel;
  /**
   * What the phone's input is: options to pick one of or several of, every option to put in order,
   * a text, a value on a slider, or nothing (a content slide).
   */
  readonly input: 'one' | 'several' | 'order' | 'text' | 'value' | 'none';
  /** Whether its answers score (a poll and a content slide never do; they never enter the ranking). */
  readonly scored: boolean;
  /** Whether players answer it (a content slide: no answers, no countdown). */
  readonly answerable: boolean;
  /** Whether the editor shows options (and how many it may have). */
  readonly options: { min: number; max: number } | null;

  // The editor (shared by the form and the server)
  /** The kind's parts as stored: what the kind fixes (true/false's options) or does not use dropped. */
  parts(draft: KindDraft): KindParts;
  /** The kind's rules of the question form (docs/product.md, The question form). */
  validate(draft: KindDraft, add: AddFieldError): void;
  /** The correct answers after ticking or unticking an option in the editor. */
  toggleAnswer(answer: readonly OptionTitle[], title: OptionTitle): OptionTitle[];

  // An answer
  /** Why an answer cannot answer this question; null when it can. */
  checkAnswer(question: KindQuestion, input: AnswerInput): AnswerProblem | null;
  /** An accepted answer (checkAnswer said null) as it is stored and compared. */
  normalizeAnswer(question: KindQuestion, input: AnswerInput): StoredAnswer;
  isCorrect(question: KindQuestion, answer: StoredAnswer): boolean;
  /** Whether it is right and its points, in either game type. */
  score(question: KindQuestion, answer: KindAnswer): AnswerScore;

  // After the answer
  /** What the reveal shows the phones and the display. */
  reveal(question: KindQuestion): KindReveal;
  statistics(question: KindQuestion, answers: readonly StoredAnswer[]): KindStatistics;
  /** The export's columns: a player's answer, and the correct answer. */
  exportAnswer(answer: StoredAnswer): string;
  exportCorrect(question: KindQuestion): string;
  /** A rehearsal bot's answer: a right one when `right`, else one that is wrong (where the kind has one). */
  botAnswer(question: KindQuestion, random: () => number, right: boolean): AnswerInput;
  /** Fair play: two answers to one question are identical when their keys are equal; null: never compared (a poll's votes). */
  fairPlayKey(answer: StoredAnswer): string | null;
}
