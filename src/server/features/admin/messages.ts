/** Server messages of the admin feature, in both languages (added to i18n.ts's catalogue by registerMessages when loaded). */
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
  'admin.import.unreadable': {
    'zh-TW': '無法讀取此活頁簿，請以 Excel 重新存成 .xlsx 後再試',
    en: 'This workbook cannot be read; save it again as .xlsx in Excel and retry',
  },
  'admin.import.csvQuote': {
    'zh-TW': '第 {line} 行的引號沒有結束，請檢查此 CSV 檔',
    en: 'A quote opened on line {line} is never closed; please check the CSV file',
  },
  'admin.import.tooLarge': { 'zh-TW': '檔案不可超過 {limit}', en: 'The file must not be larger than {limit}' },
  'admin.import.tooManyRows': {
    'zh-TW': '一次最多匯入 {limit} 列，此檔案有 {count} 列',
    en: 'At most {limit} rows can be imported at once; this file has {count}',
  },
  'admin.import.tooManyParts': {
    'zh-TW': '此活頁簿由 {count} 個內部檔案組成，匯入最多讀取 {limit} 個；請將人員資料複製到新的活頁簿後再試',
    en: 'This workbook is made of {count} internal files and an import reads at most {limit}; copy the staff rows into a new workbook and retry',
  },
  'admin.import.unpacksTooLarge': {
    'zh-TW': '此活頁簿解壓縮後超過 {limit}；請將人員資料複製到新的活頁簿後再試',
    en: 'This workbook unpacks to more than {limit}; copy the staff rows into a new workbook and retry',
  },
  'admin.import.sheetTooLong': {
    'zh-TW': '工作表的資料延伸到第 {row} 列，匯入只讀取前 {limit} 列；請刪除下方多餘的列後再試',
    en: 'The sheet has data down to row {row} and an import reads only the first {limit} rows; delete the rows below and retry',
  },
  'admin.import.sheetTooWide': {
    'zh-TW': '工作表的資料延伸到 {column} 欄，匯入只讀取 A 到 {limit} 欄；請刪除右側多餘的欄後再試',
    en: 'The sheet has data out to column {column} and an import reads only columns A to {limit}; delete the columns beyond and retry',
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
