/**
 * The fisheye lens model behind both dewarp shaders: an equidistant lens
 * (image radius proportional to the angle from the axis) whose 180° image
 * circle is inscribed in the frame, centred. Directions are in the lens
 * frame: x to the image's right, y down, z along the axis (right-handed).
 *
 * `lensLookup` is the CPU twin of `fisheyeLookup` in the fragment shaders:
 * tests check the math here, and the views use it to map clicks.
 *
 * Cost: a few trig calls per lookup. Limits: no per-camera calibration
 * (circle offset, lens curve); the settings of spec 3 do not carry one.
 */
export type Vec3 = readonly [number, number, number];

export interface FisheyeLens {
  /** Circle centre in texture coordinates (0-1, y down). */
  centerU: number;
  centerV: number;
  /** Radius of the circle at `halfFovRad`, in texture units along each axis. */
  radiusU: number;
  radiusV: number;
  /** Half the lens's field of view: the angle at the circle's edge. */
  halfFovRad: number;
}

export function lensForImage(width: number, height: number, halfFovRad = Math.PI / 2): FisheyeLens {
  const radius = Math.min(width, height) / 2;
  return {
    centerU: 0.5,
    centerV: 0.5,
    radiusU: width > 0 ? radius / width : 0,
    radiusV: height > 0 ? radius / height : 0,
    halfFovRad,
  };
}

/** Texture coordinates showing direction `dir` (lens frame), or null outside the lens's view. */
export function lensLookup(lens: FisheyeLens, dir: Vec3): { u: number; v: number } | null {
  const sideways = Math.hypot(dir[0], dir[1]);
  const angle = Math.atan2(sideways, dir[2]);
  // The tolerance absorbs float32 rounding of uniforms at the circle edge.
  if (angle > lens.halfFovRad + 1e-6) return null;
  const r = angle / lens.halfFovRad;
  const ux = sideways > 0 ? dir[0] / sideways : 0;
  const uy = sideways > 0 ? dir[1] / sideways : 0;
  return { u: lens.centerU + ux * r * lens.radiusU, v: lens.centerV + uy * r * lens.radiusV };
}

export const DEG = Math.PI / 180;

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** Column-major 3x3 product M * v, M as GLSL's mat3 stores it. */
export function mulMat3(m: ArrayLike<number>, v: Vec3): Vec3 {
  return [
    m[0]! * v[0] + m[3]! * v[1] + m[6]! * v[2],
    m[1]! * v[0] + m[4]! * v[1] + m[7]! * v[2],
    m[2]! * v[0] + m[5]! * v[1] + m[8]! * v[2],
  ];
}

export function writeColumns(target: Float32Array, x: Vec3, y: Vec3, z: Vec3): void {
  target.set(x, 0);
  target.set(y, 3);
  target.set(z, 6);
}

/** The lens uniforms shared by both dewarp shaders. */
export function writeLensUniforms(target: { u_lens: Float32Array; u_lensHalfFov: number }, lens: FisheyeLens): void {
  target.u_lens[0] = lens.centerU;
  target.u_lens[1] = lens.centerV;
  target.u_lens[2] = lens.radiusU;
  target.u_lens[3] = lens.radiusV;
  target.u_lensHalfFov = lens.halfFovRad;
}
