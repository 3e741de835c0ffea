import { describe, expect, it } from 'vitest';
import { pairedRatio } from '../../../../bench/lib/paired-ratio';

describe('paired ratio over rounds', () => {
  it('takes the ratio within each round, then the median', () => {
    // Round 2 ran under load: both doubled, its ratio stays 1.5.
    const result = pairedRatio([
      { baseline: 2, measured: 3 },
      { baseline: 4, measured: 6 },
      { baseline: 2, measured: 5 },
    ]);
    expect(result).toEqual({ ratio: 1.5, min: 1.5, max: 2.5, rounds: 3 });
  });

  it('leaves out rounds without a usable baseline or value', () => {
    const result = pairedRatio([
      { baseline: 0, measured: 3 },
      { baseline: Number.NaN, measured: 3 },
      { baseline: 2, measured: Number.POSITIVE_INFINITY },
      { baseline: 2, measured: 4 },
    ]);
    expect(result).toEqual({ ratio: 2, min: 2, max: 2, rounds: 1 });
  });

  it('answers NaN when no round counts', () => {
    expect(pairedRatio([]).ratio).toBeNaN();
    expect(pairedRatio([]).rounds).toBe(0);
  });
});
