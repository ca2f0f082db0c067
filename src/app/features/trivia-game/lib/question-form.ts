/**
 * Pure glue between the question dialog and the shared rules (src/domain/question-rules.ts): a
 * stored question as a draft, a draft as the request body, rule keys as sentences, and the rule
 * errors the dialog shows at a given moment. It never states a rule of its own: every check is the
 * domain's `validateQuestion`, every sentence the domain's `formatDomainMessage`.
 */
import type { components } from '@openapi/admin-api';
import { type DomainLang, formatDomainMessage } from '@/domain/messages';
import { applyGameType, type FieldErrorKeys, type GameType, type QuestionDraft } from '@/domain/question-rules';

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
  };
}

/** The draft as the create/update body: what the game's type does not use is dropped (the server does the same). */
export function questionBody(draft: QuestionDraft, gameType: GameType): QuestionDraft {
  const applied = applyGameType(draft, gameType);
  return { ...applied, title: applied.title.trim(), pre_video_url: applied.pre_video_url.trim() };
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
