/** Server messages of the notification feature, in both languages (added to i18n.ts's catalogue by registerMessages when loaded). */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const notificationMessages = registerMessages({
  'notification.messageRequired': { 'zh-TW': '請輸入訊息內容', en: 'Please enter a message' },
  'notification.messageTooLong': { 'zh-TW': '訊息過長（上限 {limit} 字元）', en: 'The message is too long (at most {limit, plural, one {# character} other {# characters}})' },
  'notification.unknownRecipients': {
    'zh-TW': '收件人不屬於此公司：{ids}',
    en: 'These recipients are not admins of this company: {ids}',
  },
  'notification.noRecipients': { 'zh-TW': '此公司沒有可通知的管理員', en: 'This company has no admin to notify' },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof notificationMessages> {}
}
