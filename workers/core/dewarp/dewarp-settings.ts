/**
 * Dewarp settings of a fisheye camera (spec 3 "Dewarp settings", spec 5
 * "Dewarp", spec 9): defaults, the ranges of each control, the view limits
 * each mounting orientation allows, clamping, wheel zoom and the dewarp mode
 * check.
 *
 * Conventions (shared by perspective.ts and panorama.ts):
 * - ceiling (default) and floor: the lens looks straight down or up. Tilt is
 *   the angle from the horizon (the edge of the fisheye circle, 0) toward the
 *   lens axis (its centre, 90); pan is the azimuth around the axis, 0 at the
 *   right of the fisheye image, increasing clockwise on screen, 0-360 and
 *   wrapping. A floor view is turned half a turn so that the world's up is up.
 * - wall: the lens looks horizontally. Pan is yaw (-90 left to 90 right of
 *   the lens axis) and tilt is pitch (-90 down to 90 up); neither wraps.
 *
 * Cost: trivial arithmetic. Limits: the lens is modelled by fisheye-lens.ts.
 */
import type { DewarpMode } from '../../../server/shared/api';

export type { DewarpMode };
export type DewarpOrientation = 'ceiling' | 'floor' | 'wall';
export type DewarpDefaultMode = 'perspective' | 'panorama';

/** Pan and tilt in degrees; zoom is the focal length in half-heights (1 = 90° vertical field of view). */
export interface PerspectiveView {
  pan: number;
  tilt: number;
  zoom: number;
}

export interface DewarpSettings {
  enable: boolean;
  defaultMode: DewarpDefaultMode;
  orientation: DewarpOrientation;
  /** Distance of the virtual eye from the view's tangent plane in sphere radii (1 = plain perspective). */
  perspectiveDepth: number;
  defaultPerspectiveView: PerspectiveView;
  /** Width over height of the panorama; 0 fills the tile. */
  panoramaAspectRatio: number;
  /** Degrees of azimuth (yaw on a wall) shown at the panorama's centre. */
  panoramaShift: number;
}

export interface Range {
  min: number;
  max: number;
  step: number;
}

export const DEWARP_ZOOM: Range & { wheelStep: number } = { min: 0.1, max: 10, step: 0.1, wheelStep: 0.05 };
export const PERSPECTIVE_DEPTH: Range = { min: 0.1, max: 9, step: 0.1 };
export const PANORAMA_ASPECT_RATIO: Range = { min: 0, max: 10, step: 0.1 };
export const PANORAMA_SHIFT: Range = { min: -180, max: 180, step: 1 };
/** Spec 9: dewarped pictures render at a pixel ratio of 4 where the machine can afford it (render-ratio.ts). */
export const DEWARP_RENDER_PIXEL_RATIO = 4;

export const DEFAULT_DEWARP_SETTINGS: Readonly<DewarpSettings> = Object.freeze({
  enable: false,
  defaultMode: 'perspective',
  orientation: 'ceiling',
  perspectiveDepth: 1,
  defaultPerspectiveView: Object.freeze({ pan: 0, tilt: 45, zoom: 0.5 }),
  panoramaAspectRatio: 4,
  panoramaShift: 0,
});

export interface ViewLimits {
  pan: { min: number; max: number; wraps: boolean };
  tilt: { min: number; max: number };
}

const HEMISPHERE_LIMITS: ViewLimits = Object.freeze({
  pan: Object.freeze({ min: 0, max: 360, wraps: true }),
  tilt: Object.freeze({ min: 0, max: 90 }),
});
const WALL_LIMITS: ViewLimits = Object.freeze({
  pan: Object.freeze({ min: -90, max: 90, wraps: false }),
  tilt: Object.freeze({ min: -90, max: 90 }),
});

export function viewLimits(orientation: DewarpOrientation): ViewLimits {
  return orientation === 'wall' ? WALL_LIMITS : HEMISPHERE_LIMITS;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A view inside the limits of `orientation`: pan wraps on ceiling and floor, everything else clamps. */
export function clampView(view: PerspectiveView, orientation: DewarpOrientation): PerspectiveView {
  const limits = viewLimits(orientation);
  const span = limits.pan.max - limits.pan.min;
  const pan = limits.pan.wraps
    ? ((((view.pan - limits.pan.min) % span) + span) % span) + limits.pan.min
    : clamp(view.pan, limits.pan.min, limits.pan.max);
  return {
    pan,
    tilt: clamp(view.tilt, limits.tilt.min, limits.tilt.max),
    zoom: clamp(view.zoom, DEWARP_ZOOM.min, DEWARP_ZOOM.max),
  };
}

/**
 * Zoom after one wheel event: each notch (sign of deltaY; negative zooms in)
 * changes zoom by 0.05 within 0.1-10, rounded to the step to avoid drift.
 */
export function zoomByWheel(zoom: number, deltaY: number): number {
  if (deltaY === 0) return zoom;
  return zoomBySteps(zoom, deltaY < 0 ? 1 : -1);
}

/** Zoom after `steps` wheel steps of 0.05 (a pinch's whole steps; positive zooms in), within 0.1-10, on the step grid. */
export function zoomBySteps(zoom: number, steps: number): number {
  const next = zoom + Math.trunc(steps) * DEWARP_ZOOM.wheelStep;
  return clamp(Math.round(next / DEWARP_ZOOM.wheelStep) * DEWARP_ZOOM.wheelStep, DEWARP_ZOOM.min, DEWARP_ZOOM.max);
}

/** Throws RangeError('dewarpMode must be 0, 1 or 2') unless `mode` is a dewarp mode (spec 5). */
export function assertDewarpMode(mode: unknown): asserts mode is DewarpMode {
  if (mode !== 0 && mode !== 1 && mode !== 2) throw new RangeError('dewarpMode must be 0, 1 or 2');
}

function outside(value: number, range: { min: number; max: number }): boolean {
  return !Number.isFinite(value) || value < range.min || value > range.max;
}

/** The problems of a settings form, one message each; empty when valid (spec 5). */
export function dewarpSettingsErrors(settings: DewarpSettings): string[] {
  const errors: string[] = [];
  const limits = viewLimits(settings.orientation);
  const view = settings.defaultPerspectiveView;
  if (outside(view.zoom, DEWARP_ZOOM)) errors.push(`Zoom must be between ${DEWARP_ZOOM.min} and ${DEWARP_ZOOM.max}.`);
  if (outside(view.pan, limits.pan)) errors.push(`Pan must be between ${limits.pan.min} and ${limits.pan.max}.`);
  if (outside(view.tilt, limits.tilt)) errors.push(`Tilt must be between ${limits.tilt.min} and ${limits.tilt.max}.`);
  if (outside(settings.perspectiveDepth, PERSPECTIVE_DEPTH)) {
    errors.push(`Depth must be between ${PERSPECTIVE_DEPTH.min} and ${PERSPECTIVE_DEPTH.max}.`);
  }
  if (outside(settings.panoramaAspectRatio, PANORAMA_ASPECT_RATIO)) {
    errors.push(`Aspect ratio must be between ${PANORAMA_ASPECT_RATIO.min} and ${PANORAMA_ASPECT_RATIO.max}.`);
  }
  if (outside(settings.panoramaShift, PANORAMA_SHIFT)) {
    errors.push(`Shift must be between ${PANORAMA_SHIFT.min} and ${PANORAMA_SHIFT.max}.`);
  }
  return errors;
}
