/** Relative time: minutes under an hour, hours under a day, then days — in both languages. */
import { describe, expect, it } from 'vitest';
import { relativeTime } from '@/app/lib/relative-time';

const NOW = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;

describe('relativeTime', () => {
  it('counts minutes under an hour, hours under a day, then days (English)', () => {
    expect(relativeTime(ago(20_000), 'en', NOW)).toBe('just now');
    expect(relativeTime(ago(MIN), 'en', NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * MIN), 'en', NOW)).toBe('59 minutes ago');
    expect(relativeTime(ago(60 * MIN), 'en', NOW)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * 60 * MIN + 59 * MIN), 'en', NOW)).toBe('23 hours ago');
    expect(relativeTime(ago(24 * 60 * MIN), 'en', NOW)).toBe('1 day ago');
    expect(relativeTime(ago(45 * 24 * 60 * MIN), 'en', NOW)).toBe('45 days ago');
  });

  it('speaks Traditional Chinese', () => {
    expect(relativeTime(ago(10_000), 'zh-TW', NOW)).toBe('剛剛');
    expect(relativeTime(ago(5 * MIN), 'zh-TW', NOW)).toBe('5 分鐘前');
    expect(relativeTime(ago(3 * 60 * MIN), 'zh-TW', NOW)).toBe('3 小時前');
    expect(relativeTime(ago(2 * 24 * 60 * MIN), 'zh-TW', NOW)).toBe('2 天前');
  });

  it('accepts ISO strings and treats a future time as now', () => {
    expect(relativeTime('2026-03-01T11:30:00.000Z', 'en', NOW)).toBe('30 minutes ago');
    expect(relativeTime('2026-03-01T12:05:00.000Z', 'en', NOW)).toBe('just now');
  });
});
