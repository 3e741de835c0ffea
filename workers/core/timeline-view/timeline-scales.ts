/**
 * The timeline's scales (spec 4, spec 9): in live mode the view is a
 * half-window either side of now, in steps 30 s, 2 m, 4 m, 16 m, 1 h, 6 h,
 * 12 h, 24 h, 3 days, 5 days (default 4 min); in playback the coarse scale
 * says how much time one 100 px segment holds: 1 day, 12 h, 6 h, 3 h, 1 h,
 * 30 min, 15 min, 5 min, 1 min (default 1 min, the finest).
 *
 * Both lists are ordered from the widest view to the narrowest, so "zoom in"
 * is always index + 1. Switching mode keeps the zoom the user had: the
 * other list's step with the closest milliseconds per pixel is picked.
 *
 * Pure; runs in the timeline worker and in tests.
 */

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Spec 9: live half-window steps, widest first (the spec lists them narrowest first). */
export const LIVE_HALF_WINDOWS_MS: readonly number[] = [
  5 * DAY_MS,
  3 * DAY_MS,
  24 * HOUR_MS,
  12 * HOUR_MS,
  6 * HOUR_MS,
  HOUR_MS,
  16 * MINUTE_MS,
  4 * MINUTE_MS,
  2 * MINUTE_MS,
  30 * SECOND_MS,
];
export const DEFAULT_LIVE_INDEX = LIVE_HALF_WINDOWS_MS.indexOf(4 * MINUTE_MS);

/** Spec 9: coarse scales (time per segment), widest first; default the last. */
export const COARSE_SCALES_MS: readonly number[] = [
  DAY_MS,
  12 * HOUR_MS,
  6 * HOUR_MS,
  3 * HOUR_MS,
  HOUR_MS,
  30 * MINUTE_MS,
  15 * MINUTE_MS,
  5 * MINUTE_MS,
  MINUTE_MS,
];
export const DEFAULT_COARSE_INDEX = COARSE_SCALES_MS.length - 1;
/** Spec 9: one coarse segment is 100 px wide. */
export const SEGMENT_WIDTH_PX = 100;

export type TimelineMode = 'live' | 'playback';

export interface TimelineScale {
  mode: TimelineMode;
  /** Index into LIVE_HALF_WINDOWS_MS (live) or COARSE_SCALES_MS (playback). */
  index: number;
}

export const DEFAULT_LIVE_SCALE: TimelineScale = { mode: 'live', index: DEFAULT_LIVE_INDEX };
export const DEFAULT_PLAYBACK_SCALE: TimelineScale = { mode: 'playback', index: DEFAULT_COARSE_INDEX };

function steps(mode: TimelineMode): readonly number[] {
  return mode === 'live' ? LIVE_HALF_WINDOWS_MS : COARSE_SCALES_MS;
}

/** Milliseconds per CSS pixel of a scale on a view `widthPx` wide. */
export function msPerPx(scale: TimelineScale, widthPx: number): number {
  if (scale.mode === 'playback') return COARSE_SCALES_MS[scale.index]! / SEGMENT_WIDTH_PX;
  return (2 * LIVE_HALF_WINDOWS_MS[scale.index]!) / Math.max(1, widthPx);
}

/** The scale `delta` steps finer (positive) or wider (negative), clamped to the list's ends. */
export function zoomScale(scale: TimelineScale, delta: number): TimelineScale {
  const last = steps(scale.mode).length - 1;
  const index = Math.min(last, Math.max(0, scale.index + Math.sign(delta)));
  return index === scale.index ? scale : { mode: scale.mode, index };
}

/** The step of `mode` closest (in log scale) to the ms per pixel of `scale`: what a mode switch keeps. */
export function closestScale(scale: TimelineScale, mode: TimelineMode, widthPx: number): TimelineScale {
  if (scale.mode === mode) return scale;
  const target = Math.log(msPerPx(scale, widthPx));
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  steps(mode).forEach((_step, index) => {
    const distance = Math.abs(Math.log(msPerPx({ mode, index }, widthPx)) - target);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  });
  return { mode, index: best };
}
