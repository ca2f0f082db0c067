/**
 * A sheet's row read into a question (question-sheet.ts tells the whole story): every cell of our
 * template or of Kahoot's read as the editor would take it, then checked with the question form's own
 * rules for the game; each problem under the column it is read from. Pure.
 */
import type { SheetProblemKey } from './sheet-messages.js';
import { kindOf } from './question-kinds/index.js';
import {
  applyGameType,
  DEFAULT_SLIDER,
  defaultQuestionDraft,
  OPTION_TITLES,
  validateQuestion,
  type FieldErrorKeys,
  type GameType,
  type OptionTitle,
  type QuestionDraft,
} from './question-rules.js';
import {
  KAHOOT_DEFAULT_SECONDS,
  KAHOOT_LEVEL_SCORE,
  kindFromCell,
  QUESTION_TEXT_LIMITS,
  SLIDER_COLUMNS,
  TEMPLATE_DEFAULT_SECONDS,
  templateColumnOfField,
  type KahootColumn,
  type QuestionSheetHeader,
  type SheetColumn,
  type TemplateColumn,
} from './question-sheet-columns.js';

// ------------------------------------------------------------------ reading a row

/** What the reading knows of the game the questions go into. */
export interface SheetGame {
  type: GameType;
  /** The game's levels (a level game), any order. */
  levels: ReadonlyArray<{ id: number; level: number }>;
}

export interface SheetProblem {
  /** The sheet's column it is about (null: the row as a whole). */
  column: SheetColumn | null;
  /** The question's field, as /question/create names it ('' when none). */
  field: string;
  severity: 'error' | 'warning';
  key: SheetProblemKey;
  params?: Record<string, string | number>;
}

export interface SheetQuestion {
  /** The row's number in the sheet. */
  row: number;
  /** The question as it would be created (the game type's rules applied). */
  draft: QuestionDraft;
  /** Its level's number (a level game), null when none or not found. */
  level: number | null;
  problems: SheetProblem[];
}

export const hasSheetErrors = (question: Pick<SheetQuestion, 'problems'>): boolean => question.problems.some((problem) => problem.severity === 'error');

const blank = (value: string) => value.trim() === '';
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Letters (or names) of options: "A,C", "a c", "A、C", "AC". */
function lettersOf(value: string): string[] | null {
  const text = value.trim().toUpperCase();
  const parts = /^[A-D]+$/.test(text) ? [...text] : text.split(/[\s,，、;；]+/).filter(Boolean);
  return parts.every((part) => /^[A-D]$/.test(part)) ? parts : null;
}

const TRUE_WORDS = ['a', 'true', 't', '1', 'yes', 'y', 'o', '對', '对', '是', '正確', '正确', '○'];
const FALSE_WORDS = ['b', 'false', 'f', '0', 'no', 'n', 'x', '錯', '错', '否', '錯誤', '错误', '×'];
const YES = ['1', 'yes', 'y', 'true', 't', '是', 'v', '✓'];
const NO = ['0', 'no', 'n', 'false', 'f', '否', ''];

/** Collects a row's problems; a field with a problem of reading is not checked again by the form's rules. */
class RowProblems {
  readonly list: SheetProblem[] = [];
  private readonly unreadable = new Set<string>();

  error(column: SheetColumn | null, field: string, key: SheetProblemKey, params?: Record<string, string | number>): void {
    this.list.push({ column, field, severity: 'error', key, ...(params ? { params } : {}) });
    this.unreadable.add(field);
  }

  warning(column: SheetColumn | null, field: string, key: SheetProblemKey, params?: Record<string, string | number>): void {
    this.list.push({ column, field, severity: 'warning', key, ...(params ? { params } : {}) });
  }

  /** The form's errors, each under the column it is read from, but for fields already found unreadable. */
  addRuleErrors(errors: FieldErrorKeys, columnOf: (field: string) => SheetColumn | null): void {
    for (const [field, keys] of Object.entries(errors)) {
      if (this.unreadable.has(field) || this.unreadable.has(field.split('.')[0]!)) continue;
      for (const key of keys) this.list.push({ column: columnOf(field), field, severity: 'error', key });
    }
  }
}

/** A text cell kept to `limit` characters: over it is an error, or (`cut`) a warning and the text cut. */
function boundedText(problems: RowProblems, column: SheetColumn, field: string, value: string, limit: number, cut = false): string {
  const characters = [...value];
  if (characters.length <= limit) return value;
  if (cut) {
    problems.warning(column, field, 'sheet.cut', { limit });
    return characters.slice(0, limit).join('');
  }
  problems.error(column, field, 'sheet.tooLong', { limit, length: characters.length });
  return value;
}

