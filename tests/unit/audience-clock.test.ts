/** The server's clock on the audience's pages: offset from ping/pong, the countdown's seconds, the receipt. */
import { describe, expect, it } from 'vitest';
import { ClockOffset, ServerClock, fractionLeft, msAtNextChange, msToNextChange, msToNextDraw, offsetSample, remainingMs, roughOffset, secondsShown, secondsWithTenths } from '@/domain/clock';

describe('clock offset', () => {
  it('takes the middle of the round trip: a phone 5 s behind the server sees +5 s', () => {
    // Sent at local 1000, server stamped 6100 (its clock), back at local 1200: the server read at local 1100.
    expect(offsetSample(1_000, 1_200, 6_100)).toEqual({ offsetMs: 5_000, rttMs: 200 });
    expect(offsetSample(10_000, 10_040, 9_020).offsetMs).toBe(-1_000);
  });

  it('trusts the sample with the shortest round trip among the recent ones', () => {
    const clock = new ClockOffset(3);
    expect(clock.offsetMs).toBe(0);
    clock.add({ offsetMs: 900, rttMs: 400 });
    clock.add({ offsetMs: 1_000, rttMs: 20 });
    expect(clock.add({ offsetMs: 1_300, rttMs: 700 })).toBe(1_000);
    // Older samples fall out of the window.
    clock.add({ offsetMs: 1_200, rttMs: 300 });
    clock.add({ offsetMs: 1_250, rttMs: 350 });
    expect(clock.offsetMs).toBe(1_200);
    expect(clock.sampleCount).toBe(3);
  });

  it('gives a rough offset from one server timestamp', () => {
    expect(roughOffset(50_000, 48_500)).toBe(1_500);
  });
});

describe('countdown math', () => {
  it('counts down to the server deadline, corrected by the offset, never below zero', () => {
    const deadline = 100_000;
    // Local clock 2 s behind the server: at local 88,000 the server is at 90,000.
    expect(remainingMs(deadline, 88_000, 2_000)).toBe(10_000);
    expect(remainingMs(deadline, 99_000, 2_000)).toBe(0);
    expect(remainingMs(deadline, 97_500, 0)).toBe(2_500);
  });

  it('shows whole seconds rounded up: 10 until 9.x, 1 in the last second, 0 at the end', () => {
    expect([10_000, 9_999, 9_001, 1_000, 1, 0, -5].map(secondsShown)).toEqual([10, 10, 10, 1, 1, 0, 0]);
  });

  it('knows when the shown second changes next', () => {
    expect(msToNextChange(9_250)).toBe(250);
    expect(msToNextChange(9_000)).toBe(1_000);
    expect(msToNextChange(0)).toBe(0);
  });

  it('knows what is left once it changed: the whole second below, never below zero', () => {
    expect([9_250, 9_000, 1_000, 400, 0, -5].map(msAtNextChange)).toEqual([9_000, 8_000, 0, 0, 0, 0]);
    expect(secondsShown(msAtNextChange(9_250))).toBe(secondsShown(9_250) - 1);
  });

  it('draws again when the shown second changes, or sooner for the ring, and not after the end', () => {
    // 9,250 ms left: the 10 becomes a 9 in 250 ms; a ring redrawn every 200 ms comes first.
    expect(msToNextDraw(9_250)).toBe(250);
    expect(msToNextDraw(9_250, 200)).toBe(200);
    expect(msToNextDraw(9_130, 200)).toBe(130);
    expect(msToNextDraw(9_000, 200)).toBe(200);
    expect(msToNextDraw(1)).toBe(1);
    expect(msToNextDraw(0, 200)).toBeNull();
    expect(msToNextDraw(-3)).toBeNull();
  });

  it('gives the share of time left for the ring', () => {
    expect(fractionLeft(15_000, 30)).toBe(0.5);
    expect(fractionLeft(40_000, 30)).toBe(1);
    expect(fractionLeft(-1, 30)).toBe(0);
    expect(fractionLeft(1_000, 0)).toBe(0);
  });

  it('writes the receipt with one decimal, never rounding up to the next second', () => {
    expect(secondsWithTenths(2_345)).toBe('2.3');
    expect(secondsWithTenths(9_999)).toBe('9.9');
    expect(secondsWithTenths(0)).toBe('0.0');
  });
});

describe('the server clock, estimated once per page', () => {
  it('takes a rough offset from server times until a ping/pong is measured, then only measured ones', () => {
    const clock = new ServerClock(3);
    expect(clock.offsetMs).toBe(0);
    expect(clock.observe(13_000, 10_000)).toBe(3_000);
    expect(clock.observe('1970-01-01T00:00:14.000Z', 10_500)).toBe(3_500);
    expect(clock.measured).toBe(false);
    // Sent at 20,000, back at 20,200: the server read 25,100 halfway through.
    expect(clock.addPong(20_000, 20_200, 25_100)).toBe(5_000);
    expect(clock.measured).toBe(true);
    expect(clock.observe(99_000, 20_300), 'a frame’s time no longer moves a measured clock').toBe(5_000);
    expect(clock.now(30_000)).toBe(35_000);
  });

  it('keeps the fastest recent round trip, so one slow pong does not drag the countdown', () => {
    const clock = new ServerClock(3);
    clock.addPong(0, 40, 1_020);
    expect(clock.addPong(100, 1_100, 1_900)).toBe(1_000);
    clock.addPong(2_000, 2_060, 3_030);
    clock.addPong(3_000, 3_090, 4_045);
    // The 40 ms round trip has left the window of three; the 60 ms one is the best left.
    expect(clock.addPong(4_000, 4_500, 5_750)).toBe(1_000);
  });
});
