/**
 * Which archive segment to read, and from which offset, to play a stream's
 * recording from a time and on past the end of each segment. Pure decisions
 * over ArchiveLookup; the reading itself is archive-player.ts.
 *
 * Rules: a time inside a segment plays from there; a time in a gap plays
 * from the next segment when it starts within `gapToleranceMs` (the
 * client's waitThres), otherwise there is nothing to play. After a segment
 * ends, the next one follows when its gap is within tolerance; a segment
 * that was still being written when it was opened is reopened at the reached
 * position if it has grown, and when nothing newer exists yet the reader has
 * caught up with the recording ('caught-up': switch to live or wait).
 */
import type { ArchiveLookup, ArchiveSegment } from '../core/media-contracts';

export interface ArchiveCursor {
  segment: ArchiveSegment;
  /** Offset into the segment's file, ms. */
  offsetMs: number;
}

/** A reopened active segment must have grown by this much to be worth reopening. */
export const MIN_GROWTH_MS = 1000;

/** Where to start playing `timeMs`, or undefined when no recording is close enough. */
export function startCursor(
  lookup: ArchiveLookup,
  streamId: string,
  timeMs: number,
  gapToleranceMs: number,
): ArchiveCursor | undefined {
  const segment = lookup.segmentAtOrAfter(streamId, timeMs);
  if (!segment) return undefined;
  if (segment.startMs <= timeMs) {
    if (timeMs >= segment.endMs && !segment.active) return undefined;
    return { segment, offsetMs: Math.max(0, timeMs - segment.startMs) };
  }
  if (segment.startMs - timeMs > gapToleranceMs) return undefined;
  return { segment, offsetMs: 0 };
}

export type AfterSegment =
  | { kind: 'play'; cursor: ArchiveCursor }
  /** The reader has reached the write head of the recording. */
  | { kind: 'caught-up'; reachedMs: number }
  /** The next recording starts later than the tolerance allows (or never). */
  | { kind: 'gap'; nextStartMs: number | undefined };

/**
 * What to read after `finished` (as it was when opened) reached its end at
 * `reachedMs` (segment start + offset + time played).
 */
export function afterSegment(
  lookup: ArchiveLookup,
  finished: ArchiveSegment,
  reachedMs: number,
  gapToleranceMs: number,
): AfterSegment {
  const streamId = finished.streamId;
  const from = Math.min(reachedMs, finished.endMs);
  const nearby = lookup.segmentsBetween(streamId, from, Math.max(reachedMs, finished.endMs) + gapToleranceMs);
  const next = nearby.find((s) => s.id !== finished.id && s.startMs >= finished.startMs);
  if (finished.active) {
    const same = nearby.find((s) => s.id === finished.id);
    // The file kept growing while it was read: continue inside it, unless a newer segment already took over.
    if (same && same.endMs >= reachedMs + MIN_GROWTH_MS && (!next || !same.active)) {
      return { kind: 'play', cursor: { segment: same, offsetMs: Math.max(0, reachedMs - same.startMs) } };
    }
    // Nothing newer yet (the next file may not be indexed at this very moment): the write head is here.
    if (!next) return { kind: 'caught-up', reachedMs };
  }
  if (next) {
    // Skip only what overlaps what was already played.
    const playedUntilMs = finished.active ? reachedMs : finished.endMs;
    return { kind: 'play', cursor: { segment: next, offsetMs: Math.max(0, Math.min(playedUntilMs, next.endMs) - next.startMs) } };
  }
  const later = lookup.segmentAtOrAfter(streamId, Math.max(reachedMs, finished.endMs) + gapToleranceMs);
  return { kind: 'gap', nextStartMs: later?.startMs };
}
