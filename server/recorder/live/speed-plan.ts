/**
 * Which recorded access units a forward playback at a speed sends, decided
 * one unit at a time. A browser cannot decode 64x of 25 fps (1600 pictures a
 * second), and a P-frame cannot be decoded without every frame since its
 * keyframe, so frames are dropped from the end of each GOP, never from the
 * middle: a GOP keeps its keyframe and the frames right after it, as many
 * as the budget of MAX_SENT_FPS allows for the wall time the GOP takes at
 * this speed. When even one frame per GOP is over MAX_KEYFRAMES_PER_SECOND,
 * only every n-th keyframe goes out.
 *
 * Examples with the simulator (25 fps, 1 s GOP): 1/4x to 2x send all; 4x
 * sends the first 12 frames of each GOP (48 pictures a second); 16x one
 * keyframe per GOP (16 a second); 32x every 2nd keyframe; 64x every 4th.
 *
 * Pure: the GOP length is measured from the units' own capture times
 * (estimates from the playback position), so a camera with another GOP is
 * handled after its first GOP. Cost: arithmetic per unit.
 */

/** Most pictures a second sent to one viewer while playing faster than 1x. */
export const MAX_SENT_FPS = 50;
/** Most keyframes a second sent when only keyframes go out. */
export const MAX_KEYFRAMES_PER_SECOND = 16;
/** The GOP assumed until one has been measured (the usual camera default). */
export const DEFAULT_GOP_MS = 1000;
/** At or above this speed a 1 s GOP leaves room for its keyframe only: the demuxer may drop the rest itself. */
export const KEYFRAMES_ONLY_FROM_SPEED = 16;

export interface SpeedUnit {
  keyframe: boolean;
  /** Capture time, epoch ms (an estimate is fine). */
  timeMs: number;
}

/** How many frames of a GOP lasting `gopMs` (capture) to send at `speed`: at least the keyframe. */
export function framesPerGop(speed: number, gopMs: number): number {
  if (speed <= 1) return Number.POSITIVE_INFINITY;
  // The demuxer passes keyframes only from here (keyframesOnly): decide the same here.
  if (speed >= KEYFRAMES_ONLY_FROM_SPEED) return 1;
  const wallMs = gopMs / speed;
  return Math.max(1, Math.floor((MAX_SENT_FPS * wallMs) / 1000));
}

/** Send every n-th keyframe: 1 unless even keyframes alone would exceed the keyframe budget. */
export function keyframeStride(speed: number, gopMs: number): number {
  if (speed <= 1 || gopMs <= 0) return 1;
  const keyframesPerSecond = (1000 * speed) / gopMs;
  return Math.max(1, Math.ceil(keyframesPerSecond / MAX_KEYFRAMES_PER_SECOND - 1e-9));
}

/** Whether the demuxer can be told to pass keyframes only (nothing else would be sent anyway). */
export function keyframesOnly(speed: number): boolean {
  return speed >= KEYFRAMES_ONLY_FROM_SPEED;
}

/** Decides, unit by unit, what a playback at `speed` sends. */
export class FrameDropper {
  private gopMs = DEFAULT_GOP_MS;
  private lastKeyframeMs: number | undefined;
  private keyframeIndex = -1;
  private indexInGop = 0;
  private gopKept = false;

  constructor(private readonly speed: number) {}

  accept(unit: SpeedUnit): boolean {
    if (this.speed <= 1) return true;
    if (unit.keyframe) {
      if (this.lastKeyframeMs !== undefined && unit.timeMs > this.lastKeyframeMs) {
        // Keyframes dropped by the stride still count: the gap between seen keyframes is one GOP.
        this.gopMs = unit.timeMs - this.lastKeyframeMs;
      }
      this.lastKeyframeMs = unit.timeMs;
      this.keyframeIndex++;
      this.indexInGop = 0;
      this.gopKept = this.keyframeIndex % keyframeStride(this.speed, this.gopMs) === 0;
      return this.gopKept;
    }
    this.indexInGop++;
    // Nothing before the first keyframe can be decoded.
    if (!this.gopKept) return false;
    return this.indexInGop < framesPerGop(this.speed, this.gopMs);
  }
}
