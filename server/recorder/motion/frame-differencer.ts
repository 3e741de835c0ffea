/**
 * Compares consecutive small grey pictures of a stream and answers the
 * largest connected area that changed, in pixels, where the mask watches.
 * Pure and allocation-free per frame (buffers are sized once).
 *
 * Rules, in order, per pixel:
 *  1. changed when |now - before| exceeds the noise threshold (24 of 255:
 *     compression noise on a downscaled picture stays well below it);
 *  2. ignored where the mask says so (0 in the watch map);
 *  3. ignored where it changes most of the time ("flicker"): each pixel
 *     keeps how often it changed recently (an average over about 5 s), and
 *     one that changes in more than 30 % of pictures is busy. This is what
 *     keeps burnt-in clocks, their sub-second digits and the simulator's
 *     time strip out of motion without a mask. A real object passing
 *     changes a pixel for a fraction of a second, far below that.
 * Changed pixels then form areas: two are connected when at most GAP_PX
 * unchanged pixels lie between them, so the leading and trailing edges of
 * a uniformly coloured object (whose middle does not change between
 * pictures) are one area.
 *
 * What this leaves to the caller: digits of a clock that change rarely
 * (every few seconds or minutes) change in a single picture only; the event
 * tracker requires motion in two pictures in a row, which ignores them.
 *
 * Cost: O(pixels) per picture plus O(changed x 81) for the areas; at
 * 160 x 90 about 0.1 ms, a few ms when the whole picture changes. Limits: a change of the whole picture (lights,
 * a PTZ move) is motion; pixels under a busy clock are blind.
 */

export const NOISE_THRESHOLD = 24;
export const FLICKER_WINDOW_MS = 5_000;
export const FLICKER_LIMIT = 0.3;
/** Pictures compared before areas are answered (the flicker averages settle). */
export const WARMUP_FRAMES = 10;
export const GAP_PX = 3;

export interface FrameComparison {
  /** Pixels of the largest connected changed area (0 during warm-up). */
  largestArea: number;
  /** Changed pixels in all (after mask and flicker). */
  changedPixels: number;
}

export class FrameDifferencer {
  private readonly size: number;
  private readonly previous: Uint8Array;
  private hasPrevious = false;
  private readonly changeRate: Float32Array;
  private readonly changed: Uint8Array;
  private readonly labels: Int32Array;
  private readonly stack: Int32Array;
  private watch: Uint8Array | undefined;
  private compared = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly noiseThreshold = NOISE_THRESHOLD,
  ) {
    this.size = width * height;
    this.previous = new Uint8Array(this.size);
    this.changeRate = new Float32Array(this.size);
    this.changed = new Uint8Array(this.size);
    this.labels = new Int32Array(this.size);
    this.stack = new Int32Array(this.size);
  }

  /** 1 = watch, 0 = ignore, one per pixel; undefined watches everything. */
  setWatchMap(map: Uint8Array | undefined): void {
    if (map && map.length !== this.size) throw new RangeError(`watch map has ${map.length} pixels, expected ${this.size}`);
    this.watch = map;
  }

  /** Forgets the previous picture (the next one starts over, e.g. after a decoder restart). */
  reset(): void {
    this.hasPrevious = false;
  }

  /** Compares `frame` (grey, width x height) with the previous one, `intervalMs` after it. */
  compare(frame: Uint8Array, intervalMs: number): FrameComparison {
    if (frame.length !== this.size) throw new RangeError(`frame has ${frame.length} pixels, expected ${this.size}`);
    const before = this.previous;
    if (!this.hasPrevious) {
      before.set(frame);
      this.hasPrevious = true;
      return { largestArea: 0, changedPixels: 0 };
    }
    this.compared++;
    // A running mean at first, then an average over about FLICKER_WINDOW_MS.
    const alpha = Math.max(1 / this.compared, Math.min(1, Math.max(0, intervalMs) / FLICKER_WINDOW_MS));
    let changedPixels = 0;
    for (let i = 0; i < this.size; i++) {
      const moved = Math.abs(frame[i]! - before[i]!) > this.noiseThreshold ? 1 : 0;
      before[i] = frame[i]!;
      const busy = this.changeRate[i]! > FLICKER_LIMIT;
      this.changeRate[i] = this.changeRate[i]! + alpha * (moved - this.changeRate[i]!);
      const counts = moved === 1 && !busy && (this.watch === undefined || this.watch[i] === 1) ? 1 : 0;
      this.changed[i] = counts;
      changedPixels += counts;
    }
    if (this.compared <= WARMUP_FRAMES) return { largestArea: 0, changedPixels };
    return { largestArea: changedPixels === 0 ? 0 : this.largestArea(), changedPixels };
  }

  /** Flood fill over changed pixels; neighbours are within GAP_PX + 1 in both directions. */
  private largestArea(): number {
    const { width, height, changed, labels, stack } = this;
    const reach = GAP_PX + 1;
    labels.fill(0);
    let label = 0;
    let largest = 0;
    for (let start = 0; start < this.size; start++) {
      if (changed[start] === 0 || labels[start] !== 0) continue;
      label++;
      let top = 0;
      stack[top++] = start;
      labels[start] = label;
      let area = 0;
      while (top > 0) {
        const at = stack[--top]!;
        area++;
        const x = at % width;
        const y = (at - x) / width;
        const y0 = Math.max(0, y - reach);
        const y1 = Math.min(height - 1, y + reach);
        const x0 = Math.max(0, x - reach);
        const x1 = Math.min(width - 1, x + reach);
        for (let ny = y0; ny <= y1; ny++) {
          for (let nx = x0; nx <= x1; nx++) {
            const n = ny * width + nx;
            if (changed[n] === 1 && labels[n] === 0) {
              labels[n] = label;
              stack[top++] = n;
            }
          }
        }
      }
      if (area > largest) largest = area;
    }
    return largest;
  }
}

/** The pixels an object of `areaFraction` of the picture covers at this size (at least 1). */
export function minAreaPixels(areaFraction: number, width: number, height: number): number {
  return Math.max(1, Math.round(areaFraction * width * height));
}
