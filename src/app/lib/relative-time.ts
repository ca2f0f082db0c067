/**
 * "How long ago" in the interface language: minutes while under an hour, hours while under a
 * day, then days. Under a minute it says "just now". Pure: the caller passes the clock, so tests and
 * every list that shows it agree.
 */
export type RelativeTimeLanguage = 'zh-TW' | 'en';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const JUST_NOW: Record<RelativeTimeLanguage, string> = { 'zh-TW': '剛剛', en: 'just now' };

export function relativeTime(time: Date | string | number, language: RelativeTimeLanguage, now: Date | number = Date.now()): string {
  const then = new Date(time).getTime();
  const elapsed = Math.max(0, new Date(now).getTime() - then);
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return JUST_NOW[language];
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}
