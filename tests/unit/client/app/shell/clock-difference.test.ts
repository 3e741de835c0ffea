import { describe, expect, it } from 'vitest';
import { measureClock } from '../../../../../src/api/time-probe';
import { describeClockDifference } from '../../../../../src/app/shell/clock-difference';

describe('clock difference wording (spec 8)', () => {
  const local = new Date(2026, 0, 15, 9, 30, 0).getTime();

  it('says how far ahead the server is, with both times', () => {
    const text = describeClockDifference(measureClock(local, local, local + 10 * 60_000));
    expect(text.summary).toBe("The server's clock is 10 minutes ahead of this computer's clock.");
    expect(text.serverTime).toBe('2026-01-15 09:40:00');
    expect(text.localTime).toBe('2026-01-15 09:30:00');
  });

  it('says how far behind the server is', () => {
    expect(describeClockDifference(measureClock(local, local, local - 2 * 3_600_000)).summary).toBe(
      "The server's clock is 2 hours behind this computer's clock.",
    );
  });
});
