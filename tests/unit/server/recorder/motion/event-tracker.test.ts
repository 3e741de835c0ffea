import { describe, expect, it } from 'vitest';
import { MotionEventTracker, type TrackerMessage } from '../../../../../server/recorder/motion/event-tracker';

/** Pictures every 200 ms from `fromMs`, motion where the pattern says '1'. */
function run(tracker: MotionEventTracker, pattern: string, fromMs = 0, stepMs = 200): TrackerMessage[] {
  return [...pattern].flatMap((c, i) => tracker.frame(fromMs + i * stepMs, c === '1'));
}

describe('motion event tracker', () => {
  it('needs two pictures in a row with motion; a single one is not an event', () => {
    const tracker = new MotionEventTracker();
    expect(run(tracker, '0100010000100000000000000')).toEqual([]);
  });

  it('opens at the first of the two pictures, extends, and closes after the hold', () => {
    const tracker = new MotionEventTracker({ holdMs: 2000, extendEveryMs: 1000 });
    const messages = run(tracker, '0011111111110000000000000');
    expect(messages[0]).toEqual({ type: 'event.opened', startMs: 400, stopMs: 600 });
    expect(messages.filter((m) => m.type === 'event.extended').map((m) => m.stopMs)).toEqual([1600]);
    expect(messages.at(-1)).toEqual({ type: 'event.closed', startMs: 400, stopMs: 2200 });
    // Closed at the first picture more than 2 s after the last motion.
    expect(messages).toHaveLength(3);
  });

  it('keeps one event across pauses shorter than the hold, splits at longer ones', () => {
    const tracker = new MotionEventTracker({ holdMs: 2000 });
    const pauseShort = '11' + '0'.repeat(8) + '11' + '0'.repeat(12);
    const messages = run(tracker, pauseShort);
    expect(messages.filter((m) => m.type === 'event.opened')).toHaveLength(1);
    const again = new MotionEventTracker({ holdMs: 2000 });
    const pauseLong = '11' + '0'.repeat(12) + '11' + '0'.repeat(12);
    const split = run(again, pauseLong);
    expect(split.filter((m) => m.type === 'event.opened')).toHaveLength(2);
    expect(split.filter((m) => m.type === 'event.closed')).toHaveLength(2);
  });

  it('does not join pictures across a stall, and tick closes when pictures stop', () => {
    const tracker = new MotionEventTracker({ holdMs: 2000, maxGapMs: 5000 });
    expect(tracker.frame(0, true)).toEqual([]);
    expect(tracker.frame(10_000, true)).toEqual([]); // 10 s later: not in a row
    expect(tracker.frame(10_200, true)).toEqual([{ type: 'event.opened', startMs: 10_000, stopMs: 10_200 }]);
    expect(tracker.tick(11_000)).toEqual([]);
    expect(tracker.tick(12_300)).toEqual([{ type: 'event.closed', startMs: 10_000, stopMs: 10_200 }]);
    expect(tracker.isOpen).toBe(false);
  });

  it('flush closes the open event at its last motion', () => {
    const tracker = new MotionEventTracker();
    run(tracker, '111');
    expect(tracker.flush()).toEqual([{ type: 'event.closed', startMs: 0, stopMs: 400 }]);
    expect(tracker.flush()).toEqual([]);
  });
});
