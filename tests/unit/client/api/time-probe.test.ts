import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_WARNING_MS, isClockSkewed, measureClock, probeClock } from '../../../../src/api/time-probe';
import { TIME_PROBE_TIMEOUT_MS } from '../../../../src/api/system-api';

describe('clock probe (spec 2 and 9)', () => {
  it('waits 2000 ms for the server and warns above 5000 ms', () => {
    expect(TIME_PROBE_TIMEOUT_MS).toBe(2000);
    expect(CLOCK_SKEW_WARNING_MS).toBe(5000);
  });

  it('corrects the local time by half the round trip', () => {
    // Sent at 1000, answered at 1400: the server read its clock at about 1200 local time.
    const probe = measureClock(1000, 1400, 1200);
    expect(probe).toEqual({ offsetMs: 0, serverTimeMs: 1200, localTimeMs: 1200, roundTripMs: 400 });
    expect(measureClock(1000, 1400, 8200).offsetMs).toBe(7000);
    expect(measureClock(1000, 1400, -4800).offsetMs).toBe(-6000);
  });

  it('warns strictly above 5000 ms either way', () => {
    expect(isClockSkewed(5000)).toBe(false);
    expect(isClockSkewed(-5000)).toBe(false);
    expect(isClockSkewed(5001)).toBe(true);
    expect(isClockSkewed(-5001)).toBe(true);
  });

  it('times one call', async () => {
    const clock = [10_000, 10_100];
    const probe = await probeClock(async () => ({ time: 70_050 }), () => clock.shift()!);
    expect(probe.offsetMs).toBe(60_000);
    expect(probe.roundTripMs).toBe(100);
  });
});
