/** Server messages of the company feature, in both languages (added to i18n.ts's catalogue by registerMessages when loaded). */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const companyMessages = registerMessages({
  'company.nameRequired': { 'zh-TW': '請輸入公司名稱', en: 'Please enter a company name' },
  'company.nameTaken': { 'zh-TW': '已有同名的公司', en: 'A company with this name already exists' },
  // The seeded company's name as shown until it is renamed (seeded-name.ts)
  'company.defaultName': { 'zh-TW': '預設公司', en: 'Default company' },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof companyMessages> {}
}
