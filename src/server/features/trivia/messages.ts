/**
 * The trivia feature's server messages in both languages, added to i18n.ts's catalogue by
 * registerMessages when loaded (features/index.ts loads every feature's): games and questions, and
 * a rehearsal's reset and the copy of a game.
 */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const triviaMessages = registerMessages({
  'trivia.gameHasQuestionOnScreen': {
    'zh-TW': '此遊戲有題目正在顯示中，無法刪除',
    en: 'A question of this game is on screen; the game cannot be deleted now',
  },
  'trivia.questionLocked': {
    'zh-TW': '此題目已出題或已公佈答案，無法修改',
    en: 'This question has already been shown to the players; it can no longer be changed',
  },
  'trivia.imageNotOwn': {
    'zh-TW': '圖片需為本公司上傳的圖片（請用上傳按鈕選擇圖片）',
    en: "The image must be one uploaded for this company (choose it with the upload button)",
  },
  'trivia.questionOnScreen': { 'zh-TW': '此題目正在顯示中，無法刪除', en: 'This question is on screen; it cannot be deleted now' },
  'trivia.levelHasQuestions': {
    'zh-TW': '第 {n} 關仍有題目，請先刪除這些題目或改到其他關卡',
    en: 'Level {n} still has questions; delete them or move them to another level first',
  },
  'trivia.levelsOnlyForLevelGames': { 'zh-TW': '只有闖關賽（類型 2）可以設定關卡', en: 'Only level games (type 2) have levels' },
  'trivia.levelsRequired': { 'zh-TW': '至少需要一個關卡', en: 'At least one level is needed' },
  'trivia.levelNumbering': {
    'zh-TW': '關卡需從 1 開始連續編號，不可重複',
    en: 'Levels must be numbered 1, 2, 3 … without gaps or repeats',
  },
  'trivia.typeChangeWithQuestions': {
    'zh-TW': '此遊戲已有題目，無法變更遊戲類型',
    en: 'This game already has questions; its type cannot be changed',
  },
  'trivia.pinUnavailable': { 'zh-TW': '暫時無法產生遊戲 PIN 碼，請再試一次', en: 'Could not assign a game PIN; please try again' },
} satisfies Record<string, Message>);

export const rehearsalMessages = registerMessages({
  'trivia.resetQuestionOnScreen': {
    'zh-TW': '此遊戲有題目正在顯示中，請先公佈答案或結束遊戲，再重設',
    en: 'A question of this game is on screen; publish its answer or end the game before resetting it',
  },
  'trivia.resetRunning': {
    'zh-TW': '此遊戲正在進行中（已出題且尚未結束），不能重設；請先結束遊戲',
    en: 'This game is running (a question has been shown and the game has not ended), so it cannot be reset; end the game first',
  },
  'trivia.resetNotHolder': {
    'zh-TW': '此遊戲目前由 {name} 的控制畫面掌控，只有該畫面可以重設遊戲',
    en: "{name}'s control screen holds control of this game; only that screen may reset it",
  },
  'trivia.resetDone': {
    'zh-TW': '已重設遊戲：刪除 {players} 位玩家、{answers} 筆作答，所有題目回到未出題',
    en: 'The game is reset, every question back to not sent: {players, plural, one {# player} other {# players}} and {answers, plural, one {# answer} other {# answers}} deleted',
  },
  'trivia.resetDoneNewPin': {
    'zh-TW': '已重設遊戲：刪除 {players} 位玩家、{answers} 筆作答；原 PIN 碼已被其他遊戲使用，新的 PIN 碼為 {pin}',
    en: 'The game is reset: {players, plural, one {# player} other {# players}} and {answers, plural, one {# answer} other {# answers}} deleted. Its PIN went to another game meanwhile: the new PIN is {pin}',
  },
  'trivia.duplicated': { 'zh-TW': '已複製遊戲（停用中）', en: 'The game is copied (disabled)' },
  'trivia.copySuffix': { 'zh-TW': '（複本）', en: ' (copy)' },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // Adds this feature's keys to translate's.
  interface MessageCatalog extends MessagesOf<typeof triviaMessages>, MessagesOf<typeof rehearsalMessages> {}
}
