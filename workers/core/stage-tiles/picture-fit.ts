/**
 * Tile sizing of the stage's pictures: the size a tile's pictures are
 * decoded at, so that a plain tile never holds a bitmap much larger than
 * its canvas (where the JPEG can be decoded scaled by n/8, up to one eighth
 * of the picture larger: jpeg-scaled-size.ts).
 *
 * The recorder's picture sizes come in steps (src/core/low-bandwidth-session.ts),
 * so a picture is often larger than its tile; a smaller bitmap is cheaper
 * for the browser to commit and composite, which is what limits a big wall
 * (tile-renderer-design.md, "The 64-tile wall"). Pictures keep their shape
 * and are never enlarged. Cost: O(1), one options object per fitted decode.
 */
export interface PixelSize {
  width: number;
  height: number;
}

/** JPEGs from the recorder are opaque sRGB: skipping alpha and colour-space work makes each decode cheaper. */
export const DECODE_OPTIONS: ImageBitmapOptions = { premultiplyAlpha: 'none', colorSpaceConversion: 'none', imageOrientation: 'none' };

/** A tile's draw size in whole device pixels, or null (the picture's own size) when it is not at least 1x1. */
export function drawSizeOf(size: PixelSize | null): PixelSize | null {
  return size && size.width >= 1 && size.height >= 1 ? { width: Math.round(size.width), height: Math.round(size.height) } : null;
}

/** Decode options for a picture of width x height fitted inside `fitInside` (null: as it is). */
export function fittedOptions(width: number, height: number, fitInside: PixelSize | null): ImageBitmapOptions {
  const scale = fitInside && width > 0 && height > 0 ? Math.min(fitInside.width / width, fitInside.height / height) : 1;
  if (scale >= 1) return DECODE_OPTIONS;
  return { ...DECODE_OPTIONS, resizeWidth: Math.max(1, Math.round(width * scale)), resizeHeight: Math.max(1, Math.round(height * scale)), resizeQuality: 'low' };
}
