/**
 * Dates of the list screens: the created-time shortcuts (7, 30, 90 days), the range as the
 * list calls want it (whole local days, ISO instants), and a time as the tables show it.
 */
import dayjs from 'dayjs';
import { zonedDate } from '@/domain/zoned-time';

export const DATE_SHORTCUTS = [
  { key: 'lastWeek', days: 7 },
  { key: 'lastMonth', days: 30 },
  { key: 'last3Months', days: 90 },
] as const;

export type ShortcutKey = (typeof DATE_SHORTCUTS)[number]['key'];

/**
 * `YYYY-MM-DD` strings for an input[type=date]: the last `days` days up to today — today in `zone`
 * when the list reads its days in a time zone (the audit trail: the company's), else the browser's.
 * Between 16:00 and 24:00 UTC a browser in UTC is still on the day before Taipei's: its "today" would
 * leave out the company's today.
 */
export function shortcutRange(days: number, zone: string | null = null, now = new Date()): [string, string] {
  const today = dayjs(zone ? zonedDate(now, zone) : now);
  return [today.subtract(days, 'day').format('YYYY-MM-DD'), today.format('YYYY-MM-DD')];
}

/** [start of the first day, end of the last day] as ISO instants; null when the range is incomplete. */
export function toCreatedAt(from: string, to: string): [string, string] | null {
  if (!from || !to) return null;
  const [a, b] = from <= to ? [from, to] : [to, from];
  return [dayjs(a).startOf('day').toISOString(), dayjs(b).endOf('day').toISOString()];
}

export function formatDateTime(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
}
