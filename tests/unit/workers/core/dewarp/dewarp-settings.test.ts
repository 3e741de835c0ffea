import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEWARP_SETTINGS,
  assertDewarpMode,
  clampView,
  dewarpSettingsErrors,
  viewLimits,
  zoomBySteps,
  zoomByWheel,
} from '../../../../../workers/core/dewarp';

describe('dewarp settings', () => {
  it('has the spec defaults: ceiling, depth 1, view pan 0 tilt 45 zoom 0.5, aspect 4, shift 0', () => {
    expect(DEFAULT_DEWARP_SETTINGS).toMatchObject({
      enable: false,
      defaultMode: 'perspective',
      orientation: 'ceiling',
      perspectiveDepth: 1,
      defaultPerspectiveView: { pan: 0, tilt: 45, zoom: 0.5 },
      panoramaAspectRatio: 4,
      panoramaShift: 0,
    });
    expect(dewarpSettingsErrors(DEFAULT_DEWARP_SETTINGS)).toEqual([]);
  });

  it('limits ceiling and floor to tilt 0-90 and pan 0-360, a wall to ±90 each', () => {
    expect(viewLimits('ceiling')).toEqual({ pan: { min: 0, max: 360, wraps: true }, tilt: { min: 0, max: 90 } });
    expect(viewLimits('floor')).toEqual(viewLimits('ceiling'));
    expect(viewLimits('wall')).toEqual({ pan: { min: -90, max: 90, wraps: false }, tilt: { min: -90, max: 90 } });
  });

  it('wraps pan around the axis on ceiling and floor, clamps it on a wall', () => {
    expect(clampView({ pan: 370, tilt: 100, zoom: 20 }, 'ceiling')).toEqual({ pan: 10, tilt: 90, zoom: 10 });
    expect(clampView({ pan: -30, tilt: -5, zoom: 0.01 }, 'floor')).toEqual({ pan: 330, tilt: 0, zoom: 0.1 });
    expect(clampView({ pan: 120, tilt: -120, zoom: 1 }, 'wall')).toEqual({ pan: 90, tilt: -90, zoom: 1 });
  });

  it('zooms by 0.05 per wheel notch within 0.1-10', () => {
    expect(zoomByWheel(0.5, -100)).toBeCloseTo(0.55);
    expect(zoomByWheel(0.5, 3)).toBeCloseTo(0.45);
    expect(zoomByWheel(0.5, 0)).toBe(0.5);
    expect(zoomByWheel(10, -1)).toBe(10);
    expect(zoomByWheel(0.1, 1)).toBeCloseTo(0.1);
    let zoom = 1;
    for (let i = 0; i < 40; i++) zoom = zoomByWheel(zoom, -1);
    expect(zoom).toBeCloseTo(3, 10);
  });

  it('steps zoom by whole 0.05 steps for a pinch, within 0.1-10', () => {
    expect(zoomBySteps(0.5, 2)).toBeCloseTo(0.6, 10);
    expect(zoomBySteps(0.5, -3)).toBeCloseTo(0.35, 10);
    expect(zoomBySteps(0.5, 1.9)).toBeCloseTo(0.55, 10);
    expect(zoomBySteps(0.2, -10)).toBeCloseTo(0.1, 10);
    expect(zoomBySteps(9.9, 10)).toBe(10);
  });

  it('throws the spec RangeError for a mode other than 0, 1 or 2', () => {
    for (const mode of [0, 1, 2]) expect(() => assertDewarpMode(mode)).not.toThrow();
    for (const mode of [3, -1, '1', null, 1.5]) {
      expect(() => assertDewarpMode(mode)).toThrow(new RangeError('dewarpMode must be 0, 1 or 2'));
    }
  });

  it('names each out-of-range setting', () => {
    const errors = dewarpSettingsErrors({
      ...DEFAULT_DEWARP_SETTINGS,
      orientation: 'wall',
      perspectiveDepth: 9.5,
      panoramaAspectRatio: -1,
      panoramaShift: 181,
      defaultPerspectiveView: { pan: 100, tilt: 0, zoom: 0.05 },
    });
    expect(errors).toEqual([
      'Zoom must be between 0.1 and 10.',
      'Pan must be between -90 and 90.',
      'Depth must be between 0.1 and 9.',
      'Aspect ratio must be between 0 and 10.',
      'Shift must be between -180 and 180.',
    ]);
  });
});
