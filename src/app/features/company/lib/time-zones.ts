/**
 * The time zones the company dialog offers: the browser's IANA list (UTC included, as the server's
 * rule has it: src/domain/venue-rules.ts), grouped by region, each labelled with its current offset
 * from UTC so "Asia/Taipei (UTC+08:00)" reads at a glance.
 */
import { knownTimeZones } from '@/domain/venue-rules';

export interface TimeZoneGroup {
  region: string;
  zones: Array<{ value: string; label: string }>;
}

/** `UTC+08:00` for a zone now; '' when the browser cannot say. */
function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    const text = part?.value ?? '';
    return text === 'GMT' ? 'UTC+00:00' : text.replace(/^GMT/, 'UTC');
  } catch {
    return '';
  }
}

let cached: TimeZoneGroup[] | null = null;

/** Every zone by region (Africa, America, …; UTC in its own), computed once. */
export function timeZoneGroups(): TimeZoneGroup[] {
  if (cached) return cached;
  const now = new Date();
  const groups = new Map<string, TimeZoneGroup>();
  for (const zone of knownTimeZones()) {
    const region = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : zone;
    const offset = offsetOf(zone, now);
    const group = groups.get(region) ?? { region, zones: [] };
    group.zones.push({ value: zone, label: offset ? `${zone.replace(/_/g, ' ')} (${offset})` : zone.replace(/_/g, ' ') });
    groups.set(region, group);
  }
  cached = [...groups.values()];
  return cached;
}
