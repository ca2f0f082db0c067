/**
 * The rules of a trivia question (docs/product.md, The question form) and of the promotion scores of a game's
 * levels, written once: the SPA's question dialog validates with them as the user types and the
 * server validates every create and update with them (422 `data.errors`). They return message keys
 * (messages.ts), never sentences, keyed by the request's field names (`title`, `options.1.text` ...).
 * Also the small pure helpers the dialog needs (defaults, answer ticking, relettering options).
 * Pure: no I/O, no imports from src/server or src/app.
 */
import type { DomainMessageKey } from './messages.js';
import { MAX_OPTIONS, MIN_OPTIONS } from './question-kinds/choice.js';
import { kindOf } from './question-kinds/index.js';
import { OPTION_TITLES, type GameType, type OptionTitle, type QuestionType, type SliderSettings } from './question-kinds/kind.js';
import { isTimed } from './timed.js';

export { MAX_OPTIONS, MIN_OPTIONS } from './question-kinds/choice.js';
export { OPTION_TITLES, type GameType, type OptionTitle, type QuestionType, type SliderSettings } from './question-kinds/kind.js';
export const MIN_ANSWERING_SECONDS = 1;
export const MAX_ANSWERING_SECONDS = 3600;
export const MIN_SCORE = 0;

export type Flag = 0 | 1;

export interface QuestionOption {
  title: OptionTitle;
  text: string;
  img: string;
}

/** A question as the dialog edits it and the API sends it (snake_case, as the contract names the fields). */
export interface QuestionDraft {
  title: string;
  question_text: string;
  question_img: string;
  pre_video_url: string;
  /** The level's id (type 2); 0 when none. */
  level_id: number;
  have_answering_time: Flag;
  answering_time: number;
  score: number;
  question_type: QuestionType;
  is_bonus: Flag;
  options: QuestionOption[];
  /** Titles of the correct options (1–3); every title in the correct order (7); else empty. */
  answer: OptionTitle[];
  /** Type answer (5): the accepted answers. */
  accepted_answers: string[];
  /** Type answer (5): 1 = punctuation ignored when comparing. */
  ignore_punctuation: Flag;
  /** Slider (6): its scale and answer; null for the other kinds. */
  slider: SliderSettings | null;
  /** Rich text shown after the answer is published (sanitized by the server); '' when none. */
  explanation: string;
}

/** A new slider's scale: 0 to 100 in steps of 1, the answer in the middle, no tolerance. */
export const DEFAULT_SLIDER: SliderSettings = { min: 0, max: 100, step: 1, answer: 50, tolerance: 0, unit: '' };

export interface QuestionRulesContext {
  gameType: GameType;
  /** Ids of the game's levels; when given, a type 2 question's level must be one of them. */
  levelIds?: readonly number[];
}

/** Field name → message keys, for the fields that break a rule (no entry = valid). */
export type FieldErrorKeys = Record<string, DomainMessageKey[]>;

const filled = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

/** Defaults for a new question — single choice, time limit on with 1 second, score 0, bonus 0. */
export function defaultQuestionDraft(): QuestionDraft {
  return {
    title: '',
    question_text: '',
    question_img: '',
    pre_video_url: '',
    level_id: 0,
    have_answering_time: 1,
    answering_time: MIN_ANSWERING_SECONDS,
    score: 0,
    question_type: 1,
    is_bonus: 0,
    options: [
      { title: 'A', text: '', img: '' },
      { title: 'B', text: '', img: '' },
    ],
    answer: [],
    accepted_answers: [],
    ignore_punctuation: 0,
    slider: null,
    explanation: '',
  };
}

/** Gives the options the titles A, B, C, D in their current order. */
export function reletterOptions(options: readonly Omit<QuestionOption, 'title'>[]): QuestionOption[] {
  return options.slice(0, MAX_OPTIONS).map((option, index) => ({ ...option, title: OPTION_TITLES[index] as OptionTitle }));
}

export const canAddOption = (draft: Pick<QuestionDraft, 'options'>): boolean => draft.options.length < MAX_OPTIONS;
export const canRemoveOption = (draft: Pick<QuestionDraft, 'options'>): boolean => draft.options.length > MIN_OPTIONS;

/** Adds an empty option at the end (up to four). */
export function addOption(draft: QuestionDraft): QuestionDraft {
  if (!canAddOption(draft)) return draft;
  return { ...draft, options: reletterOptions([...draft.options, { text: '', img: '' }]) };
}

/** Removes an option (down to two), reletters the rest and keeps the correct answers on the same options. */
export function removeOption(draft: QuestionDraft, index: number): QuestionDraft {
  if (!canRemoveOption(draft) || index < 0 || index >= draft.options.length) return draft;
  const kept = draft.options.filter((_, i) => i !== index);
  const options = reletterOptions(kept);
  const answer = kept.flatMap((option, i) => (draft.answer.includes(option.title) ? [options[i]!.title] : []));
  return { ...draft, options, answer };
}

