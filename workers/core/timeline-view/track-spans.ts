/**
 * A camera's spans on the timeline (recorded archives, motion buckets) as
 * one packed Float64Array of [start0, stop0, start1, stop1, ...] in local
 * epoch ms, sorted by start, so a year of a million events is 16 MB moved
 * to the worker in one transfer, and drawing a view is a binary search for
 * its first span plus a walk over what is visible.
 *
 * Helpers: pack API rows (shifted by the server's clock offset), merge
 * archives that touch (segments follow each other with gaps of a frame or
 * two), find the first span ending after a time.
 *
 * Pure. Cost: packing is O(n); `firstEndingAfter` O(log n) with no
 * allocation, so the renderer calls it every frame.
 */

/** Spans closer than this are one on the timeline: segment boundaries are not gaps in the recording. */
export const ARCHIVE_JOIN_GAP_MS = 2_000;

export interface TimedRow {
  start: number;
  stop: number;
}

/**
 * Packs rows to [start, stop, ...], shifted from server to local time
 * (`offsetMs` = server minus local clock), sorted by start, merging spans
 * whose gap is at most `joinGapMs`.
 */
export function packSpans(rows: readonly TimedRow[], offsetMs: number, joinGapMs = 0): Float64Array {
  const sorted = [...rows].sort((a, b) => a.start - b.start);
  const out = new Float64Array(sorted.length * 2);
  let n = 0;
  for (const row of sorted) {
    const start = row.start - offsetMs;
    const stop = Math.max(start, row.stop - offsetMs);
    if (n > 0 && start - out[n - 1]! <= joinGapMs) {
      out[n - 1] = Math.max(out[n - 1]!, stop);
      continue;
    }
    out[n++] = start;
    out[n++] = stop;
  }
  return out.slice(0, n);
}

/** The pair index (0, 1, ...) of the first span whose stop is after `timeMs`; the span count when none. */
export function firstEndingAfter(spans: Float64Array, timeMs: number): number {
  // Stops are sorted too when spans do not overlap; packSpans merges overlaps, and events do not overlap within a stream.
  let lo = 0;
  let hi = spans.length >> 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid * 2 + 1]! <= timeMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
