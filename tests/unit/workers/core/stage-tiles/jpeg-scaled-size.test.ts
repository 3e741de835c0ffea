import { describe, expect, it } from 'vitest';
import { scaledDecodeSize } from '../../../../../workers/core/stage-tiles/jpeg-scaled-size';

describe('scaledDecodeSize', () => {
  it('asks for the first eighth of the picture at or above the tile, on both sides', () => {
    // 200/640 is 2.5 eighths: 3 eighths (Chromium would decode 160x90 if asked 200x112).
    expect(scaledDecodeSize({ width: 640, height: 360 }, { width: 200, height: 112 })).toEqual({ width: 240, height: 135 });
    // The taller side decides: 100/360 is 2.2 eighths, 80/640 is 1.
    expect(scaledDecodeSize({ width: 640, height: 360 }, { width: 80, height: 100 })).toEqual({ width: 240, height: 135 });
    expect(scaledDecodeSize({ width: 640, height: 360 }, { width: 80, height: 45 })).toEqual({ width: 80, height: 45 });
    expect(scaledDecodeSize({ width: 642, height: 361 }, { width: 1, height: 1 })).toEqual({ width: 81, height: 46 });
  });

  it('decodes whole when the tile needs more than seven eighths', () => {
    expect(scaledDecodeSize({ width: 640, height: 360 }, { width: 561, height: 100 })).toBeNull();
    expect(scaledDecodeSize({ width: 640, height: 360 }, { width: 1280, height: 720 })).toBeNull();
  });
});
