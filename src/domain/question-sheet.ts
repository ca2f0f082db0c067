/**
 * Questions in a spreadsheet (/question/import, /question/export, /question/importTemplate): the
 * columns of our template and of Kahoot's quiz template, how a header row is recognised, how a row's
 * cells become a question draft and how a question becomes a row. A row is checked with the question
 * form's own rules (question-rules.ts, each kind's module), so an import says what the editor says;
 * what only a sheet can get wrong (a kind's name, a number that is no number, a level the game lacks,
 * an empty option before a filled one) has its `sheet.*` messages. Both layouts end in the same draft.
 * The server reads the file, knows the game (its type and levels) and the images, checks the contract's
 * bounds of each field, and creates the questions; the back office's preview shows what this returns.
 * Pure: no I/O, imports only other domain modules.
 */
import type { DomainMessageKey } from './messages.js';
import { kindLabels, QUESTION_TYPES } from './question-kinds/labels.js';
import { kindOf } from './question-kinds/index.js';
import {
  applyGameType,
  DEFAULT_SLIDER,
  defaultQuestionDraft,
  MAX_ANSWERING_SECONDS,
  OPTION_TITLES,
  validateQuestion,
  type FieldErrorKeys,
  type GameType,
  type OptionTitle,
  type QuestionDraft,
  type QuestionType,
} from './question-rules.js';

// ------------------------------------------------------------------ our template

/** Our template's columns, in its order; headers are these ids, matched in any case. */
export const TEMPLATE_COLUMNS = [
  'kind',
  'title',
  'text',
  'image',
  'video',
  'level',
  'seconds',
  'score',
  'bonus',
  'option_A',
  'option_B',
  'option_C',
  'option_D',
  'image_A',
  'image_B',
  'image_C',
  'image_D',
  'answer',
  'ignore_punctuation',
  'slider_min',
  'slider_max',
  'slider_step',
  'slider_tolerance',
  'slider_unit',
  'explanation',
] as const;
export type TemplateColumn = (typeof TEMPLATE_COLUMNS)[number];
/** The columns a template sheet must have; the others may be left out (read as blank). */
export const REQUIRED_TEMPLATE_COLUMNS: readonly TemplateColumn[] = ['kind', 'title'];

/** Kahoot's quiz template: its columns (B to H in the file Kahoot offers) and their header texts. */
export const KAHOOT_COLUMNS = ['question', 'answer_1', 'answer_2', 'answer_3', 'answer_4', 'time', 'correct'] as const;
export type KahootColumn = (typeof KAHOOT_COLUMNS)[number];
export const KAHOOT_HEADERS: Record<KahootColumn, string> = {
  question: 'Question - max 120 characters',
  answer_1: 'Answer 1 - max 75 characters',
  answer_2: 'Answer 2 - max 75 characters',
  answer_3: 'Answer 3 - max 75 characters',
  answer_4: 'Answer 4 - max 75 characters',
  time: 'Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs',
  correct: 'Correct answer(s) - choose at least one',
};
const REQUIRED_KAHOOT_COLUMNS: readonly KahootColumn[] = ['question', 'answer_1', 'answer_2', 'time', 'correct'];
/** Kahoot's limits and the time limits its template offers. */
export const KAHOOT_QUESTION_MAX = 120;
export const KAHOOT_ANSWER_MAX = 75;
export const KAHOOT_TIME_LIMITS = [5, 10, 20, 30, 60, 90, 120, 240] as const;
/** What a Kahoot row gets that Kahoot's template has no column for. */
export const KAHOOT_DEFAULT_SECONDS = 20;
export const KAHOOT_LEVEL_SCORE = 10;

export type SheetLayout = 'template' | 'kahoot';
export type SheetColumn = TemplateColumn | KahootColumn;

/** The contract's bounds of a question's texts (QuestionCreateRequest), which a sheet's cells must keep. */
export const QUESTION_TEXT_LIMITS = { title: 255, question_text: 5000, option: 1000, image: 2048, video: 2048, explanation: 5000, acceptedAnswer: 200 } as const;

