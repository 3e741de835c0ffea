import { describe, expect, it } from 'vitest';
import { MaskRaster, maskSizeFor, toRasterPoint } from '../../../../../src/core/motion/mask-raster';

describe('mask raster', () => {
  it('starts empty and a dab paints a disc of the brush diameter', () => {
    const mask = new MaskRaster(100, 50);
    expect(mask.isEmpty()).toBe(true);
    mask.dab({ x: 50, y: 25 }, 20, 'draw');
    expect(mask.isPainted(50, 25)).toBe(true);
    expect(mask.isPainted(59, 25)).toBe(true);
    expect(mask.isPainted(61, 25)).toBe(false);
    // About pi r^2 pixels.
    expect(mask.count()).toBeGreaterThan(290);
    expect(mask.count()).toBeLessThan(340);
  });

  it('a stroke leaves no gaps however fast the pointer moved', () => {
    const mask = new MaskRaster(200, 20);
    mask.stroke({ x: 5, y: 10 }, { x: 195, y: 10 }, 4, 'draw');
    for (let x = 5; x < 195; x++) expect(mask.isPainted(x, 10), `x=${x}`).toBe(true);
    expect(mask.isPainted(100, 2)).toBe(false);
  });

  it('erase clears what draw painted; clear empties it', () => {
    const mask = new MaskRaster(100, 100);
    mask.dab({ x: 50, y: 50 }, 40, 'draw');
    mask.dab({ x: 50, y: 50 }, 10, 'erase');
    expect(mask.isPainted(50, 50)).toBe(false);
    expect(mask.isPainted(50, 35)).toBe(true);
    mask.clear();
    expect(mask.isEmpty()).toBe(true);
  });

  it('clips at the edges', () => {
    const mask = new MaskRaster(10, 10);
    mask.dab({ x: 0, y: 0 }, 200, 'draw');
    expect(mask.count()).toBe(100);
  });

  it('uploads opaque black where painted and transparent elsewhere, and reads that back', () => {
    const mask = new MaskRaster(4, 2);
    mask.cells[1] = 1;
    mask.cells[6] = 1;
    const rgba = mask.toRgba();
    expect(Array.from(rgba.subarray(0, 8))).toEqual([0, 0, 0, 0, 0, 0, 0, 255]);
    const back = MaskRaster.fromRgba(4, 2, rgba);
    expect(Array.from(back.cells)).toEqual(Array.from(mask.cells));
  });

  it('reads pictures with the recorder rule: dark over white is ignored, light or transparent is watched', () => {
    const pixels = [
      [0, 0, 0, 255], // black: ignored
      [255, 255, 255, 255], // white: watched
      [0, 0, 0, 0], // transparent: watched
      [100, 100, 100, 255], // dark grey: ignored
      [200, 200, 200, 255], // light grey: watched
      [0, 0, 0, 100], // faint black over white: grey about 155, watched
    ].flat();
    expect(Array.from(MaskRaster.fromRgba(6, 1, pixels).cells)).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('refuses a size that is not whole and positive', () => {
    expect(() => new MaskRaster(0, 10)).toThrow(RangeError);
    expect(() => new MaskRaster(10.5, 10)).toThrow(RangeError);
  });
});

describe('mask size and pointer mapping', () => {
  it('follows the snapshot aspect, 16:9 when unknown', () => {
    expect(maskSizeFor({ width: 1280, height: 720 })).toEqual({ width: 640, height: 360 });
    expect(maskSizeFor({ width: 800, height: 600 })).toEqual({ width: 640, height: 480 });
    expect(maskSizeFor(null)).toEqual({ width: 640, height: 360 });
  });

  it('maps a point on the shown mask to raster pixels', () => {
    expect(toRasterPoint({ width: 640, height: 360 }, { width: 320, height: 180 }, 160, 90)).toEqual({ x: 320, y: 180 });
  });
});
