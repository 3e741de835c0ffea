/**
 * Decoding a JPEG straight to about a tile's size. A JPEG decoder can scale
 * by n/8 as it decodes (libjpeg's DCT scaling), which costs a fraction of a
 * whole decode and skips the separate resize. WebCodecs' ImageDecoder does
 * so when given `desiredWidth`/`desiredHeight`, and Chromium takes the
 * largest n/8 scale at or *below* what is asked, for the tighter of the two
 * sides. Checked on this machine's Chromium 156: a 640x360 JPEG asked at
 * 200x112 decodes at 160x90, asked at 240x135 at exactly 240x135. So the
 * size asked is the JPEG's own size times the first n/8 at or above the
 * tile, read from the JPEG's frame header, and a tile never gets a picture
 * smaller than itself.
 *
 * Measured (frame-rate bench, 25 fps walls, worker player against the
 * naive <img> player in the same run; two runs each, on the shared 2-core
 * machine): pictures drawn went from 0.76-0.81 of the naive player's to
 * 1.00-1.11 at 36 tiles and 0.92-1.03 at 64, and the browser's CPU per
 * picture from 2.11 to 1.9 ms at 36 tiles (the naive player's: 1.7-2.0).
 * Pure; reads only the header bytes.
 */
import type { PixelSize } from './picture-fit';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;

/** Frame headers (SOF0-15), not DHT (C4), JPG (C8) or DAC (CC), which share the range. */
function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** The size a JPEG declares in its frame header, found by walking its marker segments; null when it has none before its scan. */
export function jpegSize(bytes: Uint8Array): PixelSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // a fill byte
      continue;
    }
    if (marker === TEM || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === EOI || marker === SOS || marker === SOI) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return null;
    if (isFrameHeader(marker)) {
      if (at + 8 >= bytes.length) return null;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

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
