/**
 * The pictures of the motion-detection dialog: the mask shown over the
 * snapshot in the brush colour, the mask as the PNG the recorder stores
 * (opaque black where painted, transparent elsewhere: see
 * src/core/motion/mask-raster.ts), and a stored mask picture read back into
 * a raster of the dialog's size. Canvas work lives here so the dialog's
 * components only hand over a canvas element.
 *
 * Cost: a full putImageData of the mask (640 x 360: about 1 MB of RGBA) per
 * repaint; the dialog repaints once per animation frame while drawing.
 */
import { MaskRaster, type Rgba } from '../core/motion/mask-raster';

/** The brush colour (spec 3 motion configuration): a see-through red over the snapshot. */
export const BRUSH_COLOUR: Rgba = [230, 40, 40, 140];
const NOTHING: Rgba = [0, 0, 0, 0];

/** Paints the mask over a canvas of the raster's size. */
export function paintMask(canvas: HTMLCanvasElement, raster: MaskRaster): void {
  if (canvas.width !== raster.width) canvas.width = raster.width;
  if (canvas.height !== raster.height) canvas.height = raster.height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.putImageData(new ImageData(raster.toRgba(BRUSH_COLOUR, NOTHING) as Uint8ClampedArray<ArrayBuffer>, raster.width, raster.height), 0, 0);
}

/** The mask as the PNG uploaded with PUT .../motion/mask. */
export async function maskPng(raster: MaskRaster): Promise<Blob> {
  const canvas = new OffscreenCanvas(raster.width, raster.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas to encode the mask');
  context.putImageData(new ImageData(raster.toRgba() as Uint8ClampedArray<ArrayBuffer>, raster.width, raster.height), 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

/** A stored mask picture (any size; it covers the whole camera picture) as a raster of `size`. */
export async function maskFromPicture(blob: Blob, size: { width: number; height: number }): Promise<MaskRaster> {
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas to read the mask');
    // Nearest pixels: smoothing would turn the painted edge grey and move it.
    context.imageSmoothingEnabled = false;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return MaskRaster.fromRgba(size.width, size.height, context.getImageData(0, 0, size.width, size.height).data);
  } finally {
    bitmap.close();
  }
}

/** The natural size of a picture, or null when it cannot be decoded. */
export async function pictureSize(blob: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(blob);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null; // an undecodable snapshot is shown as missing, like a failed fetch
  }
}
