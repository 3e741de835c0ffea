import { describe, expect, it } from 'vitest';
import { motionQuery, pickMotionStart, selectionModeAt, liveContext, seek } from '../../../../../src/core/timeline';

const NOW = 1_700_000_000_000;

describe('motion search', () => {
  it('asks for the next event after the playhead, in server time', () => {
    expect(motionQuery('next', NOW - 60_000, 250)).toEqual({ startMs: NOW - 60_000 + 250 + 1, count: 1, fromEnd: false });
  });

  it('looks back 5000 ms and fetches 5 events for the previous one', () => {
    expect(motionQuery('previous', NOW - 60_000, 0)).toEqual({ startMs: NOW - 65_000, count: 5, fromEnd: true });
  });

  it('takes the earliest next event over every stream, back in local time', () => {
    const query = motionQuery('next', 10_000, 100);
    expect(pickMotionStart('next', [[{ start: 30_000 }], [{ start: 20_000 }], []], query, 100)).toBe(19_900);
  });

  it('takes the latest previous event before the look-back, over every stream', () => {
    const query = motionQuery('previous', 100_000, 0);
    const answers = [[{ start: 10_000 }, { start: 60_000 }], [{ start: 94_000 }, { start: 96_000 }]];
    // 96 000 started within the 5 s look-back (after 95 000): skipped.
    expect(pickMotionStart('previous', answers, query, 0)).toBe(94_000);
  });

  it('answers null when no stream has an event there', () => {
    expect(pickMotionStart('next', [[], []], motionQuery('next', 0, 0), 0)).toBeNull();
  });
});

describe('selection mode', () => {
  it('is off within the live window and on outside it', () => {
    expect(selectionModeAt(liveContext(NOW), NOW)).toBe(false);
    expect(selectionModeAt(seek(liveContext(NOW), NOW - 3_000, NOW), NOW)).toBe(false);
    expect(selectionModeAt(seek(liveContext(NOW), NOW - 60_000, NOW), NOW)).toBe(true);
  });
});

describe('days with recordings', async () => {
  const { recordedDays } = await import('../../../../../src/core/timeline');
  it('caps each day at 1440 minutes per stream, drops days after today, newest first', () => {
    const days = recordedDays({ '2026-11-20': 3000, '2026-11-24': 720, '2026-11-26': 60, junk: 5, '2026-11-21': 0 }, 2, '2026-11-25');
    expect(days).toEqual([
      { date: '2026-11-24', minutes: 720, fullness: 0.25 },
      { date: '2026-11-20', minutes: 2880, fullness: 1 },
    ]);
  });
});
