import { describe, expect, it } from 'vitest';
import { neighbourFrame, parsePacketTimes } from '../../../../../server/recorder/live/frame-step';

const frames = [0, 40, 80, 120, 160];

describe('frame step selection', () => {
  it('steps from the frame shown at the time, one frame either way', () => {
    expect(neighbourFrame(frames, 80, 1)).toBe(120);
    expect(neighbourFrame(frames, 80, -1)).toBe(40);
    // A time between frames names the frame shown then (the earlier one).
    expect(neighbourFrame(frames, 95, -1)).toBe(40);
    expect(neighbourFrame(frames, 95, 1)).toBe(120);
  });

  it('reports a neighbour outside the listing as missing (the segment before or after has it)', () => {
    expect(neighbourFrame(frames, 0, -1)).toBeUndefined();
    expect(neighbourFrame(frames, 160, 1)).toBeUndefined();
    expect(neighbourFrame(frames, -10, -1)).toBeUndefined();
    expect(neighbourFrame(frames, -10, 1)).toBe(0);
  });

  it('takes listings in any order and tolerates float rounding', () => {
    expect(neighbourFrame([120, 0, 80, 40], 79.7, 1)).toBe(120);
    expect(parsePacketTimes('10.000000\n10.040000\n\n10.080000,\n')).toEqual([10_000, 10_040, 10_080]);
  });
});
