/**
 * PTZ moves and presets (spec 3, 5, 7): request checks and the translation
 * of a client move into the ONVIF calls a camera gets, honouring the camera's
 * axes and quirks. Pure; the calls are made by media/ptz.
 *
 * Moves: `continuous` (velocities -1..1, all zero = stop), `relative` (a step
 * in the camera's generic translation space, -1..1), `relativeFOV` (x, y =
 * where the view centre goes as a fraction of the current field of view,
 * -1..1 edge to edge; z a relative zoom step -1..1). Values outside -1..1 are
 * refused, not clamped, so a client bug shows. A camera without the FOV space
 * gets `relativeFOV` as a generic relative move of half the values (the edge
 * of the picture is half a field of view from its centre) — approximate.
 *
 * Quirks: `force-relative-ptz` — the camera ignores or mishandles
 * ContinuousMove, so a continuous velocity becomes one relative step of
 * FORCED_RELATIVE_STEP times it, and a stop is a no-op. `zoom-override` — the
 * camera refuses a move that carries pan/tilt and zoom together (some Sony
 * and Axis firmware), so such a move is sent as two: pan/tilt only, then zoom
 * only.
 */
import type { CameraQuirk, PtzMoveRequest, PtzMoveType, PtzPreset } from '../../shared/api';
import { isCameraQuirk } from '../../shared/api/cameras';
import { PTZ_MOVE_TYPES } from '../../shared/api/operations';
import { DEFAULT_MAX_PRESETS, validatePresetName } from '../../shared/validation';
import { badRequest, conflict } from '../../common/api-error';

/** A continuous velocity of 1 becomes a relative step of this size under force-relative-ptz. */
export const FORCED_RELATIVE_STEP = 0.1;
/** A continuous move ends by itself after this long if the stop never arrives (client gone). */
export const CONTINUOUS_MOVE_TIMEOUT_MS = 30_000;
/** Preset tokens go into SOAP bodies: plain characters only. */
export const PRESET_TOKEN_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface PtzAxes {
  pan: boolean;
  tilt: boolean;
  zoom: boolean;
  relativeFOV: boolean;
}

export type PtzCall =
  | { kind: 'continuous'; x: number; y: number; zoom: number; part: 'all' | 'pan-tilt' | 'zoom'; timeoutMs: number }
  | { kind: 'relative'; x: number; y: number; zoom: number; part: 'all' | 'pan-tilt' | 'zoom'; space: 'generic' | 'fov' }
  | { kind: 'stop' };

type RelativeCall = PtzCall & { kind: 'relative' };

function checkAxis(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`'${name}' must be a number.`, 'invalid-ptz-move');
  if (value < -1 || value > 1) throw badRequest(`'${name}' must be between -1 and 1.`, 'invalid-ptz-move');
  return value;
}

export function checkMove(body: { x?: unknown; y?: unknown; z?: unknown; type?: unknown }): PtzMoveRequest {
  if (typeof body.type !== 'string' || !(PTZ_MOVE_TYPES as readonly string[]).includes(body.type)) {
    throw badRequest(`'type' must be one of ${PTZ_MOVE_TYPES.join(', ')}.`, 'invalid-ptz-move');
  }
  return {
    type: body.type as PtzMoveType,
    x: checkAxis(body.x ?? 0, 'x'),
    y: checkAxis(body.y ?? 0, 'y'),
    z: checkAxis(body.z ?? 0, 'z'),
  };
}

export function parseQuirks(quirks: readonly string[] | undefined): Set<CameraQuirk> {
  return new Set((quirks ?? []).filter(isCameraQuirk));
}

/** Splits a move that carries both pan/tilt and zoom into two when the camera needs it. */
function split<T extends { x: number; y: number; zoom: number; part: 'all' | 'pan-tilt' | 'zoom' }>(call: T, separate: boolean): T[] {
  const hasPanTilt = call.x !== 0 || call.y !== 0;
  const hasZoom = call.zoom !== 0;
  if (!separate) return [call];
  if (hasPanTilt && hasZoom) return [{ ...call, zoom: 0, part: 'pan-tilt' }, { ...call, x: 0, y: 0, part: 'zoom' }];
  if (hasZoom) return [{ ...call, x: 0, y: 0, part: 'zoom' }];
  return [{ ...call, zoom: 0, part: 'pan-tilt' }];
}

