import { describe, expect, it } from 'vitest';
import type { MicroResult } from '../../../../bench/lib/micro-suite';
import { combineRounds, median } from '../../../../bench/lib/rounds';

const round = (base: number, work: number): MicroResult[] => [
  { name: 'base', opsPerSecond: base, rmePercent: 1, samples: 5 },
  { name: 'work', opsPerSecond: work, rmePercent: 1, samples: 5 },
];

describe('combining rounds of a micro-benchmark group', () => {
  it('takes medians', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('pairs each case with the baseline of its own round before taking the median', () => {
    // Round 2 ran under load: both halve, and its ratio stays 4.
    const [base, work] = combineRounds([round(400, 100), round(200, 50), round(400, 80)], 'base');
    expect(base).toEqual({ name: 'base', opsPerSecond: 400 });
    expect(work).toEqual({ name: 'work', opsPerSecond: 80, timeVsBaseline: 4, ratioRange: [4, 5] });
  });

  it('gives ops/s only in a group without a baseline', () => {
    expect(combineRounds([round(1, 2), round(3, 4)])).toEqual([
      { name: 'base', opsPerSecond: 2 },
      { name: 'work', opsPerSecond: 3 },
    ]);
  });

  it('refuses rounds that do not hold the same cases', () => {
    expect(() => combineRounds([round(1, 2), [round(1, 2)[0]!]], 'base')).toThrow('round without case work');
  });
});
