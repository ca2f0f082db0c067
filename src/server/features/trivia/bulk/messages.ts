/**
 * The server messages of a game's questions in bulk — the export, the copy into another game, the
 * block move and the batch delete (bulk/export.ts, copy.ts, order.ts) — in both languages, added to
 * i18n.ts's catalogue by registerMessages when loaded (features/index.ts loads every feature's). The
 * rows' problems themselves are the domain's sheet.* and question.* messages (src/domain/messages.ts).
 */
import { registerMessages, type Message, type MessagesOf } from '../../../i18n.js';

export const questionBulkMessages = registerMessages({
  'questionBulk.copyInvalid': {
    'zh-TW': '有 {invalid} 題不符合目標遊戲的規則，未複製任何題目（請先預覽）',
    en: '{invalid, plural, one {# question breaks} other {# questions break}} a rule of the target game; nothing was copied (see the preview)',
  },
  'questionBulk.copied': { 'zh-TW': '已複製 {created} 題', en: '{created, plural, one {# question} other {# questions}} copied' },
  'questionBulk.moveShown': {
    'zh-TW': '已出題的題目必須留在原位，無法這樣移動',
    en: 'A question already shown keeps its place in the order; this move would shift one',
  },
  'questionBulk.deleteOnScreen': {
    'zh-TW': '所選題目中有一題正在顯示中，未刪除任何題目',
    en: 'One of these questions is on screen; nothing was deleted',
  },
  'questionBulk.deleted': { 'zh-TW': '已刪除 {deleted} 題', en: '{deleted, plural, one {# question} other {# questions}} deleted' },
  // Kahoot's export: its title rows (Kahoot's own template is in English) and the sheet of what it leaves out.
  'questionBulk.kahootSheet': { 'zh-TW': 'Kahoot 測驗', en: 'Kahoot quiz' },
  'questionBulk.kahootInstructions': {
    'zh-TW': '題目最多 120 字、答案最多 75 字；正確答案填答案編號，多個以逗號分隔（例如 1,3）。可直接匯入 Kahoot。',
    en: 'Questions have at most 120 characters and answers 75; the correct answers are the answers\' numbers, several separated by commas (1,3). Ready to import into Kahoot.',
  },
  'questionBulk.leftOutSheet': { 'zh-TW': '未匯出的題目', en: 'Left out' },
  'questionBulk.leftOutOrder': { 'zh-TW': '順序', en: 'Order' },
  'questionBulk.leftOutTitle': { 'zh-TW': '標題', en: 'Title' },
  'questionBulk.leftOutKind': { 'zh-TW': '題型', en: 'Kind' },
  'questionBulk.leftOutReason': { 'zh-TW': '原因', en: 'Reason' },
  'questionBulk.templateSheet': { 'zh-TW': '題目', en: 'Questions' },
  'questionBulk.kind.1': { 'zh-TW': '單選題', en: 'Single choice' },
  'questionBulk.kind.2': { 'zh-TW': '複選題', en: 'Multiple choice' },
  'questionBulk.kind.3': { 'zh-TW': '是非題', en: 'True or false' },
  'questionBulk.kind.4': { 'zh-TW': '投票', en: 'Poll' },
  'questionBulk.kind.5': { 'zh-TW': '填答題', en: 'Type answer' },
  'questionBulk.kind.6': { 'zh-TW': '滑桿題', en: 'Slider' },
  'questionBulk.kind.7': { 'zh-TW': '排序題', en: 'Ordering' },
  'questionBulk.kind.8': { 'zh-TW': '內容頁', en: 'Content slide' },
} satisfies Record<string, Message>);

declare module '../../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof questionBulkMessages> {}
}
