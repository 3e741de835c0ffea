/**
 * Digital zoom and pan of a plain (not dewarped) tile (spec 5 "Digital zoom
 * 1 to 20", spec 9 "33 steps, pinch/touch 10%"). The view is the visible
 * part of the frame: a scale and the centre it looks at, in texture
 * coordinates (0-1, y down). Steps are geometric, so each wheel notch
 * magnifies by the same factor (20^(1/32), about 9.8 %).
 *
 * `digitalTexRect` gives the uniform of shaders/tile.frag; `zoomAt` keeps
 * the point under the pointer still while zooming.
 *
 * Cost: O(1); the step table is computed once. Limits: the view never shows
 * past the frame's edges (no zooming out below 1).
 */
export const DIGITAL_ZOOM_MIN = 1;
export const DIGITAL_ZOOM_MAX = 20;
export const DIGITAL_ZOOM_STEP_COUNT = 33;
/** Spec 9: a pinch or touch gesture zooms by 10 %. */
export const PINCH_ZOOM_FACTOR = 1.1;

/** `count` scales from `min` to `max`, geometric, both ends included. */
export function digitalZoomSteps(count = DIGITAL_ZOOM_STEP_COUNT, min = DIGITAL_ZOOM_MIN, max = DIGITAL_ZOOM_MAX): number[] {
  if (count < 2) return [min];
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? max : min * (max / min) ** (i / (count - 1))));
}

const STEPS = digitalZoomSteps();

export function clampScale(scale: number): number {
  return Math.min(DIGITAL_ZOOM_MAX, Math.max(DIGITAL_ZOOM_MIN, Number.isFinite(scale) ? scale : DIGITAL_ZOOM_MIN));
}

/** The next step up (direction 1) or down (-1) from `scale`, even when `scale` lies between steps. */
export function nextZoomStep(scale: number, direction: 1 | -1): number {
  const tolerance = 1e-9;
  if (direction > 0) return STEPS.find((step) => step > scale + tolerance) ?? DIGITAL_ZOOM_MAX;
  for (let i = STEPS.length - 1; i >= 0; i--) if (STEPS[i]! < scale - tolerance) return STEPS[i]!;
  return DIGITAL_ZOOM_MIN;
}

/** `steps` pinch or touch steps of 10 % each: in when positive, out when negative. */
export function pinchZoom(scale: number, steps: number): number {
  return clampScale(scale * PINCH_ZOOM_FACTOR ** Math.trunc(steps));
}

/**
 * Whole 10 % steps in a change of finger distance (`ratio` = now / before):
 * positive when the fingers spread, negative when they close, 0 until they
 * have moved a full step.
 */
export function pinchSteps(ratio: number): number {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return 0;
  // The epsilon keeps an exact 1.1 (or 1.21) from rounding down to one step fewer.
  const steps = Math.log(ratio) / Math.log(PINCH_ZOOM_FACTOR);
  return Math.trunc(steps + Math.sign(steps) * 1e-9);
}

/** The percentage shown beside the camera title. */
export function zoomPercent(scale: number): number {
  return Math.round(clampScale(scale) * 100);
}

export interface DigitalView {
  scale: number;
  centerX: number;
  centerY: number;
}

export const IDENTITY_VIEW: Readonly<DigitalView> = Object.freeze({ scale: 1, centerX: 0.5, centerY: 0.5 });

/** A view whose visible part stays inside the frame. */
export function clampView(view: DigitalView): DigitalView {
  const scale = clampScale(view.scale);
  const half = 0.5 / scale;
  return {
    scale,
    centerX: Math.min(1 - half, Math.max(half, view.centerX)),
    centerY: Math.min(1 - half, Math.max(half, view.centerY)),
  };
}

/** Zooms to `scale` keeping the frame point under tile point (x, y) (0-1) where it is. */
export function zoomAt(view: DigitalView, scale: number, x: number, y: number): DigitalView {
  const next = clampScale(scale);
  const frameX = view.centerX + (x - 0.5) / view.scale;
  const frameY = view.centerY + (y - 0.5) / view.scale;
  return clampView({ scale: next, centerX: frameX - (x - 0.5) / next, centerY: frameY - (y - 0.5) / next });
}

/** Pans by a drag of (dx, dy) in tile fractions: the picture follows the pointer. */
export function panBy(view: DigitalView, dx: number, dy: number): DigitalView {
  return clampView({ ...view, centerX: view.centerX - dx / view.scale, centerY: view.centerY - dy / view.scale });
}

/** The visible part as (x, y, width, height) in texture coordinates, written into `target`. */
export function digitalTexRect(view: DigitalView, target: Float32Array = new Float32Array(4)): Float32Array {
  const clamped = clampView(view);
  const size = 1 / clamped.scale;
  target[0] = clamped.centerX - size / 2;
  target[1] = clamped.centerY - size / 2;
  target[2] = size;
  target[3] = size;
  return target;
}
