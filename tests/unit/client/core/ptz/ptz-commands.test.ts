import { describe, expect, it } from 'vitest';
import type { PtzCapabilities } from '../../../../../server/shared/api';
import {
  clickMove,
  clickOffset,
  containedPicture,
  directionAvailable,
  heldMove,
  pictureAspect,
  ptzAxes,
  PTZ_STOP,
  type PtzAxes,
} from '../../../../../src/core/ptz/ptz-commands';

const caps = (over: Partial<PtzCapabilities> = {}): PtzCapabilities => ({ pan: 'true', tilt: 'true', zoom: 'true', relativeFOV: 'false', maxPresets: 10, ...over });
const ALL: PtzAxes = ptzAxes(caps());
const FOV: PtzAxes = ptzAxes(caps({ relativeFOV: 'true' }));

describe('PTZ axes', () => {
  it("reads the camera's 'true' strings; anything else, or no PTZ at all, is no axis", () => {
    expect(ptzAxes(caps({ tilt: 'false', relativeFOV: 'true' }))).toEqual({ pan: true, tilt: false, zoom: true, relativeFOV: true });
    expect(ptzAxes(undefined)).toEqual({ pan: false, tilt: false, zoom: false, relativeFOV: false });
  });

  it('offers a direction only for an axis the camera has', () => {
    const panOnly = ptzAxes(caps({ tilt: 'false', zoom: 'false' }));
    expect(['left', 'right', 'up', 'down', 'zoomIn', 'zoomOut'].filter((d) => directionAvailable(d as never, panOnly))).toEqual(['left', 'right']);
    expect(heldMove('up', panOnly, [])).toBeNull();
    expect(heldMove('zoomIn', panOnly, [])).toBeNull();
  });
});

describe('held moves', () => {
  it('are continuous moves at half speed, stopped by continuous 0, 0, 0', () => {
    expect(heldMove('right', ALL, [])).toEqual({ start: { type: 'continuous', x: 0.5, y: 0, z: 0 }, repeatMs: null, stop: PTZ_STOP });
    expect(heldMove('left', ALL, [])!.start).toEqual({ type: 'continuous', x: -0.5, y: 0, z: 0 });
    expect(heldMove('up', ALL, [])!.start).toEqual({ type: 'continuous', x: 0, y: 0.5, z: 0 });
    expect(heldMove('down', ALL, [])!.start).toEqual({ type: 'continuous', x: 0, y: -0.5, z: 0 });
    expect(heldMove('zoomIn', ALL, [])!.start).toEqual({ type: 'continuous', x: 0, y: 0, z: 0.5 });
    expect(heldMove('zoomOut', ALL, [])!.start).toEqual({ type: 'continuous', x: 0, y: 0, z: -0.5 });
    expect(PTZ_STOP).toEqual({ type: 'continuous', x: 0, y: 0, z: 0 });
  });

  it('never carry -0 (Object.is tells it from 0)', () => {
    const { start } = heldMove('left', ALL, [])!;
    expect(Object.is(start.y, 0) && Object.is(start.z, 0)).toBe(true);
  });

  it('under force-relative-ptz are relative steps repeated while held, with nothing to stop', () => {
    expect(heldMove('right', ALL, ['force-relative-ptz'])).toEqual({ start: { type: 'relative', x: 0.1, y: 0, z: 0 }, repeatMs: 500, stop: null });
    expect(heldMove('zoomOut', ALL, ['force-relative-ptz'])!.start).toEqual({ type: 'relative', x: 0, y: 0, z: -0.1 });
  });

  it('leave zoom-override to the recorder (which splits pan/tilt from zoom)', () => {
    expect(heldMove('zoomIn', ALL, ['zoom-override'])).toEqual(heldMove('zoomIn', ALL, []));
  });
});

describe('click to centre', () => {
  it('measures the offset from the centre of a contained picture, right and up positive', () => {
    const box = { width: 1600, height: 900 };
    expect(clickOffset({ x: 800, y: 450 }, box, 16 / 9)).toEqual({ x: 0, y: 0 });
    expect(clickOffset({ x: 1600, y: 0 }, box, 16 / 9)).toEqual({ x: 1, y: 1 });
    expect(clickOffset({ x: 400, y: 675 }, box, 16 / 9)).toEqual({ x: -0.5, y: -0.5 });
  });

  it('ignores clicks on the bars beside a letterboxed picture and measures inside it', () => {
    // A 4:3 picture in a 16:9 box: 1200 px wide, bars of 200 px each side.
    expect(containedPicture({ width: 1600, height: 900 }, 4 / 3)).toEqual({ x: 200, y: 0, width: 1200, height: 900 });
    expect(clickOffset({ x: 100, y: 450 }, { width: 1600, height: 900 }, 4 / 3)).toBeNull();
    expect(clickOffset({ x: 1400, y: 450 }, { width: 1600, height: 900 }, 4 / 3)).toEqual({ x: 1, y: 0 });
    // A 16:9 picture in a tall box: bars above and below.
    expect(clickOffset({ x: 200, y: 10 }, { width: 400, height: 400 }, 16 / 9)).toBeNull();
  });

  it('undoes the digital zoom: at 2x centred on the right quarter, the tile centre is that quarter', () => {
    const offset = clickOffset({ x: 800, y: 450 }, { width: 1600, height: 900 }, 16 / 9, { scale: 2, centerX: 0.75, centerY: 0.5 });
    expect(offset).toEqual({ x: 0.5, y: 0 });
  });

  it("is a relativeFOV move where the camera has the FOV space, else a generic relative step of half the offset", () => {
    expect(clickMove({ x: 0.5, y: -0.25 }, FOV, [])).toEqual({ type: 'relativeFOV', x: 0.5, y: -0.25, z: 0 });
    expect(clickMove({ x: 0.5, y: -0.25 }, ALL, [])).toEqual({ type: 'relative', x: 0.25, y: -0.125, z: 0 });
  });

  it('force-relative-ptz forces relative even where the camera has the FOV space', () => {
    expect(clickMove({ x: 1, y: 1 }, FOV, ['force-relative-ptz'])).toEqual({ type: 'relative', x: 0.5, y: 0.5, z: 0 });
  });

  it('moves only the axes the camera has, and nothing for a camera that cannot pan or tilt or a click at the centre', () => {
    expect(clickMove({ x: 0.5, y: 0.5 }, { ...FOV, tilt: false }, [])).toEqual({ type: 'relativeFOV', x: 0.5, y: 0, z: 0 });
    expect(clickMove({ x: 0.5, y: 0.5 }, { pan: false, tilt: false, zoom: true, relativeFOV: true }, [])).toBeNull();
    expect(clickMove({ x: 0, y: 0 }, FOV, [])).toBeNull();
    expect(clickMove({ x: 0, y: 0.5 }, { ...FOV, tilt: false }, [])).toBeNull();
  });

  it("takes the picture's shape from the stream resolution, 16:9 when unknown", () => {
    expect(pictureAspect('640x480')).toBeCloseTo(4 / 3);
    expect(pictureAspect(undefined)).toBeCloseTo(16 / 9);
    expect(pictureAspect('wide')).toBeCloseTo(16 / 9);
  });
});
