/**
 * The question sheet's rules (src/domain/question-sheet.ts): a header row recognised by its texts in
 * either layout, our template's rows read back into the questions they were written from (every
 * kind, both game types), Kahoot's rows read as choice questions, and each problem under its column
 * with the question form's own message.
 */
import { describe, expect, it } from 'vitest';
import { formatSheetMessage } from '../../src/domain/sheet-messages.js';
import { defaultQuestionDraft, type QuestionDraft } from '../../src/domain/question-rules.js';
import {
  KAHOOT_HEADERS,
  kahootRow,
  readQuestionHeader,
  readQuestionRow,
  TEMPLATE_COLUMNS,
  templateExamples,
  templateRow,
  type SheetGame,
} from '../../src/domain/question-sheet.js';

const speed: SheetGame = { type: 1, levels: [] };
const levels: SheetGame = { type: 2, levels: [{ id: 71, level: 1 }, { id: 72, level: 2 }] };
const header = readQuestionHeader([...TEMPLATE_COLUMNS])!;
const text = (cells: ReadonlyArray<string | number | null>) => cells.map((cell) => (cell === null ? '' : String(cell)));
const errorsOf = (question: { problems: Array<{ severity: string; column: string | null; key: string }> }) =>
  question.problems.filter((problem) => problem.severity === 'error').map(({ column, key }) => `${column}: ${key}`);

describe('our template', () => {
  it('finds its header by the column names, in any case and order', () => {
    const found = readQuestionHeader(['', 'TITLE', 'Kind', 'answer']);
    expect(found?.layout).toBe('template');
    expect(found?.columns).toMatchObject({ title: 1, kind: 2, answer: 3 });
    expect(readQuestionHeader(['name', 'email'])).toBeNull();
  });

  it('reads its own examples back as the questions they show, one of each kind, with no problem', () => {
    const rows = templateExamples('zh-TW');
    expect(rows).toHaveLength(8);
    const read = rows.map((cells, index) => readQuestionRow(index + 2, text(cells), header, speed));
    expect(read.map((question) => question.draft.question_type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const question of read) expect(question.problems, `row ${question.row}`).toEqual([]);
    expect(read[1]!.draft.answer).toEqual(['A', 'C']);
    expect(read[4]!.draft.accepted_answers).toEqual(['玉山', '玉山主峰']);
    expect(read[5]!.draft.slider).toEqual({ min: 1990, max: 2020, step: 1, answer: 2004, tolerance: 1, unit: '年' });
  });

  it('round-trips a level game question: level number, no time limit, score', () => {
    const draft: QuestionDraft = { ...defaultQuestionDraft(), title: 'T', question_text: 'Q?', level_id: 72, have_answering_time: 0, score: 15, options: [{ title: 'A', text: 'x', img: '' }, { title: 'B', text: 'y', img: '' }], answer: ['B'] };
    const back = readQuestionRow(2, text(templateRow(draft, 2)), header, levels);
    expect(back.problems).toEqual([]);
    expect(back.level).toBe(2);
    expect(back.draft).toMatchObject({ level_id: 72, have_answering_time: 0, score: 15, answer: ['B'] });
  });

  it('puts each problem under its column with the form\'s message', () => {
    const cells = Object.fromEntries(TEMPLATE_COLUMNS.map((column) => [column, ''])) as Record<string, string>;
    Object.assign(cells, { kind: 'single', title: '', text: 'Q', option_A: 'x', option_C: 'z', answer: 'E', seconds: 'ten', level: '3' });
    const read = readQuestionRow(5, TEMPLATE_COLUMNS.map((column) => cells[column]!), header, levels);
    expect(errorsOf(read)).toEqual(
      expect.arrayContaining(['title: question.titleRequired', 'option_B: sheet.optionGap', 'answer: sheet.answerLetters', 'seconds: sheet.wholeNumber', 'level: sheet.levelUnknown']),
    );
    expect(formatSheetMessage('zh-TW', 'sheet.levelUnknown', { value: 3 })).toBe('此遊戲沒有第 3 關');
  });

  it('refuses a kind it does not know and leaves out, with a warning, what a kind does not use', () => {
    const row = (values: Record<string, string>) => TEMPLATE_COLUMNS.map((column) => values[column] ?? '');
    expect(errorsOf(readQuestionRow(2, row({ kind: 'essay', title: 't', text: 'q' }), header, speed))).toContain('kind: sheet.kindUnknown');
    const slide = readQuestionRow(2, row({ kind: '內容頁', title: 't', text: 'q', option_A: 'x', answer: 'A' }), header, speed);
    expect(errorsOf(slide)).toEqual([]);
    expect(slide.problems.map((p) => `${p.column}: ${p.key}`)).toEqual(['option_A: sheet.notUsed', 'answer: sheet.notUsed']);
  });
});

describe("Kahoot's quiz template", () => {
  const kahootHeader = ['', ...Object.values(KAHOOT_HEADERS)];
  it('finds its header by its texts', () => {
    const found = readQuestionHeader(kahootHeader);
    expect(found?.layout).toBe('kahoot');
    expect(found?.columns).toMatchObject({ question: 1, answer_1: 2, answer_4: 5, time: 6, correct: 7 });
  });

  it('reads one correct answer as single choice, several as multiple, the time limit as answering seconds', () => {
    const found = readQuestionHeader(kahootHeader)!;
    const single = readQuestionRow(9, ['1', 'Capital of Norway?', 'Oslo', 'Bergen', '', '', '30', '1'], found, speed);
    expect(single.problems).toEqual([]);
    expect(single.draft).toMatchObject({ question_type: 1, title: 'Capital of Norway?', question_text: 'Capital of Norway?', answering_time: 30, answer: ['A'] });
    expect(single.draft.options.map((option) => option.text)).toEqual(['Oslo', 'Bergen']);
    const multiple = readQuestionRow(10, ['2', 'Primes?', '2', '4', '7', '9', '20', '1,3'], found, levels);
    expect(multiple.draft).toMatchObject({ question_type: 2, answer: ['A', 'C'], level_id: 71, score: 10 });
    const wrong = readQuestionRow(11, ['3', 'Q', 'a', 'b', '', '', '20', '3'], found, speed);
    expect(errorsOf(wrong)).toEqual(['correct: sheet.kahootCorrectEmpty']);
  });

  it('writes choice questions in its columns and leaves the other kinds out', () => {
    const draft: QuestionDraft = { ...defaultQuestionDraft(), question_type: 2, title: 'T', question_text: 'Which?', answering_time: 25, options: [{ title: 'A', text: 'a', img: '' }, { title: 'B', text: 'b', img: '' }, { title: 'C', text: 'c', img: '' }], answer: ['A', 'C'] };
    expect(kahootRow(draft, 'en')).toEqual({ cells: ['Which?', 'a', 'b', 'c', '', 30, '1,3'] });
    expect(kahootRow({ ...draft, question_type: 3, answer: ['B'] }, 'zh-TW')).toEqual({ cells: ['Which?', '對', '錯', '', '', 30, '2'] });
    expect(kahootRow({ ...draft, question_type: 5 }, 'en')).toEqual({ leftOut: 'sheet.kahootKind' });
  });
});
