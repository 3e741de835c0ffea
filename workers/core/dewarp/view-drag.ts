/**
 * Dragging a perspective dewarp view (spec 5 "Dewarp": pan and tilt bounded
 * by the view limits): the picture follows the pointer, as a map does, so a
 * drag across the whole tile turns the view by its field of view. Pan and
 * tilt move in the directions the view basis of perspective.ts gives each
 * mounting (ceiling: right is increasing pan, down is toward the lens axis
 * that is tilt 90; floor is turned half a turn; wall: pan is yaw to the
 * right, tilt is pitch up), then clampView keeps them inside the limits.
 *
 * Cost: O(1). Limits: the turn is the linear approximation of the field of
 * view (the picture moves a little slower than the pointer at the centre of
 * a wide view); near the lens axis a pan turns at most 4 times faster than
 * a level one, so the picture there lags the pointer.
 */
import { DEG } from './fisheye-lens';
import { type DewarpOrientation, type PerspectiveView, clampView } from './dewarp-settings';

/** Pan turns at most 4 times faster than a level view's near the axis. */
const MIN_PAN_COS = 0.25;

/** Vertical field of view, degrees, at a zoom (the focal length in half-heights). */
export function verticalFovDeg(zoom: number): number {
  return (2 * Math.atan(1 / zoom)) / DEG;
}

/**
 * The view after the pointer moved `dx`, `dy` (fractions of the tile's
 * width and height; right and down positive) over a tile `aspect` wide per
 * unit of height.
 */
export function dragView(view: PerspectiveView, orientation: DewarpOrientation, dx: number, dy: number, aspect: number): PerspectiveView {
  const vertical = verticalFovDeg(view.zoom);
  // Pan turns around the axis (a wall's: the world's up), so a turn on screen needs more pan the farther the view is
  // from the horizon; bounded so that near the axis a drag does not spin the view.
  const horizontal = (2 * Math.atan(aspect / view.zoom)) / DEG / Math.max(MIN_PAN_COS, Math.cos(view.tilt * DEG));
  // Content moving right means looking left: against the direction the view's right turns pan.
  const panSign = orientation === 'floor' ? 1 : -1;
  // Content moving down means looking up: on a ceiling that is away from the axis (tilt falls).
  const tiltSign = orientation === 'ceiling' ? -1 : 1;
  return clampView({ pan: view.pan + panSign * dx * horizontal, tilt: view.tilt + tiltSign * dy * vertical, zoom: view.zoom }, orientation);
}
