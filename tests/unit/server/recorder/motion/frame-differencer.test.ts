import { describe, expect, it } from 'vitest';
import { FrameDifferencer, minAreaPixels, WARMUP_FRAMES } from '../../../../../server/recorder/motion/frame-differencer';
import { objectAreaFraction } from '../../../../../server/recorder/core/motion-settings';
import { watchMapOf } from '../../../../../server/recorder/motion/motion-mask-image';
import { blank, H, ignoring, W, withCells, withSquare } from './synthetic-frames';

const STEP_MS = 200;

/** Feeds `count` still pictures so the differencer is past its warm-up. */
function warmedUp(background = blank()): FrameDifferencer {
  const differencer = new FrameDifferencer(W, H);
  for (let i = 0; i <= WARMUP_FRAMES; i++) differencer.compare(background, STEP_MS);
  return differencer;
}

describe('frame differencer', () => {
  it('answers nothing for still pictures and during warm-up', () => {
    const differencer = new FrameDifferencer(W, H);
    const moving = [0, 8, 16].map((x) => withSquare(blank(), x, 50, 9));
    expect(differencer.compare(moving[0]!, STEP_MS).largestArea).toBe(0);
    expect(differencer.compare(moving[1]!, STEP_MS).largestArea).toBe(0); // warm-up
    const still = warmedUp();
    expect(still.compare(blank(), STEP_MS)).toEqual({ largestArea: 0, changedPixels: 0 });
  });

  it('sees a moving object as one area: leading and trailing edges together', () => {
    const differencer = warmedUp();
    differencer.compare(withSquare(blank(), 40, 50, 9), STEP_MS);
    // Moved 6 px: the 3 px middle band does not change, the edges (6x9 each) do, and are joined.
    const { largestArea, changedPixels } = differencer.compare(withSquare(blank(), 46, 50, 9), STEP_MS);
    expect(changedPixels).toBe(2 * 6 * 9);
    expect(largestArea).toBe(changedPixels);
  });

  it('ignores changes under the noise threshold', () => {
    const differencer = warmedUp();
    expect(differencer.compare(blank(80 + 20), STEP_MS).changedPixels).toBe(0);
    expect(differencer.compare(blank(80 + 20 + 30), STEP_MS).changedPixels).toBe(W * H);
  });

  it('ignores what the mask covers, and only that', () => {
    // Each step in fresh pixels: a pixel changed in most recent pictures would count as flicker.
    const differencer = warmedUp();
    differencer.setWatchMap(watchMapOf(ignoring(30, 40, 60, 30)));
    differencer.compare(withSquare(blank(), 40, 42, 9), STEP_MS);
    expect(differencer.compare(withSquare(blank(), 46, 42, 9), STEP_MS).largestArea).toBe(0);
    differencer.compare(withSquare(blank(), 120, 10, 9), STEP_MS);
    expect(differencer.compare(withSquare(blank(), 126, 10, 9), STEP_MS).largestArea).toBe(108);
    differencer.setWatchMap(undefined);
    differencer.compare(withSquare(blank(), 40, 58, 9), STEP_MS);
    expect(differencer.compare(withSquare(blank(), 46, 58, 9), STEP_MS).largestArea).toBe(108);
  });

  it('learns pixels that change all the time (a burnt-in clock) and stops counting them', () => {
    const differencer = new FrameDifferencer(W, H);
    let bits = 0x5a5a5a5a;
    const areas: number[] = [];
    for (let i = 0; i < 100; i++) {
      // Low cells flip every picture, like sub-second digits; a random-looking CRC-like pattern too.
      bits = (bits ^ 0xff) ^ ((i * 2654435761) & 0xff00);
      areas.push(differencer.compare(withCells(blank(), bits, 16), STEP_MS).largestArea);
    }
    expect(Math.max(...areas.slice(30))).toBe(0);
    // An object elsewhere is still seen.
    differencer.compare(withCells(withSquare(blank(), 60, 50, 9), bits, 16), STEP_MS);
    expect(differencer.compare(withCells(withSquare(blank(), 66, 50, 9), bits, 16), STEP_MS).largestArea).toBe(108);
  });

  it('compares the largest area with the object size: (size / 100)^2 of the picture', () => {
    expect(minAreaPixels(objectAreaFraction(5), W, H)).toBe(36);
    expect(minAreaPixels(objectAreaFraction(0), W, H)).toBe(1);
    expect(minAreaPixels(objectAreaFraction(100), W, H)).toBe(W * H);
    expect(minAreaPixels(objectAreaFraction(-10), W, H)).toBe(144);
    // Two small changes far apart are two areas, each under a size-5 object.
    const differencer = warmedUp();
    const scene = (x: number) => withSquare(withSquare(blank(), x, 10, 4), x + 80, 60, 4);
    differencer.compare(scene(10), STEP_MS);
    const { largestArea, changedPixels } = differencer.compare(scene(14), STEP_MS);
    expect(changedPixels).toBe(64);
    expect(largestArea).toBe(32);
    expect(largestArea).toBeLessThan(minAreaPixels(objectAreaFraction(5), W, H));
  });

  it('refuses pictures and masks of the wrong size', () => {
    const differencer = new FrameDifferencer(W, H);
    expect(() => differencer.compare(new Uint8Array(10), STEP_MS)).toThrow(RangeError);
    expect(() => differencer.setWatchMap(new Uint8Array(10))).toThrow(RangeError);
  });
});
