/**
 * The list screens' date shortcuts (src/app/lib/dates.ts): "the last week" ends today — today in the
 * list's time zone when it reads its days in one (the audit trail reads them in the company's), so an
 * entry made a moment ago is inside it whatever the browser's zone.
 */
import { describe, expect, it } from 'vitest';
import { shortcutRange } from '@/app/lib/dates';
import { zonedDayRange } from '@/domain/zoned-time';

describe('shortcutRange', () => {
  it("ends on the zone's today when the zone is ahead of the browser's day (16:30 UTC is 00:30 the next day in Taipei)", () => {
    const now = new Date('2026-12-07T16:30:00Z');
    expect(shortcutRange(7, 'Asia/Taipei', now)).toEqual(['2026-12-01', '2026-12-08']);
    // And that range, read in the company's zone as the audit list reads it, holds the moment.
    const [from, to] = zonedDayRange(...shortcutRange(7, 'Asia/Taipei', now), 'Asia/Taipei');
    expect(new Date(from).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(to).getTime()).toBeGreaterThanOrEqual(now.getTime());
  });

  it("ends on the zone's today when the zone is behind (02:00 UTC is still the day before in New York)", () => {
    expect(shortcutRange(30, 'America/New_York', new Date('2026-12-08T02:00:00Z'))).toEqual(['2026-11-07', '2026-12-07']);
  });
});
