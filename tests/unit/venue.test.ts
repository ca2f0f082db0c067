/**
 * The venue rules of issue 16 without a server: the public base URL as stored (or refused), the time
 * zones the runtime knows, the join address, and when the control screen warns before opening the
 * display (no join_url and a loopback page address).
 */
import { describe, expect, it } from 'vitest';
import { currentTimeZoneName, isKnownTimeZone, joinUrlOf, knownTimeZones, normalizePublicUrl, RENAMED_TIME_ZONES } from '@/domain/venue-rules';
import { isLoopbackHost, needsVenueWarning, sameScreenOn } from '@/app/features/live/lib/venue';

describe('the public base URL', () => {
  it.each([
    ['https://quiz.example.com/', 'https://quiz.example.com'],
    ['  HTTP://Quiz.Example.com:8080//  ', 'http://quiz.example.com:8080'],
    ['https://example.com/trivia/', 'https://example.com/trivia'],
    ['http://192.168.1.20:8080', 'http://192.168.1.20:8080'],
    ['', null],
    [null, null],
  ])('stores %j as %j', (input, stored) => {
    expect(normalizePublicUrl(input)).toEqual({ ok: true, value: stored });
  });

  it.each(['quiz.example.com', 'ftp://quiz.example.com', 'http:quiz.example.com', 'https://', 'https://a b.example', 'https://u:p@quiz.example', 'https://quiz.example?pin=1', 'https://quiz.example#x', 'https://quiz.example/\u0000'])(
    'refuses %j',
    (input) => {
      expect(normalizePublicUrl(input)).toEqual({ ok: false, key: 'venue.publicUrlInvalid' });
    },
  );

  it('makes the join address from it, or none', () => {
    expect(joinUrlOf('https://quiz.example.com', '012345')).toBe('https://quiz.example.com/play?pin=012345');
    expect(joinUrlOf(null, '012345')).toBeNull();
  });
});

describe('time zones', () => {
  it('knows the IANA names of the runtime and UTC, spelled as listed', () => {
    expect(knownTimeZones()).toContain('Asia/Taipei');
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Europe/Paris')).toBe(true);
    expect(isKnownTimeZone('asia/taipei')).toBe(false);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });

  it('lists the current IANA names, never the retired ones Intl still offers, and accepts a retired one by its current name (issue 33)', () => {
    const zones = knownTimeZones();
    expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'America/Nuuk', 'UTC']));
    for (const retired of Object.keys(RENAMED_TIME_ZONES)) expect(zones, retired).not.toContain(retired);
    expect(zones).toEqual([...new Set(zones)].sort());
    expect(isKnownTimeZone('Asia/Calcutta')).toBe(true);
    expect(currentTimeZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentTimeZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentTimeZoneName('Asia/Taipei')).toBe('Asia/Taipei');
    // Every current name formats on this runtime.
    for (const current of Object.values(RENAMED_TIME_ZONES)) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: current })).not.toThrow();
  });
});

describe('the venue warning of the control screen', () => {
  it.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])('calls %s loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['192.168.1.20', 'quiz.example.com', '10.0.0.1', '128.0.0.1', 'localhost.example.com', '[fe80::1]'])('does not call %s loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('warns only without a join address on a loopback host', () => {
    expect(needsVenueWarning(null, 'localhost')).toBe(true);
    expect(needsVenueWarning('https://quiz.example.com/play?pin=1', 'localhost')).toBe(false);
    expect(needsVenueWarning(null, '192.168.1.20')).toBe(false);
  });

  it('reopens the same screen on a LAN address', () => {
    expect(sameScreenOn('http://192.168.1.20:8080', { pathname: '/triviaGame/start/7', search: '' })).toBe('http://192.168.1.20:8080/triviaGame/start/7');
  });
});
