/**
 * Which archive segments make an export of [startMs, stopMs], and where each
 * is cut. Pure: the inputs are index rows and (for the cut points) the
 * timestamps ffprobe read from the files.
 *
 * Cuts: with stream copy a file can only start at a keyframe, so the first
 * segment is entered at the keyframe at or before `startMs` (the export may
 * begin up to one GOP early, never late). The last segment is left at
 * `stopMs`. A segment still being written (active) is read only up to its
 * last written packet (`endMs`), so a growing file never runs the export past
 * what was recorded when it began. Gaps between segments are closed up (the
 * concat demuxer joins files back to back): the export is the recorded video
 * of the range, not a wall-clock timeline.
 *
 * Times inside a file: segment.startMs is the wall time of the file's first
 * packet, whose timestamp is the file's start_time; so wall time t is file
 * time startTimeS + (t - startMs) / 1000.
 */
import type { ArchiveSegment } from '../core/media-contracts';

export interface ExportPiece {
  segment: ArchiveSegment;
  /** Offset into the segment where the export wants to begin, ms (0 = from its start). */
  fromMs: number;
  /** Offset into the segment where the export ends, ms; undefined = to the end of the file. */
  toMs: number | undefined;
}

/** The pieces of [startMs, stopMs], oldest first; empty when nothing was recorded there. */
export function planExport(segments: readonly ArchiveSegment[], startMs: number, stopMs: number): ExportPiece[] {
  const overlapping = segments
    .filter((s) => s.endMs > startMs && s.startMs < stopMs && s.endMs > s.startMs)
    .sort((a, b) => a.startMs - b.startMs || a.id - b.id);
  const pieces: ExportPiece[] = [];
  for (const segment of overlapping) {
    const fromMs = Math.max(0, startMs - segment.startMs);
    const endMs = Math.min(stopMs, segment.endMs);
    if (endMs - segment.startMs <= fromMs) continue;
    const toMs = segment.active || stopMs < segment.endMs ? endMs - segment.startMs : undefined;
    pieces.push({ segment, fromMs, toMs });
  }
  return pieces;
}

/** Wall-clock ms of recorded video the pieces cover (before keyframe alignment). */
export function plannedDurationMs(pieces: readonly ExportPiece[]): number {
  return pieces.reduce((sum, p) => sum + ((p.toMs ?? p.segment.endMs - p.segment.startMs) - p.fromMs), 0);
}

/** The largest keyframe time at or before `targetS`, or the first keyframe when the target precedes them all. */
export function keyframeAtOrBefore(keyframesS: readonly number[], targetS: number): number | undefined {
  let chosen: number | undefined;
  for (const k of keyframesS) {
    if (k <= targetS + 1e-6 && (chosen === undefined || k > chosen)) chosen = k;
  }
  if (chosen !== undefined) return chosen;
  return keyframesS.length > 0 ? Math.min(...keyframesS) : undefined;
}

/** What ffprobe read from a segment file: its start_time and the times of its video keyframes, seconds. */
export interface SegmentTiming {
  startTimeS: number;
  keyframesS: number[];
}

export interface ConcatEntry {
  path: string;
  /** File timestamp to enter at (a keyframe), seconds. */
  inpointS: number | undefined;
  /** File timestamp to leave at, seconds. */
  outpointS: number | undefined;
}

/**
 * Cut points in file time. Only the first piece needs keyframes; the others
 * start at their beginning (a segment starts with a keyframe).
 */
export function concatEntries(
  pieces: readonly ExportPiece[],
  timing: (piece: ExportPiece, index: number) => SegmentTiming | undefined,
): ConcatEntry[] {
  return pieces.map((piece, index) => {
    const t = timing(piece, index);
    const start = t?.startTimeS ?? 0;
    let inpointS: number | undefined;
    if (index === 0 && piece.fromMs > 0 && t) {
      inpointS = keyframeAtOrBefore(t.keyframesS, start + piece.fromMs / 1000);
      if (inpointS !== undefined && inpointS <= start + 1e-6) inpointS = undefined;
    }
    const outpointS = piece.toMs === undefined ? undefined : start + piece.toMs / 1000;
    return { path: piece.segment.path, inpointS, outpointS };
  });
}

/** Wall-clock ms at which the export's first frame was captured (the chosen keyframe). */
export function exportedStartMs(piece: ExportPiece, entry: ConcatEntry, timing: SegmentTiming | undefined): number {
  if (entry.inpointS === undefined || !timing) return piece.segment.startMs;
  return piece.segment.startMs + Math.round((entry.inpointS - timing.startTimeS) * 1000);
}

/**
 * How long the export is, seconds, as cut: from the first entry's inpoint
 * (the keyframe before the start) to each entry's outpoint, or to the end
 * of a whole segment (its indexed length). Declared in the Matroska header,
 * which a piped file cannot fix afterwards.
 */
export function declaredDurationS(
  pieces: readonly ExportPiece[],
  entries: readonly ConcatEntry[],
  timing: (index: number) => SegmentTiming | undefined,
): number {
  return pieces.reduce((sum, piece, index) => {
    const entry = entries[index];
    const start = timing(index)?.startTimeS ?? 0;
    const from = entry?.inpointS ?? start;
    const to = entry?.outpointS ?? start + (piece.segment.endMs - piece.segment.startMs) / 1000;
    return sum + Math.max(0, to - from);
  }, 0);
}
