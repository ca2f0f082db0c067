/**
 * Server messages of the role feature, in both languages (added to i18n.ts's catalogue by registerMessages when loaded), and the
 * titles of what the seed creates: every permission of the tree and the seeded roles are stored with
 * an i18n key as title (src/server/db/seed-data.ts). The wording is the SPA's
 * (src/app/i18n/locales/*.json, menu.*, permission.* and role.*), so the tree, the role list and the
 * menu say the same thing; a test checks that every seeded title has a text here.
 */
import { registerMessages, type Lang, type Message, type MessagesOf } from '../../i18n.js';

export const roleMessages = registerMessages({
  'role.identifierTaken': { 'zh-TW': '此角色代碼已有人使用', en: 'This role identifier is taken' },
  'role.titleRequired': { 'zh-TW': '請輸入角色名稱', en: 'Please enter a title' },
  'role.inUse': {
    'zh-TW': '仍有 {count} 位管理員擁有此角色，請先移除他們的此角色',
    en: '{count, plural, one {# admin still holds} other {# admins still hold}} this role; take it away from them first',
  },
} satisfies Record<string, Message>);

/** Titles of the seeded permissions (menus and buttons) and roles, by the i18n key stored as title. */
export const seededTitles = {
  'menu.triviaGame': { 'zh-TW': '問答遊戲', en: 'Trivia games' },
  'menu.triviaGameIndex': { 'zh-TW': '遊戲列表', en: 'Game list' },
  'menu.triviaGameUpdate': { 'zh-TW': '題目列表', en: 'Questions' },
  'menu.triviaGameStart': { 'zh-TW': '遊戲控制', en: 'Game control' },
  'permission.triviaGameList': { 'zh-TW': '瀏覽問答遊戲', en: 'View trivia games' },
  'permission.triviaGameEdit': { 'zh-TW': '編輯問答遊戲', en: 'Edit trivia games' },
  'permission.triviaGameControl': { 'zh-TW': '控制遊戲進行', en: 'Run games' },
  'menu.notification': { 'zh-TW': '通知', en: 'Notifications' },
  'menu.notificationIndex': { 'zh-TW': '通知列表', en: 'Notification list' },
  'menu.notificationSend': { 'zh-TW': '發送通知', en: 'Send notification' },
  'menu.admin': { 'zh-TW': '管理員', en: 'Admins' },
  'menu.adminIndex': { 'zh-TW': '管理員列表', en: 'Admin list' },
  'permission.adminList': { 'zh-TW': '瀏覽管理員', en: 'View admins' },
  'permission.adminEdit': { 'zh-TW': '編輯管理員', en: 'Edit admins' },
  'menu.roleIndex': { 'zh-TW': '角色管理', en: 'Roles' },
  'permission.roleEdit': { 'zh-TW': '編輯角色', en: 'Edit roles' },
  'menu.companyIndex': { 'zh-TW': '公司管理', en: 'Companies' },
  'permission.companyList': { 'zh-TW': '瀏覽公司', en: 'View companies' },
  'permission.companyEdit': { 'zh-TW': '管理公司', en: 'Manage companies' },
  'menu.auditIndex': { 'zh-TW': '操作紀錄', en: 'Audit trail' },
  'permission.auditList': { 'zh-TW': '瀏覽操作紀錄', en: 'View the audit trail' },
  'menu.file': { 'zh-TW': '檔案', en: 'Files' },
  'menu.fileIndex': { 'zh-TW': '檔案管理', en: 'File manager' },
  'permission.fileList': { 'zh-TW': '瀏覽檔案', en: 'View files' },
  'permission.fileEdit': { 'zh-TW': '管理檔案', en: 'Manage files' },
  'permission.fileUploadImage': { 'zh-TW': '上傳圖片', en: 'Upload images' },
  'menu.website': { 'zh-TW': '網站', en: 'Website' },
  'menu.websitePrivacy': { 'zh-TW': '隱私權政策', en: 'Privacy policy' },
  'permission.websitePrivacy': { 'zh-TW': '編輯隱私權政策', en: 'Edit the privacy policy' },
  'role.superAdmin': { 'zh-TW': '超級管理員', en: 'Super admin' },
  'role.adminNone': { 'zh-TW': '全權管理員', en: 'Unrestricted admin' },
  'role.operator': { 'zh-TW': '營運人員', en: 'Operator' },
  'role.viewer': { 'zh-TW': '檢視人員', en: 'Viewer' },
} satisfies Record<string, Record<Lang, string>>;

/** The seeded title `key` in `lang`; anything else (a title a user typed) as it is. */
export function seededTitle(lang: Lang, key: string): string {
  return Object.hasOwn(seededTitles, key) ? seededTitles[key as keyof typeof seededTitles][lang] : key;
}

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof roleMessages> {}
}
