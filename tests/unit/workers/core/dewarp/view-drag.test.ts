import { describe, expect, it } from 'vitest';
import {
  createPerspectiveUniforms,
  dragView,
  lensForImage,
  perspectiveDirection,
  perspectiveUniforms,
  verticalFovDeg,
  type DewarpOrientation,
  type PerspectiveView,
  type Vec3,
} from '../../../../../workers/core/dewarp';

const lens = lensForImage(1000, 1000);
const ASPECT = 16 / 9;

function directionAt(orientation: DewarpOrientation, view: PerspectiveView, u: number, v: number): Vec3 {
  const uniforms = perspectiveUniforms(createPerspectiveUniforms(), { orientation, view, depth: 1, aspect: ASPECT, lens });
  return perspectiveDirection(uniforms, u, v)!;
}

const angleDeg = (a: Vec3, b: Vec3) =>
  (Math.acos(Math.min(1, (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (Math.hypot(...a) * Math.hypot(...b)))) * 180) / Math.PI;

describe('dragging a perspective view', () => {
  const cases: Array<{ orientation: DewarpOrientation; view: PerspectiveView }> = [
    { orientation: 'ceiling', view: { pan: 30, tilt: 45, zoom: 1 } },
    { orientation: 'floor', view: { pan: 200, tilt: 40, zoom: 1.5 } },
    { orientation: 'wall', view: { pan: 10, tilt: -10, zoom: 1 } },
  ];
  for (const { orientation, view } of cases) {
    it(`moves the picture with the pointer on a ${orientation} camera`, () => {
      const seen = directionAt(orientation, view, 0.5, 0.5);
      for (const [dx, dy] of [
        [0.05, 0],
        [-0.05, 0],
        [0, 0.05],
        [0, -0.05],
      ] as const) {
        const after = dragView(view, orientation, dx, dy, ASPECT);
        // What was at the centre moved the way the pointer did: it is nearer the pointer than the centre or the other side.
        const atPointer = angleDeg(directionAt(orientation, after, 0.5 + dx, 0.5 + dy), seen);
        expect(atPointer).toBeLessThan(angleDeg(directionAt(orientation, after, 0.5, 0.5), seen));
        expect(atPointer).toBeLessThan(angleDeg(directionAt(orientation, after, 0.5 - dx, 0.5 - dy), seen));
        expect(angleDeg(directionAt(orientation, after, 0.5, 0.5), seen)).toBeGreaterThan(1);
      }
    });
  }

  it('keeps tilt within the view limits and wraps pan around a ceiling camera', () => {
    expect(dragView({ pan: 350, tilt: 80, zoom: 1 }, 'ceiling', -0.5, -1, ASPECT)).toMatchObject({ tilt: 90 });
    expect(dragView({ pan: 350, tilt: 10, zoom: 1 }, 'ceiling', -0.2, 1, ASPECT).tilt).toBe(0);
    const wrapped = dragView({ pan: 350, tilt: 45, zoom: 1 }, 'ceiling', -0.2, 0, ASPECT).pan;
    expect(wrapped).toBeGreaterThanOrEqual(0);
    expect(wrapped).toBeLessThan(90);
  });

  it('stops pan at the edge of a wall camera', () => {
    expect(dragView({ pan: 80, tilt: 0, zoom: 1 }, 'wall', -1, 0, ASPECT).pan).toBe(90);
    expect(dragView({ pan: -80, tilt: 85, zoom: 1 }, 'wall', 1, 1, ASPECT)).toMatchObject({ pan: -90, tilt: 90 });
  });

  it('keeps the zoom', () => {
    expect(dragView({ pan: 0, tilt: 45, zoom: 2.35 }, 'ceiling', 0.1, 0.1, ASPECT).zoom).toBe(2.35);
    expect(verticalFovDeg(1)).toBeCloseTo(90);
  });
});
