/**
 * Histogram buckets for the timeline (GET /service/events/camera-stream/
 * histogram), as pure planning and summing. A plan fixes the bucket width
 * and where the sums come from:
 *
 *   width < 1 min    raw events (the range then spans at most 2000 minutes)
 *   1 min <= width   whole minutes, summed from the per-minute rollup
 *   1 h <= width     whole hours, summed from the per-hour rollup
 *
 * The width is at least minSegment, rounded up to whole minutes or hours
 * in those ranges, and widened so no range gives more than
 * MAX_HISTOGRAM_BUCKETS buckets. Buckets are aligned to multiples of the
 * width from the epoch, so they stay put while the timeline scrolls.
 *
 * Per bucket: `count` = events starting in it, `motionMs` = ms of motion in
 * it. Both add up exactly across minutes and hours, which is why the
 * rollups can answer wide ranges.
 *
 * Cost: O(buckets + events or rollup rows given). Limits: UTC alignment
 * (a 24 h bucket is a UTC day, not a local one).
 */
import type { EventsHistogramBucket } from '../../shared/api';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const MAX_HISTOGRAM_BUCKETS = 2000;

export type HistogramSource = 'events' | 'minutes' | 'hours';

export interface HistogramPlan {
  /** Start of the first bucket (a multiple of bucketMs). */
  firstMs: number;
  bucketMs: number;
  count: number;
  source: HistogramSource;
}

const roundUp = (value: number, unit: number) => Math.ceil(value / unit) * unit;

export function planHistogram(startMs: number, stopMs: number, minSegmentMs: number): HistogramPlan {
  const span = Math.max(1, stopMs - startMs);
  let bucketMs = Math.max(1, Math.ceil(minSegmentMs), Math.ceil(span / MAX_HISTOGRAM_BUCKETS));
  let source: HistogramSource = 'events';
  if (bucketMs >= HOUR_MS) {
    bucketMs = roundUp(bucketMs, HOUR_MS);
    source = 'hours';
  } else if (bucketMs >= MINUTE_MS) {
    bucketMs = roundUp(bucketMs, MINUTE_MS);
    source = 'minutes';
  }
  for (;;) {
    const firstMs = Math.floor(startMs / bucketMs) * bucketMs;
    const count = Math.max(1, Math.ceil((stopMs - firstMs) / bucketMs));
    // Alignment can add one bucket beyond the limit; widen by one unit of the source and plan again.
    if (count <= MAX_HISTOGRAM_BUCKETS) return { firstMs, bucketMs, count, source };
    bucketMs += source === 'hours' ? HOUR_MS : source === 'minutes' ? MINUTE_MS : Math.max(1, Math.ceil(bucketMs / 1000));
  }
}

/** Sums per bucket of one plan. */
export class HistogramAccumulator {
  private readonly starts: Float64Array;
  private readonly motionMs: Float64Array;
  private readonly endMs: number;

  constructor(readonly plan: HistogramPlan) {
    this.starts = new Float64Array(plan.count);
    this.motionMs = new Float64Array(plan.count);
    this.endMs = plan.firstMs + plan.count * plan.bucketMs;
  }

  private indexOf(timeMs: number): number {
    return Math.floor((timeMs - this.plan.firstMs) / this.plan.bucketMs);
  }

  /** Rollup sums already grouped by bucket index (rows outside the plan are ignored). */
  addSums(index: number, starts: number, motionMs: number): void {
    if (index < 0 || index >= this.plan.count) return;
    this.starts[index] = this.starts[index]! + starts;
    this.motionMs[index] = this.motionMs[index]! + motionMs;
  }

  /** One event [startMs, stopMs]: its start where it falls, its motion in every bucket it covers. */
  addEvent(startMs: number, stopMs: number): void {
    const stop = Math.max(startMs, stopMs);
    if (startMs >= this.plan.firstMs && startMs < this.endMs) {
      const i = this.indexOf(startMs);
      this.starts[i] = this.starts[i]! + 1;
    }
    const from = Math.max(startMs, this.plan.firstMs);
    const to = Math.min(stop, this.endMs);
    if (to <= from) return;
    for (let i = this.indexOf(from); i <= Math.min(this.plan.count - 1, this.indexOf(to - 1)); i++) {
      const bucketStart = this.plan.firstMs + i * this.plan.bucketMs;
      const overlap = Math.min(to, bucketStart + this.plan.bucketMs) - Math.max(from, bucketStart);
      if (overlap > 0) this.motionMs[i] = this.motionMs[i]! + overlap;
    }
  }

  /** Buckets with events or motion, oldest first. */
  buckets(): EventsHistogramBucket[] {
    const out: EventsHistogramBucket[] = [];
    for (let i = 0; i < this.plan.count; i++) {
      const count = this.starts[i]!;
      const motionMs = this.motionMs[i]!;
      if (count === 0 && motionMs === 0) continue;
      const start = this.plan.firstMs + i * this.plan.bucketMs;
      out.push({ start, stop: start + this.plan.bucketMs, count, motionMs });
    }
    return out;
  }
}
