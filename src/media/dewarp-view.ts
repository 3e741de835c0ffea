/**
 * The player's facade over the perspective dewarp view math
 * (workers/core/dewarp): the view a perspective tile shows, and how a
 * drag, a wheel notch and a pinch turn it (spec 5 "Dewarp": pan and tilt
 * bounded by the view limits; spec 9: wheel zoom 0.05 a notch within
 * 0.1-10; a pinch steps it as the wheel does, one step per 10 % of finger
 * travel). UI code reaches the math through here. Pure; O(1).
 */
import type { StreamDewarpConfiguration } from '../../server/shared/api';
import { DEFAULT_DEWARP_SETTINGS, clampView, zoomBySteps, zoomByWheel, type PerspectiveView } from '../../workers/core/dewarp/dewarp-settings';
import { dragView } from '../../workers/core/dewarp/view-drag';

export type { PerspectiveView };

/** The view a perspective tile shows: the one the user turned to, else the settings' default, inside the limits. */
export function shownDewarpView(turned: PerspectiveView | null, settings: StreamDewarpConfiguration | null): PerspectiveView {
  return clampView(turned ?? settings?.defaultPerspectiveView ?? DEFAULT_DEWARP_SETTINGS.defaultPerspectiveView, orientationOf(settings));
}

/** The view after the pointer moved dx, dy (fractions of the tile; right and down positive). */
export function dragDewarpView(view: PerspectiveView, settings: StreamDewarpConfiguration | null, dx: number, dy: number, tileAspect: number): PerspectiveView {
  return dragView(view, orientationOf(settings), dx, dy, tileAspect);
}

/** The view after one wheel event (negative deltaY zooms in). */
export function wheelDewarpView(view: PerspectiveView, deltaY: number): PerspectiveView {
  return { ...view, zoom: zoomByWheel(view.zoom, deltaY) };
}

/** The view after a pinch of `steps` whole 10 % steps of finger distance (spreading zooms in): a wheel step each. */
export function pinchDewarpView(view: PerspectiveView, steps: number): PerspectiveView {
  return { ...view, zoom: zoomBySteps(view.zoom, steps) };
}

/** The percent a tile header shows for a perspective view's zoom (0.5 shows 50 %). */
export function dewarpZoomPercent(view: PerspectiveView): number {
  return Math.round(view.zoom * 100);
}

function orientationOf(settings: StreamDewarpConfiguration | null) {
  return settings?.orientation ?? DEFAULT_DEWARP_SETTINGS.orientation;
}
