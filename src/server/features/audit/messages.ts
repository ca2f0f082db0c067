/** Server messages of the audit feature, in both languages (added to i18n.ts's catalogue by registerMessages when loaded): the export's column headers, outcomes and file name. */
import { registerMessages, type Message, type MessagesOf } from '../../i18n.js';

export const auditMessages = registerMessages({
  'audit.column.createdAt': { 'zh-TW': '時間（{zone}）', en: 'Time ({zone})' },
  'audit.column.adminId': { 'zh-TW': '管理員 ID', en: 'Admin ID' },
  'audit.column.username': { 'zh-TW': '帳號', en: 'Username' },
  'audit.column.companyId': { 'zh-TW': '公司 ID', en: 'Company ID' },
  'audit.column.operation': { 'zh-TW': '操作', en: 'Operation' },
  'audit.column.targetType': { 'zh-TW': '對象類型', en: 'Target type' },
  'audit.column.targetId': { 'zh-TW': '對象 ID', en: 'Target ID' },
  'audit.column.summary': { 'zh-TW': '內容摘要', en: 'Summary' },
  'audit.column.ip': { 'zh-TW': 'IP 位址', en: 'IP address' },
  'audit.column.userAgent': { 'zh-TW': '瀏覽器', en: 'User agent' },
  'audit.column.outcome': { 'zh-TW': '結果', en: 'Outcome' },
  'audit.column.code': { 'zh-TW': '回應代碼', en: 'Code' },
  'audit.outcome.success': { 'zh-TW': '成功', en: 'success' },
  'audit.outcome.refused': { 'zh-TW': '已拒絕', en: 'refused' },
  'audit.outcome.failed': { 'zh-TW': '失敗', en: 'failed' },
  'audit.outcome.pending': { 'zh-TW': '未完成', en: 'pending' },
  'audit.fileName': { 'zh-TW': '操作紀錄', en: 'audit-trail' },
} satisfies Record<string, Message>);

declare module '../../i18n.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this feature's keys to translate's
  interface MessageCatalog extends MessagesOf<typeof auditMessages> {}
}
