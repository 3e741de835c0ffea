/**
 * Panorama dewarp (dewarp mode 2): an equirectangular unwrap of the fisheye.
 * Tile x runs along azimuth, tile y along the polar angle from a pole, with
 * equal degrees per unit in both so the picture is not stretched:
 * - ceiling and floor: 360° around the lens axis; the vertical span is
 *   360° / aspect ratio, at most the 90° between horizon and axis (so the
 *   default ratio 4 shows the whole hemisphere). Ceiling puts the horizon at
 *   the top, floor at the bottom, each reading left to right like a
 *   perspective view turning right.
 * - wall: 180° of yaw around the world's up; the vertical span is
 *   180° / aspect ratio, at most 180°, centred on the horizon.
 * Shift is the azimuth (yaw) at the centre. Aspect ratio 0 fills the tile;
 * otherwise `panoramaRect` letterboxes the panorama inside it.
 *
 * Cost: O(1); uniforms change only with settings or tile size.
 */
import { DEG, type FisheyeLens, type Vec3, mulMat3, writeLensUniforms } from './fisheye-lens';
import type { DewarpOrientation } from './dewarp-settings';
import type { Rect } from '../rect';

export interface PanoramaUniforms {
  /** Columns: parameter-space x, y and pole in the lens frame. */
  u_pole: Float32Array;
  /** Azimuth (radians) at tile x = 0, and its change across the tile. */
  u_azimuth: Float32Array;
  /** Polar angle (radians from the pole) at the top and at the bottom of the tile. */
  u_polar: Float32Array;
  u_lens: Float32Array;
  u_lensHalfFov: number;
}

export function createPanoramaUniforms(): PanoramaUniforms {
  return {
    u_pole: new Float32Array(9),
    u_azimuth: new Float32Array(2),
    u_polar: new Float32Array(2),
    u_lens: new Float32Array(4),
    u_lensHalfFov: Math.PI / 2,
  };
}

export interface PanoramaParams {
  orientation: DewarpOrientation;
  /** Settings' panoramaAspectRatio; 0 (or less) means the tile's own aspect. */
  aspectRatio: number;
  shiftDeg: number;
  /** Tile width over height, used when aspectRatio is 0. */
  tileAspect: number;
  lens: FisheyeLens;
}

export function effectiveAspect(aspectRatio: number, tileAspect: number): number {
  return aspectRatio > 0 ? aspectRatio : tileAspect;
}

/** The panorama's rectangle inside a tile (contain fit), or the whole tile when the ratio is 0. */
export function panoramaRect(tile: Rect, aspectRatio: number): Rect {
  if (!(aspectRatio > 0) || tile.height <= 0) return { ...tile };
  if (tile.width / tile.height > aspectRatio) {
    const width = tile.height * aspectRatio;
    return { x: tile.x + (tile.width - width) / 2, y: tile.y, width, height: tile.height };
  }
  const height = tile.width / aspectRatio;
  return { x: tile.x, y: tile.y + (tile.height - height) / 2, width: tile.width, height };
}

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];
// Wall: azimuth 0 looks along the lens axis, azimuth 90° to the right (+x), the pole is up (-y).
const WALL_POLE = [0, 0, 1, 1, 0, 0, 0, -1, 0];

export function panoramaUniforms(target: PanoramaUniforms, params: PanoramaParams): PanoramaUniforms {
  const aspect = effectiveAspect(params.aspectRatio, params.tileAspect);
  const shift = params.shiftDeg * DEG;
  const quarter = Math.PI / 2;
  if (params.orientation === 'wall') {
    const span = Math.min(Math.PI, Math.PI / aspect);
    target.u_pole.set(WALL_POLE);
    target.u_azimuth[0] = shift - quarter;
    target.u_azimuth[1] = Math.PI;
    target.u_polar[0] = quarter - span / 2;
    target.u_polar[1] = quarter + span / 2;
  } else {
    const span = Math.min(quarter, (2 * Math.PI) / aspect);
    const floor = params.orientation === 'floor';
    target.u_pole.set(IDENTITY);
    target.u_azimuth[0] = floor ? shift + Math.PI : shift - Math.PI;
    target.u_azimuth[1] = floor ? -2 * Math.PI : 2 * Math.PI;
    target.u_polar[0] = floor ? quarter - span : quarter;
    target.u_polar[1] = floor ? quarter : quarter - span;
  }
  writeLensUniforms(target, params.lens);
  return target;
}

/** The lens-frame direction the shader samples at tile coordinates (u, v), 0-1 with v down. */
export function panoramaDirection(uniforms: PanoramaUniforms, u: number, v: number): Vec3 {
  const azimuth = uniforms.u_azimuth[0]! + u * uniforms.u_azimuth[1]!;
  const polar = uniforms.u_polar[0]! + v * (uniforms.u_polar[1]! - uniforms.u_polar[0]!);
  return mulMat3(uniforms.u_pole, [
    Math.sin(polar) * Math.cos(azimuth),
    Math.sin(polar) * Math.sin(azimuth),
    Math.cos(polar),
  ]);
}