/** Seconds a template row with a blank `seconds` gets in a speed contest (a level game: no limit). */
export const TEMPLATE_DEFAULT_SECONDS = 20;

/** Data rows one import may hold. */
export const QUESTION_IMPORT_MAX_ROWS = 1000;

export interface QuestionSheetHeader {
  layout: SheetLayout;
  /** The cell index of each column found. */
  columns: Partial<Record<SheetColumn, number>>;
  /** Columns the layout needs that the row lacks (a template's `kind`, `title`). */
  missing: SheetColumn[];
  /** Columns named twice. */
  repeated: SheetColumn[];
}

const normalizedHeader = (cell: string) => cell.trim().toLowerCase().replace(/[\u2013\u2014]/g, '-').replace(/\s+/g, ' ');

/** Which Kahoot column a header cell names: by the start of its text, as Kahoot has worded it over the years. */
function kahootColumnOf(cell: string): KahootColumn | undefined {
  const text = normalizedHeader(cell);
  if (text.startsWith('question')) return 'question';
  const answer = /^answer ([1-4])\b/.exec(text);
  if (answer) return `answer_${answer[1]}` as KahootColumn;
  if (text.startsWith('time limit')) return 'time';
  if (text.startsWith('correct answer')) return 'correct';
  return undefined;
}

const templateColumnOf = (cell: string): TemplateColumn | undefined => {
  const text = cell.trim().toLowerCase();
  return TEMPLATE_COLUMNS.find((column) => column.toLowerCase() === text);
};

function headerOf(cells: readonly string[], layout: SheetLayout): QuestionSheetHeader {
  const columns: Partial<Record<SheetColumn, number>> = {};
  const repeated = new Set<SheetColumn>();
  cells.forEach((cell, index) => {
    const column = layout === 'template' ? templateColumnOf(cell) : kahootColumnOf(cell);
    if (!column) return;
    if (columns[column] !== undefined) repeated.add(column);
    else columns[column] = index;
  });
  const required: readonly SheetColumn[] = layout === 'template' ? REQUIRED_TEMPLATE_COLUMNS : REQUIRED_KAHOOT_COLUMNS;
  return { layout, columns, missing: required.filter((column) => columns[column] === undefined), repeated: [...repeated] };
}

/**
 * The layout a row is the header of, or null: our template's when it names `kind` and `title`,
 * Kahoot's when it has Kahoot's question, first answer and correct-answer headers.
 */
export function readQuestionHeader(cells: readonly string[]): QuestionSheetHeader | null {
  const template = headerOf(cells, 'template');
  if (template.missing.length === 0) return template;
  const kahoot = headerOf(cells, 'kahoot');
  if (kahoot.columns.question !== undefined && kahoot.columns.answer_1 !== undefined && kahoot.columns.correct !== undefined) return kahoot;
  return null;
}

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
  key: DomainMessageKey;
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

/** A kind's names a sheet may use, lower-cased without spaces, `_`, `-`, `/` or a final 題: 1–8, the label, the English and Chinese names. */
const KIND_NAMES: Record<QuestionType, readonly string[]> = {
  1: ['single', 'singlechoice', '單選', '单选'],
  2: ['multiple', 'multiplechoice', '複選', '复选', '多選', '多选'],
  3: ['truefalse', 'tf', '是非', '對錯', '对错'],
  4: ['poll', '投票'],
  5: ['typeanswer', 'text', '填答', '填空'],
  6: ['slider', '滑桿', '滑杆'],
  7: ['ordering', 'order', '排序'],
  8: ['slide', 'contentslide', '內容頁', '内容页', '說明頁'],
};

const kindKey = (value: string) => value.trim().toLowerCase().replace(/[\s_\-/]+/g, '').replace(/題$/, '').replace(/题$/, '');

