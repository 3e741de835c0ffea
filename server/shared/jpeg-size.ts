/**
 * The size a JPEG declares in its frame header (SOFn), found by walking its
 * marker segments from the start; nothing is decoded. The recorder reads it
 * to refuse an oversized motion mask before decoding it, the stage's media
 * workers to decode a picture scaled to its tile, and the tests to check a
 * picture's size.
 *
 * Pure: no Node imports, runs in the browser and in workers. Cost: a few
 * segment headers, not the image data. Limits: the walk stops at the first
 * frame header, and at scan data, the end of the image or a malformed
 * segment before one (null); a header that claims a size the image does not
 * hold is the decoder's to find.
 */
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;

/** Frame headers (SOF0-15), not DHT (C4), JPG (C8) or DAC (CC), which share the range. */
function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Width and height from a JPEG's frame header; null for bytes that are not a JPEG, have none before the scan, or declare an empty picture. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
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
