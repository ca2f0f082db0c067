/**
 * The audit trail as a CSV file (auditExport): one row per entry, column headers and outcomes in the
 * request's language, rendered by the results export's CSV writer (UTF-8 with BOM; text cells that
 * could pass for a formula neutralised). Times in the company's zone, named in the header
 * (`Time (Asia/Taipei)`, `2026-11-25 20:05:09`). Pure formatting: no database, no HTTP.
 */
import { translate, type Lang } from '../../i18n.js';
import { attachmentHeader, toCsv, type Table } from '../../lib/results-file.js';
import { zonedDate } from '../../lib/zoned-time.js';
import type { AuditRow } from './queries.js';

const COLUMNS = [
  'createdAt',
  'adminId',
  'username',
  'companyId',
  'operation',
  'targetType',
  'targetId',
  'summary',
  'ip',
  'userAgent',
  'outcome',
  'code',
] as const;

export function auditTable(rows: AuditRow[], lang: Lang, timeZone: string): Table {
  return {
    name: translate(lang, 'audit.fileName'),
    headers: COLUMNS.map((column) => translate(lang, `audit.column.${column}` as const, { zone: timeZone })),
    rows: rows.map((row) => [
      { at: row.createdAt, timeZone },
      row.adminId,
      row.username,
      row.companyId,
      row.operation,
      row.targetType,
      row.targetId,
      row.summary,
      row.ip,
      row.userAgent,
      translate(lang, `audit.outcome.${row.outcome}` as const),
      row.code,
    ]),
  };
}

/** The file: its bytes and its Content-Disposition (`操作紀錄-2026-11-25.csv`, the date in the company's zone). */
export function auditCsv(rows: AuditRow[], lang: Lang, now: Date, timeZone: string): { body: Buffer; contentDisposition: string } {
  const name = `${translate(lang, 'audit.fileName')}-${zonedDate(now, timeZone)}.csv`;
  return { body: toCsv(auditTable(rows, lang, timeZone)), contentDisposition: attachmentHeader(name) };
}
