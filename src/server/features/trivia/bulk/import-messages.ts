/**
 * The question import's own server messages (/question/import), in both languages, added to
 * i18n.ts's catalogue by registerMessages when loaded (features/index.ts loads it; import.ts too). A
 * sheet refused while it is read gets lib/sheet's sheet.* messages, and a row's problems the question
 * form's and the sheet reading's messages (src/domain/messages.ts); these are what only the server
 * knows: the file as a whole, its header, the images it names, the outcome.
 */
import { registerMessages, type Message, type MessagesOf } from '../../../i18n.js';

export const questionImportMessages = registerMessages({
  'questionImport.fileRequired': { 'zh-TW': '請選擇要匯入的檔案', en: 'Please choose a file to import' },
  'questionImport.notASheet': {
    'zh-TW': '只能匯入 Excel 活頁簿（.xlsx）或 CSV 檔（.csv，UTF-8 或 Big5 編碼）',
    en: 'Only an Excel workbook (.xlsx) or a CSV file (.csv, in UTF-8 or Big5) can be imported',
  },
  'questionImport.noHeader': {
    'zh-TW':
      '前 {within} 列中找不到標題列：匯入需要本系統範本的標題（kind、title …，請下載範本），或 Kahoot 測驗範本的標題（「Question - max 120 characters」、「Answer 1 - max 75 characters」…「Correct answer(s) - choose at least one」）',
    en:
      'No header row in the first {within} rows: the import looks for our template\'s header (kind, title …: download the template) or the header of Kahoot\'s quiz template ("Question - max 120 characters", "Answer 1 - max 75 characters" … "Correct answer(s) - choose at least one")',
  },
  'questionImport.missingColumns': {
    'zh-TW': '標題列（第 {row} 列）缺少欄位：{columns}',
    en: 'The header (row {row}) lacks the columns: {columns}',
  },
  'questionImport.repeatedColumns': {
    'zh-TW': '標題列（第 {row} 列）有重複的欄位：{columns}',
    en: 'The header (row {row}) names these columns more than once: {columns}',
  },
  'questionImport.noRows': {
    'zh-TW': '標題列（第 {row} 列）下方沒有資料列',
    en: 'There are no data rows below the header (row {row})',
  },
  'questionImport.checked': {
    'zh-TW': '已檢查 {total} 列，其中 {invalid} 列有錯誤',
    en: '{total, plural, one {# row} other {# rows}} checked, {invalid} with errors',
  },
  'questionImport.done': {
    'zh-TW': '已匯入 {created} 題',
    en: '{created, plural, one {# question} other {# questions}} imported',
  },
  'questionImport.rowsInError': {
    'zh-TW': '第 {rows} 列有錯誤，未匯入任何題目',
    en: '{count, plural, one {Row} other {Rows}} {rows} {count, plural, one {has} other {have}} errors; nothing was imported',
  },
  'questionImport.moreRows': { 'zh-TW': '{rows} 等 {count}', en: '{rows} and {more} more' },
  'questionImport.big5': {
    'zh-TW': '此 CSV 檔為 Big5 編碼，已轉換為 UTF-8 讀取',
    en: 'The CSV file is in Big5: it was converted to be read',
  },
  'questionImport.imageMissing': {
    'zh-TW': '找不到圖片「{value}」：請填本公司已上傳圖片的網址（/files/images/...）或檔案管理中的圖片路徑',
    en: 'No image "{value}": name an image uploaded for this company (/files/images/...) or the path of an image in the file manager',
  },
  'questionImport.imageNotOwn': {
    'zh-TW': '圖片「{value}」不是本公司上傳的圖片',
    en: 'The image "{value}" is not one uploaded for this company',
  },
  'questionImport.notAnImage': {
    'zh-TW': '檔案「{value}」不是圖片（需為 PNG、JPEG、GIF 或 WebP）',
    en: 'The file "{value}" is not an image (PNG, JPEG, GIF or WebP)',
  },
  'questionImport.imageTooLarge': {
    'zh-TW': '圖片「{value}」超過 {limit}',
    en: 'The image "{value}" is larger than {limit}',
  },
} satisfies Record<string, Message>);

export type QuestionImportMessageKey = keyof typeof questionImportMessages;

declare module '../../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the question import's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof questionImportMessages> {}
}
