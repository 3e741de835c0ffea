import { describe, expect, it } from 'vitest';
import {
  createPanoramaUniforms,
  createPerspectiveUniforms,
  lensForImage,
  lensLookup,
  panoramaDirection,
  panoramaRect,
  panoramaUniforms,
  perspectiveDirection,
  perspectiveUniforms,
  viewAngle,
  type DewarpOrientation,
  type PerspectiveView,
  type Vec3,
} from '../../../../../workers/core/dewarp';

// A square fisheye: the circle fills the frame, centre (0.5, 0.5), radius 0.5.
const lens = lensForImage(1000, 1000);

function perspective(orientation: DewarpOrientation, view: PerspectiveView, depth = 1, aspect = 1) {
  return perspectiveUniforms(createPerspectiveUniforms(), { orientation, view, depth, aspect, lens });
}

function sample(dir: Vec3 | null) {
  if (!dir) return null;
  const point = lensLookup(lens, dir);
  return point && { u: Number(point.u.toFixed(6)) + 0, v: Number(point.v.toFixed(6)) + 0 };
}

const angleBetween = (a: Vec3, b: Vec3) =>
  Math.acos((a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (Math.hypot(...a) * Math.hypot(...b)));

describe('fisheye lens', () => {
  it('maps the axis to the centre and 90° to the circle edge, nothing beyond', () => {
    expect(lensLookup(lens, [0, 0, 1])).toEqual({ u: 0.5, v: 0.5 });
    expect(lensLookup(lens, [1, 0, 0])).toEqual({ u: 1, v: 0.5 });
    const at45 = lensLookup(lens, [0, Math.SQRT1_2, Math.SQRT1_2])!;
    expect(at45.v).toBeCloseTo(0.75);
    expect(lensLookup(lens, [1, 0, -0.1])).toBeNull();
  });

  it('inscribes the circle in a wide frame', () => {
    const wide = lensForImage(1920, 1080);
    expect(wide.radiusV).toBeCloseTo(0.5);
    expect(wide.radiusU).toBeCloseTo(540 / 1920);
  });
});

describe('perspective dewarp', () => {
  it('looks at the centre of the fisheye at tilt 90 on a ceiling', () => {
    expect(sample(perspectiveDirection(perspective('ceiling', { pan: 0, tilt: 90, zoom: 1 }), 0.5, 0.5))).toEqual({
      u: 0.5,
      v: 0.5,
    });
  });

  it('looks at the circle edge at tilt 0, at the azimuth of pan (clockwise from the right)', () => {
    expect(sample(perspectiveDirection(perspective('ceiling', { pan: 0, tilt: 0, zoom: 1 }), 0.5, 0.5))).toEqual({
      u: 1,
      v: 0.5,
    });
    expect(sample(perspectiveDirection(perspective('ceiling', { pan: 90, tilt: 0, zoom: 1 }), 0.5, 0.5))).toEqual({
      u: 0.5,
      v: 1,
    });
  });

  it('keeps a ceiling view upright: the top of the tile is nearer the horizon', () => {
    const uniforms = perspective('ceiling', { pan: 0, tilt: 45, zoom: 1 });
    const top = sample(perspectiveDirection(uniforms, 0.5, 0.2))!;
    const bottom = sample(perspectiveDirection(uniforms, 0.5, 0.8))!;
    expect(top.u).toBeGreaterThan(bottom.u); // farther from the centre = nearer the edge
  });

  it('turns a floor view half a turn: what is right on a ceiling is left on a floor', () => {
    const view = { pan: 0, tilt: 45, zoom: 1 };
    const ceiling = sample(perspectiveDirection(perspective('ceiling', view), 0.8, 0.5))!;
    const floor = sample(perspectiveDirection(perspective('floor', view), 0.8, 0.5))!;
    expect(ceiling.v).toBeGreaterThan(0.5);
    expect(floor.v).toBeLessThan(0.5);
  });

  it('on a wall looks along the axis at pan 0, tilt 0 and right/up with positive pan/tilt', () => {
    expect(sample(perspectiveDirection(perspective('wall', { pan: 0, tilt: 0, zoom: 1 }), 0.5, 0.5))).toEqual({
      u: 0.5,
      v: 0.5,
    });
    expect(sample(perspectiveDirection(perspective('wall', { pan: 90, tilt: 0, zoom: 1 }), 0.5, 0.5))).toEqual({
      u: 1,
      v: 0.5,
    });
    expect(sample(perspectiveDirection(perspective('wall', { pan: 0, tilt: 90, zoom: 1 }), 0.5, 0.5))).toEqual({
      u: 0.5,
      v: 0,
    });
  });

  it('uses zoom as the focal length: zoom 1 shows 45° from the centre to the top edge', () => {
    const uniforms = perspective('wall', { pan: 0, tilt: 0, zoom: 1 });
    const centre = perspectiveDirection(uniforms, 0.5, 0.5)!;
    expect(angleBetween(centre, perspectiveDirection(uniforms, 0.5, 0)!)).toBeCloseTo(Math.PI / 4);
    const zoomed = perspective('wall', { pan: 0, tilt: 0, zoom: 2 });
    expect(angleBetween(centre, perspectiveDirection(zoomed, 0.5, 0)!)).toBeCloseTo(Math.atan(0.5));
  });

  it('widens the view with the output aspect ratio', () => {
    const uniforms = perspective('wall', { pan: 0, tilt: 0, zoom: 1 }, 1, 16 / 9);
    const centre = perspectiveDirection(uniforms, 0.5, 0.5)!;
    expect(angleBetween(centre, perspectiveDirection(uniforms, 1, 0.5)!)).toBeCloseTo(Math.atan(16 / 9));
  });

  it('depth 1 is rectilinear, depth 2 stereographic; beyond the projection is null', () => {
    expect(viewAngle(1, 1)).toBeCloseTo(Math.PI / 4);
    expect(viewAngle(1, 2)).toBeCloseTo(2 * Math.atan(0.5));
    expect(viewAngle(0, 0.1)).toBe(0);
    // Below 1 the eye moves toward the plane and the same plane point is nearer the axis.
    expect(viewAngle(0.5, 0.5)).toBeLessThan(viewAngle(0.5, 1));
    expect(viewAngle(0.5, 3)).toBeGreaterThan(viewAngle(0.5, 2));
    expect(Number.isNaN(viewAngle(5, 9))).toBe(true);
    const deep = perspective('ceiling', { pan: 0, tilt: 45, zoom: 0.1 }, 9);
    expect(perspectiveDirection(deep, 0, 0)).toBeNull();
  });

  it('clamps the view before building uniforms', () => {
    const uniforms = perspective('ceiling', { pan: 0, tilt: 120, zoom: 50 });
    expect(uniforms.u_plane[1]).toBeCloseTo(0.1);
    expect(sample(perspectiveDirection(uniforms, 0.5, 0.5))).toEqual({ u: 0.5, v: 0.5 });
  });

  it('fills the lens uniforms', () => {
    const uniforms = perspective('ceiling', { pan: 0, tilt: 45, zoom: 1 });
    expect(Array.from(uniforms.u_lens)).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect(uniforms.u_lensHalfFov).toBeCloseTo(Math.PI / 2);
  });
});

describe('panorama dewarp', () => {
  function panorama(orientation: DewarpOrientation, aspectRatio = 4, shiftDeg = 0) {
    return panoramaUniforms(createPanoramaUniforms(), { orientation, aspectRatio, shiftDeg, tileAspect: 16 / 9, lens });
  }

  it('on a ceiling shows the horizon at the top and, at ratio 4, the axis at the bottom', () => {
    const uniforms = panorama('ceiling');
    expect(sample(panoramaDirection(uniforms, 0.5, 0))).toEqual({ u: 1, v: 0.5 });
    expect(sample(panoramaDirection(uniforms, 0.5, 1))).toEqual({ u: 0.5, v: 0.5 });
  });

  it('centres the shift azimuth and reads clockwise left to right on a ceiling', () => {
    const uniforms = panorama('ceiling', 4, 90);
    expect(sample(panoramaDirection(uniforms, 0.5, 0))).toEqual({ u: 0.5, v: 1 });
    // A quarter of the width right of the centre is 90° further clockwise: the left of the circle.
    expect(sample(panoramaDirection(uniforms, 0.75, 0))).toEqual({ u: 0, v: 0.5 });
  });

  it('shows a narrower band below the horizon at a wider ratio', () => {
    const uniforms = panorama('ceiling', 8);
    const bottom = sample(panoramaDirection(uniforms, 0.5, 1))!;
    expect(bottom.u).toBeCloseTo(0.75); // 45° from the horizon is halfway to the centre
  });

  it('on a floor puts the horizon at the bottom and reads the other way round', () => {
    const uniforms = panorama('floor', 4, 90);
    expect(sample(panoramaDirection(uniforms, 0.5, 1))).toEqual({ u: 0.5, v: 1 });
    expect(sample(panoramaDirection(uniforms, 0.5, 0))).toEqual({ u: 0.5, v: 0.5 });
    expect(sample(panoramaDirection(uniforms, 0.75, 1))).toEqual({ u: 1, v: 0.5 });
  });

  it('on a wall spans 180° of yaw centred on the axis and the horizon', () => {
    const uniforms = panorama('wall', 2);
    expect(sample(panoramaDirection(uniforms, 0.5, 0.5))).toEqual({ u: 0.5, v: 0.5 });
    expect(sample(panoramaDirection(uniforms, 1, 0.5))).toEqual({ u: 1, v: 0.5 });
    expect(sample(panoramaDirection(uniforms, 0, 0.5))).toEqual({ u: 0, v: 0.5 });
    // Ratio 2: 90° high, so the top row is 45° up.
    expect(sample(panoramaDirection(uniforms, 0.5, 0))!.v).toBeCloseTo(0.25);
  });

  it('fills the tile at ratio 0 and letterboxes otherwise', () => {
    const tile = { x: 0, y: 0, width: 1600, height: 900 };
    expect(panoramaRect(tile, 0)).toEqual(tile);
    expect(panoramaRect(tile, 4)).toEqual({ x: 0, y: 250, width: 1600, height: 400 });
    expect(panoramaRect(tile, 1)).toEqual({ x: 350, y: 0, width: 900, height: 900 });
  });
});
