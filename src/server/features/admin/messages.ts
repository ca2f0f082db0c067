/**
 * Server messages of the admin feature, in both languages (added to i18n.ts's catalogue by registerMessages when loaded).
 * A sheet the import refuses while reading it gets lib/sheet's sheet.* messages; those here are the staff import's own.
 */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const adminMessages = registerMessages({
  'admin.created': { 'zh-TW': '新增管理員成功', en: 'The admin is created' },
  'admin.updated': { 'zh-TW': '更新管理員成功', en: 'The admin is updated' },
  'admin.deleted': { 'zh-TW': '刪除管理員成功', en: 'The admin is deleted' },
  'admin.permissionsSynced': { 'zh-TW': '角色與權限已更新', en: 'The roles and permissions are updated' },
  'admin.import.done': {
    'zh-TW': '已匯入 {created} 位管理員，略過 {skipped} 列',
    en: '{created, plural, one {# admin} other {# admins}} imported, {skipped, plural, one {# row} other {# rows}} skipped',
  },
  'admin.import.checked': {
    'zh-TW': '已檢查 {total} 列，其中 {invalid} 列有錯誤',
    en: '{total, plural, one {# row} other {# rows}} checked, {invalid} with errors',
  },
  'admin.import.rowError': { 'zh-TW': '{column}：{message}', en: '{column}: {message}' },
  'admin.import.fileRequired': { 'zh-TW': '請選擇要匯入的檔案', en: 'Please choose a file to import' },
  'admin.import.notASheet': {
    'zh-TW': '只能匯入 Excel 活頁簿（.xlsx）或 UTF-8 編碼的 CSV 檔（.csv）',
    en: 'Only an Excel workbook (.xlsx) or a UTF-8 CSV file (.csv) can be imported',
  },
  'admin.import.noRows': { 'zh-TW': '檔案中沒有資料列（第 1 列為標題列）', en: 'The file has no data rows (row 1 is the header)' },
  'admin.import.missingColumns': {
    'zh-TW': '第 1 列缺少欄位：{columns}',
    en: 'Row 1 lacks the columns: {columns}',
  },
  'admin.import.repeatedColumns': {
    'zh-TW': '第 1 列的欄位重複：{columns}',
    en: 'Row 1 names these columns twice: {columns}',
  },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof adminMessages> {}
}
