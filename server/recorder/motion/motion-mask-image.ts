/**
 * The motion mask image a client uploads (spec 7 PUT .../motion/mask):
 * what kind it is and how large, read from its first bytes before anything
 * decodes it, so a file that is not a PNG or JPEG, or one whose pixel
 * count would make the decoder allocate gigabytes, is refused up front.
 *
 * Meaning of the picture (documented for the client): it covers the whole
 * camera picture (it is stretched to it). Dark pixels (grey below 128,
 * after compositing over white) are ignored; light or transparent pixels
 * are watched. So a client paints black where motion must not count and
 * leaves the rest transparent or white.
 *
 * Pure. Limits: the JPEG scan stops at the first frame header (SOFn); an
 * image whose header claims a size it does not hold is caught by the decoder.
 */

export type MaskContentType = 'image/png' | 'image/jpeg';

export const MAX_MASK_BYTES = 2 * 1024 * 1024;
export const MAX_MASK_SIDE = 8192;
/** Grey at or above this is watched, below it ignored. */
export const MASK_WATCH_THRESHOLD = 128;
export const COULD_NOT_LOAD_MASK = 'Could not load mask';

export interface MaskImageInfo {
  contentType: MaskContentType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngInfo(bytes: Uint8Array): MaskImageInfo | undefined {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The first chunk must be IHDR: length 13, then width and height.
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  return { contentType: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers: C0-CF except C4 (DHT), C8 (JPG) and CC (DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegInfo(bytes: Uint8Array): MaskImageInfo | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan data before any frame header
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return { contentType: 'image/jpeg', width, height };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The kind and size of a PNG or JPEG, or undefined for anything else. */
export function maskImageInfo(bytes: Uint8Array): MaskImageInfo | undefined {
  return pngInfo(bytes) ?? jpegInfo(bytes);
}

export type MaskImageCheck = { ok: true; info: MaskImageInfo } | { ok: false; code: string; reason: string };

/** Whether an upload can be decoded as a mask; the reason is what the person sees. */
export function checkMaskImage(bytes: Uint8Array): MaskImageCheck {
  if (bytes.length === 0) return { ok: false, code: 'invalid-mask', reason: `${COULD_NOT_LOAD_MASK}: the image is empty.` };
  if (bytes.length > MAX_MASK_BYTES) return { ok: false, code: 'mask-too-large', reason: `${COULD_NOT_LOAD_MASK}: the image is larger than ${MAX_MASK_BYTES} bytes.` };
  const info = maskImageInfo(bytes);
  if (!info || info.width === 0 || info.height === 0) {
    return { ok: false, code: 'invalid-mask', reason: `${COULD_NOT_LOAD_MASK}: it is not a PNG or JPEG image.` };
  }
  if (info.width > MAX_MASK_SIDE || info.height > MAX_MASK_SIDE) {
    return { ok: false, code: 'mask-too-large', reason: `${COULD_NOT_LOAD_MASK}: the image is larger than ${MAX_MASK_SIDE} x ${MAX_MASK_SIDE} pixels.` };
  }
  return { ok: true, info };
}

/** The watch map of a decoded grey mask: 1 where motion counts, 0 where it is ignored. */
export function watchMapOf(gray: Uint8Array): Uint8Array {
  const map = new Uint8Array(gray.length);
  for (let i = 0; i < gray.length; i++) map[i] = gray[i]! >= MASK_WATCH_THRESHOLD ? 1 : 0;
  return map;
}
