/**
 * A motion mask as the dialog edits it: one byte per pixel of a fixed-size
 * picture, 1 where motion is ignored (painted), 0 where it is watched. The
 * brush paints or erases discs along the pointer's path; the raster turns
 * into the picture the recorder expects and back.
 *
 * The recorder's meaning (server/recorder/motion/motion-mask-image.ts): the
 * picture is stretched over the camera's whole picture; pixels whose grey,
 * composited over white, is below 128 are ignored, light or transparent
 * ones are watched. So the upload is opaque black where painted and fully
 * transparent elsewhere, and a loaded picture is read with the same rule.
 *
 * Why a raster of its own rather than the canvas's pixels: the canvas shows
 * the mask in a see-through colour over the snapshot, and antialiased
 * edges would make half-painted pixels; here every pixel is painted or not,
 * the upload is exactly what was drawn, and the same code builds the PNG an
 * integration test sends.
 *
 * Cost: a stroke touches the pixels of its swept disc, O(diameter x length).
 * Pure; no browser.
 */

export type MaskMode = 'draw' | 'erase';

export interface MaskPoint {
  x: number;
  y: number;
}

export type Rgba = readonly [number, number, number, number];

/** Grey below this, composited over white, is ignored by the recorder. */
export const MASK_DARK_THRESHOLD = 128;

/** Colour of painted pixels in the upload: opaque black. */
const PAINTED: Rgba = [0, 0, 0, 255];
const WATCHED: Rgba = [0, 0, 0, 0];

export class MaskRaster {
  readonly cells: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    if (!(width > 0 && height > 0 && Number.isInteger(width) && Number.isInteger(height))) {
      throw new RangeError(`A mask needs a whole positive size, not ${width} x ${height}`);
    }
    this.cells = new Uint8Array(width * height);
  }

  /** Painted pixels. */
  count(): number {
    let n = 0;
    for (let i = 0; i < this.cells.length; i++) n += this.cells[i]!;
    return n;
  }

  isEmpty(): boolean {
    return this.cells.indexOf(1) === -1;
  }

  clear(): void {
    this.cells.fill(0);
  }

  isPainted(x: number, y: number): boolean {
    return this.cells[Math.floor(y) * this.width + Math.floor(x)] === 1;
  }

  /** Paints (draw) or clears (erase) a disc of `diameter` raster pixels centred on `at`. */
  dab(at: MaskPoint, diameter: number, mode: MaskMode): void {
    const radius = Math.max(0.5, diameter / 2);
    const value = mode === 'draw' ? 1 : 0;
    const top = Math.max(0, Math.floor(at.y - radius));
    const bottom = Math.min(this.height - 1, Math.ceil(at.y + radius));
    const left = Math.max(0, Math.floor(at.x - radius));
    const right = Math.min(this.width - 1, Math.ceil(at.x + radius));
    const r2 = radius * radius;
    for (let y = top; y <= bottom; y++) {
      const dy = y + 0.5 - at.y;
      for (let x = left; x <= right; x++) {
        const dx = x + 0.5 - at.x;
        if (dx * dx + dy * dy <= r2) this.cells[y * this.width + x] = value;
      }
    }
  }

  /** A stroke from `from` to `to`: discs close enough together that the line has no gaps. */
  stroke(from: MaskPoint, to: MaskPoint, diameter: number, mode: MaskMode): void {
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    const spacing = Math.max(0.5, diameter / 4);
    const steps = Math.max(1, Math.ceil(length / spacing));
    for (let i = 0; i <= steps; i++) {
      const f = i / steps;
      this.dab({ x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f }, diameter, mode);
    }
  }

  /** RGBA pixels: `painted` where painted, `watched` elsewhere. The defaults are the upload's colours. */
  toRgba(painted: Rgba = PAINTED, watched: Rgba = WATCHED): Uint8ClampedArray {
    const rgba = new Uint8ClampedArray(this.cells.length * 4);
    for (let i = 0; i < this.cells.length; i++) rgba.set(this.cells[i] ? painted : watched, i * 4);
    return rgba;
  }

  /** Reads a picture of the same size with the recorder's rule: grey composited over white below 128 is painted. */
  static fromRgba(width: number, height: number, rgba: ArrayLike<number>): MaskRaster {
    const raster = new MaskRaster(width, height);
    if (rgba.length < width * height * 4) throw new RangeError('The picture is smaller than the mask');
    for (let i = 0; i < raster.cells.length; i++) {
      const a = rgba[i * 4 + 3]! / 255;
      const grey = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
      const over = grey * a + 255 * (1 - a);
      raster.cells[i] = over < MASK_DARK_THRESHOLD ? 1 : 0;
    }
    return raster;
  }
}

/** The mask's size for a snapshot: `width` wide (default 640) with the picture's aspect, 16:9 when unknown. */
export function maskSizeFor(picture: { width: number; height: number } | null, width = 640): { width: number; height: number } {
  const aspect = picture && picture.width > 0 && picture.height > 0 ? picture.width / picture.height : 16 / 9;
  return { width, height: Math.max(1, Math.round(width / aspect)) };
}

/** A point on the displayed mask (CSS pixels of a box `shown` large) in raster pixels. */
export function toRasterPoint(raster: { width: number; height: number }, shown: { width: number; height: number }, x: number, y: number): MaskPoint {
  return { x: (x / Math.max(1, shown.width)) * raster.width, y: (y / Math.max(1, shown.height)) * raster.height };
}
