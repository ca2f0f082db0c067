/**
 * The question import preview's pure parts: a problem lands in the cell of the field it names, a
 * row's problems are grouped by cell (errors first), a warning never stops the import, and a
 * question's options and answer read as the sheet wrote them.
 */
import { describe, expect, it } from 'vitest';
import { answerText, cellOfField, imagesOf, optionsText, problemsByCell, rowHasError, worstOf } from '@/app/features/trivia-game/lib/question-sheet-preview';

const problem = (field: string, severity: 'error' | 'warning' = 'error') => ({ column: 'C', header: 'h', field, severity, message: field });
const TF = { true: 'True', false: 'False' };
const base = { question_type: 1 as const, answer: ['A' as const], accepted_answers: [], slider: null, question_img: '', options: [] };

describe('cellOfField', () => {
  it('puts each field in the cell that shows it, and what the preview does not show under the row', () => {
    expect(cellOfField('options.1.text')).toBe('options');
    expect(cellOfField('options.0.img')).toBe('images');
    expect(cellOfField('options')).toBe('options');
    expect(cellOfField('question_img')).toBe('images');
    expect(cellOfField('title')).toBe('title');
    expect(cellOfField('question_text')).toBe('text');
    expect(cellOfField('answer')).toBe('answer');
    expect(cellOfField('accepted_answers.2')).toBe('answer');
    expect(cellOfField('slider.min')).toBe('answer');
    expect(cellOfField('answering_time')).toBe('seconds');
    expect(cellOfField('level_id')).toBe('level');
    expect(cellOfField('question_type')).toBe('kind');
    expect(cellOfField('score')).toBe('row');
    expect(cellOfField('')).toBe('row');
  });
});

describe('problemsByCell and severities', () => {
  it('groups a row by cell with its errors first; a warning alone does not stop the import', () => {
    const cells = problemsByCell([problem('title', 'warning'), problem('options.1.text'), problem('title'), problem('score', 'warning')]);
    expect(cells.get('title')!.map((p) => p.severity)).toEqual(['error', 'warning']);
    expect(cells.get('options')).toHaveLength(1);
    expect(cells.get('row')).toHaveLength(1);
    expect(worstOf(cells.get('title'))).toBe('error');
    expect(worstOf(cells.get('row'))).toBe('warning');
    expect(worstOf(undefined)).toBeNull();
    expect(rowHasError({ problems: [problem('title', 'warning')] })).toBe(false);
    expect(rowHasError({ problems: [problem('title', 'warning'), problem('answer')] })).toBe(true);
  });
});

describe('a question as the preview writes it', () => {
  it('lists options and answers for every kind', () => {
    const options = [
      { title: 'A' as const, text: 'Paris', img: '' },
      { title: 'B' as const, text: '', img: '/files/images/1/b.png' },
    ];
    expect(optionsText({ question_type: 2, options })).toBe('A. Paris / B');
    expect(optionsText({ question_type: 3, options })).toBe('');
    expect(answerText({ ...base, question_type: 2, answer: ['A', 'C'] }, TF)).toBe('A, C');
    expect(answerText({ ...base, question_type: 3, answer: ['B'] }, TF)).toBe('False');
    expect(answerText({ ...base, question_type: 5, accepted_answers: ['台北', '臺北'] }, TF)).toBe('台北 | 臺北');
    expect(answerText({ ...base, question_type: 6, slider: { min: 0, max: 100, step: 1, answer: 42, tolerance: 2, unit: 'km' } }, TF)).toBe('42 ± 2 km (0–100)');
    expect(answerText({ ...base, question_type: 7, answer: ['C', 'A', 'B'] }, TF)).toBe('C → A → B');
    expect(imagesOf({ question_img: '/files/images/1/q.png', options })).toEqual(['/files/images/1/q.png', 'B: /files/images/1/b.png']);
  });
});
