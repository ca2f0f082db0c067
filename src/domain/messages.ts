/**
 * The texts of the domain rules' message keys, in both languages. The rules (question-rules.ts,
 * game-rules.ts) return keys, never strings; the SPA shows them with `formatDomainMessage` in the UI
 * language and the server puts them into a 422's `data.errors` in the request's language, so both
 * sides show the same sentence for the same broken rule.
 * zh-TW texts are SPEC.md §5's word for word where it gives one. Pure: imports nothing.
 */

export type DomainLang = 'zh-TW' | 'en';

const domainMessages = {
  // SPEC.md §5, question form
  'question.titleRequired': { 'zh-TW': '請輸入標題', en: 'Please enter a title' },
  'question.levelRequired': { 'zh-TW': '請選擇關卡', en: 'Please choose a level' },
  'question.textOrImageRequired': {
    'zh-TW': '請輸入題目文字或選擇題目圖片',
    en: 'Please enter the question text or choose a question image',
  },
  'question.optionTextRequired': { 'zh-TW': '請輸入答案', en: 'Please enter the answer' },
  'question.optionContentRequired': { 'zh-TW': '請輸入答案或選擇答案圖片', en: 'Please enter the answers or choose answer images' },
  // SPEC.md's text says 題目圖片 (question image) although it stands under an option's image.
  'question.optionImageRequired': { 'zh-TW': '請選擇題目圖片', en: 'Please choose an image' },
  'question.answerRequired': { 'zh-TW': '請至少選擇一個答案', en: 'Please choose at least one answer' },
  // Rules SPEC.md states without a message
  'question.levelNotInGame': { 'zh-TW': '所選的關卡不屬於此遊戲', en: 'The chosen level does not belong to this game' },
  'question.singleAnswer': { 'zh-TW': '單選題只能選擇一個答案', en: 'A single-choice question has exactly one answer' },
  'question.answerUnknownOption': { 'zh-TW': '答案只能是現有的選項', en: 'Answers can only name existing options' },
  'question.optionsCount': { 'zh-TW': '選項需有 2 到 4 個', en: 'There must be 2 to 4 options' },
  'question.optionsLettered': { 'zh-TW': '選項需依序標示為 A 到 D', en: 'Options must be lettered A to D in order' },
  'question.answeringTimeRange': { 'zh-TW': '答題秒數需介於 1 到 3600 秒', en: 'Answering seconds must be between 1 and 3600' },
  'question.scoreMin': { 'zh-TW': '分數不可小於 0', en: 'The score cannot be less than 0' },
  // SPEC.md §5, promotion score per level (the en text is SPEC.md's own)
  'level.promotionScoreRequired': { 'zh-TW': '請輸入第 {n} 關的晉級分數', en: 'please enter the promotion score of level {n}' },
  // Game form (game-rules.ts)
  'game.titleRequired': { 'zh-TW': '請輸入標題', en: 'Please enter a title' },
  'game.openTimeOrder': { 'zh-TW': '結束時間必須晚於開始時間', en: 'The end time must be later than the start time' },
} satisfies Record<string, Record<DomainLang, string>>;

export type DomainMessageKey = keyof typeof domainMessages;

export const domainMessageKeys = Object.keys(domainMessages) as DomainMessageKey[];

/** The sentence for `key` in `lang`, with `{name}` placeholders filled from `params`. */
export function formatDomainMessage(lang: DomainLang, key: DomainMessageKey, params: Record<string, string | number> = {}): string {
  const template = domainMessages[key][lang];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