/** The ONVIF calls for a move, in order. Axes the camera lacks are zeroed; a move with nothing left is no call at all. */
export function planMove(move: PtzMoveRequest, axes: PtzAxes, quirks: ReadonlySet<CameraQuirk>): PtzCall[] {
  const x = axes.pan ? move.x : 0;
  const y = axes.tilt ? move.y : 0;
  const zoom = axes.zoom ? move.z : 0;
  const separate = quirks.has('zoom-override');
  const still = x === 0 && y === 0 && zoom === 0;

  if (move.type === 'continuous') {
    if (quirks.has('force-relative-ptz')) {
      if (still) return [];
      const step = { kind: 'relative' as const, space: 'generic' as const, part: 'all' as const };
      return split({ ...step, x: x * FORCED_RELATIVE_STEP, y: y * FORCED_RELATIVE_STEP, zoom: zoom * FORCED_RELATIVE_STEP }, separate);
    }
    if (still) return [{ kind: 'stop' }];
    return split<PtzCall & { kind: 'continuous' }>({ kind: 'continuous', x, y, zoom, part: 'all', timeoutMs: CONTINUOUS_MOVE_TIMEOUT_MS }, separate);
  }
  if (still) return [];
  if (move.type === 'relativeFOV' && axes.relativeFOV) {
    return split<RelativeCall>({ kind: 'relative', x, y, zoom, part: 'all', space: 'fov' }, separate);
  }
  const scale = move.type === 'relativeFOV' ? 0.5 : 1;
  return split<RelativeCall>({ kind: 'relative', x: x * scale, y: y * scale, zoom: zoom * scale, part: 'all', space: 'generic' }, separate);
}

export function checkPresetToken(token: unknown): string {
  if (typeof token !== 'string' || !PRESET_TOKEN_PATTERN.test(token)) {
    throw badRequest('The preset token is not valid.', 'invalid-preset-token');
  }
  return token;
}

/** Names per spec 5: up to 32 letters, digits and spaces; blank is allowed and shown as 'Preset <token>'. */
export function checkPresetName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : name;
  const problem = validatePresetName(trimmed, false);
  if (problem) throw badRequest(problem, 'invalid-preset-name');
  return (trimmed as string | undefined) ?? '';
}

export function displayPresetName(token: string, name: string): string {
  return name.trim().length > 0 ? name : `Preset ${token}`;
}

/** Presets as the API shows them: blank names filled in, sorted by name (natural order, case-insensitive), then token. */
export function presentPresets(presets: ReadonlyArray<{ token: string; name: string }>): PtzPreset[] {
  return presets
    .map((p) => ({ token: p.token, name: displayPresetName(p.token, p.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true, sensitivity: 'base' }) || a.token.localeCompare(b.token));
}

/** The camera's preset limit: its capability, else what the device reports, else the spec default (10). */
export function effectiveMaxPresets(capability: number | undefined, deviceReported: number | undefined): number {
  for (const value of [capability, deviceReported]) {
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  }
  return DEFAULT_MAX_PRESETS;
}

/** Throws unless one more preset fits. */
export function checkRoomForPreset(existing: number, maxPresets: number): void {
  if (existing >= maxPresets) {
    throw conflict(`This camera holds at most ${maxPresets} presets; delete one first.`, 'errorCreatingPreset');
  }
}

/** Throws when another preset already has this name (case-insensitive); blank names may repeat. */
export function checkUniquePresetName(presets: ReadonlyArray<{ token: string; name: string }>, name: string, exceptToken?: string): void {
  if (name.length === 0) return;
  const clash = presets.find((p) => p.token !== exceptToken && p.name.trim().toLowerCase() === name.toLowerCase());
  if (clash) throw conflict(`A preset named '${name}' already exists.`, 'errorCreatingPreset');
}
