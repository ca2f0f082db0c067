/**
 * The messages of a sheet refused while it is read, for any import that reads one through this
 * folder (the staff import, the question import), in both languages: the bounds of bounds.ts, an
 * unreadable workbook, a CSV quote never closed, a file over the import's size. Worded for any sheet;
 * what a sheet must say for one import (its header, its columns) stays that import's. Added to
 * i18n.ts's catalogue by registerMessages when index.ts is loaded.
 */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const sheetMessages = registerMessages({
  'sheet.tooLarge': { 'zh-TW': '檔案不可超過 {limit}', en: 'The file must not be larger than {limit}' },
  'sheet.unreadable': {
    'zh-TW': '無法讀取此活頁簿，請以 Excel 重新存成 .xlsx 後再試',
    en: 'This workbook cannot be read; save it again as .xlsx in Excel and retry',
  },
  'sheet.csvQuote': {
    'zh-TW': '第 {line} 行的引號沒有結束，請檢查此 CSV 檔',
    en: 'A quote opened on line {line} is never closed; please check the CSV file',
  },
  'sheet.tooManyRows': {
    'zh-TW': '一次最多匯入 {limit} 列，此檔案有 {count} 列',
    en: 'At most {limit} rows can be imported at once; this file has {count}',
  },
  'sheet.tooManyParts': {
    'zh-TW': '此活頁簿由 {count} 個內部檔案組成，匯入最多讀取 {limit} 個；請將資料列複製到新的活頁簿後再試',
    en: 'This workbook is made of {count} internal files and an import reads at most {limit}; copy the rows into a new workbook and retry',
  },
  'sheet.unpacksTooLarge': {
    'zh-TW': '此活頁簿解壓縮後超過 {limit}；請將資料列複製到新的活頁簿後再試',
    en: 'This workbook unpacks to more than {limit}; copy the rows into a new workbook and retry',
  },
  'sheet.sheetTooLong': {
    'zh-TW': '工作表的資料延伸到第 {row} 列，匯入只讀取前 {limit} 列；請刪除下方多餘的列後再試',
    en: 'The sheet has data down to row {row} and an import reads only the first {limit} rows; delete the rows below and retry',
  },
  'sheet.sheetTooWide': {
    'zh-TW': '工作表的資料延伸到 {column} 欄，匯入只讀取 A 到 {limit} 欄；請刪除右側多餘的欄後再試',
    en: 'The sheet has data out to column {column} and an import reads only columns A to {limit}; delete the columns beyond and retry',
  },
} satisfies Record<string, Message>);

export type SheetMessageKey = keyof typeof sheetMessages;

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the sheet reader's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof sheetMessages> {}
}