/** Ticks or unticks an option as correct, as the kind says (single choice: ticking an option clears the others). */
export function toggleAnswer(draft: QuestionDraft, title: OptionTitle): QuestionDraft {
  return { ...draft, answer: kindOf(draft.question_type).toggleAnswer(draft.answer, title) };
}

/**
 * Changing the question type clears the answer list; what the other kinds use stays in the draft (the
 * server keeps only the kind's parts), and a slider starts from DEFAULT_SLIDER, a type answer from one
 * empty accepted answer, options from two when there were fewer.
 */
export function changeQuestionType(draft: QuestionDraft, questionType: QuestionType): QuestionDraft {
  const kind = kindOf(questionType);
  const options = kind.options && draft.options.length < MIN_OPTIONS ? reletterOptions([...draft.options, { text: '', img: '' }, { text: '', img: '' }].slice(0, MIN_OPTIONS)) : draft.options;
  return {
    ...draft,
    question_type: questionType,
    answer: [],
    options,
    slider: kind.input === 'value' ? (draft.slider ?? { ...DEFAULT_SLIDER }) : draft.slider,
    accepted_answers: kind.input === 'text' && draft.accepted_answers.length === 0 ? [''] : draft.accepted_answers,
  };
}

/** Moves an option of an ordering question up or down its correct order (the answer lists the order). */
export function moveInOrder(draft: QuestionDraft, title: OptionTitle, by: -1 | 1): QuestionDraft {
  const order = draft.answer.length === draft.options.length ? [...draft.answer] : draft.options.map((option) => option.title);
  const from = order.indexOf(title);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return draft;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { ...draft, answer: order };
}

/**
 * Drops what the game's type does not use: a speed contest (1) always limits the answering time and
 * has no levels; a level game (2) has no bonus questions.
 */
export function applyGameType(draft: QuestionDraft, gameType: GameType): QuestionDraft {
  return gameType === 1 ? { ...draft, have_answering_time: 1, level_id: 0 } : { ...draft, is_bonus: 0 };
}

/** Every rule of the question form (docs/product.md) for a question of a game of the given type. */
export function validateQuestion(draft: QuestionDraft, context: QuestionRulesContext): FieldErrorKeys {
  const errors: FieldErrorKeys = {};
  const add = (field: string, key: DomainMessageKey) => {
    const list = (errors[field] ??= []);
    if (!list.includes(key)) list.push(key);
  };

  if (!filled(draft.title)) add('title', 'question.titleRequired');

  if (context.gameType === 2) {
    if (!draft.level_id) add('level_id', 'question.levelRequired');
    else if (context.levelIds && !context.levelIds.includes(draft.level_id)) add('level_id', 'question.levelNotInGame');
  }

  const kind = kindOf(draft.question_type);
  // A content slide may be a video alone.
  const slideVideo = !kind.answerable && filled(draft.pre_video_url);
  if (!filled(draft.question_text) && !filled(draft.question_img) && !slideVideo) add('question_text', 'question.textOrImageRequired');

  // The options and the correct answers: the kind's rules.
  kind.validate(draft, add);

  // A content slide has no countdown.
  const timeLimited = kind.answerable && isTimed(context.gameType, draft.have_answering_time);
  const seconds = draft.answering_time;
  if (timeLimited && (!Number.isInteger(seconds) || seconds < MIN_ANSWERING_SECONDS || seconds > MAX_ANSWERING_SECONDS)) {
    add('answering_time', 'question.answeringTimeRange');
  }

  if (!Number.isInteger(draft.score) || draft.score < MIN_SCORE) add('score', 'question.scoreMin');

  return errors;
}

export const hasErrors = (errors: FieldErrorKeys): boolean => Object.keys(errors).length > 0;

// ------------------------------------------------------------------ promotion scores

export interface LevelScore {
  level: number;
  /** A number, or the text of the input; null/empty when not entered. */
  promotion_score: number | string | null | undefined;
}

export interface PromotionScoreError {
  /** The level whose score is missing; the message's `{n}`. */
  level: number;
  key: DomainMessageKey;
}

/** What the promotion-score input keeps of what is typed: digits only. */
export const keepDigits = (value: string): string => value.replace(/\D+/g, '');

const isPromotionScore = (value: LevelScore['promotion_score']): boolean =>
  typeof value === 'number' ? Number.isInteger(value) && value >= 0 : typeof value === 'string' && /^\d+$/.test(value.trim());

/**
 * Every level except the last needs a promotion score of digits only (a whole number ≥ 0);
 * the last level has none. Format a result with `formatDomainMessage(lang, key, { n: level })`.
 */
export function validatePromotionScores(levels: readonly LevelScore[]): PromotionScoreError[] {
  if (levels.length === 0) return [];
  const last = Math.max(...levels.map((l) => l.level));
  return levels
    .filter((l) => l.level !== last && !isPromotionScore(l.promotion_score))
    .map((l) => ({ level: l.level, key: 'level.promotionScoreRequired' as const }));
}
