/**
 * How a recording is shown backwards as pictures (spec 4: negative speed
 * switches to low-bandwidth image mode): decode a chunk of whole seconds
 * forward with one ffmpeg, keep pictures a fixed capture step apart, and
 * hand them out last first; then the chunk before it. Decoding a GOP
 * forward is the only way to get its later frames, so a chunk is the unit
 * of work and one process serves CHUNK_WALL_MS of playing, not one picture.
 *
 * Pure: the step, the chunk length and which part of which segment the next
 * chunk reads, from ArchiveLookup. The reading is reverse-pictures.ts.
 *
 * Measured here (720p25 simulator, 2-core machine): one chunk process costs
 * tens of ms to start; decoding all frames costs ~2.5 ms each, so past
 * DECODE_BUDGET_FPS frames a second of speed (|speed| x 25 fps > 100, i.e.
 * from 8x) only keyframes are decoded (`-skip_frame nokey`), one picture
 * per GOP at most.
 */
import type { ArchiveLookup, ArchiveSegment } from '../core/media-contracts';

/** A chunk holds this much wall time of playing, so processes start at most every 2 s. */
export const CHUNK_WALL_MS = 2000;
/** Decoding more frames a second than this (speed x camera fps) decodes keyframes only. */
export const DECODE_BUDGET_FPS = 100;
/** Assumed camera rate and GOP (the simulator's and most cameras' defaults). */
export const SOURCE_FPS = 25;
export const GOP_MS = 1000;
/** How near the write head of a segment being written a chunk may read (the file lags the index). */
export const ACTIVE_TAIL_MARGIN_MS = 1500;
/** A piece of a segment shorter than this is not worth a process: go to the segment before. */
const MIN_CHUNK_MS = 40;

export interface ReverseStep {
  /** Capture time between two pictures shown. */
  captureStepMs: number;
  /** Wall time between two pictures shown (captureStepMs / speed). */
  intervalMs: number;
  keyframesOnly: boolean;
  /** Capture time one chunk covers (whole GOPs). */
  chunkMs: number;
}

/** The step for showing a recording backwards at `speed` (its absolute value is used) with at most `rate` pictures a second. */
export function reverseStep(speed: number, rate: number): ReverseStep {
  const s = Math.abs(speed);
  const keyframesOnly = s * SOURCE_FPS > DECODE_BUDGET_FPS;
  const picturesPerSecond = Math.min(rate, s * SOURCE_FPS);
  let captureStepMs = (s * 1000) / picturesPerSecond;
  if (keyframesOnly) captureStepMs = Math.max(captureStepMs, GOP_MS);
  const chunkMs = Math.max(GOP_MS, Math.round((s * CHUNK_WALL_MS) / GOP_MS) * GOP_MS);
  return { captureStepMs, intervalMs: captureStepMs / s, keyframesOnly, chunkMs };
}

export interface ReverseChunk {
  segment: ArchiveSegment;
  /** Offsets into the segment's file, ms: decode [fromOffsetMs, toOffsetMs). */
  fromOffsetMs: number;
  toOffsetMs: number;
}

export type NextChunk =
  | { kind: 'chunk'; chunk: ReverseChunk }
  /** Nothing recorded before `beforeMs` within the tolerance: the start of the recording. */
  | { kind: 'start' };

/**
 * The chunk that ends at `beforeMs` (exclusive) going backwards: inside the
 * latest segment starting before it, at most `chunkMs` long; a gap up to
 * `gapToleranceMs` is jumped over.
 */
export function chunkBefore(
  lookup: ArchiveLookup,
  streamId: string,
  beforeMs: number,
  chunkMs: number,
  gapToleranceMs: number,
): NextChunk {
  let to = beforeMs;
  // Each pass moves to an earlier segment, so this ends; the bound guards a lookup that does not.
  for (let guard = 0; guard < 1000; guard++) {
    const candidates = lookup.segmentsBetween(streamId, to - gapToleranceMs - 1, to);
    const segment = candidates.filter((s) => s.startMs < to).at(-1);
    if (!segment) return { kind: 'start' };
    const usableEndMs = segment.active ? segment.endMs - ACTIVE_TAIL_MARGIN_MS : segment.endMs;
    const end = Math.min(to, usableEndMs);
    if (to - end > gapToleranceMs && usableEndMs < to) return { kind: 'start' };
    const from = Math.max(segment.startMs, end - chunkMs);
    if (end - from >= MIN_CHUNK_MS) {
      return { kind: 'chunk', chunk: { segment, fromOffsetMs: from - segment.startMs, toOffsetMs: end - segment.startMs } };
    }
    to = segment.startMs;
  }
  return { kind: 'start' };
}

/**
 * Estimated capture times of the `count` pictures a chunk [fromMs, toMs)
 * gave, newest first: evenly spread, since the filter picks whole frames
 * and so a step rounded to the frame interval (133 ms gives 120 ms at 25 fps).
 */
export function reversedTimes(fromMs: number, toMs: number, count: number): number[] {
  const spacing = count > 0 ? (toMs - fromMs) / count : 0;
  return Array.from({ length: count }, (_, i) => Math.round(fromMs + (count - 1 - i) * spacing));
}

/** Wall time between the pictures of a chunk so that its capture time passes at `speed`. */
export function chunkIntervalMs(fromMs: number, toMs: number, count: number, speed: number): number {
  return count > 0 ? (toMs - fromMs) / count / Math.abs(speed) : 0;
}