/** The kind a cell names, or null. */
export function kindFromCell(value: string): QuestionType | null {
  const key = kindKey(value);
  if (/^[1-8]$/.test(key)) return Number(key) as QuestionType;
  for (const type of QUESTION_TYPES) {
    if (KIND_NAMES[type].includes(key) || kindKey(kindLabels[type].label) === key) return type;
  }
  return null;
}

/** What a template row's `kind` cell says for a question of this type (the kind's label: single, trueFalse ...). */
export const kindCell = (type: QuestionType): string => kindLabels[type].label;

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

/** Where a field of the question form is read from in our template. */
export function templateColumnOfField(field: string): TemplateColumn | null {
  const [head, index, part] = field.split('.');
  switch (head) {
    case 'title':
      return 'title';
    case 'question_text':
      return 'text';
    case 'question_img':
      return 'image';
    case 'pre_video_url':
      return 'video';
    case 'level_id':
      return 'level';
    case 'have_answering_time':
    case 'answering_time':
      return 'seconds';
    case 'score':
      return 'score';
    case 'is_bonus':
      return 'bonus';
    case 'question_type':
      return 'kind';
    case 'options': {
      const letter = OPTION_TITLES[Number(index)];
      if (index === undefined || !letter) return 'option_A';
      return part === 'img' ? (`image_${letter}` as TemplateColumn) : (`option_${letter}` as TemplateColumn);
    }
    case 'answer':
    case 'accepted_answers':
      return 'answer';
    case 'ignore_punctuation':
      return 'ignore_punctuation';
    case 'slider':
      if (index === undefined || index === 'answer') return 'answer';
      return (`slider_${index}` as TemplateColumn) in SLIDER_FIELDS ? (`slider_${index}` as TemplateColumn) : 'answer';
    case 'explanation':
      return 'explanation';
    default:
      return null;
  }
}
const SLIDER_FIELDS = { slider_min: 'min', slider_max: 'max', slider_step: 'step', slider_tolerance: 'tolerance', slider_unit: 'unit' } as const;

/** Collects a row's problems; a field with a problem of reading is not checked again by the form's rules. */
class RowProblems {
  readonly list: SheetProblem[] = [];
  private readonly unreadable = new Set<string>();

  error(column: SheetColumn | null, field: string, key: DomainMessageKey, params?: Record<string, string | number>): void {
    this.list.push({ column, field, severity: 'error', key, ...(params ? { params } : {}) });
    this.unreadable.add(field);
  }

