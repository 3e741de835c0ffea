/**
 * PTZ of the simulated camera as pure geometry: a position in ONVIF's
 * generic spaces (pan and tilt in [-1, 1], zoom in [0, 1]) maps to a crop
 * window over the scene; continuous moves are linear in time; presets are
 * named positions with a capacity.
 *
 * Mapping: zoom z gives magnification 1 + (MAX - 1) z; the window is the
 * output size divided by the magnification (at z = 0 it is exactly the
 * output size, so the unmoved camera needs no scaling); pan/tilt move the
 * window's centre across the scene so the window never leaves it. Tilt +1
 * looks up, as in ONVIF.
 *
 * Limits: positions are rounded to 1e-4 so equal requests give equal windows
 * (and can share an encoder); windows snap to even pixels for yuv420p.
 */

export interface PtzVector {
  pan: number;
  tilt: number;
  zoom: number;
}

export const PTZ_HOME: PtzVector = { pan: 0, tilt: 0, zoom: 0 };
export const MAX_MAGNIFICATION = 4;
/** Generic-space units per second at velocity 1: a full pan sweep (-1 to 1) takes 4 s, full zoom 4 s. */
export const PAN_TILT_UNITS_PER_S = 0.5;
export const ZOOM_UNITS_PER_S = 0.25;

export interface ViewGeometry {
  sceneWidth: number;
  sceneHeight: number;
  /** Output (main stream) size: the window size at zoom 0. */
  viewWidth: number;
  viewHeight: number;
}

export interface CropWindow {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const round4 = (value: number): number => Math.round(value * 1e4) / 1e4 + 0; // + 0 turns -0 into 0
const even = (value: number): number => Math.round(value / 2) * 2;

export function clampPosition(position: PtzVector): PtzVector {
  return {
    pan: round4(clamp(position.pan, -1, 1)),
    tilt: round4(clamp(position.tilt, -1, 1)),
    zoom: round4(clamp(position.zoom, 0, 1)),
  };
}

export function magnification(zoom: number): number {
  return 1 + (MAX_MAGNIFICATION - 1) * clamp(zoom, 0, 1);
}

export function windowFor(position: PtzVector, geometry: ViewGeometry): CropWindow {
  const p = clampPosition(position);
  const m = magnification(p.zoom);
  const width = Math.min(geometry.sceneWidth, even(geometry.viewWidth / m));
  const height = Math.min(geometry.sceneHeight, even(geometry.viewHeight / m));
  const centreX = geometry.sceneWidth / 2 + (p.pan * (geometry.sceneWidth - width)) / 2;
  const centreY = geometry.sceneHeight / 2 - (p.tilt * (geometry.sceneHeight - height)) / 2;
  return {
    x: clamp(even(centreX - width / 2), 0, geometry.sceneWidth - width),
    y: clamp(even(centreY - height / 2), 0, geometry.sceneHeight - height),
    width,
    height,
  };
}

export function sameWindow(a: CropWindow, b: CropWindow): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** Where a continuous move started at `start` with `velocity` (each in [-1, 1]) is after elapsedMs. */
export function positionAfter(start: PtzVector, velocity: PtzVector, elapsedMs: number): PtzVector {
  const seconds = Math.max(0, elapsedMs) / 1000;
  return clampPosition({
    pan: start.pan + clamp(velocity.pan, -1, 1) * PAN_TILT_UNITS_PER_S * seconds,
    tilt: start.tilt + clamp(velocity.tilt, -1, 1) * PAN_TILT_UNITS_PER_S * seconds,
    zoom: start.zoom + clamp(velocity.zoom, -1, 1) * ZOOM_UNITS_PER_S * seconds,
  });
}

export interface Preset {
  token: string;
  name: string;
  position: PtzVector;
}

export type PresetErrorCode = 'TooManyPresets' | 'NoToken' | 'PresetExist' | 'InvalidPresetName';

export class PresetError extends Error {
  constructor(
    readonly code: PresetErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Presets of one PTZ node: tokens are '1'..'max', reused after removal. */
export class PresetStore {
  private readonly presets = new Map<string, Preset>();

  constructor(readonly maxPresets: number) {}

  list(): Preset[] {
    return [...this.presets.values()].sort((a, b) => Number(a.token) - Number(b.token));
  }

  get(token: string): Preset | undefined {
    return this.presets.get(token);
  }

  /**
   * ONVIF SetPreset: without a token a new preset is created; with an
   * existing token that preset takes the new name (if given) and the current
   * position. Returns the token.
   */
  set(position: PtzVector, name: string | undefined, token: string | undefined): string {
    const trimmed = name?.trim();
    if (trimmed !== undefined && trimmed.length > 64) throw new PresetError('InvalidPresetName', 'Preset name too long');
    if (trimmed && this.list().some((p) => p.name === trimmed && p.token !== token)) {
      throw new PresetError('PresetExist', 'A preset with this name already exists');
    }
    if (token !== undefined && token !== '') {
      const existing = this.presets.get(token);
      if (!existing) throw new PresetError('NoToken', 'No preset with this token');
      this.presets.set(token, { token, name: trimmed || existing.name, position: clampPosition(position) });
      return token;
    }
    if (this.presets.size >= this.maxPresets) throw new PresetError('TooManyPresets', 'Maximum number of presets reached');
    let slot = 1;
    while (this.presets.has(String(slot))) slot++;
    const newToken = String(slot);
    this.presets.set(newToken, { token: newToken, name: trimmed || `Preset ${newToken}`, position: clampPosition(position) });
    return newToken;
  }

  remove(token: string): void {
    if (!this.presets.delete(token)) throw new PresetError('NoToken', 'No preset with this token');
  }
}