function wholeNumber(problems: RowProblems, column: SheetColumn, field: string, value: string): number | null {
  const text = value.trim();
  if (text === '') return null;
  const number = NUMBER.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(number)) {
    problems.error(column, field, 'sheet.wholeNumber', { value: text });
    return null;
  }
  return number;
}

function decimal(problems: RowProblems, column: SheetColumn, field: string, value: string): number | null {
  const text = value.trim();
  if (text === '') return null;
  if (!NUMBER.test(text) || !Number.isFinite(Number(text))) {
    problems.error(column, field, 'sheet.number', { value: text });
    return null;
  }
  return Number(text);
}

function flag(problems: RowProblems, column: SheetColumn, field: string, value: string): 0 | 1 {
  const text = value.trim().toLowerCase();
  if (YES.includes(text)) return 1;
  if (NO.includes(text)) return 0;
  problems.error(column, field, 'sheet.flag', { value: value.trim() });
  return 0;
}

/** The level with that number, the game's first when `number` is null and the game needs one. */
function levelOf(game: SheetGame, number: number): { id: number; level: number } | undefined {
  return game.levels.find((level) => level.level === number);
}
const firstLevel = (game: SheetGame) => [...game.levels].sort((a, b) => a.level - b.level)[0];

/**
 * The checks every row ends with, whichever layout it came from: the game type's rules applied (a speed
 * contest's time limit and no level, a level game's no bonus), then the question form's rules for the
 * game, their errors under the columns `columnOf` says.
 */
function finish(row: number, draft: QuestionDraft, level: number | null, game: SheetGame, problems: RowProblems, columnOf: (field: string) => SheetColumn | null): SheetQuestion {
  const applied = applyGameType(draft, game.type);
  problems.addRuleErrors(validateQuestion(applied, { gameType: game.type, levelIds: game.levels.map((l) => l.id) }), columnOf);
  return { row, draft: applied, level, problems: problems.list };
}

/**
 * A row of our template as a question for the game: every cell read (a blank one as the editor's
 * default), checked with the question form's rules. Cells a kind does not use are left out with a
 * warning, never silently.
 */
