/**
 * Perspective dewarp (dewarp mode 1): a virtual pan-tilt-zoom camera looking
 * into the fisheye image. A tile pixel becomes a point on the view's tangent
 * plane (zoom is the focal length: 1/zoom is tan of half the vertical field
 * of view), then a direction through the general perspective projection
 * whose eye sits `depth` sphere radii from the tangent plane (1 = the centre:
 * plain rectilinear; 2 = the far pole: stereographic, wider and rounder;
 * below 1 narrows toward a tunnel), then the view basis turns it into the
 * lens frame for the fisheye lookup.
 *
 * `perspectiveUniforms` fills the uniforms of shaders/dewarp-perspective.frag
 * in place (no allocation per frame); `perspectiveDirection` is its CPU twin.
 *
 * Cost: O(1); uniforms change only when the view does. Limits: with depth
 * above 2 the corners of a wide view can fall outside the projection and
 * draw black, as the math says they must.
 */
import { DEG, type FisheyeLens, type Vec3, cross, mulMat3, writeColumns, writeLensUniforms } from './fisheye-lens';
import { type DewarpOrientation, type PerspectiveView, clampView } from './dewarp-settings';

export interface PerspectiveUniforms {
  /** Columns: the view's right, down and forward in the lens frame. */
  u_basis: Float32Array;
  /** Half-extent of the tangent plane: (aspect / zoom, 1 / zoom). */
  u_plane: Float32Array;
  u_depth: number;
  u_lens: Float32Array;
  u_lensHalfFov: number;
}

export function createPerspectiveUniforms(): PerspectiveUniforms {
  return {
    u_basis: new Float32Array(9),
    u_plane: new Float32Array(2),
    u_depth: 1,
    u_lens: new Float32Array(4),
    u_lensHalfFov: Math.PI / 2,
  };
}

export interface ViewBasis {
  right: Vec3;
  down: Vec3;
  forward: Vec3;
}

/** The view's axes in the lens frame for a pan and tilt in degrees (see dewarp-settings.ts). */
export function viewBasis(orientation: DewarpOrientation, panDeg: number, tiltDeg: number): ViewBasis {
  const p = panDeg * DEG;
  const t = tiltDeg * DEG;
  if (orientation === 'wall') {
    const forward: Vec3 = [Math.sin(p) * Math.cos(t), -Math.sin(t), Math.cos(p) * Math.cos(t)];
    const right: Vec3 = [Math.cos(p), 0, -Math.sin(p)];
    return { right, down: cross(forward, right), forward };
  }
  const forward: Vec3 = [Math.cos(t) * Math.cos(p), Math.cos(t) * Math.sin(p), Math.sin(t)];
  // Right is the direction of increasing azimuth; down then points toward the lens axis,
  // which is the world's down for a ceiling camera. A floor camera turns half a turn.
  const sign = orientation === 'floor' ? -1 : 1;
  const right: Vec3 = [-Math.sin(p) * sign, Math.cos(p) * sign, 0];
  return { right, down: cross(forward, right), forward };
}

export interface PerspectiveParams {
  orientation: DewarpOrientation;
  view: PerspectiveView;
  depth: number;
  /** Output width over height. */
  aspect: number;
  lens: FisheyeLens;
}

export function perspectiveUniforms(target: PerspectiveUniforms, params: PerspectiveParams): PerspectiveUniforms {
  const view = clampView(params.view, params.orientation);
  const basis = viewBasis(params.orientation, view.pan, view.tilt);
  writeColumns(target.u_basis, basis.right, basis.down, basis.forward);
  target.u_plane[0] = params.aspect / view.zoom;
  target.u_plane[1] = 1 / view.zoom;
  target.u_depth = params.depth;
  writeLensUniforms(target, params.lens);
  return target;
}

/**
 * Angle from the view's axis of the direction seen at tangent-plane radius
 * `rho`, for an eye `depth` radii from the plane; NaN when the ray misses.
 * Solves rho * (d + cos θ) = depth * sin θ with d = depth - 1.
 */
export function viewAngle(rho: number, depth: number): number {
  const d = depth - 1;
  const s = (rho * d) / Math.hypot(depth, rho);
  if (Math.abs(s) > 1) return Number.NaN;
  return Math.atan2(rho, depth) + Math.asin(s);
}

/** The lens-frame direction the shader samples at tile coordinates (u, v), 0-1 with v down. */
export function perspectiveDirection(uniforms: PerspectiveUniforms, u: number, v: number): Vec3 | null {
  const px = (u * 2 - 1) * uniforms.u_plane[0]!;
  const py = (v * 2 - 1) * uniforms.u_plane[1]!;
  const rho = Math.hypot(px, py);
  const theta = viewAngle(rho, uniforms.u_depth);
  if (Number.isNaN(theta)) return null;
  const sx = rho > 0 ? px / rho : 0;
  const sy = rho > 0 ? py / rho : 0;
  return mulMat3(uniforms.u_basis, [Math.sin(theta) * sx, Math.sin(theta) * sy, Math.cos(theta)]);
}
