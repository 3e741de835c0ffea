/**
 * When a stream's detector was actually watching: intervals of analysed
 * pictures, a new interval whenever pictures were further apart than the
 * allowed gap. The archive keeper deletes or thins a segment only when one
 * interval covers all of it, so video the detector never saw (before it
 * started, while the decoder restarted, while the CPU was starved) is kept
 * whole. Pure; in memory only, so after a restart older segments are never
 * touched.
 *
 * Cost: O(intervals), which stay few (pruned past `keepMs`).
 */

export const COVERAGE_KEEP_MS = 2 * 60 * 60 * 1000;

export class Coverage {
  private readonly intervals: Array<{ fromMs: number; toMs: number }> = [];

  constructor(private readonly keepMs = COVERAGE_KEEP_MS) {}

  /** A picture was analysed at `timeMs`; pictures up to `maxGapMs` apart continue the interval. */
  saw(timeMs: number, maxGapMs: number): void {
    const last = this.intervals.at(-1);
    if (last && timeMs >= last.toMs && timeMs - last.toMs <= maxGapMs) last.toMs = timeMs;
    else if (!last || timeMs > last.toMs) this.intervals.push({ fromMs: timeMs, toMs: timeMs });
    while (this.intervals.length > 1 && this.intervals[0]!.toMs < timeMs - this.keepMs) this.intervals.shift();
  }

  /** Whether one interval covers all of [fromMs, toMs]. */
  covers(fromMs: number, toMs: number): boolean {
    return this.intervals.some((i) => i.fromMs <= fromMs && i.toMs >= toMs);
  }

  /** Start of the oldest interval kept, undefined before the first picture. */
  get sinceMs(): number | undefined {
    return this.intervals[0]?.fromMs;
  }
}
