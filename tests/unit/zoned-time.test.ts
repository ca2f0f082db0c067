/**
 * Times in exports (lib/zoned-time.ts): the wall-clock time of the company's zone, summer time
 * included, and a zone Intl does not know falls back to Asia/Taipei instead of failing the export.
 * The audit screen's part of the rule (src/domain/zoned-time.ts): the zone's offset as its caption
 * says it, and the company's calendar days as its date filter sends them.
 */
import { describe, expect, it } from 'vitest';
import { zonedDayRange, zonedDayStart, zoneOffset } from '@/domain/zoned-time';
import { formatZoned, knownTimeZone, wallClock, zonedDate } from '@/server/lib/zoned-time';

describe('zoned times', () => {
  it.each([
    ['2026-11-25T12:05:09.000Z', 'Asia/Taipei', '2026-11-25 20:05:09'],
    ['2026-11-25T17:30:00.000Z', 'Asia/Taipei', '2026-11-26 01:30:00'],
    ['2026-07-01T12:00:00.000Z', 'America/New_York', '2026-07-01 08:00:00'], // summer time, UTC-4
    ['2026-12-01T12:00:00.000Z', 'America/New_York', '2026-12-01 07:00:00'], // UTC-5
    ['2026-03-29T00:59:59.000Z', 'Europe/London', '2026-03-29 00:59:59'],
    ['2026-03-29T01:00:00.000Z', 'Europe/London', '2026-03-29 02:00:00'], // the clocks go forward
    ['2026-11-25T12:05:09.000Z', 'UTC', '2026-11-25 12:05:09'],
  ])('%s in %s is %s', (iso, zone, text) => {
    expect(formatZoned(new Date(iso), zone)).toBe(text);
  });

  it('keeps the milliseconds in a date cell and gives the calendar date of the zone', () => {
    expect(wallClock(new Date('2026-11-25T23:59:59.250Z'), 'Asia/Taipei').toISOString()).toBe('2026-11-26T07:59:59.250Z');
    expect(zonedDate(new Date('2026-11-25T23:00:00.000Z'), 'Asia/Taipei')).toBe('2026-11-26');
  });

  it('falls back to Asia/Taipei for a zone Intl does not know', () => {
    expect(knownTimeZone('Mars/Olympus')).toBe('Asia/Taipei');
    expect(knownTimeZone('')).toBe('Asia/Taipei');
    expect(knownTimeZone(null)).toBe('Asia/Taipei');
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });

  it.each([
    ['2026-11-25T12:00:00.000Z', 'Asia/Taipei', 'UTC+8'],
    ['2026-07-01T12:00:00.000Z', 'America/New_York', 'UTC-4'],
    ['2026-12-01T12:00:00.000Z', 'America/New_York', 'UTC-5'],
    ['2026-12-01T12:00:00.000Z', 'Asia/Kolkata', 'UTC+5:30'],
    ['2026-12-01T12:00:00.000Z', 'America/St_Johns', 'UTC-3:30'],
    ['2026-12-01T12:00:00.000Z', 'UTC', 'UTC'],
  ])('at %s %s is %s', (iso, zone, offset) => {
    expect(zoneOffset(new Date(iso), zone)).toBe(offset);
  });

  it("gives a range of whole days of the zone, across a change of summer time, in either order", () => {
    expect(zonedDayRange('2026-11-25', '2026-11-26', 'Asia/Taipei')).toEqual(['2026-11-24T16:00:00.000Z', '2026-11-26T15:59:59.999Z']);
    expect(zonedDayRange('2026-11-26', '2026-11-25', 'Asia/Taipei')).toEqual(['2026-11-24T16:00:00.000Z', '2026-11-26T15:59:59.999Z']);
    // New York's clocks go forward on 8 March 2026: that day has 23 hours.
    expect(zonedDayRange('2026-03-08', '2026-03-08', 'America/New_York')).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T03:59:59.999Z']);
    expect(zonedDayRange('2026-12-31', '2026-12-31', 'UTC')).toEqual(['2026-12-31T00:00:00.000Z', '2026-12-31T23:59:59.999Z']);
    // A day whose midnight does not exist (Santiago's clocks go forward at 00:00): its first moment is 01:00.
    expect(formatZoned(zonedDayStart('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe('2026-09-06 01:00:00');
  });
});
