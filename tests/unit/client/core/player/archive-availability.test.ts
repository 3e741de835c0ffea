import { describe, expect, it } from 'vitest';
import { availabilityAt } from '../../../../../src/core/player';

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
});
