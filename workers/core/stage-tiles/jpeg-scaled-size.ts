/**
 * Decoding a JPEG straight to about a tile's size. A JPEG decoder can scale
 * by n/8 as it decodes (libjpeg's DCT scaling), which costs a fraction of a
 * whole decode and skips the separate resize. WebCodecs' ImageDecoder does
 * so when given `desiredWidth`/`desiredHeight`, and Chromium takes the
 * largest n/8 scale at or *below* what is asked, for the tighter of the two
 * sides. Checked on this machine's Chromium 156: a 640x360 JPEG asked at
 * 200x112 decodes at 160x90, asked at 240x135 at exactly 240x135. So the
 * size asked is the JPEG's own size (its frame header,
 * server/shared/jpeg-size.ts) times the first n/8 at or above the tile, and
 * a tile never gets a picture smaller than itself.
 *
 * Measured (frame-rate bench, 25 fps walls, worker player against the
 * naive <img> player in the same run; two runs each, on the shared 2-core
 * machine): pictures drawn went from 0.76-0.81 of the naive player's to
 * 1.00-1.11 at 36 tiles and 0.92-1.03 at 64, and the browser's CPU per
 * picture from 2.11 to 1.9 ms at 36 tiles (the naive player's: 1.7-2.0).
 * Pure; reads only the header bytes.
 */
import { jpegSize } from '../../../server/shared/jpeg-size';
import type { PixelSize } from './picture-fit';

/**
 * The size to ask ImageDecoder for so that its n/8 decode is the smallest at
 * or above `fit` on both sides; null when that is the whole picture (a tile
 * as large as the picture, or larger).
 */
export function scaledDecodeSize(picture: PixelSize, fit: PixelSize): PixelSize | null {
  const eighths = Math.max(1, Math.ceil((8 * fit.width) / picture.width), Math.ceil((8 * fit.height) / picture.height));
  if (eighths >= 8) return null;
  return { width: Math.ceil((picture.width * eighths) / 8), height: Math.ceil((picture.height * eighths) / 8) };
}

/** The size to ask for a JPEG's picture decoded to fit `fit` (see `scaledDecodeSize`); null to decode it whole, also when its size cannot be read. */
export function scaledDecodeSizeOf(jpeg: Uint8Array, fit: PixelSize): PixelSize | null {
  const own = jpegSize(jpeg);
  return own ? scaledDecodeSize(own, fit) : null;
}
