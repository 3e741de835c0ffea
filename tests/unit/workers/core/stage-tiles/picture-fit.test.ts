import { describe, expect, it } from 'vitest';
import { DECODE_OPTIONS, drawSizeOf, fittedOptions } from '../../../../../workers/core/stage-tiles/picture-fit';

describe('draw size of a tile', () => {
  it('rounds to whole device pixels', () => {
    expect(drawSizeOf({ width: 320.4, height: 180.6 })).toEqual({ width: 320, height: 181 });
  });

  it('is null (the picture’s own size) when unknown or smaller than a pixel', () => {
    expect(drawSizeOf(null)).toBeNull();
    expect(drawSizeOf({ width: 0.5, height: 100 })).toBeNull();
    expect(drawSizeOf({ width: 100, height: 0 })).toBeNull();
  });
});

describe('fitted decode options', () => {
  it('decodes at the picture’s size without a tile size', () => {
    expect(fittedOptions(640, 360, null)).toBe(DECODE_OPTIONS);
  });

  it('never enlarges a picture smaller than its tile', () => {
    expect(fittedOptions(320, 180, { width: 640, height: 360 })).toBe(DECODE_OPTIONS);
    expect(fittedOptions(320, 180, { width: 320, height: 180 })).toBe(DECODE_OPTIONS);
  });

  it('shrinks a larger picture inside the tile, keeping its shape', () => {
    expect(fittedOptions(1280, 720, { width: 320, height: 320 })).toEqual({ ...DECODE_OPTIONS, resizeWidth: 320, resizeHeight: 180, resizeQuality: 'low' });
    expect(fittedOptions(1280, 720, { width: 640, height: 90 })).toEqual({ ...DECODE_OPTIONS, resizeWidth: 160, resizeHeight: 90, resizeQuality: 'low' });
  });

  it('keeps at least one pixel each way', () => {
    expect(fittedOptions(1920, 10, { width: 1, height: 1 })).toMatchObject({ resizeWidth: 1, resizeHeight: 1 });
  });

  it('leaves a picture of unknown size as it is', () => {
    expect(fittedOptions(0, 0, { width: 100, height: 100 })).toBe(DECODE_OPTIONS);
  });

  it('asks for no alpha and no colour-space work', () => {
    expect(DECODE_OPTIONS).toEqual({ premultiplyAlpha: 'none', colorSpaceConversion: 'none', imageOrientation: 'none' });
  });
});
