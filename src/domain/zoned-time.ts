/**
 * Wall-clock times in a named time zone (IANA, e.g. Asia/Taipei), one rule for every face that
 * shows a company's times: the server's exports (CSV text, workbook date cells) and the back office's
 * audit trail, which shows its times in the company's zone as its CSV does (issue 33: the screen had
 * the browser's zone, the file the company's). Pure: Intl only; a zone Intl does not know throws, so
 * callers pass a zone the server checked (companies.time_zone).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock time of `at` in `zone`, as a Date whose UTC fields hold it (what a spreadsheet's date
 * cell stores: ExcelJS writes a Date's UTC fields). Milliseconds are kept.
 */
export function wallClock(at: Date, zone: string): Date {
  const parts = Object.fromEntries(formatterOf(zone).formatToParts(at).map((p) => [p.type, p.value]));
  const utc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return new Date(utc + at.getUTCMilliseconds());
}

/** `2026-11-25 20:05:09` in `zone`. */
export function formatZoned(at: Date, zone: string): string {
  return wallClock(at, zone).toISOString().slice(0, 19).replace('T', ' ');
}

/** The zone's calendar date of `at`, `2026-11-25` (a file name's date). */
export function zonedDate(at: Date, zone: string): string {
  return formatZoned(at, zone).slice(0, 10);
}

/** The zone's offset from UTC at `at`, as people write it: `UTC+8`, `UTC-3:30`, `UTC`. */
export function zoneOffset(at: Date, zone: string): string {
  const minutes = Math.round((wallClock(at, zone).getTime() - at.getTime()) / 60_000);
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * The first moment of the calendar day `day` (`2026-11-25`) in `zone`: the instant whose wall clock
 * there reads that day at 00:00 (for a day a daylight-saving change starts at midnight, the first
 * moment that exists).
 */
export function zonedDayStart(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(year, month - 1, date);
  const offsetAt = (at: number) => wallClock(new Date(at), zone).getTime() - at;
  // Midnight less the offset at a guess, then at that instant (the offset differs across a change):
  // the earliest candidate whose wall clock has reached the day (none earlier when midnight is skipped).
  const first = target - offsetAt(target);
  const second = target - offsetAt(first);
  const reached = [first, second].filter((at) => wallClock(new Date(at), zone).getTime() >= target);
  return new Date(reached.length ? Math.min(...reached) : Math.max(first, second));
}

/** [first moment of `from`, last millisecond of `to`] in `zone`, as ISO instants (the days in either order). */
export function zonedDayRange(from: string, to: string, zone: string): [string, string] {
  const [first, last] = from <= to ? [from, to] : [to, from];
  const [year, month, date] = last.split('-').map(Number) as [number, number, number];
  const dayAfter = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return [zonedDayStart(first, zone).toISOString(), new Date(zonedDayStart(dayAfter, zone).getTime() - 1).toISOString()];
}
