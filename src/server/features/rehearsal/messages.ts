/** Server messages of a rehearsal with simulated players, in both languages (added to i18n.ts's catalogue by registerMessages when loaded). */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const botRehearsalMessages = registerMessages({
  'rehearsal.started': {
    'zh-TW': '彩排開始：{players} 位模擬玩家加入中',
    en: 'Rehearsal started: {players, plural, one {# simulated player is} other {# simulated players are}} joining',
  },
  'rehearsal.stopped': {
    'zh-TW': '彩排結束：已刪除 {players} 位模擬玩家、{answers} 筆作答，所有題目回到未出題',
    en: 'Rehearsal ended: {players, plural, one {# simulated player} other {# simulated players}} and {answers, plural, one {# answer} other {# answers}} deleted, every question back to not sent',
  },
  'rehearsal.alreadyRunning': {
    'zh-TW': '此遊戲已在彩排中（{players} 位模擬玩家），請先結束彩排',
    en: 'This game is already rehearsing ({players, plural, one {# simulated player} other {# simulated players}}); end the rehearsal first',
  },
  'rehearsal.gameNotOpen': { 'zh-TW': '此遊戲未啟用或已結束，無法彩排；請先重設或啟用遊戲', en: 'This game is not enabled or has ended; reset or enable it before rehearsing' },
  'rehearsal.gameUnderWay': { 'zh-TW': '此遊戲已出過題，無法彩排；請先重設遊戲', en: 'A question of this game has been shown; reset the game before rehearsing' },
  'rehearsal.hasPlayers': {
    'zh-TW': '此遊戲已有真實玩家或作答（{players} 位玩家），彩排不能混入正式成績；請先重設遊戲',
    en: 'This game already has real players or answers ({players, plural, one {# player} other {# players}}); a rehearsal never mixes with real results, so reset the game first',
  },
  'rehearsal.tooMany': { 'zh-TW': '模擬玩家最多 {max} 位', en: 'At most {max} simulated players' },
  'rehearsal.overCap': {
    'zh-TW': '模擬玩家人數超過此遊戲的人數上限（{cap} 人）',
    en: 'More simulated players than the game admits ({cap, plural, one {# player} other {# players}} at most)',
  },
  'rehearsal.playersRequired': { 'zh-TW': '請輸入模擬玩家人數（1 至 {max}）', en: 'Enter how many simulated players (1 to {max})' },
  'rehearsal.notRunning': { 'zh-TW': '此遊戲沒有進行中的彩排', en: 'This game has no rehearsal running' },
  'rehearsal.questionOnScreen': {
    'zh-TW': '題目正在顯示中，請先公佈答案或結束遊戲，再結束彩排',
    en: 'A question is on screen; publish its answer or end the game before ending the rehearsal',
  },
  'rehearsal.notListening': { 'zh-TW': '伺服器尚未開始接受連線，請稍後再試', en: 'The server is not accepting connections yet; please try again in a moment' },
  'live.join.rehearsal': {
    'zh-TW': '此遊戲正在彩排，請稍後再加入',
    en: 'This game is being rehearsed; please join a little later',
  },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof botRehearsalMessages> {}
}
