/**
 * The dewarp dialog's form (spec 2, 3 "Dewarp settings", 5 "Dewarp", 9):
 * the stream's dewarpConfiguration read into a complete form with the
 * spec's defaults, the form written back as the configuration the recorder
 * stores (PATCH .../streams/{id} dewarpConfiguration), the ranges of each
 * control, and what an orientation change does: the pan and tilt limits
 * follow the mounting (ceiling and floor: pan 0-360, tilt 0-90; wall: pan
 * and tilt -90-90), and the default view is pulled inside the new limits.
 *
 * The limits, defaults and clamping are the player's own
 * (workers/core/dewarp/dewarp-settings.ts), so the dialog never allows a
 * view the stage would draw differently.
 *
 * Pure.
 */
import type { StreamDewarpConfiguration } from '../../../server/shared/api';
import {
  DEFAULT_DEWARP_SETTINGS,
  DEWARP_ZOOM,
  PANORAMA_ASPECT_RATIO,
  PANORAMA_SHIFT,
  PERSPECTIVE_DEPTH,
  clampView,
  dewarpSettingsErrors,
  viewLimits,
  type DewarpDefaultMode,
  type DewarpOrientation,
  type DewarpSettings,
  type PerspectiveView,
  type Range,
} from '../../../workers/core/dewarp/dewarp-settings';

export type DewarpForm = DewarpSettings;
export type { DewarpDefaultMode, DewarpOrientation, PerspectiveView };

export const DEWARP_ORIENTATIONS: readonly DewarpOrientation[] = ['ceiling', 'floor', 'wall'];

/** Spec 5: pan and tilt move in whole degrees. */
const VIEW_STEP = 1;

export interface DewarpRanges {
  pan: Range;
  tilt: Range;
  zoom: Range;
  depth: Range;
  aspectRatio: Range;
  shift: Range;
}

/** The range of every control for a mounting orientation. */
export function dewarpRanges(orientation: DewarpOrientation): DewarpRanges {
  const limits = viewLimits(orientation);
  return {
    pan: { min: limits.pan.min, max: limits.pan.max, step: VIEW_STEP },
    tilt: { min: limits.tilt.min, max: limits.tilt.max, step: VIEW_STEP },
    zoom: { min: DEWARP_ZOOM.min, max: DEWARP_ZOOM.max, step: DEWARP_ZOOM.step },
    depth: PERSPECTIVE_DEPTH,
    aspectRatio: PANORAMA_ASPECT_RATIO,
    shift: PANORAMA_SHIFT,
  };
}

const finite = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** Rounds to the control's step (0.1 or 1) so a slider's float noise never reaches the server. */
export function toStep(value: number, step: number): number {
  const decimals = step >= 1 ? 0 : Math.max(0, Math.ceil(-Math.log10(step)));
  return Number((Math.round(value / step) * step).toFixed(decimals));
}

/**
 * A view inside the orientation's limits, on the controls' steps. Unlike the
 * player's clampView, pan 360 stays 360 (the control's maximum) rather than
 * wrapping to 0.
 */
export function clampFormView(view: PerspectiveView, orientation: DewarpOrientation): PerspectiveView {
  const limits = viewLimits(orientation);
  const clamped = clampView(view, orientation);
  const pan = limits.pan.wraps && view.pan === limits.pan.max ? limits.pan.max : clamped.pan;
  return { pan: toStep(pan, VIEW_STEP), tilt: toStep(clamped.tilt, VIEW_STEP), zoom: toStep(clamped.zoom, DEWARP_ZOOM.step) };
}

/** The form for a stream's stored settings (null: never configured); missing or unreadable fields take the defaults. */
export function formFromConfig(config: StreamDewarpConfiguration | null | undefined): DewarpForm {
  const d = DEFAULT_DEWARP_SETTINGS;
  const c = config ?? {};
  const orientation = c.orientation && DEWARP_ORIENTATIONS.includes(c.orientation) ? c.orientation : d.orientation;
  const view = c.defaultPerspectiveView;
  return {
    enable: c.enable === true,
    defaultMode: c.defaultMode === 'panorama' ? 'panorama' : 'perspective',
    orientation,
    perspectiveDepth: finite(c.perspectiveDepth, d.perspectiveDepth),
    defaultPerspectiveView: clampFormView(
      {
        pan: finite(view?.pan, d.defaultPerspectiveView.pan),
        tilt: finite(view?.tilt, d.defaultPerspectiveView.tilt),
        zoom: finite(view?.zoom, d.defaultPerspectiveView.zoom),
      },
      orientation,
    ),
    panoramaAspectRatio: finite(c.panoramaAspectRatio, d.panoramaAspectRatio),
    panoramaShift: finite(c.panoramaShift, d.panoramaShift),
  };
}

/** The configuration to save: every field, so the stored settings never depend on defaults changing later. */
export function configFromForm(form: DewarpForm): StreamDewarpConfiguration {
  return {
    enable: form.enable,
    defaultMode: form.defaultMode,
    orientation: form.orientation,
    perspectiveDepth: form.perspectiveDepth,
    defaultPerspectiveView: { ...form.defaultPerspectiveView },
    panoramaAspectRatio: form.panoramaAspectRatio,
    panoramaShift: form.panoramaShift,
  };
}

/** The form after choosing a mounting orientation: the default view is pulled inside its limits. */
export function withOrientation(form: DewarpForm, orientation: DewarpOrientation): DewarpForm {
  return { ...form, orientation, defaultPerspectiveView: clampFormView(form.defaultPerspectiveView, orientation) };
}

/** The problems of the form, one message each (empty when it can be saved). */
export function dewarpFormErrors(form: DewarpForm): string[] {
  return dewarpSettingsErrors(form);
}
