/** The file feature's server messages of an image upload, in both languages (added to i18n.ts's catalogue by registerMessages when loaded: features/index.ts loads every feature's). */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const fileMessages = registerMessages({
  'upload.fileUploaded': { 'zh-TW': '上傳成功', en: 'Uploaded' },
  'upload.imageRequired': { 'zh-TW': '請選擇圖片', en: 'Please choose an image' },
  'upload.notAnImage': {
    'zh-TW': '只能上傳圖片（PNG、JPEG、GIF 或 WebP）',
    en: 'Only images can be uploaded (PNG, JPEG, GIF or WebP)',
  },
  'upload.imageTooLarge': { 'zh-TW': '圖片不可超過 {limit}', en: 'The image must not be larger than {limit}' },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof fileMessages> {}
}
