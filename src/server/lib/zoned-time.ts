/**
 * Times in exported files, in the company's time zone (companies.time_zone, default Asia/Taipei):
 * a spreadsheet has no time zones, so an export writes the wall-clock time of that zone and names the
 * zone in the column header. CSV gets `YYYY-MM-DD HH:mm:ss` (Excel, LibreOffice and Google Sheets read
 * it as a date-time); a workbook gets a real date cell holding the same wall-clock time.
 * Pure: Intl only, no database. The formatting is src/domain/zoned-time.ts's, which the back office's
 * audit trail uses too, so its screen and its CSV show one time.
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

// The wall-clock rule itself is the domain's, shared with the back office's audit trail.
export { formatZoned, wallClock, zonedDate } from '../../domain/zoned-time.js';
