/** Server messages of display pairing, in both languages (added to i18n.ts's catalogue by registerMessages when loaded). */
import { registerMessages, type Message, type MessagesOf } from '../../../i18n.js';

export const displayMessages = registerMessages({
  'display.pairCodeUnknown': {
    'zh-TW': '找不到此配對碼，或已過期。請輸入遊戲畫面上目前顯示的 6 碼配對碼',
    en: 'No display shows this code, or it has expired. Type the 6-character code the display shows now',
  },
  'display.paired': { 'zh-TW': '已配對遊戲畫面', en: 'The display is paired' },
  'display.unpaired': { 'zh-TW': '已取消配對', en: 'The display is unpaired' },
  'display.unknownToken': {
    'zh-TW': '此遊戲畫面已取消配對或已過期，請重新配對',
    en: 'This display was unpaired or has expired; pair it again',
  },
} satisfies Record<string, Message>);

declare module '../../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof displayMessages> {}
}
