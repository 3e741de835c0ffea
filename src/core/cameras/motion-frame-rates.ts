/**
 * Frame rates of a motion-adaptive stream and the motion decoding option
 * (spec 5), as pure functions for the stream dialog.
 *
 * A "continuous with motion-adaptive frame rate" stream records at its frame
 * rate while there is motion and at a reduced rate without. The recorder
 * reduces by keeping keyframes only (server/recorder/core/motion-settings.ts
 * reducedFrameRate), so the reduced rate is the frame rate divided by the
 * GOV length, a whole number: the dialog offers the non-motion rates
 * frameRate / n and saves the chosen n as GOVLength. Both rates are limited
 * to 1-30 (spec 5).
 *
 * Decoding: an H.264 stream can have every frame decoded for motion
 * detection and low-bandwidth pictures (recordingConfiguration.decode
 * .keyFramesOnly false) or only its keyframes. Other encoders send every
 * frame as a keyframe, so the option means nothing there; choosing H.264
 * turns it on (spec 5: the H264 encoder enables the decode-all-frames option).
 */
import type { Capability, RecordingConfiguration } from '../../../server/shared/api';
import { ADAPTIVE_RATE_MAX, ADAPTIVE_RATE_MIN } from '../../../server/shared/recording-style';

type NumericCapability = Extract<Capability, { type: 'int' | 'float' }>;

/** The frame rates a motion-adaptive stream may use: the capability's range within 1-30. */
export function motionFrameRateRange(capability: NumericCapability | undefined): { min: number; max: number } {
  const min = Math.max(ADAPTIVE_RATE_MIN, Math.ceil(capability?.min ?? ADAPTIVE_RATE_MIN));
  const max = Math.min(ADAPTIVE_RATE_MAX, Math.floor(capability?.max ?? ADAPTIVE_RATE_MAX));
  return { min: Math.min(min, max), max };
}

/** A motion-adaptive frame rate limited to 1-30 and the capability's range. */
export function clampMotionFrameRate(value: number, capability: NumericCapability | undefined): number {
  const { min, max } = motionFrameRateRange(capability);
  if (!Number.isFinite(value)) return max;
  return Math.min(max, Math.max(min, Math.round(value)));
}

export interface NonMotionRate {
  /** Frames per keyframe: the GOVLength saved for this choice. */
  divisor: number;
  /** Pictures a second recorded without motion: frameRate / divisor. */
  rate: number;
}

/**
 * The non-motion rates on offer: frameRate / n for whole n from 2 (1 would
 * be no reduction) while the rate stays at least 1, and n within the GOV
 * length the camera allows. Rates are rounded to 2 decimals for display.
 */
export function nonMotionRateOptions(frameRate: number, govLength: NumericCapability | undefined): NonMotionRate[] {
  if (!(frameRate >= ADAPTIVE_RATE_MIN)) return [];
  const lowest = Math.max(2, Math.ceil(govLength?.min ?? 2));
  const highest = Math.min(Math.floor(frameRate), Math.floor(govLength?.max ?? frameRate));
  const out: NonMotionRate[] = [];
  for (let n = lowest; n <= highest; n++) {
    const rate = frameRate / n;
    if (rate < ADAPTIVE_RATE_MIN || rate > ADAPTIVE_RATE_MAX) continue;
    out.push({ divisor: n, rate: Math.round(rate * 100) / 100 });
  }
  return out;
}

/**
 * The option matching a stream's GOV length, or the nearest one when the
 * GOV length is not on offer (a camera set elsewhere); undefined when there
 * are no options.
 */
export function chooseNonMotionRate(options: readonly NonMotionRate[], govLength: number | undefined): NonMotionRate | undefined {
  if (options.length === 0) return undefined;
  const target = govLength ?? options[0]!.divisor;
  let best = options[0]!;
  for (const option of options) if (Math.abs(option.divisor - target) < Math.abs(best.divisor - target)) best = option;
  return best;
}

/** Whether the decode-all-frames option applies: only H.264 has frames other than keyframes. */
export function decodeAllFramesAvailable(encoder: string | undefined): boolean {
  return encoder === 'H264';
}

/** Whether a stored configuration decodes every frame (the recorder's default when it does not say). */
export function decodesAllFrames(config: RecordingConfiguration | null | undefined): boolean {
  return config?.decode?.keyFramesOnly !== true;
}

/**
 * The decode-all-frames setting after the encoder changes: switching to
 * H.264 turns it on; any other change keeps it.
 */
export function decodeAllFramesAfterEncoderChange(previousEncoder: string | undefined, nextEncoder: string | undefined, current: boolean): boolean {
  if (nextEncoder === 'H264' && previousEncoder !== 'H264') return true;
  return current;
}
