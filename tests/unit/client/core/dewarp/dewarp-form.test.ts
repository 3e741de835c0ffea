import { describe, expect, it } from 'vitest';
import {
  clampFormView,
  configFromForm,
  dewarpFormErrors,
  dewarpRanges,
  formFromConfig,
  toStep,
  withOrientation,
} from '../../../../../src/core/dewarp/dewarp-form';

describe('dewarp form from a stream', () => {
  it('gives the spec defaults for a stream never configured', () => {
    expect(formFromConfig(null)).toEqual({
      enable: false,
      defaultMode: 'perspective',
      orientation: 'ceiling',
      perspectiveDepth: 1,
      defaultPerspectiveView: { pan: 0, tilt: 45, zoom: 0.5 },
      panoramaAspectRatio: 4,
      panoramaShift: 0,
    });
  });

  it('reads stored settings and fills what is missing', () => {
    const form = formFromConfig({ enable: true, defaultMode: 'panorama', orientation: 'wall', panoramaShift: -30 });
    expect(form).toMatchObject({ enable: true, defaultMode: 'panorama', orientation: 'wall', panoramaShift: -30, panoramaAspectRatio: 4 });
    expect(form.defaultPerspectiveView).toEqual({ pan: 0, tilt: 45, zoom: 0.5 });
  });

  it('pulls a stored view outside the limits inside them', () => {
    const form = formFromConfig({ orientation: 'ceiling', defaultPerspectiveView: { pan: 10, tilt: -20, zoom: 40 } });
    expect(form.defaultPerspectiveView).toEqual({ pan: 10, tilt: 0, zoom: 10 });
  });

  it('round-trips: the saved configuration reads back as the same form', () => {
    const form = formFromConfig({
      enable: true,
      defaultMode: 'perspective',
      orientation: 'floor',
      perspectiveDepth: 2.5,
      defaultPerspectiveView: { pan: 120, tilt: 30, zoom: 1.5 },
      panoramaAspectRatio: 3.2,
      panoramaShift: 90,
    });
    const config = configFromForm(form);
    expect(config).toEqual({
      enable: true,
      defaultMode: 'perspective',
      orientation: 'floor',
      perspectiveDepth: 2.5,
      defaultPerspectiveView: { pan: 120, tilt: 30, zoom: 1.5 },
      panoramaAspectRatio: 3.2,
      panoramaShift: 90,
    });
    expect(formFromConfig(config)).toEqual(form);
  });
});

describe('view limits by orientation', () => {
  it('ceiling and floor: pan 0-360, tilt 0-90; wall: both -90-90; step 1', () => {
    expect(dewarpRanges('ceiling').pan).toEqual({ min: 0, max: 360, step: 1 });
    expect(dewarpRanges('floor').tilt).toEqual({ min: 0, max: 90, step: 1 });
    expect(dewarpRanges('wall').pan).toEqual({ min: -90, max: 90, step: 1 });
    expect(dewarpRanges('wall').tilt).toEqual({ min: -90, max: 90, step: 1 });
  });

  it('has the spec ranges of zoom, depth, aspect ratio and shift', () => {
    const ranges = dewarpRanges('ceiling');
    expect(ranges.zoom).toEqual({ min: 0.1, max: 10, step: 0.1 });
    expect(ranges.depth).toEqual({ min: 0.1, max: 9, step: 0.1 });
    expect(ranges.aspectRatio).toEqual({ min: 0, max: 10, step: 0.1 });
    expect(ranges.shift).toMatchObject({ min: -180, max: 180 });
  });

  it('changing the orientation pulls the default view inside the new limits', () => {
    const onWall = withOrientation(formFromConfig({ orientation: 'ceiling', defaultPerspectiveView: { pan: 300, tilt: 80, zoom: 2 } }), 'wall');
    expect(onWall.orientation).toBe('wall');
    expect(onWall.defaultPerspectiveView).toEqual({ pan: 90, tilt: 80, zoom: 2 });
    const onCeiling = withOrientation(formFromConfig({ orientation: 'wall', defaultPerspectiveView: { pan: -45, tilt: -30, zoom: 2 } }), 'ceiling');
    // Pan wraps around the lens axis; tilt below the horizon is not possible on a ceiling.
    expect(onCeiling.defaultPerspectiveView).toEqual({ pan: 315, tilt: 0, zoom: 2 });
  });

  it('keeps pan 360 at the top of its range, and snaps to the steps', () => {
    expect(clampFormView({ pan: 360, tilt: 45.4, zoom: 0.5000001 }, 'ceiling')).toEqual({ pan: 360, tilt: 45, zoom: 0.5 });
    expect(toStep(0.30000000000000004, 0.1)).toBe(0.3);
    expect(toStep(12.6, 1)).toBe(13);
  });
});

describe('dewarp form errors', () => {
  it('none for the defaults; one per field out of range', () => {
    expect(dewarpFormErrors(formFromConfig(null))).toEqual([]);
    const bad = { ...formFromConfig(null), perspectiveDepth: 9.5, panoramaShift: 200 };
    expect(dewarpFormErrors(bad)).toHaveLength(2);
  });
});
