/**
 * The PTZ requests of the player's controls (spec 2 "Player", 3, 7): from
 * what the user does (holds a direction, clicks the picture) and what the
 * camera can do (capabilities.camera.PTZ, quirks) to the body of POST
 * /service/cameras/{id}/position. Pure; the controls send what it answers.
 *
 * The recorder applies the quirks to the ONVIF calls (zoom-override splits
 * a move that pans and zooms; force-relative-ptz turns a continuous move
 * into one relative step). What is left to the client:
 * - force-relative-ptz: one continuous move would be one small step, so a
 *   held button sends relative steps again while held, and has nothing to
 *   stop; a click on the picture is always 'relative'.
 * - relativeFOV: a click is sent in the camera's field-of-view space when
 *   the camera has one (x, y = where the view centre goes, -1..1 edge to
 *   edge); otherwise as a generic 'relative' step of half the offset, the
 *   recorder's own approximation for such cameras (the edge of the picture
 *   taken as half a field of view from its centre): approximate, as generic
 *   spaces differ from camera to camera.
 * Axes the camera lacks are left out: no button, no value.
 */
import type { CameraQuirk, PtzCapabilities, PtzMoveRequest } from '../../../server/shared/api';
import type { DigitalView } from '../../../workers/core/digital-zoom';

export type PtzDirection = 'up' | 'down' | 'left' | 'right' | 'zoomIn' | 'zoomOut';

export const PTZ_DIRECTIONS: readonly PtzDirection[] = ['up', 'left', 'right', 'down', 'zoomIn', 'zoomOut'];

export interface PtzAxes {
  pan: boolean;
  tilt: boolean;
  zoom: boolean;
  relativeFOV: boolean;
}

/** Velocity of a held button: half the camera's top speed, so the user can stop where they mean to. */
export const HELD_SPEED = 0.5;
/** Under force-relative-ptz: the step a held button sends, and how often while it is held. */
export const HELD_STEP = 0.1;
export const HELD_STEP_REPEAT_MS = 500;
/** A generic relative step for a click is this share of the click's offset (see the module comment). */
export const RELATIVE_CLICK_SCALE = 0.5;

/** Continuous 0, 0, 0: the stop the recorder sends to the camera as an ONVIF Stop. */
export const PTZ_STOP: PtzMoveRequest = { type: 'continuous', x: 0, y: 0, z: 0 };

export interface HeldMove {
  /** Sent when the button is pressed (and again every repeatMs while held, when not null). */
  start: PtzMoveRequest;
  repeatMs: number | null;
  /** Sent once when the hold ends; null when there is nothing to stop. */
  stop: PtzMoveRequest | null;
}

const VECTORS: Record<PtzDirection, { x: number; y: number; z: number }> = {
  up: { x: 0, y: 1, z: 0 },
  down: { x: 0, y: -1, z: 0 },
  left: { x: -1, y: 0, z: 0 },
  right: { x: 1, y: 0, z: 0 },
  zoomIn: { x: 0, y: 0, z: 1 },
  zoomOut: { x: 0, y: 0, z: -1 },
};

/** The camera's axes from its capability strings ('true' / 'false'); none for a camera without PTZ. */
export function ptzAxes(ptz: PtzCapabilities | undefined): PtzAxes {
  return {
    pan: ptz?.pan === 'true',
    tilt: ptz?.tilt === 'true',
    zoom: ptz?.zoom === 'true',
    relativeFOV: ptz?.relativeFOV === 'true',
  };
}

export function canMove(axes: PtzAxes): boolean {
  return axes.pan || axes.tilt || axes.zoom;
}

export function directionAvailable(direction: PtzDirection, axes: PtzAxes): boolean {
  if (direction === 'left' || direction === 'right') return axes.pan;
  if (direction === 'up' || direction === 'down') return axes.tilt;
  return axes.zoom;
}