export function readTemplateRow(row: number, cells: readonly string[], header: QuestionSheetHeader, game: SheetGame): SheetQuestion {
  const problems = new RowProblems();
  const cell = (column: TemplateColumn): string => {
    const index = header.columns[column];
    return index === undefined ? '' : (cells[index] ?? '');
  };
  const draft = defaultQuestionDraft();

  const kindText = cell('kind');
  const type = blank(kindText) ? 1 : kindFromCell(kindText);
  if (type === null) problems.error('kind', 'question_type', 'sheet.kindUnknown', { value: kindText.trim() });
  draft.question_type = type ?? 1;
  const kind = kindOf(draft.question_type);

  draft.title = boundedText(problems, 'title', 'title', cell('title').trim(), QUESTION_TEXT_LIMITS.title);
  draft.question_text = boundedText(problems, 'text', 'question_text', cell('text'), QUESTION_TEXT_LIMITS.question_text);
  draft.question_img = boundedText(problems, 'image', 'question_img', cell('image').trim(), QUESTION_TEXT_LIMITS.image);
  draft.pre_video_url = boundedText(problems, 'video', 'pre_video_url', cell('video').trim(), QUESTION_TEXT_LIMITS.video);
  draft.explanation = boundedText(problems, 'explanation', 'explanation', cell('explanation').trim(), QUESTION_TEXT_LIMITS.explanation);

  // The level (a level game), by its number.
  let level: number | null = null;
  const levelNumber = wholeNumber(problems, 'level', 'level_id', cell('level'));
  if (game.type === 1) {
    if (!blank(cell('level'))) problems.warning('level', 'level_id', 'sheet.levelInSpeedGame');
  } else if (levelNumber !== null) {
    const found = levelOf(game, levelNumber);
    if (found) {
      draft.level_id = found.id;
      level = found.level;
    } else problems.error('level', 'level_id', 'sheet.levelUnknown', { value: levelNumber });
  }

  // The time limit: blank = none in a level game, TEMPLATE_DEFAULT_SECONDS in a speed contest.
  const seconds = wholeNumber(problems, 'seconds', 'answering_time', cell('seconds'));
  if (seconds !== null) {
    draft.have_answering_time = 1;
    draft.answering_time = seconds;
  } else if (blank(cell('seconds'))) {
    draft.have_answering_time = game.type === 1 ? 1 : 0;
    draft.answering_time = TEMPLATE_DEFAULT_SECONDS;
    if (game.type === 1 && kind.answerable) problems.warning('seconds', 'answering_time', 'sheet.secondsDefault', { seconds: TEMPLATE_DEFAULT_SECONDS });
  }

  draft.score = wholeNumber(problems, 'score', 'score', cell('score')) ?? 0;
  draft.is_bonus = flag(problems, 'bonus', 'is_bonus', cell('bonus'));
  if (game.type === 2 && draft.is_bonus === 1) problems.warning('bonus', 'is_bonus', 'sheet.bonusInLevelGame');

  // The options: A to D as far as one is filled, with their images.
  const usesOptions = kind.options !== null;
  const filledUpTo = OPTION_TITLES.reduce((last, letter, index) => (!blank(cell(`option_${letter}`)) || !blank(cell(`image_${letter}`)) ? index + 1 : last), 0);
  if (usesOptions) {
    draft.options = OPTION_TITLES.slice(0, Math.max(filledUpTo, 2)).map((title, index) => {
      const text = boundedText(problems, `option_${title}`, `options.${index}.text`, cell(`option_${title}`).trim(), QUESTION_TEXT_LIMITS.option);
      const img = boundedText(problems, `image_${title}`, `options.${index}.img`, cell(`image_${title}`).trim(), QUESTION_TEXT_LIMITS.image);
      if (index < filledUpTo - 1 && text === '' && img === '') problems.error(`option_${title}`, `options.${index}.text`, 'sheet.optionGap', { column: `option_${title}` });
      return { title, text, img };
    });
  } else {
    for (const letter of OPTION_TITLES) {
      for (const column of [`option_${letter}`, `image_${letter}`] as const) if (!blank(cell(column))) problems.warning(column, '', 'sheet.notUsed');
    }
  }

  // The answer: letters, a true/false word, the order, the accepted answers or the slider's value.
  const answer = cell('answer').trim();
  draft.answer = [];
  switch (kind.input) {
    case 'one':
    case 'several':
    case 'order': {
      if (draft.question_type === 3) {
        const word = answer.toLowerCase();
        if (TRUE_WORDS.includes(word)) draft.answer = ['A'];
        else if (FALSE_WORDS.includes(word)) draft.answer = ['B'];
        else if (answer !== '') problems.error('answer', 'answer', 'sheet.trueFalseValue', { value: answer });
        break;
      }
      if (answer === '') {
        // An ordering's answer defaults to the options' order as listed; a poll has none.
        if (kind.input === 'order') draft.answer = draft.options.map((option) => option.title);
        break;
      }
      const letters = kind.scored ? lettersOf(answer) : null;
      if (!kind.scored) problems.warning('answer', 'answer', 'sheet.notUsed');
      else if (letters === null) problems.error('answer', 'answer', 'sheet.answerLetters', { value: answer });
      else draft.answer = letters as OptionTitle[];
      break;
    }
    case 'text':
      draft.accepted_answers = answer
        .split('|')
        .map((text) => text.trim())
        .filter(Boolean)
        .map((text, index) => boundedText(problems, 'answer', `accepted_answers.${index}`, text, QUESTION_TEXT_LIMITS.acceptedAnswer));
      draft.ignore_punctuation = flag(problems, 'ignore_punctuation', 'ignore_punctuation', cell('ignore_punctuation'));
      break;
    case 'value': {
      const value = decimal(problems, 'answer', 'slider.answer', answer);
      const slider = { ...DEFAULT_SLIDER };
      for (const [column, part] of Object.entries(SLIDER_COLUMNS) as Array<[keyof typeof SLIDER_COLUMNS, (typeof SLIDER_COLUMNS)[keyof typeof SLIDER_COLUMNS]]>) {
        // The unit's length is the form's rule (sliderUnit).
        if (part === 'unit') slider.unit = cell(column).trim();
        else slider[part] = decimal(problems, column, `slider.${part}`, cell(column)) ?? DEFAULT_SLIDER[part];
      }
      // No answer: the form's "set the slider's range and answer".
      draft.slider = value === null ? (answer === '' ? null : slider) : { ...slider, answer: value };
      break;
    }
    case 'none':
      if (answer !== '') problems.warning('answer', 'answer', 'sheet.notUsed');
      break;
  }
  if (kind.input !== 'text') {
    if (!blank(cell('ignore_punctuation'))) problems.warning('ignore_punctuation', '', 'sheet.notUsed');
  }
  if (kind.input !== 'value') {
    for (const column of Object.keys(SLIDER_COLUMNS) as Array<keyof typeof SLIDER_COLUMNS>) if (!blank(cell(column))) problems.warning(column, '', 'sheet.notUsed');
  }

  return finish(row, draft, level, game, problems, templateColumnOfField);
}

