import { describe, expect, it } from 'vitest';
import type { ArchiveLookup, ArchiveSegment } from '../../../../../server/recorder/core/media-contracts';
import { afterSegment, startCursor } from '../../../../../server/recorder/live/archive-plan';

const T0 = 1_700_000_000_000;
let nextId = 1;
function seg(startS: number, endS: number, active = false): ArchiveSegment {
  return {
    id: nextId++,
    streamId: 's1',
    startMs: T0 + startS * 1000,
    endMs: T0 + endS * 1000,
    path: `/data/orchives/s1/${startS}.mkv`,
    sizeBytes: 1,
    active,
  };
}

/** The lookup semantics of the ArchiveLookup contract over a list. */
function lookupOf(segments: ArchiveSegment[]): ArchiveLookup {
  const sorted = () => [...segments].sort((a, b) => a.startMs - b.startMs);
  return {
    segmentsBetween: (streamId, startMs, endMs) =>
      sorted().filter((s) => s.streamId === streamId && s.startMs <= endMs && s.endMs >= startMs),
    segmentAtOrAfter: (streamId, timeMs) => sorted().find((s) => s.streamId === streamId && s.endMs >= timeMs),
  };
}

const at = (s: number) => T0 + s * 1000;

describe('startCursor', () => {
  const a = seg(0, 60);
  const b = seg(60, 120);
  const c = seg(130, 190);
  const lookup = lookupOf([a, b, c]);

  it('plays a time inside a segment from its offset', () => {
    expect(startCursor(lookup, 's1', at(75.5), 2000)).toEqual({ segment: b, offsetMs: 15_500 });
    expect(startCursor(lookup, 's1', at(0), 2000)).toEqual({ segment: a, offsetMs: 0 });
  });

  it('bridges a gap only within the tolerance', () => {
    expect(startCursor(lookup, 's1', at(128.5), 2000)).toEqual({ segment: c, offsetMs: 0 });
    expect(startCursor(lookup, 's1', at(125), 2000)).toBeUndefined();
    expect(startCursor(lookup, 's1', at(125), 10_000)).toEqual({ segment: c, offsetMs: 0 });
  });

  it('has nothing before the first or after the last recording', () => {
    expect(startCursor(lookup, 's1', at(-60), 2000)).toBeUndefined();
    expect(startCursor(lookup, 's1', at(500), 2000)).toBeUndefined();
    expect(startCursor(lookup, 's2', at(10), 2000)).toBeUndefined();
  });
});

describe('afterSegment', () => {
  it('chains a finished segment into the next one from its start', () => {
    const a = seg(0, 60);
    const b = seg(60, 120);
    const lookup = lookupOf([a, b]);
    expect(afterSegment(lookup, a, at(59.7), 2000)).toEqual({ kind: 'play', cursor: { segment: b, offsetMs: 0 } });
    // Reading may overshoot the end slightly; the next one still starts at 0.
    expect(afterSegment(lookup, a, at(60.4), 2000)).toEqual({ kind: 'play', cursor: { segment: b, offsetMs: 0 } });
  });

  it('skips what overlaps the part already played', () => {
    const a = seg(0, 60);
    const b = seg(59, 120);
    expect(afterSegment(lookupOf([a, b]), a, at(60), 2000)).toEqual({ kind: 'play', cursor: { segment: b, offsetMs: 1000 } });
  });

  it('reports a gap larger than the tolerance with the next start', () => {
    const a = seg(0, 60);
    const b = seg(70, 120);
    expect(afterSegment(lookupOf([a, b]), a, at(60), 2000)).toEqual({ kind: 'gap', nextStartMs: at(70) });
    expect(afterSegment(lookupOf([a, b]), a, at(60), 15_000)).toEqual({ kind: 'play', cursor: { segment: b, offsetMs: 0 } });
    expect(afterSegment(lookupOf([a]), a, at(60), 2000)).toEqual({ kind: 'gap', nextStartMs: undefined });
  });

  it('reopens a segment that was being written and has grown since', () => {
    const opened = seg(0, 30, true);
    const grown = { ...opened, endMs: at(45) };
    expect(afterSegment(lookupOf([grown]), opened, at(31), 2000)).toEqual({
      kind: 'play',
      cursor: { segment: grown, offsetMs: 31_000 },
    });
  });

  it('has caught up when the segment being written has not grown and nothing follows', () => {
    const opened = seg(0, 30, true);
    const barely = { ...opened, endMs: at(30.5) };
    expect(afterSegment(lookupOf([barely]), opened, at(30.2), 2000)).toEqual({ kind: 'caught-up', reachedMs: at(30.2) });
  });

  it('moves on to the new segment when the one being written was closed', () => {
    const opened = seg(0, 50, true);
    const closed = { ...opened, endMs: at(60), active: false };
    const next = seg(60, 61, true);
    // The closed one grew by 10 s: finish it first.
    expect(afterSegment(lookupOf([closed, next]), opened, at(50), 2000)).toEqual({
      kind: 'play',
      cursor: { segment: closed, offsetMs: 50_000 },
    });
    // Already at its end: the next one, from the position reached.
    expect(afterSegment(lookupOf([closed, next]), { ...closed, active: true }, at(60), 2000)).toEqual({
      kind: 'play',
      cursor: { segment: next, offsetMs: 0 },
    });
  });
});
