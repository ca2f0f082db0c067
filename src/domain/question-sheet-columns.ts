/**
 * The columns of a question sheet (question-sheet.ts tells the whole story): our template's and
 * Kahoot's, how a header row is recognised by its texts, the kinds' names a `kind` cell may use, where
 * each field of the question form is read from, and what each template column holds (the template's
 * instructions sheet). Pure.
 */
import { kindLabels, QUESTION_TYPES } from './question-kinds/labels.js';
import { OPTION_TITLES, type QuestionType } from './question-rules.js';

export const SLIDER_COLUMNS = { slider_min: 'min', slider_max: 'max', slider_step: 'step', slider_tolerance: 'tolerance', slider_unit: 'unit' } as const;

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
      return (`slider_${index}` as TemplateColumn) in SLIDER_COLUMNS ? (`slider_${index}` as TemplateColumn) : 'answer';
    case 'explanation':
      return 'explanation';
    default:
      return null;
  }
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