const forcesRelative = (quirks: readonly CameraQuirk[]) => quirks.includes('force-relative-ptz');

/** Rounded to 4 places (tidy JSON) and never -0. */
const tidy = (value: number): number => Math.round(value * 1e4) / 1e4 + 0;

/** What pressing and holding a direction sends; null when the camera lacks that axis. */
export function heldMove(direction: PtzDirection, axes: PtzAxes, quirks: readonly CameraQuirk[]): HeldMove | null {
  if (!directionAvailable(direction, axes)) return null;
  const v = VECTORS[direction];
  if (forcesRelative(quirks)) {
    return { start: { type: 'relative', x: tidy(v.x * HELD_STEP), y: tidy(v.y * HELD_STEP), z: tidy(v.z * HELD_STEP) }, repeatMs: HELD_STEP_REPEAT_MS, stop: null };
  }
  return { start: { type: 'continuous', x: tidy(v.x * HELD_SPEED), y: tidy(v.y * HELD_SPEED), z: tidy(v.z * HELD_SPEED) }, repeatMs: null, stop: PTZ_STOP };
}

export interface Size {
  width: number;
  height: number;
}

/** Where a picture of `aspect` (width / height) lies in a box when drawn with object-fit: contain. */
export function containedPicture(box: Size, aspect: number): { x: number; y: number; width: number; height: number } {
  if (!(aspect > 0) || box.width <= 0 || box.height <= 0) return { x: 0, y: 0, width: box.width, height: box.height };
  if (box.width / box.height > aspect) {
    const width = box.height * aspect;
    return { x: (box.width - width) / 2, y: 0, width, height: box.height };
  }
  const height = box.width / aspect;
  return { x: 0, y: (box.height - height) / 2, width: box.width, height };
}

/** Width / height of a 'WIDTHxHEIGHT' resolution; 16:9 when unknown. */
export function pictureAspect(resolution: string | undefined): number {
  const match = /^(\d+)x(\d+)$/.exec(resolution ?? '');
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  return width > 0 && height > 0 ? width / height : 16 / 9;
}

const clampUnit = (value: number) => Math.min(1, Math.max(-1, value));

/**
 * A click at `point` (pixels from the box's top-left) as an offset of the
 * camera picture's point from its centre: x right, y up, -1..1 at the
 * picture's edges. The digital zoom's view is undone first (a zoomed tile
 * shows part of the picture). Null on the bars beside a contained picture.
 */
export function clickOffset(point: { x: number; y: number }, box: Size, aspect: number, view?: DigitalView): { x: number; y: number } | null {
  const picture = containedPicture(box, aspect);
  const fx = (point.x - picture.x) / picture.width;
  const fy = (point.y - picture.y) / picture.height;
  if (!(fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1)) return null;
  const scale = view && view.scale > 1 ? view.scale : 1;
  const frameX = view && scale > 1 ? view.centerX + (fx - 0.5) / scale : fx;
  const frameY = view && scale > 1 ? view.centerY + (fy - 0.5) / scale : fy;
  return { x: clampUnit((frameX - 0.5) * 2), y: clampUnit((0.5 - frameY) * 2) };
}

/** The move that brings a clicked point to the centre; null when the camera cannot pan or tilt, or the click was at the centre. */
export function clickMove(offset: { x: number; y: number }, axes: PtzAxes, quirks: readonly CameraQuirk[]): PtzMoveRequest | null {
  if (!axes.pan && !axes.tilt) return null;
  const fov = axes.relativeFOV && !forcesRelative(quirks);
  const scale = fov ? 1 : RELATIVE_CLICK_SCALE;
  const x = axes.pan ? tidy(clampUnit(offset.x) * scale) : 0;
  const y = axes.tilt ? tidy(clampUnit(offset.y) * scale) : 0;
  if (x === 0 && y === 0) return null;
  return { type: fov ? 'relativeFOV' : 'relative', x, y, z: 0 };
}
