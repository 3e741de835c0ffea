import { describe, expect, it } from 'vitest';
import { availabilityAt, countdownMs, resumeTimeMs } from '../../../../../src/core/player';

describe('archive availability at a time', () => {
  const T = Date.UTC(2026, 10, 21, 12);

  it('is playable inside a segment, edges included', () => {
    expect(availabilityAt([{ start: T - 1000, end: T + 1000 }], T)).toEqual({ kind: 'playable' });
    expect(availabilityAt([{ start: T, end: T + 1000 }], T)).toEqual({ kind: 'playable' });
    expect(availabilityAt([{ start: T - 1000, end: T }], T)).toEqual({ kind: 'playable' });
  });

  it('counts down to the next segment when the time falls in a gap', () => {
    expect(availabilityAt([{ start: T + 4000, end: T + 9000 }], T)).toEqual({ kind: 'later', startMs: T + 4000 });
  });

  it('has no video when nothing ends at or after the time', () => {
    expect(availabilityAt([], T)).toEqual({ kind: 'none' });
    expect(availabilityAt([{ start: T - 9000, end: T - 1 }], T)).toEqual({ kind: 'none' });
  });

  it('looks the way playback goes: backwards the next archive is the one before, by its end', () => {
    const segments = [
      { start: T - 90_000, end: T - 30_000 },
      { start: T - 200_000, end: T - 150_000 },
      { start: T + 5_000, end: T + 60_000 },
    ];
    expect(availabilityAt(segments, T, -4)).toEqual({ kind: 'later', startMs: T - 30_000 });
    expect(availabilityAt(segments, T, 4)).toEqual({ kind: 'later', startMs: T + 5_000 });
    expect(availabilityAt(segments, T - 60_000, -4)).toEqual({ kind: 'playable' });
    expect(availabilityAt([{ start: T + 5_000, end: T + 60_000 }], T, -1)).toEqual({ kind: 'none' });
  });

  it('counts down in wall time and resumes 1500 ms times the signed speed before the edge', () => {
    expect(countdownMs(T + 32_000, T, 16)).toBe(2_000);
    expect(countdownMs(T - 8_000, T, -4)).toBe(2_000);
    expect(resumeTimeMs(T, 1)).toBe(T - 1_500);
    expect(resumeTimeMs(T, 64)).toBe(T - 96_000);
    expect(resumeTimeMs(T, -16)).toBe(T + 24_000);
    expect(resumeTimeMs(T, 0.25)).toBe(T - 375);
  });
});
