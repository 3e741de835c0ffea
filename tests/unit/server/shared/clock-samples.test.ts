import { describe, expect, it } from 'vitest';
import { bestSample, clockSample, followClock, keepSample, settleOffset, type ClockSample } from '../../../../server/shared/clock-samples';

const reading = (offsetMs: number, roundTripMs: number, atMs = 0): ClockSample => ({ offsetMs, roundTripMs, atMs });

describe('clock readings (NTP style)', () => {
  it('reads the other clock half way through the round trip', () => {
    expect(clockSample(1000, 1400, 121_200)).toEqual({ offsetMs: 120_000, roundTripMs: 400, atMs: 1400 });
    expect(clockSample(1000, 1000, 900).offsetMs).toBe(-100);
  });

  it('takes the reading with the smallest round trip, the newest of equals', () => {
    expect(bestSample([reading(10, 300), reading(2, 20), reading(40, 900)])).toEqual(reading(2, 20));
    expect(bestSample([reading(1, 20, 1), reading(3, 20, 2)])?.atMs).toBe(2);
    expect(bestSample([])).toBeUndefined();
  });

  it('keeps a slow reading that agrees, and restarts from a reading that shows the clock moved', () => {
    const kept = keepSample([reading(0, 10)], reading(9_000, 20_000));
    expect(kept).toHaveLength(2);
    expect(bestSample(kept)).toEqual(reading(0, 10));
    // 30 s off with a 40 ms round trip cannot be the same clock as 0 ± 6 ms.
    expect(keepSample([reading(0, 10)], reading(30_000, 40))).toEqual([reading(30_000, 40)]);
  });

  it('keeps the last eight readings', () => {
    let samples: ClockSample[] = [];
    for (let i = 0; i < 12; i++) samples = keepSample(samples, reading(0, 10, i));
    expect(samples.map((s) => s.atMs)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('the offset in use', () => {
  it('stays while the best reading allows it, and moves when it does not', () => {
    expect(settleOffset(0, reading(400, 1000))).toBe(0);
    expect(settleOffset(120_000, reading(120_300, 1000))).toBe(120_000);
    expect(settleOffset(0, reading(120_300, 1000))).toBe(120_300);
  });

  it('starts at 0: a first reading under load whose interval holds 0 is no offset', () => {
    // A 24 s round trip: the reading may be 12 s off either way.
    expect(followClock(undefined, reading(11_000, 24_000)).offsetMs).toBe(0);
    expect(followClock(undefined, reading(120_010, 30)).offsetMs).toBe(120_010);
  });

  it('does not jump with load: slow readings between fast ones change nothing', () => {
    let clock = followClock(undefined, reading(120_005, 20));
    for (const [offsetMs, roundTripMs] of [
      [112_000, 24_000],
      [128_500, 30_000],
      [120_020, 60],
      [119_000, 8_000],
    ] as const) {
      clock = followClock(clock, reading(offsetMs, roundTripMs));
      expect(clock.offsetMs).toBe(120_005);
    }
    expect(clock.roundTripMs).toBe(20);
  });

  it('follows a clock that was set: the first reading that cannot agree moves the offset', () => {
    let clock = followClock(undefined, reading(0, 20));
    clock = followClock(clock, reading(60_000, 200));
    expect(clock.offsetMs).toBe(60_000);
    expect(clock.samples).toHaveLength(1);
  });
});
