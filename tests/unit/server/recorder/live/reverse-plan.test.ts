import { describe, expect, it } from 'vitest';
import type { ArchiveLookup, ArchiveSegment } from '../../../../../server/recorder/core/media-contracts';
import { ACTIVE_TAIL_MARGIN_MS, chunkBefore, chunkIntervalMs, reversedTimes, reverseStep } from '../../../../../server/recorder/live/reverse-plan';

const T0 = 1_700_000_000_000;
let nextId = 1;
function seg(startS: number, endS: number, active = false): ArchiveSegment {
  return { id: nextId++, streamId: 's1', startMs: T0 + startS * 1000, endMs: T0 + endS * 1000, path: `/a/${startS}.mkv`, sizeBytes: 1, active };
}
function lookupOf(segments: ArchiveSegment[]): ArchiveLookup {
  const sorted = () => [...segments].sort((a, b) => a.startMs - b.startMs);
  return {
    segmentsBetween: (streamId, startMs, endMs) => sorted().filter((s) => s.streamId === streamId && s.startMs <= endMs && s.endMs >= startMs),
    segmentAtOrAfter: (streamId, timeMs) => sorted().find((s) => s.streamId === streamId && s.endMs >= timeMs),
  };
}
const at = (s: number) => T0 + s * 1000;

describe('reverse step', () => {
  it('decodes every frame at slow speeds and shows pictures the asked rate apart', () => {
    const step = reverseStep(-4, 30);
    expect(step.keyframesOnly).toBe(false);
    expect(step.captureStepMs).toBeCloseTo(133.3, 1);
    expect(step.intervalMs).toBeCloseTo(33.3, 1);
    expect(step.chunkMs).toBe(8000);
  });

  it('never shows more pictures than the camera recorded', () => {
    // 1/4x backwards at 30 pictures a second would need 120 fps of capture: 6.25 pictures a second of a 25 fps camera.
    const step = reverseStep(-0.25, 30);
    expect(step.captureStepMs).toBe(40);
    expect(step.intervalMs).toBe(160);
    expect(step.chunkMs).toBe(1000);
  });

  it('decodes keyframes only when every frame would be over budget, one picture per GOP at most', () => {
    const step = reverseStep(-16, 30);
    expect(step.keyframesOnly).toBe(true);
    expect(step.captureStepMs).toBe(1000);
    expect(step.intervalMs).toBe(62.5);
    expect(reverseStep(-64, 30).captureStepMs).toBeCloseTo(2133.3, 1);
    expect(reverseStep(-64, 30).chunkMs).toBe(128_000);
  });
});

describe('chunkBefore', () => {
  const a = seg(0, 60);
  const b = seg(60, 120);
  const c = seg(125, 185);
  const lookup = lookupOf([a, b, c]);

  it('takes the chunk ending at the time inside its segment', () => {
    expect(chunkBefore(lookup, 's1', at(100), 8000, 2000)).toEqual({ kind: 'chunk', chunk: { segment: b, fromOffsetMs: 32_000, toOffsetMs: 40_000 } });
  });

  it('stops at the segment start and then continues in the segment before', () => {
    expect(chunkBefore(lookup, 's1', at(63), 8000, 2000)).toEqual({ kind: 'chunk', chunk: { segment: b, fromOffsetMs: 0, toOffsetMs: 3000 } });
    expect(chunkBefore(lookup, 's1', at(60), 8000, 2000)).toEqual({ kind: 'chunk', chunk: { segment: a, fromOffsetMs: 52_000, toOffsetMs: 60_000 } });
  });

  it('jumps a gap within the tolerance, and reports the start of the recording beyond it', () => {
    expect(chunkBefore(lookup, 's1', at(125), 8000, 6000)).toMatchObject({ kind: 'chunk', chunk: { segment: b, toOffsetMs: 60_000 } });
    expect(chunkBefore(lookup, 's1', at(125), 8000, 2000)).toEqual({ kind: 'start' });
    expect(chunkBefore(lookup, 's1', at(0), 8000, 2000)).toEqual({ kind: 'start' });
  });

  it('keeps away from the write head of the segment being written', () => {
    const active = seg(0, 30, true);
    const chunk = chunkBefore(lookupOf([active]), 's1', at(30), 8000, 2000);
    expect(chunk).toMatchObject({ kind: 'chunk', chunk: { toOffsetMs: 30_000 - ACTIVE_TAIL_MARGIN_MS } });
  });

  it('estimates the times of a chunk newest first', () => {
    expect(reversedTimes(1000, 2500, 3)).toEqual([2000, 1500, 1000]);
    // 8 s at -4x last 2 s of wall time however many pictures the filter picked.
    expect(chunkIntervalMs(0, 8000, 67, -4) * 67).toBeCloseTo(2000, 6);
  });
});
