/**
 * The events chart's buckets (spec 9: a bucket is at most 10 px wide): the
 * chart's range [startMs, stopMs) cut into ceil(width / 10) equal spans (at
 * least one), each counting its server ('orchid') and stream events.
 *
 * Bucket i covers [startMs + ceil(i * span / count), startMs + ceil((i + 1)
 * * span / count)): whole milliseconds, so an event's bucket and a selection
 * of buckets as a time span always agree (events are whole ms). Pure; cost
 * is one pass over the events.
 */
import type { ReportEventSource } from './report-rows';

/** Spec 9: no bucket is wider than this. */
export const MAX_BUCKET_WIDTH_PX = 10;

export interface EventBucket {
  startMs: number;
  /** Exclusive. */
  stopMs: number;
  orchid: number;
  stream: number;
}

export interface TimeSpan {
  startMs: number;
  /** Exclusive. */
  stopMs: number;
}

/** How many buckets a chart this wide has: none wider than 10 px, at least one. */
export function bucketCount(widthPx: number): number {
  return Math.max(1, Math.ceil(Math.max(0, widthPx) / MAX_BUCKET_WIDTH_PX));
}

function boundary(span: TimeSpan, count: number, index: number): number {
  return span.startMs + Math.ceil((index * (span.stopMs - span.startMs)) / count);
}

/** The index of the bucket holding `when`, or -1 outside the span. */
export function bucketIndex(span: TimeSpan, count: number, when: number): number {
  if (when < span.startMs || when >= span.stopMs) return -1;
  return Math.floor(((when - span.startMs) * count) / (span.stopMs - span.startMs));
}

/** The buckets of a span for a chart `widthPx` wide, with the events counted by source. */
export function bucketEvents(
  span: TimeSpan,
  widthPx: number,
  events: ReadonlyArray<{ source: ReportEventSource; when: number }>,
): EventBucket[] {
  const count = bucketCount(widthPx);
  const buckets: EventBucket[] = Array.from({ length: count }, (_, index) => ({
    startMs: boundary(span, count, index),
    stopMs: boundary(span, count, index + 1),
    orchid: 0,
    stream: 0,
  }));
  if (span.stopMs <= span.startMs) return buckets;
  for (const event of events) {
    const bucket = buckets[bucketIndex(span, count, event.when)];
    if (bucket) bucket[event.source]++;
  }
  return buckets;
}

/** The bucket under a pointer `x` px from the chart's left edge (clamped to the chart). */
export function bucketAtX(x: number, widthPx: number, count: number): number {
  if (widthPx <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.floor((x / widthPx) * count)));
}

/** The time span of the buckets from `first` to `last` (either order), both included. */
export function bucketsSpan(buckets: readonly EventBucket[], first: number, last: number): TimeSpan | null {
  const from = buckets[Math.min(first, last)];
  const to = buckets[Math.max(first, last)];
  return from && to ? { startMs: from.startMs, stopMs: to.stopMs } : null;
}

/** The largest bucket total, for the chart's height scale (at least 1). */
export function largestBucket(buckets: readonly EventBucket[]): number {
  return buckets.reduce((most, bucket) => Math.max(most, bucket.orchid + bucket.stream), 1);
}
