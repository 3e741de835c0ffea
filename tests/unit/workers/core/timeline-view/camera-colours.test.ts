import { describe, expect, it } from 'vitest';
import { CAMERA_COLOURS, CAMERA_COLOUR_COUNT, cameraColourIndex, fnv1a32 } from '../../../../../workers/core/timeline-view/camera-colours';

describe('camera colours', () => {
  it('has 36 distinct colours', () => {
    expect(CAMERA_COLOUR_COUNT).toBe(36);
    expect(new Set(CAMERA_COLOURS).size).toBe(36);
  });

  it('hashes ids with 32-bit FNV-1a (published test vectors)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('picks hash(id) mod 36, the same every time', () => {
    expect(cameraColourIndex('foobar')).toBe(0xbf9cf968 % 36);
    expect(cameraColourIndex('cam-1')).toBe(cameraColourIndex('cam-1'));
    const ids = Array.from({ length: 200 }, (_, i) => `camera-${i}`);
    expect(new Set(ids.map(cameraColourIndex)).size).toBeGreaterThan(30);
  });
});
