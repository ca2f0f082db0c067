/**
 * Times in exports (lib/zoned-time.ts): the wall-clock time of the company's zone, summer time
 * included, and a zone Intl does not know falls back to Asia/Taipei instead of failing the export.
 */
import { describe, expect, it } from 'vitest';
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
});