/** Where a field of the question form is read from in Kahoot's template (`optionColumns`: each option's answer column). */
function kahootColumnOfField(optionColumns: readonly KahootColumn[]) {
  return (field: string): KahootColumn | null => {
    const [head, index] = field.split('.');
    if (head === 'title' || head === 'question_text' || head === 'question_img') return 'question';
    if (head === 'options') return optionColumns[Number(index)] ?? 'answer_1';
    if (head === 'answer') return 'correct';
    if (head === 'answering_time' || head === 'have_answering_time') return 'time';
    return null;
  };
}

/** The notices a Kahoot sheet's import says once for the whole file (a level game's level and score). */
export function kahootNotices(game: SheetGame): Array<{ key: SheetProblemKey; params: Record<string, string | number> }> {
  const level = firstLevel(game);
  return game.type === 2 && level ? [{ key: 'sheet.kahootLevel', params: { level: level.level, score: KAHOOT_LEVEL_SCORE } }] : [];
}

/**
 * A row of Kahoot's quiz template as a question: the question's text is its text and its title (cut
 * to the title's limit, said as a warning); the filled answers are the options A, B ... in their
 * order; the correct answers' numbers (1-based, "1,3") choose single choice (one) or multiple choice
 * (several). A level game's questions go into its first level with KAHOOT_LEVEL_SCORE points.
 */
export function readKahootRow(row: number, cells: readonly string[], header: QuestionSheetHeader, game: SheetGame): SheetQuestion {
  const problems = new RowProblems();
  const cell = (column: KahootColumn): string => {
    const index = header.columns[column];
    return index === undefined ? '' : (cells[index] ?? '');
  };
  const draft = defaultQuestionDraft();
  const question = cell('question').trim();
  draft.question_text = boundedText(problems, 'question', 'question_text', question, QUESTION_TEXT_LIMITS.question_text);
  draft.title = boundedText(problems, 'question', 'title', question, QUESTION_TEXT_LIMITS.title, true);

  // The filled answers, in order, as options; where each came from, for the correct numbers.
  const answerColumns = ['answer_1', 'answer_2', 'answer_3', 'answer_4'] as const;
  const filled = answerColumns.filter((column) => !blank(cell(column)));
  draft.options = (filled.length >= 2 ? filled : answerColumns.slice(0, 2)).map((column, index) => ({
    title: OPTION_TITLES[index]!,
    text: boundedText(problems, column, `options.${index}.text`, cell(column).trim(), QUESTION_TEXT_LIMITS.option),
    img: '',
  }));

  const correctText = cell('correct').trim();
  const numbers = correctText === '' ? [] : correctText.split(/[\s,，、;；]+/).filter(Boolean);
  const answer: OptionTitle[] = [];
  if (numbers.length > 0 && numbers.every((number) => /^[1-4]$/.test(number))) {
    for (const number of new Set(numbers)) {
      const index = filled.indexOf(answerColumns[Number(number) - 1]!);
      if (index < 0) problems.error('correct', 'answer', 'sheet.kahootCorrectEmpty', { value: number });
      else answer.push(OPTION_TITLES[index]!);
    }
  } else if (numbers.length > 0) problems.error('correct', 'answer', 'sheet.kahootCorrect', { value: correctText });
  draft.answer = [...answer].sort();
  draft.question_type = draft.answer.length > 1 ? 2 : 1;

  const seconds = wholeNumber(problems, 'time', 'answering_time', cell('time'));
  draft.have_answering_time = 1;
  draft.answering_time = seconds ?? KAHOOT_DEFAULT_SECONDS;
  if (blank(cell('time'))) problems.warning('time', 'answering_time', 'sheet.secondsDefault', { seconds: KAHOOT_DEFAULT_SECONDS });

  let level: number | null = null;
  const first = firstLevel(game);
  if (game.type === 2 && first) {
    draft.level_id = first.id;
    draft.score = KAHOOT_LEVEL_SCORE;
    level = first.level;
  }
  return finish(row, draft, level, game, problems, kahootColumnOfField(filled.length >= 2 ? filled : answerColumns.slice(0, 2)));
}

/** A data row of either layout as a question. */
export function readQuestionRow(row: number, cells: readonly string[], header: QuestionSheetHeader, game: SheetGame): SheetQuestion {
  return header.layout === 'kahoot' ? readKahootRow(row, cells, header, game) : readTemplateRow(row, cells, header, game);
}

