/**
 * Dates of the list screens: the created-time shortcuts (7, 30, 90 days), the range as the
 * list calls want it (whole local days, ISO instants), and a time as the tables show it.
 */
import dayjs from 'dayjs';

export const DATE_SHORTCUTS = [
  { key: 'lastWeek', days: 7 },
  { key: 'lastMonth', days: 30 },
  { key: 'last3Months', days: 90 },
] as const;

export type ShortcutKey = (typeof DATE_SHORTCUTS)[number]['key'];

/** `YYYY-MM-DD` strings for an input[type=date]: the last `days` days up to today. */
export function shortcutRange(days: number, now = dayjs()): [string, string] {
  return [now.subtract(days, 'day').format('YYYY-MM-DD'), now.format('YYYY-MM-DD')];
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
