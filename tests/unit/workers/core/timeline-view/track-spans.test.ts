import { describe, expect, it } from 'vitest';
import { firstEndingAfter, packSpans } from '../../../../../workers/core/timeline-view/track-spans';

describe('track spans', () => {
  it('packs rows sorted, shifted from server to local time', () => {
    const spans = packSpans([{ start: 5000, stop: 6000 }, { start: 1000, stop: 2000 }], 500);
    expect([...spans]).toEqual([500, 1500, 4500, 5500]);
  });

  it('joins archives whose gap is within the join gap', () => {
    const spans = packSpans([{ start: 0, stop: 1000 }, { start: 1500, stop: 3000 }, { start: 9000, stop: 9500 }], 0, 2000);
    expect([...spans]).toEqual([0, 3000, 9000, 9500]);
  });

  it('finds the first span still running after a time', () => {
    const spans = new Float64Array([0, 10, 20, 30, 40, 50]);
    expect(firstEndingAfter(spans, -5)).toBe(0);
    expect(firstEndingAfter(spans, 10)).toBe(1);
    expect(firstEndingAfter(spans, 25)).toBe(1);
    expect(firstEndingAfter(spans, 50)).toBe(3);
  });
});
