import { describe, expect, it } from 'vitest';
import {
  chooseNonMotionRate,
  clampMotionFrameRate,
  decodeAllFramesAfterEncoderChange,
  decodeAllFramesAvailable,
  decodesAllFrames,
  motionFrameRateRange,
  nonMotionRateOptions,
} from '../../../../../src/core/cameras/motion-frame-rates';

const int = (min: number, max: number) => ({ type: 'int' as const, min, max });

describe('motion-adaptive frame rate (spec 5: 1 to 30)', () => {
  it('limits the range to 1-30 within the capability', () => {
    expect(motionFrameRateRange(int(0, 60))).toEqual({ min: 1, max: 30 });
    expect(motionFrameRateRange(int(5, 25))).toEqual({ min: 5, max: 25 });
    expect(motionFrameRateRange(undefined)).toEqual({ min: 1, max: 30 });
  });

  it('clamps a rate into it', () => {
    expect(clampMotionFrameRate(60, int(1, 60))).toBe(30);
    expect(clampMotionFrameRate(0, int(0, 60))).toBe(1);
    expect(clampMotionFrameRate(12, int(1, 60))).toBe(12);
  });
});

describe('non-motion rate (spec 5: frameRate divided by integers)', () => {
  it('offers frameRate / n for whole n from 2 while the rate is at least 1', () => {
    const options = nonMotionRateOptions(10, int(1, 250));
    expect(options.map((o) => o.divisor)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(options[0]).toEqual({ divisor: 2, rate: 5 });
    expect(options[1]).toEqual({ divisor: 3, rate: 3.33 });
    expect(options.at(-1)).toEqual({ divisor: 10, rate: 1 });
    for (const option of options) expect(option.rate).toBeCloseTo(10 / option.divisor, 2);
  });

  it('keeps n within the GOV length the camera allows', () => {
    expect(nonMotionRateOptions(30, int(10, 15)).map((o) => o.divisor)).toEqual([10, 11, 12, 13, 14, 15]);
  });

  it('offers nothing below 1 fps', () => {
    expect(nonMotionRateOptions(0.5, int(1, 250))).toEqual([]);
    expect(nonMotionRateOptions(1, int(1, 250))).toEqual([]);
  });

  it('chooses the option of the stream’s GOV length, else the nearest', () => {
    const options = nonMotionRateOptions(30, int(1, 250));
    expect(chooseNonMotionRate(options, 15)?.divisor).toBe(15);
    expect(chooseNonMotionRate(options, 60)?.divisor).toBe(30);
    expect(chooseNonMotionRate(options, undefined)?.divisor).toBe(2);
    expect(chooseNonMotionRate([], 10)).toBeUndefined();
  });
});

describe('decode all frames (spec 5: H264 enables it)', () => {
  it('applies only to H264', () => {
    expect(decodeAllFramesAvailable('H264')).toBe(true);
    expect(decodeAllFramesAvailable('MJPEG')).toBe(false);
    expect(decodeAllFramesAvailable(undefined)).toBe(false);
  });

  it('turns on when the encoder becomes H264 and is kept otherwise', () => {
    expect(decodeAllFramesAfterEncoderChange('MJPEG', 'H264', false)).toBe(true);
    expect(decodeAllFramesAfterEncoderChange('H264', 'H264', false)).toBe(false);
    expect(decodeAllFramesAfterEncoderChange('H264', 'MJPEG', true)).toBe(true);
  });

  it('reads the stored setting: every frame unless keyframes only is said', () => {
    expect(decodesAllFrames({ mode: 'ALL_FEATURES_MODE', decode: { keyFramesOnly: true } })).toBe(false);
    expect(decodesAllFrames({ mode: 'ALL_FEATURES_MODE', decode: { keyFramesOnly: false } })).toBe(true);
    expect(decodesAllFrames({ mode: 'ALL_FEATURES_MODE' })).toBe(true);
  });
});
