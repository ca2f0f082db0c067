/**
 * The texts of a question sheet's own rules (question-sheet*.ts) and of copying questions between
 * games, in both languages: what only a spreadsheet can get wrong, and what an import or a copy
 * changed. Apart from messages.ts because only the server formats them (the back office shows the
 * sentences the server sends), so the back office's pages do not carry them.
 * Pure.
 */
import { formatDomainMessage, type DomainLang, type DomainMessageKey } from './messages.js';

const sheetMessages = {
  'sheet.kindUnknown': {
    'zh-TW': '無法辨識題型「{value}」：請填 1 到 8 或題型名稱（例如 single、單選）',
    en: 'The kind "{value}" is not known: write 1 to 8 or a kind\'s name (such as single)',
  },
  'sheet.wholeNumber': { 'zh-TW': '「{value}」不是整數', en: '"{value}" is not a whole number' },
  'sheet.number': { 'zh-TW': '「{value}」不是數字', en: '"{value}" is not a number' },
  'sheet.flag': { 'zh-TW': '請填 1（是）或 0（否），不是「{value}」', en: 'Write 1 (yes) or 0 (no), not "{value}"' },
  'sheet.levelUnknown': { 'zh-TW': '此遊戲沒有第 {value} 關', en: 'This game has no level {value}' },
  'sheet.answerLetters': {
    'zh-TW': '答案請填選項字母並以逗號分隔（例如 A 或 A,C），不是「{value}」',
    en: 'Write the answer as option letters separated by commas (such as A or A,C), not "{value}"',
  },
  'sheet.trueFalseValue': {
    'zh-TW': '是非題的答案請填 A（對）或 B（錯），不是「{value}」',
    en: 'Write a true/false answer as A (true) or B (false), not "{value}"',
  },
  'sheet.optionGap': {
    'zh-TW': '選項需從 A 依序填寫：{column} 是空的，但後面還有選項',
    en: 'Fill the options from A on: {column} is empty but an option follows it',
  },
  'sheet.notUsed': { 'zh-TW': '此題型不使用這一欄，已略過', en: 'This kind does not use this column: it was left out' },
  'sheet.levelInSpeedGame': { 'zh-TW': '搶答遊戲沒有關卡，此欄已略過', en: 'A speed contest has no levels: this column was left out' },
  'sheet.bonusInLevelGame': { 'zh-TW': '關卡遊戲沒有加分題，此欄已略過', en: 'A level game has no bonus questions: this column was left out' },
  'sheet.secondsDefault': {
    'zh-TW': '未填答題秒數，以 {seconds} 秒匯入',
    en: 'No answering seconds: imported with {seconds} seconds',
  },
  'sheet.cut': {
    'zh-TW': '超過 {limit} 個字，已截為前 {limit} 個字',
    en: 'Longer than {limit} characters: cut to the first {limit}',
  },
  'sheet.tooLong': { 'zh-TW': '最多 {limit} 個字，此格有 {length} 個字', en: 'At most {limit} characters; this cell has {length}' },
  'sheet.kahootCorrect': {
    'zh-TW': '正確答案請填 1 到 4 的數字並以逗號分隔（例如 1 或 1,3），不是「{value}」',
    en: 'Write the correct answers as numbers 1 to 4 separated by commas (such as 1 or 1,3), not "{value}"',
  },
  'sheet.kahootCorrectEmpty': {
    'zh-TW': '正確答案 {value} 指向空白的答案',
    en: 'The correct answer {value} points to an empty answer',
  },
  'sheet.kahootLevel': {
    'zh-TW': 'Kahoot 的題目沒有關卡與分數：每題匯入第 {level} 關、{score} 分，匯入後可再編輯',
    en: 'Kahoot questions have no level or score: each is imported into level {level} with {score} points; edit them afterwards',
  },
  'sheet.kahootKind': {
    'zh-TW': 'Kahoot 的測驗範本只能放選擇題（單選、複選、是非題）',
    en: "Kahoot's quiz template holds choice questions only (single, multiple, true/false)",
  },
  'sheet.kahootImages': {
    'zh-TW': 'Kahoot 的測驗範本無法放圖片選項',
    en: "Kahoot's quiz template cannot hold image options",
  },
  'sheet.levelMapped': {
    'zh-TW': '目標遊戲沒有第 {from} 關，改放第 {to} 關',
    en: 'The target game has no level {from}: the copy goes into level {to}',
  },
  'sheet.levelCleared': { 'zh-TW': '目標為搶答遊戲，已移除關卡', en: 'The target is a speed contest: the level is cleared' },
  'sheet.levelAssigned': { 'zh-TW': '目標遊戲需要關卡，放入第 {to} 關', en: 'The target game needs a level: the copy goes into level {to}' },
  'sheet.bonusCleared': { 'zh-TW': '目標為關卡遊戲，已取消加分題', en: 'The target is a level game: the bonus flag is cleared' },
  'sheet.timeLimitSet': {
    'zh-TW': '搶答遊戲一律限時，以 {seconds} 秒作答',
    en: 'A speed contest always limits the time: {seconds} seconds to answer',
  },
} as const satisfies Record<string, Record<DomainLang, string>>;

export type SheetMessageKey = keyof typeof sheetMessages;
/** A problem's message: a sheet's own, or the question form's (messages.ts). */
export type SheetProblemKey = SheetMessageKey | DomainMessageKey;

const isSheetKey = (key: SheetProblemKey): key is SheetMessageKey => Object.hasOwn(sheetMessages, key);

/** The sentence of a sheet's or the form's message key in a language, its `{name}` filled from `params`. */
export function formatSheetMessage(lang: DomainLang, key: SheetProblemKey, params: Record<string, string | number> = {}): string {
  if (!isSheetKey(key)) return formatDomainMessage(lang, key, params);
  return sheetMessages[key][lang].replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
