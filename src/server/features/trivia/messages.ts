/** Server messages of a rehearsal's reset and of copying a game, in both languages (added to i18n.ts's catalogue by registerMessages when loaded). */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

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
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof rehearsalMessages> {}
}
