/** Server messages of the pre-flight check, in both languages (added to i18n.ts's catalogue by registerMessages when loaded). */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const preflightMessages = registerMessages({
  'preflight.no_questions': { 'zh-TW': '此遊戲還沒有題目', en: 'This game has no questions yet' },
  'preflight.question_invalid': {
    'zh-TW': '第 {n} 題「{title}」不符合題目規則：{rule}',
    en: 'Question {n} "{title}" breaks a question rule: {rule}',
  },
  'preflight.image_unreachable': {
    'zh-TW': '第 {n} 題「{title}」的{what}無法載入（{url}）',
    en: 'Question {n} "{title}": the {what} does not load ({url})',
  },
  'preflight.what.question_img': { 'zh-TW': '題目圖片', en: 'question image' },
  'preflight.what.option_img': { 'zh-TW': '選項 {option} 的圖片', en: 'image of option {option}' },
  'preflight.video_unreachable': {
    'zh-TW': '第 {n} 題「{title}」的題前影片網址沒有回應（{url}）',
    en: 'Question {n} "{title}": the video before the question does not answer ({url})',
  },
  'preflight.open_time_over': {
    'zh-TW': '開放時間已結束（{end}），玩家無法作答',
    en: 'The open time is over ({end}): players cannot answer',
  },
  'preflight.level_empty': { 'zh-TW': '第 {level} 關沒有題目', en: 'Level {level} has no questions' },
  'preflight.promotion_unreachable': {
    'zh-TW': '第 {level} 關的晉級分數 {needed} 無法達到：該關題目的分數合計只有 {reachable}',
    en: 'The promotion score of level {level} ({needed}) cannot be reached: its questions score {reachable} in all',
  },
  'preflight.no_time_limit': {
    'zh-TW': '第 {n} 題「{title}」沒有答題時間限制（搶答遊戲依時間計分）',
    en: 'Question {n} "{title}" has no time limit (a speed game scores by time)',
  },
  'preflight.player_cap_below_audience': {
    'zh-TW': '人數上限 {cap} 人低於預計觀眾 {expected} 人：超過上限的手機無法加入',
    en: 'The player cap ({cap}) is below the expected audience ({expected}): phones past the cap cannot join',
  },
  'preflight.order_as_listed': {
    'zh-TW': '第 {n} 題「{title}」的正確順序就是選項的字母順序：手機依字母列出選項，等於公布了答案',
    en: 'Question {n} "{title}": the right order is the letters\' order, and the phones list the options by letter, showing the answer',
  },
  'preflight.slider_answer_at_end': {
    'zh-TW': '第 {n} 題「{title}」的滑桿答案在最小值或最大值：把滑桿推到底就答對了',
    en: 'Question {n} "{title}": the slider\'s answer is its minimum or maximum, so pushing the slider to an end is right',
  },
  'preflight.no_display': {
    'zh-TW': '沒有開啟中的大螢幕：請開啟答題網站或配對大螢幕',
    en: 'No display is open: open the quiz website or pair a display',
  },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof preflightMessages> {}
}
