import { describe, expect, it } from 'vitest';
import { MIN_STEP_TICKS, RtpClock } from '../../../../../server/recorder/live/rtp-clock';

function fakeClock(startMs = 1000) {
  let now = startMs;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RtpClock', () => {
  it('counts 90 ticks per millisecond from its initial timestamp', () => {
    const time = fakeClock();
    const clock = new RtpClock(1000, time.now);
    expect(clock.next()).toBe(1000);
    time.advance(40);
    expect(clock.next()).toBe(1000 + 40 * 90);
    time.advance(1000);
    expect(clock.next()).toBe(1000 + 1040 * 90);
  });

  it('never repeats or goes back: a burst is spaced one millisecond apart', () => {
    const time = fakeClock();
    const clock = new RtpClock(0, time.now);
    const burst = Array.from({ length: 5 }, () => clock.next());
    expect(burst).toEqual([0, 1, 2, 3, 4].map((i) => i * MIN_STEP_TICKS));
    // Real time catches up with the burst and stamps follow it again.
    time.advance(2);
    expect(clock.next()).toBe(5 * MIN_STEP_TICKS);
    time.advance(100);
    expect(clock.next()).toBe(102 * 90);
  });

  it('wraps at 32 bits', () => {
    const time = fakeClock();
    const clock = new RtpClock(0xffff_ff00, time.now);
    clock.next();
    time.advance(10);
    expect(clock.next()).toBe((0xffff_ff00 + 900) % 0x1_0000_0000);
  });
});
