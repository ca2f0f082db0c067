/**
 * A question written as a row of a sheet (question-sheet.ts tells the whole story): our template's
 * row, which reads back as the same question, Kahoot's row for the choice kinds, and the template's
 * example rows. Pure.
 */
import type { SheetProblemKey } from './sheet-messages.js';
import { kindOf } from './question-kinds/index.js';
import { defaultQuestionDraft, OPTION_TITLES, type OptionTitle, type QuestionDraft } from './question-rules.js';
import { KAHOOT_ANSWER_MAX, KAHOOT_QUESTION_MAX, KAHOOT_TIME_LIMITS, kindCell, TEMPLATE_COLUMNS, type TemplateColumn } from './question-sheet-columns.js';

// ------------------------------------------------------------------ writing a row

export type SheetCell = string | number | null;

/**
 * A question as a row of our template (TEMPLATE_COLUMNS' order), so that reading it back gives the
 * same question: `level` is its level's number (null: none). What the kind does not use stays blank.
 */
export function templateRow(draft: QuestionDraft, level: number | null): SheetCell[] {
  const kind = kindOf(draft.question_type);
  const parts = kind.parts(draft);
  const timed = kind.answerable && draft.have_answering_time === 1;
  // True/false's options are fixed (no cells); the other kinds without options have none.
  const option = (index: number, part: 'text' | 'img') => (kind.options ? (parts.options[index]?.[part] ?? '') : '');
  let answer: SheetCell = '';
  if (kind.input === 'text') answer = parts.accepted_answers.join('|');
  else if (kind.input === 'value') answer = parts.slider?.answer ?? '';
  else if (kind.scored) answer = parts.answer.join(',');
  const slider = kind.input === 'value' ? parts.slider : null;
  const values: Record<TemplateColumn, SheetCell> = {
    kind: kindCell(draft.question_type),
    title: draft.title,
    text: draft.question_text,
    image: draft.question_img,
    video: draft.pre_video_url,
    level,
    seconds: timed ? draft.answering_time : null,
    score: draft.score,
    bonus: draft.is_bonus,
    option_A: option(0, 'text'),
    option_B: option(1, 'text'),
    option_C: option(2, 'text'),
    option_D: option(3, 'text'),
    image_A: option(0, 'img'),
    image_B: option(1, 'img'),
    image_C: option(2, 'img'),
    image_D: option(3, 'img'),
    answer,
    ignore_punctuation: kind.input === 'text' ? parts.ignore_punctuation : null,
    slider_min: slider?.min ?? null,
    slider_max: slider?.max ?? null,
    slider_step: slider?.step ?? null,
    slider_tolerance: slider?.tolerance ?? null,
    slider_unit: slider?.unit ?? null,
    explanation: draft.explanation,
  };
  return TEMPLATE_COLUMNS.map((column) => values[column]);
}

/** The time limit Kahoot offers nearest to `seconds` (the next above on a tie, never below 5). */
export function kahootTimeLimit(seconds: number): number {
  let best: number = KAHOOT_TIME_LIMITS[0];
  for (const limit of KAHOOT_TIME_LIMITS) if (Math.abs(limit - seconds) <= Math.abs(best - seconds)) best = limit;
  return best;
}

/** Text without markup, for Kahoot's plain cells. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
const cutTo = (text: string, limit: number) => [...text].slice(0, limit).join('');

/**
 * A question as a row of Kahoot's template (its columns B to H: question, answers 1–4, time limit,
 * correct answers), or why Kahoot's quiz template cannot hold it: only choice kinds with text
 * options (true/false's in `lang`'s words). The question is its text (its title when it has none), cut to Kahoot's limits.
 */
export function kahootRow(draft: QuestionDraft, lang: 'zh-TW' | 'en'): { cells: SheetCell[] } | { leftOut: SheetProblemKey } {
  if (![1, 2, 3].includes(draft.question_type)) return { leftOut: 'sheet.kahootKind' };
  const parts = kindOf(draft.question_type).parts(draft);
  // A true/false question's options are fixed words, written in the export's language.
  const texts = draft.question_type === 3 ? (lang === 'zh-TW' ? ['對', '錯'] : ['True', 'False']) : parts.options.map((option) => plain(option.text));
  if (texts.some((text) => text === '')) return { leftOut: 'sheet.kahootImages' };
  const question = cutTo(plain(draft.question_text) || plain(draft.title), KAHOOT_QUESTION_MAX);
  const answers = texts.map((text) => cutTo(text, KAHOOT_ANSWER_MAX));
  const correct = parts.answer.map((title) => OPTION_TITLES.indexOf(title) + 1).join(',');
  return { cells: [question, answers[0] ?? '', answers[1] ?? '', answers[2] ?? '', answers[3] ?? '', kahootTimeLimit(draft.answering_time), correct] };
}

/** One example row of our template per kind, for /question/importTemplate (a speed contest's: no level). */
export function templateExamples(lang: 'zh-TW' | 'en'): SheetCell[][] {
  const zh = lang === 'zh-TW';
  const base = defaultQuestionDraft();
  const option = (title: OptionTitle, text: string) => ({ title, text, img: '' });
  const examples: QuestionDraft[] = [
    { ...base, question_type: 1, title: zh ? '首都' : 'Capital', question_text: zh ? '日本的首都是？' : 'What is the capital of Japan?', answering_time: 20, options: [option('A', zh ? '東京' : 'Tokyo'), option('B', zh ? '大阪' : 'Osaka'), option('C', zh ? '京都' : 'Kyoto')], answer: ['A'] },
    { ...base, question_type: 2, title: zh ? '質數' : 'Primes', question_text: zh ? '下列哪些是質數？' : 'Which are prime numbers?', answering_time: 20, options: [option('A', '2'), option('B', '4'), option('C', '7'), option('D', '9')], answer: ['A', 'C'] },
    { ...base, question_type: 3, title: zh ? '地球' : 'Earth', question_text: zh ? '地球是圓的。' : 'The Earth is round.', answering_time: 10, answer: ['A'] },
    { ...base, question_type: 4, title: zh ? '午餐' : 'Lunch', question_text: zh ? '午餐想吃什麼？' : 'What shall we have for lunch?', answering_time: 30, options: [option('A', zh ? '便當' : 'Bento'), option('B', zh ? '麵' : 'Noodles')] },
    { ...base, question_type: 5, title: zh ? '最高峰' : 'Highest peak', question_text: zh ? '台灣最高的山是？' : 'What is the highest mountain in Taiwan?', answering_time: 30, accepted_answers: zh ? ['玉山', '玉山主峰'] : ['Yushan', 'Jade Mountain'], ignore_punctuation: 1 },
    { ...base, question_type: 6, title: zh ? '年份' : 'Year', question_text: zh ? '台北 101 哪一年完工？' : 'In which year was Taipei 101 completed?', answering_time: 30, slider: { min: 1990, max: 2020, step: 1, answer: 2004, tolerance: 1, unit: zh ? '年' : '' } },
    { ...base, question_type: 7, title: zh ? '由小到大' : 'Smallest first', question_text: zh ? '由小到大排列' : 'Put them in order, smallest first', answering_time: 30, options: [option('A', '1'), option('B', '10'), option('C', '100')], answer: ['A', 'B', 'C'] },
    { ...base, question_type: 8, title: zh ? '中場休息' : 'Break', question_text: zh ? '休息一下，馬上回來！' : 'A short break: back in a minute!', answering_time: 20, explanation: '' },
  ];
  return examples.map((draft) => templateRow(draft, null));
}

