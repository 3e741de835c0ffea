import { describe, expect, it } from 'vitest';
import { lowBandwidthRate } from '../../../../../src/media/low-bandwidth/low-bandwidth-source';
import { LOW_BANDWIDTH_MAX_RATE } from '../../../../../server/shared/validation';

describe('low-bandwidth rate asked of the recorder', () => {
  it('grows with the playing speed either way, slow speeds keeping the base rate', () => {
    expect(lowBandwidthRate(10, 1)).toBe(10);
    expect(lowBandwidthRate(10, 0.25)).toBe(10);
    expect(lowBandwidthRate(5, 2)).toBe(10);
    expect(lowBandwidthRate(5, -2)).toBe(10);
  });

  it('never asks past what the recorder serves, so fast and reverse speeds still play', () => {
    expect(lowBandwidthRate(10, 4)).toBe(LOW_BANDWIDTH_MAX_RATE);
    expect(lowBandwidthRate(10, -64)).toBe(LOW_BANDWIDTH_MAX_RATE);
  });
});
