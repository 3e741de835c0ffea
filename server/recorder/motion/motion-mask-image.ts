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
 * Pure. Limits: a JPEG's size is its first frame header's
 * (server/shared/jpeg-size.ts); an image whose header claims a size it does
 * not hold is caught by the decoder.
 */
import { jpegSize } from '../../shared/jpeg-size';

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

function jpegInfo(bytes: Uint8Array): MaskImageInfo | undefined {
  const size = jpegSize(bytes);
  return size ? { contentType: 'image/jpeg', ...size } : undefined;
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
