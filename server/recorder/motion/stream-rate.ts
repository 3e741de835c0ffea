/**
 * What a stream actually sends, measured from its live access units over
 * the last `windowMs`: frames per second and the time between keyframes.
 * The archive keeper uses it to know the frame rate a keyframes-only copy
 * would keep (spec 5: 1-30) before thinning a segment; configured values
 * could be stale or missing, the packets are not. Pure.
 *
 * Cost: O(1) per access unit (a ring of timestamps), O(window) per read.
 */

export const RATE_WINDOW_MS = 20_000;

export class StreamRateMeter {
  private readonly frames: number[] = [];
  private readonly keyframes: number[] = [];

  constructor(private readonly windowMs = RATE_WINDOW_MS) {}

  push(timeMs: number, keyframe: boolean): void {
    this.frames.push(timeMs);
    if (keyframe) this.keyframes.push(timeMs);
    const oldest = timeMs - this.windowMs;
    while (this.frames.length > 0 && this.frames[0]! < oldest) this.frames.shift();
    while (this.keyframes.length > 0 && this.keyframes[0]! < oldest) this.keyframes.shift();
  }

  /** Frames per second over the window; undefined until two seconds are seen. */
  fps(): number | undefined {
    const first = this.frames[0];
    const last = this.frames.at(-1);
    if (first === undefined || last === undefined || last - first < 2_000) return undefined;
    return ((this.frames.length - 1) * 1000) / (last - first);
  }

  /** Mean time between keyframes; undefined until three keyframes are seen. */
  keyframeIntervalMs(): number | undefined {
    if (this.keyframes.length < 3) return undefined;
    return (this.keyframes.at(-1)! - this.keyframes[0]!) / (this.keyframes.length - 1);
  }
}
