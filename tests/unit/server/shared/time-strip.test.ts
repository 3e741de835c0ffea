import { describe, expect, it } from 'vitest';
import { decodeTimeStrip, encodeTimeStrip, timeStripSize } from '../../../../server/shared/time-strip';

/** A gray frame with some scene-like texture and the strip drawn at (0, 0), white as 235 and black as 16 (video range). */
function frameWithStrip(ms: number, width: number, height: number): Uint8Array {
  const frame = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) frame[y * width + x] = 60 + ((x * 7 + y * 13) % 120);
  const strip = encodeTimeStrip(ms, width, height);
  for (let y = 0; y < strip.height; y++) {
    for (let x = 0; x < strip.width; x++) frame[y * width + x] = strip.pixels[y * strip.width + x] ? 235 : 16;
  }
  return frame;
}

/** Box-filter downscale by an integer factor (what a simple resize does). */
function downscale(frame: Uint8Array, width: number, height: number, factor: number): Uint8Array {
  const w = width / factor;
  const h = height / factor;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) for (let dx = 0; dx < factor; dx++) sum += frame[(y * factor + dy) * width + x * factor + dx]!;
      out[y * w + x] = Math.round(sum / (factor * factor));
    }
  }
  return out;
}

/** Deterministic noise plus 8x8 block offsets and a 3x3 blur: what JPEG and H.264 at low quality do to flat cells. */
function jpegLikeNoise(frame: Uint8Array, width: number, height: number, amplitude: number): Uint8Array {
  let seed = 12345;
  const rand = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 0x1_0000_0000 - 0.5;
  };
  const blockOffset = new Map<number, number>();
  const noisy = new Uint8Array(frame.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const block = (y >> 3) * 10_000 + (x >> 3);
      if (!blockOffset.has(block)) blockOffset.set(block, rand() * amplitude);
      noisy[y * width + x] = Math.max(0, Math.min(255, Math.round(frame[y * width + x]! + rand() * amplitude + blockOffset.get(block)!)));
    }
  }
  const blurred = new Uint8Array(frame.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= height || xx >= width) continue;
          sum += noisy[yy * width + xx]!;
          n++;
        }
      }
      blurred[y * width + x] = Math.round(sum / n);
    }
  }
  return blurred;
}

describe('time strip', () => {
  const times = [0, 1, 1_700_000_000_000, 1_763_700_000_123, 2 ** 48 - 1];

  it('has square 32 px cells at 1280x720, sized from the frame', () => {
    expect(timeStripSize(1280, 720)).toEqual({ width: 1024, height: 64, cellWidth: 32, cellHeight: 32 });
    expect(timeStripSize(640, 360)).toEqual({ width: 512, height: 32, cellWidth: 16, cellHeight: 16 });
    const strip = encodeTimeStrip(123, 1280, 720);
    expect(strip.pixels).toHaveLength(1024 * 64);
  });

  it('round-trips at full size', () => {
    for (const ms of times) expect(decodeTimeStrip(frameWithStrip(ms, 1280, 720), 1280, 720)).toBe(ms);
    expect(decodeTimeStrip(frameWithStrip(1_763_700_000_123, 1920, 1080), 1920, 1080)).toBe(1_763_700_000_123);
  });

  it('survives scaling down by 2 and 4 (640x360, 320x180)', () => {
    for (const ms of times) {
      const frame = frameWithStrip(ms, 1280, 720);
      expect(decodeTimeStrip(downscale(frame, 1280, 720, 2), 640, 360)).toBe(ms);
      expect(decodeTimeStrip(downscale(frame, 1280, 720, 4), 320, 180)).toBe(ms);
    }
  });

  it('survives JPEG-like noise, also after scaling', () => {
    const ms = 1_763_700_000_987;
    const frame = frameWithStrip(ms, 1280, 720);
    expect(decodeTimeStrip(jpegLikeNoise(frame, 1280, 720, 60), 1280, 720)).toBe(ms);
    expect(decodeTimeStrip(jpegLikeNoise(downscale(frame, 1280, 720, 4), 320, 180, 60), 320, 180)).toBe(ms);
  });

  it('returns undefined when there is no strip or a cell is wrong', () => {
    const plain = new Uint8Array(320 * 180).fill(128);
    expect(decodeTimeStrip(plain, 320, 180)).toBeUndefined();
    const frame = frameWithStrip(1_763_700_000_000, 1280, 720);
    // Flip one time cell (row 0, column 10): the CRC no longer matches.
    for (let y = 0; y < 32; y++) for (let x = 320; x < 352; x++) frame[y * 1280 + x] = frame[y * 1280 + x] === 235 ? 16 : 235;
    expect(decodeTimeStrip(frame, 1280, 720)).toBeUndefined();
    expect(decodeTimeStrip(new Uint8Array(10), 40, 20)).toBeUndefined();
  });

  it('refuses times it cannot carry', () => {
    expect(() => encodeTimeStrip(-1)).toThrow(RangeError);
    expect(() => encodeTimeStrip(1.5)).toThrow(RangeError);
    expect(() => encodeTimeStrip(2 ** 48)).toThrow(RangeError);
  });
});
