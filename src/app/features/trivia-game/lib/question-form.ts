/**
 * Pure glue between the question dialog and the shared rules (src/domain/question-rules.ts): a
 * stored question as a draft, a draft as the request body, rule keys as sentences, and the rule
 * errors the dialog shows at a given moment. It never states a rule of its own: every check is the
 * domain's `validateQuestion`, every sentence the domain's `formatDomainMessage`.
 */
import type { components } from '@openapi/admin-api';
import { type DomainLang, formatDomainMessage } from '@/domain/messages';
import { kindOf } from '@/domain/question-kinds';
import { MAX_ACCEPTED_ANSWERS } from '@/domain/question-kinds/type-answer';
import {
  addOption,
  applyGameType,
  type FieldErrorKeys,
  type GameType,
  OPTION_TITLES,
  type OptionTitle,
  type QuestionDraft,
  reletterOptions,
} from '@/domain/question-rules';

type Question = components['schemas']['Question'];

/** Field name → sentences to show under it. */
export type FieldMessages = Record<string, string[]>;

/** The UI language as the domain messages name it. */
export const domainLang = (language: string | undefined): DomainLang => (language?.toLowerCase().startsWith('zh') ? 'zh-TW' : 'en');

/** A stored question as the dialog edits it. */
export function draftFromQuestion(question: Question): QuestionDraft {
  return {
    title: question.title,
    question_text: question.question_text,
    question_img: question.question_img,
    pre_video_url: question.pre_video_url,
    level_id: question.level_id,
    have_answering_time: question.have_answering_time,
    answering_time: question.answering_time,
    score: question.score,
    question_type: question.question_type,
    is_bonus: question.is_bonus,
    options: question.options.map(({ title, text, img }) => ({ title, text, img })),
    answer: [...question.answer],
    accepted_answers: [...question.accepted_answers],
    ignore_punctuation: question.ignore_punctuation,
    slider: question.slider ? { ...question.slider } : null,
    explanation: question.explanation,
  };
}

/**
 * The draft as the create/update body: what the game's type and the question's kind do not use is
 * dropped (the server does the same), and an ordering question's letters are shuffled (`random`).
 */
export function questionBody(draft: QuestionDraft, gameType: GameType, random: () => number = Math.random): QuestionDraft {
  const applied = applyGameType(draft, gameType);
  const kind = kindOf(applied.question_type);
  const ordered = kind.input === 'order' ? shuffleOrderLetters(applied, random) : applied;
  return { ...ordered, ...kind.parts(ordered), title: applied.title.trim(), pre_video_url: applied.pre_video_url.trim() };
}

// ------------------------------------------------------------------ ordering (7)

/** An ordering question's titles in their correct order: the answer's, then any option it misses. */
export function orderOf(draft: Pick<QuestionDraft, 'options' | 'answer'>): OptionTitle[] {
  const titles = draft.options.map((option) => option.title);
  const known = draft.answer.filter((title, i) => titles.includes(title) && draft.answer.indexOf(title) === i);
  return [...known, ...titles.filter((title) => !known.includes(title))];
}

/** Adds an empty option at the end of the order. */
export function addToOrder(draft: QuestionDraft): QuestionDraft {
  const added = addOption(draft);
  return added === draft ? draft : { ...added, answer: orderOf({ options: added.options, answer: orderOf(draft) }) };
}

/** Removes an option (down to two): the others keep their places in the order, relettered. */
export function removeFromOrder(draft: QuestionDraft, title: OptionTitle): QuestionDraft {
  if (draft.options.length <= 2 || !draft.options.some((option) => option.title === title)) return draft;
  const kept = draft.options.filter((option) => option.title !== title);
  const options = reletterOptions(kept);
  const renamed = new Map(kept.map((option, i) => [option.title, options[i]!.title]));
  return { ...draft, options, answer: orderOf(draft).flatMap((t) => (renamed.has(t) ? [renamed.get(t)!] : [])) };
}

/**
 * Gives an ordering question's options new letters so that the correct order is not A, B, C, D: the
 * phones list the options by letter, and letters in the right order would give the answer away. The
 * options come back in letter order and `answer` names them in the correct order.
 */
export function shuffleOrderLetters(draft: QuestionDraft, random: () => number): QuestionDraft {
  const byTitle = new Map(draft.options.map((option) => [option.title, option]));
  const correct = orderOf(draft).map((title) => byTitle.get(title)!);
  const n = correct.length;
  if (n < 2) return draft;
  // positions[i]: the letter index the i-th option of the correct order gets.
  const positions = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [positions[i], positions[j]] = [positions[j]!, positions[i]!];
  }
  if (positions.every((p, i) => p === i)) positions.push(positions.shift()!);
  const letters = positions.map((p) => OPTION_TITLES[p] as OptionTitle);
  const options = correct
    .map((option, i) => ({ ...option, title: letters[i]! }))
    .sort((a, b) => a.title.localeCompare(b.title));
  return { ...draft, options, answer: letters };
}

// ------------------------------------------------------------------ type answer (5)

export const canAddAcceptedAnswer = (draft: Pick<QuestionDraft, 'accepted_answers'>): boolean => draft.accepted_answers.length < MAX_ACCEPTED_ANSWERS;
export const canRemoveAcceptedAnswer = (draft: Pick<QuestionDraft, 'accepted_answers'>): boolean => draft.accepted_answers.length > 1;

export function addAcceptedAnswer(draft: QuestionDraft): QuestionDraft {
  return canAddAcceptedAnswer(draft) ? { ...draft, accepted_answers: [...draft.accepted_answers, ''] } : draft;
}

export function removeAcceptedAnswer(draft: QuestionDraft, index: number): QuestionDraft {
  return canRemoveAcceptedAnswer(draft) ? { ...draft, accepted_answers: draft.accepted_answers.filter((_, i) => i !== index) } : draft;
}

/** Rule keys as sentences in `lang`. */
export function formatFieldErrors(errors: FieldErrorKeys, lang: DomainLang): FieldMessages {
  return Object.fromEntries(Object.entries(errors).map(([field, keys]) => [field, keys.map((key) => formatDomainMessage(lang, key))]));
}

/**
 * Which rule errors the dialog shows: all of them once the user tried to save, before that only
 * those of the fields the user has left (the title is checked on blur).
 */
export function visibleErrors(errors: FieldErrorKeys, shown: 'all' | ReadonlySet<string>): FieldErrorKeys {
  if (shown === 'all') return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => shown.has(field)));
}

/** Rule messages first, then the server's 422 messages for the same field (no sentence twice). */
export function mergeMessages(...sources: FieldMessages[]): FieldMessages {
  const merged: FieldMessages = {};
  for (const source of sources) {
    for (const [field, list] of Object.entries(source)) {
      const target = (merged[field] ??= []);
      for (const message of list) if (!target.includes(message)) target.push(message);
    }
  }
  return merged;
}

/** Server 422 messages that are not under a field the dialog shows (they go to the top of the form). */
export function unplacedMessages(fields: FieldMessages, placed: (field: string) => boolean): string[] {
  return Object.entries(fields).flatMap(([field, list]) => (placed(field) ? [] : list));
}

/** An image upload accepts images only. */
export const isImageFile = (file: Pick<File, 'type'>): boolean => /^image\//i.test(file.type);
