/**
 * Times in exported files, in the company's time zone (companies.time_zone, default Asia/Taipei):
 * a spreadsheet has no time zones, so an export writes the wall-clock time of that zone and names the
 * zone in the column header. CSV gets `YYYY-MM-DD HH:mm:ss` (Excel, LibreOffice and Google Sheets read
 * it as a date-time); a workbook gets a real date cell holding the same wall-clock time.
 * Pure: Intl only, no database.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Taipei';

/** The zone if Intl knows it, else the default (a stored zone is checked when saved; this is the last guard). */
export function knownTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

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
