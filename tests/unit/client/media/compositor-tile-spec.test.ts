import { describe, expect, it } from 'vitest';
import { compositorTileSpec } from '../../../../src/media/compositor-tile-spec';

describe('compositor tile spec', () => {
  const base = { rect: { x: 10, y: 20, width: 320, height: 180 }, zoom: { scale: 2, centerX: 0.4, centerY: 0.5 }, view: null };
  it('draws the digital zoom of a plain tile', () => {
    expect(compositorTileSpec('t1', { ...base, dewarpMode: 1, dewarp: null })).toEqual({ id: 't1', rect: base.rect, dewarp: { mode: 0 }, digital: base.zoom });
  });
  it('uses the stream settings, with the spec defaults, for dewarp modes', () => {
    expect(compositorTileSpec('t1', { ...base, dewarpMode: 1, dewarp: { enable: true } }).dewarp).toEqual({
      mode: 1,
      orientation: 'ceiling',
      view: { pan: 0, tilt: 45, zoom: 0.5 },
      depth: 1,
    });
    expect(compositorTileSpec('t1', { ...base, dewarpMode: 2, dewarp: { enable: true, orientation: 'wall', panoramaShift: 30 } }).dewarp).toEqual({
      mode: 2,
      orientation: 'wall',
      aspectRatio: 4,
      shiftDeg: 30,
    });
  });
  it("shows the view the user turned to, inside the mounting's limits", () => {
    const view = { pan: 120, tilt: 20, zoom: 3 };
    expect(compositorTileSpec('t1', { ...base, view, dewarpMode: 1, dewarp: { enable: true } }).dewarp).toMatchObject({ mode: 1, view });
    expect(compositorTileSpec('t1', { ...base, view: { pan: 120, tilt: 20, zoom: 3 }, dewarpMode: 1, dewarp: { enable: true, orientation: 'wall' } }).dewarp).toMatchObject({
      view: { pan: 90, tilt: 20, zoom: 3 },
    });
  });
});
