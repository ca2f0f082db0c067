/**
 * The relative time of the notification list (minutes under an hour, hours under a day, then
 * days), in this feature's short words ("5 min ago"). The audit screen uses the shared
 * lib/relative-time.ts, whose English is spelled out ("5 minutes ago"); they are kept apart so the
 * inbox reads as before.
 */
import type { TFunction } from 'i18next';

export function relativeTime(iso: string, t: TFunction<'notification'>, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return t('time.justNow');
  if (minutes < 60) return t('time.minutes', { count: minutes });
  if (minutes < 60 * 24) return t('time.hours', { count: Math.floor(minutes / 60) });
  return t('time.days', { count: Math.floor(minutes / (60 * 24)) });
}
