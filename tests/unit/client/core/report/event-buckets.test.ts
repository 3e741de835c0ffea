import { describe, expect, it } from 'vitest';
import {
  bucketAtX,
  bucketCount,
  bucketEvents,
  bucketIndex,
  bucketsSpan,
  largestBucket,
  MAX_BUCKET_WIDTH_PX,
} from '../../../../../src/core/report/event-buckets';

describe('bucket count', () => {
  it('keeps every bucket at most 10 px wide, with at least one bucket', () => {
    expect(bucketCount(1000)).toBe(100);
    expect(bucketCount(1001)).toBe(101);
    expect(bucketCount(395)).toBe(40);
    expect(bucketCount(5)).toBe(1);
    expect(bucketCount(0)).toBe(1);
    expect(bucketCount(-20)).toBe(1);
    for (const width of [1, 9, 10, 11, 333, 1357.5]) expect(width / bucketCount(width)).toBeLessThanOrEqual(MAX_BUCKET_WIDTH_PX);
  });
});

describe('bucketing events', () => {
  const span = { startMs: 0, stopMs: 1_000 };

  it('counts server and stream events per bucket, start included and stop excluded', () => {
    const buckets = bucketEvents(span, 40, [
      { source: 'orchid', when: 0 },
      { source: 'stream', when: 249 },
      { source: 'stream', when: 250 },
      { source: 'orchid', when: 999 },
      { source: 'orchid', when: 1_000 },
      { source: 'stream', when: -1 },
    ]);
    expect(buckets).toEqual([
      { startMs: 0, stopMs: 250, orchid: 1, stream: 1 },
      { startMs: 250, stopMs: 500, orchid: 0, stream: 1 },
      { startMs: 500, stopMs: 750, orchid: 0, stream: 0 },
      { startMs: 750, stopMs: 1_000, orchid: 1, stream: 0 },
    ]);
  });

  it('cuts a span that does not divide evenly into whole-ms buckets that tile it and agree with bucketIndex', () => {
    const odd = { startMs: 1_700_000_000_000, stopMs: 1_700_000_000_000 + 1_001 };
    const buckets = bucketEvents(odd, 30, []);
    expect(buckets).toHaveLength(3);
    expect(buckets[0]?.startMs).toBe(odd.startMs);
    expect(buckets.at(-1)?.stopMs).toBe(odd.stopMs);
    buckets.forEach((bucket, index) => {
      expect(Number.isInteger(bucket.startMs)).toBe(true);
      if (index > 0) expect(bucket.startMs).toBe(buckets[index - 1]?.stopMs);
      expect(bucketIndex(odd, 3, bucket.startMs)).toBe(index);
      expect(bucketIndex(odd, 3, bucket.stopMs - 1)).toBe(index);
    });
    expect(bucketIndex(odd, 3, odd.stopMs)).toBe(-1);
  });

  it('counts every event of a year-long span once', () => {
    const year = { startMs: 0, stopMs: 366 * 86_400_000 };
    const events = Array.from({ length: 1_000 }, (_, index) => ({ source: 'stream' as const, when: index * 31_622_399 }));
    const buckets = bucketEvents(year, 1357, events);
    expect(buckets.reduce((sum, bucket) => sum + bucket.stream, 0)).toBe(1_000);
  });
});

describe('pointer and selection', () => {
  it('finds the bucket under the pointer, clamped to the chart', () => {
    expect(bucketAtX(0, 100, 10)).toBe(0);
    expect(bucketAtX(9.99, 100, 10)).toBe(0);
    expect(bucketAtX(10, 100, 10)).toBe(1);
    expect(bucketAtX(100, 100, 10)).toBe(9);
    expect(bucketAtX(-30, 100, 10)).toBe(0);
    expect(bucketAtX(500, 100, 10)).toBe(9);
  });

  it('turns a drag across buckets, either way, into the span from the first bucket to the end of the last', () => {
    const buckets = bucketEvents({ startMs: 0, stopMs: 1_000 }, 100, []);
    expect(bucketsSpan(buckets, 2, 4)).toEqual({ startMs: 200, stopMs: 500 });
    expect(bucketsSpan(buckets, 4, 2)).toEqual({ startMs: 200, stopMs: 500 });
    expect(bucketsSpan(buckets, 3, 3)).toEqual({ startMs: 300, stopMs: 400 });
    expect(bucketsSpan(buckets, 3, 40)).toBeNull();
  });

  it('scales to the fullest bucket, at least 1', () => {
    expect(largestBucket([{ startMs: 0, stopMs: 1, orchid: 2, stream: 3 }, { startMs: 1, stopMs: 2, orchid: 4, stream: 0 }])).toBe(5);
    expect(largestBucket([{ startMs: 0, stopMs: 1, orchid: 0, stream: 0 }])).toBe(1);
  });
});
