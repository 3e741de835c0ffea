import { describe, expect, it } from 'vitest';
import { HistogramAccumulator, HOUR_MS, MAX_HISTOGRAM_BUCKETS, MINUTE_MS, planHistogram } from '../../../../../server/recorder/events/events-histogram';
import { checkEventListQuery, checkHistogramQuery, MAX_EVENT_COUNT } from '../../../../../server/recorder/events/events-query';
import { rollupRows } from '../../../../../server/recorder/motion/rollup';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('histogram plan', () => {
  it('uses raw events under a minute, minutes, then hours; widths at least minSegment and rounded up', () => {
    expect(planHistogram(T0, T0 + 60_000, 1000)).toMatchObject({ bucketMs: 1000, source: 'events', count: 60, firstMs: T0 });
    expect(planHistogram(T0, T0 + 3_600_000, 90_000)).toMatchObject({ bucketMs: 2 * MINUTE_MS, source: 'minutes' });
    expect(planHistogram(T0, T0 + 86_400_000 * 30, 1)).toMatchObject({ bucketMs: 22 * MINUTE_MS, source: 'minutes' });
    expect(planHistogram(T0, T0 + 86_400_000 * 365, 1)).toMatchObject({ bucketMs: 5 * HOUR_MS, source: 'hours' });
    expect(planHistogram(T0, T0 + 86_400_000, HOUR_MS + 1)).toMatchObject({ bucketMs: 2 * HOUR_MS, source: 'hours' });
  });

  it('aligns buckets to multiples of the width and never plans more than the maximum', () => {
    const plan = planHistogram(T0 + 12_345, T0 + 7_000_000, 60_000);
    expect(plan.firstMs % plan.bucketMs).toBe(0);
    expect(plan.firstMs).toBeLessThanOrEqual(T0 + 12_345);
    expect(plan.firstMs + plan.count * plan.bucketMs).toBeGreaterThanOrEqual(T0 + 7_000_000);
    for (const [start, stop] of [
      [0, 8_640_000_000_000_000],
      [T0, T0 + 365 * 86_400_000],
      [T0 + 1, T0 + 2_000 * 59_999],
    ] as const) {
      expect(planHistogram(start, stop, 1).count).toBeLessThanOrEqual(MAX_HISTOGRAM_BUCKETS);
    }
  });
});

describe('histogram sums', () => {
  it('counts an event where it starts and its motion in every bucket it covers', () => {
    const sums = new HistogramAccumulator(planHistogram(T0, T0 + 10_000, 1000));
    sums.addEvent(T0 + 1500, T0 + 4200);
    sums.addEvent(T0 - 5000, T0 + 300); // started before the range: motion only
    expect(sums.buckets()).toEqual([
      { start: T0, stop: T0 + 1000, count: 0, motionMs: 300 },
      { start: T0 + 1000, stop: T0 + 2000, count: 1, motionMs: 500 },
      { start: T0 + 2000, stop: T0 + 3000, count: 0, motionMs: 1000 },
      { start: T0 + 3000, stop: T0 + 4000, count: 0, motionMs: 1000 },
      { start: T0 + 4000, stop: T0 + 5000, count: 0, motionMs: 200 },
    ]);
  });

  it('rollup rows add up to the same buckets as raw events', () => {
    const events: Array<[number, number]> = [
      [T0 + 10_000, T0 + 70_000],
      [T0 + 119_000, T0 + 125_000],
      [T0 + 3_590_000, T0 + 3_700_000],
    ];
    const plan = planHistogram(T0, T0 + 2 * HOUR_MS, 10 * MINUTE_MS);
    const raw = new HistogramAccumulator(plan);
    for (const [s, e] of events) raw.addEvent(s, e);
    const fromRollup = new HistogramAccumulator(plan);
    for (const [s, e] of events) {
      for (const row of rollupRows(s, e, MINUTE_MS)) fromRollup.addSums(Math.floor((row.bucketMs - plan.firstMs) / plan.bucketMs), row.starts, row.motionMs);
    }
    expect(fromRollup.buckets()).toEqual(raw.buckets());
    expect(rollupRows(T0 + 59_000, T0 + 61_000, MINUTE_MS)).toEqual([
      { bucketMs: T0, starts: 1, motionMs: 1000 },
      { bucketMs: T0 + MINUTE_MS, starts: 0, motionMs: 1000 },
    ]);
    expect(rollupRows(T0 + 5, T0 + 5, MINUTE_MS)).toEqual([{ bucketMs: T0, starts: 1, motionMs: 0 }]);
  });
});

describe('events query checks', () => {
  const base = { eventType: 'motion', id: 'stream-1', start: T0, stop: T0 + 60_000, minSegment: 1000 };

  it('accepts a well-formed query and rounds times to whole ms', () => {
    expect(checkHistogramQuery({ ...base, start: T0 + 0.7 })).toEqual({ streamId: 'stream-1', startMs: T0, stopMs: T0 + 60_000, minSegmentMs: 1000 });
    expect(checkEventListQuery({ eventType: 'motion', id: 's', start: T0 })).toEqual({ streamId: 's', startMs: T0, count: 10, fromEnd: false });
    expect(checkEventListQuery({ eventType: 'motion', id: 's', start: T0, count: 5, from_end: true }).fromEnd).toBe(true);
  });

  it.each([
    [{ ...base, eventType: 'tampering' }, 'unknown-event-type'],
    [{ ...base, stop: T0 }, 'invalid-time-range'],
    [{ ...base, start: -1 }, 'invalid-time'],
    [{ ...base, stop: Number.NaN }, 'invalid-time'],
    [{ ...base, stop: 9e15 }, 'invalid-time'],
    [{ ...base, minSegment: 0 }, 'invalid-min-segment'],
    [{ ...base, id: '../x' }, 'invalid-stream-id'],
  ])('refuses %j with %s', (query, code) => {
    expect(() => checkHistogramQuery(query)).toThrow(expect.objectContaining({ status: 400, code }));
  });

  it.each([0, -1, 1.5, MAX_EVENT_COUNT + 1])('refuses count %d', (count) => {
    expect(() => checkEventListQuery({ eventType: 'motion', id: 's', start: T0, count })).toThrow(expect.objectContaining({ code: 'invalid-count' }));
  });
});
