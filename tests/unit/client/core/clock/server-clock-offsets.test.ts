import { describe, expect, it } from 'vitest';
import { clockSkews, knownServerOffsetMs, serverOffsetOf, toPageTime, toServerTime } from '../../../../../src/core/clock/server-clock-offsets';
import { restartsForOffsetChange } from '../../../../../src/core/clock/offset-restart';

// The aggregator runs 2 s ahead of this computer; recorder A agrees with the aggregator, B runs 120 s ahead of it.
const federation = {
  mode: 'multi-server' as const,
  servingMinusPageMs: 2_000,
  recorderMinusAggregatorMs: { A: 0, B: 120_000, C: null },
};

describe('server clock offsets', () => {
  it('adds a recorder against the aggregator to the aggregator against this page', () => {
    expect(serverOffsetOf(federation, 'A')).toBe(2_000);
    expect(serverOffsetOf(federation, 'B')).toBe(122_000);
  });

  it('takes a recorder not read yet as agreeing with the aggregator, and says it is not known', () => {
    expect(knownServerOffsetMs(federation, 'C')).toBeNull();
    expect(knownServerOffsetMs(federation, 'D')).toBeNull();
    expect(serverOffsetOf(federation, 'C')).toBe(2_000);
    expect(knownServerOffsetMs(federation, 'B')).toBe(122_000);
  });

  it('answers the serving server for every server id in single-server mode, and 0 before any reading', () => {
    const single = { mode: 'single-server' as const, servingMinusPageMs: -3_000, recorderMinusAggregatorMs: { B: 120_000 } };
    expect(serverOffsetOf(single, 'B')).toBe(-3_000);
    expect(serverOffsetOf(single)).toBe(-3_000);
    expect(serverOffsetOf({ ...single, servingMinusPageMs: null }, 'B')).toBe(0);
    expect(knownServerOffsetMs({ ...single, servingMinusPageMs: null })).toBeNull();
  });

  it('turns a page time into a server time and back with one sign', () => {
    const offset = serverOffsetOf(federation, 'B');
    expect(toServerTime(1_000_000, offset)).toBe(1_122_000);
    expect(toPageTime(toServerTime(1_000_000, offset), offset)).toBe(1_000_000);
  });

  it('warns of the serving server against this computer and of each recorder over 5000 ms off the aggregator', () => {
    expect(clockSkews(federation)).toEqual([{ serverId: 'B', offsetMs: 120_000 }]);
    expect(clockSkews({ ...federation, servingMinusPageMs: -6_000 })).toEqual([
      { serverId: null, offsetMs: -6_000 },
      { serverId: 'B', offsetMs: 120_000 },
    ]);
    expect(clockSkews({ ...federation, recorderMinusAggregatorMs: { A: 5_000, B: -5_000 } })).toEqual([]);
    // Single-server mode has no recorders behind it.
    expect(clockSkews({ ...federation, mode: 'single-server' })).toEqual([]);
  });
});

describe('spec 9: a tile plays again when its server clock moved', () => {
  it('restarts a tile in playback when the offset moves by more than 5 s', () => {
    expect(restartsForOffsetChange(0, 120_000, false)).toBe(true);
    expect(restartsForOffsetChange(120_000, 114_000, false)).toBe(true);
  });

  it('leaves live tiles, small changes and a first reading alone', () => {
    expect(restartsForOffsetChange(0, 120_000, true)).toBe(false);
    expect(restartsForOffsetChange(120_000, 124_999, false)).toBe(false);
    expect(restartsForOffsetChange(120_000, 115_000, false)).toBe(false);
    expect(restartsForOffsetChange(null, 120_000, false)).toBe(false);
    expect(restartsForOffsetChange(120_000, null, false)).toBe(false);
  });
});
