/** The profile feature's server messages (the navigation settings), in both languages (added to i18n.ts's catalogue by registerMessages when loaded: features/index.ts loads every feature's). */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const profileMessages = registerMessages({
  'nav.unknownMenu': { 'zh-TW': '沒有這個選單：{name}', en: 'There is no such menu: {name}' },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof profileMessages> {}
}
