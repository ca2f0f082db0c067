/**
 * What the question import's preview shows of a row the server read (issue 35), kept apart from the
 * table so it can be tested alone: which preview cell a problem belongs to (by the question field it
 * names: `options.1.text` → the options cell), a row's problems grouped by cell, whether a row stops
 * the import, and a question's options, answer and images written as one line of text. Pure.
 */
import type { components } from '@openapi/admin-api';

type Problem = components['schemas']['QuestionSheetProblem'];
type Fields = components['schemas']['QuestionFields'];

/** The preview's cells that can hold a problem; `row` is the row as a whole (shown under it). */
export const PREVIEW_CELLS = ['kind', 'title', 'text', 'options', 'answer', 'seconds', 'level', 'images'] as const;
export type PreviewCell = (typeof PREVIEW_CELLS)[number] | 'row';

/** The cell of a question field as /question/create names it; a field the preview does not show is the row's. */
export function cellOfField(field: string): PreviewCell {
  const [head = '', , leaf] = field.split('.');
  if (head === 'options') return leaf === 'img' ? 'images' : 'options';
  switch (head) {
    case 'question_type':
      return 'kind';
    case 'title':
      return 'title';
    case 'question_text':
      return 'text';
    case 'answer':
    case 'accepted_answers':
    case 'ignore_punctuation':
    case 'slider':
      return 'answer';
    case 'answering_time':
    case 'have_answering_time':
      return 'seconds';
    case 'level_id':
      return 'level';
    case 'question_img':
      return 'images';
    default:
      return 'row';
  }
}

/** A row's problems by the cell they belong to, errors first within a cell. */
export function problemsByCell(problems: readonly Problem[]): Map<PreviewCell, Problem[]> {
  const cells = new Map<PreviewCell, Problem[]>();
  const ordered = [...problems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  for (const problem of ordered) {
    const cell = cellOfField(problem.field);
    cells.set(cell, [...(cells.get(cell) ?? []), problem]);
  }
  return cells;
}

/** The worst severity among problems (none: null). */
export function worstOf(problems: readonly Problem[] | undefined): Problem['severity'] | null {
  if (!problems?.length) return null;
  return problems.some((p) => p.severity === 'error') ? 'error' : 'warning';
}

/** A row with an error stops the whole import (a warning never does). */
export const rowHasError = (row: { problems: readonly Problem[] }) => row.problems.some((p) => p.severity === 'error');

/** The options as `A. text` lines joined by ' / ' (an image-only option: its letter alone). */
export function optionsText(question: Pick<Fields, 'question_type' | 'options'>): string {
  if (question.question_type === 3) return '';
  return question.options.map((o) => (o.text ? `${o.title}. ${o.text}` : o.title)).join(' / ');
}

/**
 * The answer as the sheet wrote it: letters for the choice kinds (an ordering's in its order), the
 * accepted answers joined by ' | ', a slider's answer with its tolerance, unit and range; `trueFalse`
 * names the words of a true/false answer in the screen's language.
 */
export function answerText(question: Pick<Fields, 'question_type' | 'answer' | 'accepted_answers' | 'slider'>, trueFalse: { true: string; false: string }): string {
  switch (question.question_type) {
    case 3:
      return question.answer[0] === 'A' ? trueFalse.true : question.answer[0] === 'B' ? trueFalse.false : '';
    case 5:
      return question.accepted_answers.join(' | ');
    case 6: {
      const s = question.slider;
      if (!s) return '';
      const unit = s.unit ? ` ${s.unit}` : '';
      return `${s.answer}${s.tolerance ? ` ± ${s.tolerance}` : ''}${unit} (${s.min}–${s.max})`;
    }
    case 7:
      return question.answer.join(' → ');
    default:
      return question.answer.join(', ');
  }
}

/** The images a row names: the question's, then each option's (`A: path`). */
export function imagesOf(question: Pick<Fields, 'question_img' | 'options'>): string[] {
  return [question.question_img, ...question.options.filter((o) => o.img).map((o) => `${o.title}: ${o.img}`)].filter(Boolean);
}