  warning(column: SheetColumn | null, field: string, key: DomainMessageKey, params?: Record<string, string | number>): void {
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
      for (const [column, part] of Object.entries(SLIDER_FIELDS) as Array<[keyof typeof SLIDER_FIELDS, (typeof SLIDER_FIELDS)[keyof typeof SLIDER_FIELDS]]>) {
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
    for (const column of Object.keys(SLIDER_FIELDS) as Array<keyof typeof SLIDER_FIELDS>) if (!blank(cell(column))) problems.warning(column, '', 'sheet.notUsed');
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
export function kahootNotices(game: SheetGame): Array<{ key: DomainMessageKey; params: Record<string, string | number> }> {
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
export function kahootRow(draft: QuestionDraft, lang: 'zh-TW' | 'en'): { cells: SheetCell[] } | { leftOut: DomainMessageKey } {
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

/** What each column of our template holds, in both languages, for the template's instructions sheet. */
export const TEMPLATE_HELP: Record<TemplateColumn, { 'zh-TW': string; en: string }> = {
  kind: {
    'zh-TW': '題型：1 單選 single、2 複選 multiple、3 是非 trueFalse、4 投票 poll、5 填答 typeAnswer、6 滑桿 slider、7 排序 ordering、8 內容頁 slide（填數字或名稱，空白為單選）',
    en: 'The kind: 1 single, 2 multiple, 3 trueFalse, 4 poll, 5 typeAnswer, 6 slider, 7 ordering, 8 slide (a number or a name; blank = single)',
  },
  title: { 'zh-TW': '標題（必填，最多 255 字）', en: 'The title (required, at most 255 characters)' },
  text: { 'zh-TW': '題目文字（或填題目圖片）', en: "The question's text (or give an image)" },
  image: {
    'zh-TW': '題目圖片：已上傳圖片的網址（/files/images/...）或檔案管理中的路徑（例如 活動/q1.png）',
    en: 'The question image: an uploaded image (/files/images/...) or a path in the file manager (such as event/q1.png)',
  },
  video: { 'zh-TW': '題目前播放的影片網址（可空白）', en: 'A video shown before the question (may be blank)' },
  level: { 'zh-TW': '關卡編號（關卡遊戲必填；搶答遊戲略過）', en: "The level's number (required in a level game; a speed contest ignores it)" },
  seconds: {
    'zh-TW': '答題秒數 1 到 3600；空白：搶答遊戲 20 秒，關卡遊戲不限時',
    en: 'Answering seconds, 1 to 3600; blank: 20 in a speed contest, no limit in a level game',
  },
  score: { 'zh-TW': '答對分數（關卡遊戲）；空白為 0', en: 'Points for a right answer (a level game); blank = 0' },
  bonus: { 'zh-TW': '加分題（搶答遊戲）：1 是、0 否', en: 'A bonus question (a speed contest): 1 yes, 0 no' },
  option_A: { 'zh-TW': '選項 A 的文字（單選、複選、投票、排序需 2 到 4 個選項，從 A 依序填寫）', en: "Option A's text (single, multiple, poll and ordering have 2 to 4 options, filled from A on)" },
  option_B: { 'zh-TW': '選項 B 的文字', en: "Option B's text" },
  option_C: { 'zh-TW': '選項 C 的文字（可空白）', en: "Option C's text (may be blank)" },
  option_D: { 'zh-TW': '選項 D 的文字（可空白）', en: "Option D's text (may be blank)" },
  image_A: { 'zh-TW': '選項 A 的圖片（選項全用文字或全用圖片）', en: "Option A's image (options are all text or all images)" },
  image_B: { 'zh-TW': '選項 B 的圖片', en: "Option B's image" },
  image_C: { 'zh-TW': '選項 C 的圖片', en: "Option C's image" },
  image_D: { 'zh-TW': '選項 D 的圖片', en: "Option D's image" },
  answer: {
    'zh-TW': '答案：選擇題填字母（A 或 A,C）；是非題 A（對）或 B（錯）；排序題依正確順序填字母（C,A,B，空白為選項的順序）；填答題以 | 分隔可接受的答案；滑桿題填正確數值；投票與內容頁空白',
    en: 'The answer: letters for choice kinds (A or A,C); A (true) or B (false); for ordering the letters in the right order (C,A,B; blank = as listed); accepted answers separated by | for a type answer; the right value for a slider; blank for a poll or a slide',
  },
  ignore_punctuation: { 'zh-TW': '填答題比對時忽略標點：1 是、0 否', en: 'A type answer ignores punctuation when comparing: 1 yes, 0 no' },
  slider_min: { 'zh-TW': '滑桿最小值（空白為 0）', en: "The slider's minimum (blank = 0)" },
  slider_max: { 'zh-TW': '滑桿最大值（空白為 100）', en: "The slider's maximum (blank = 100)" },
  slider_step: { 'zh-TW': '滑桿間距（空白為 1）', en: "The slider's step (blank = 1)" },
  slider_tolerance: { 'zh-TW': '容許誤差（空白為 0）', en: 'The tolerance (blank = 0)' },
  slider_unit: { 'zh-TW': '單位（最多 20 字，可空白）', en: 'The unit (at most 20 characters, may be blank)' },
  explanation: { 'zh-TW': '公布答案後顯示的說明（可用 <b>、<i>、<a> 標記）', en: 'The explanation shown once the answer is out (may use <b>, <i>, <a>)' },
};

/** Seconds bound of the form, re-exported for the sheet's help. */
export const SHEET_MAX_SECONDS = MAX_ANSWERING_SECONDS;
