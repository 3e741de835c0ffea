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
    const answers = [[{ start: 30_000 }], [{ start: 20_000 }], []].map((events) => ({ events, query, serverOffsetMs: 100 }));
    expect(pickMotionStart('next', answers)).toBe(19_900);
  });

  it('takes the latest previous event before the look-back, over every stream', () => {
    const query = motionQuery('previous', 100_000, 0);
    const answers = [[{ start: 10_000 }, { start: 60_000 }], [{ start: 94_000 }, { start: 96_000 }]].map((events) => ({ events, query, serverOffsetMs: 0 }));
    // 96 000 started within the 5 s look-back (after 95 000): skipped.
    expect(pickMotionStart('previous', answers)).toBe(94_000);
  });

  it('answers null when no stream has an event there', () => {
    const query = motionQuery('next', 0, 0);
    expect(pickMotionStart('next', [{ events: [], query, serverOffsetMs: 0 }])).toBeNull();
  });

  it('asks each server on its own clock and compares the answers on the local one', () => {
    // Server A agrees with this computer; server B runs 120 s ahead.
    const playhead = NOW - 60_000;
    const queryA = motionQuery('next', playhead, 0);
    const queryB = motionQuery('next', playhead, 120_000);
    expect(queryB.startMs - queryA.startMs).toBe(120_000);
    // B's event at its server's playhead + 125 s is local playhead + 5 s: sooner than A's at playhead + 10 s.
    const answers = [
      { events: [{ start: playhead + 10_000 }], query: queryA, serverOffsetMs: 0 },
      { events: [{ start: playhead + 125_000 }], query: queryB, serverOffsetMs: 120_000 },
    ];
    expect(pickMotionStart('next', answers)).toBe(playhead + 5_000);
    const previous = [
      { events: [{ start: playhead - 20_000 }], query: motionQuery('previous', playhead, 0), serverOffsetMs: 0 },
      { events: [{ start: playhead + 110_000 }], query: motionQuery('previous', playhead, 120_000), serverOffsetMs: 120_000 },
    ];
    // B's event at its server's playhead + 110 s is local playhead - 10 s: later than A's at playhead - 20 s.
    expect(pickMotionStart('previous', previous)).toBe(playhead - 10_000);
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
