/**
 * The 36 camera colours of the timeline (spec 9: "36 camera colours, id
 * mod 36"). Camera ids here are strings (UUID-like), so "id mod 36" is
 * taken of a stable hash: 32-bit FNV-1a over the id's UTF-16 code units,
 * read as an unsigned number. FNV-1a is tiny, has no dependencies, spreads
 * short ids that differ in one character, and gives the same answer in
 * every browser and every session, so a camera keeps its colour on every
 * page load and in every tab.
 *
 * The palette is 36 hues 10 degrees apart, alternating two lightnesses so
 * neighbours in hue still differ, all readable on the dark timeline.
 */

export const CAMERA_COLOUR_COUNT = 36;

/** 32-bit FNV-1a of the string's code units, unsigned. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The palette index of a camera: hash(id) mod 36. */
export function cameraColourIndex(cameraId: string): number {
  return fnv1a32(cameraId) % CAMERA_COLOUR_COUNT;
}

function hslToRgb(h: number, s: number, l: number): number {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return (channel(0) << 16) | (channel(8) << 8) | channel(4);
}

/** 0xRRGGBB for each palette index. */
export const CAMERA_COLOURS: readonly number[] = Array.from({ length: CAMERA_COLOUR_COUNT }, (_, i) =>
  hslToRgb((i * 10 * 7) % 360, 0.72, i % 2 === 0 ? 0.58 : 0.68),
);

export function cameraColour(cameraId: string): number {
  return CAMERA_COLOURS[cameraColourIndex(cameraId)]!;
}

export function cssColour(rgb: number): string {
  return `#${rgb.toString(16).padStart(6, '0')}`;
}
