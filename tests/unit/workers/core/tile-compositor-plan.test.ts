import { describe, expect, it } from 'vitest';
import { containRect, planTile, programFor, toGlRect, type TileSpec } from '../../../../workers/core/tile-compositor-plan';

const rect = { x: 10, y: 20, width: 320, height: 180 };

describe('tile compositor plan', () => {
  it('picks the program from the dewarp mode', () => {
    expect(programFor({ mode: 0 })).toBe('plain');
    expect(programFor({ mode: 1, orientation: 'ceiling', view: { pan: 0, tilt: 45, zoom: 0.5 }, depth: 1 })).toBe('perspective');
    expect(programFor({ mode: 2, orientation: 'wall', aspectRatio: 4, shiftDeg: 0 })).toBe('panorama');
  });

  it('turns CSS rectangles into device-pixel GL rectangles with a bottom-left origin', () => {
    expect(toGlRect(rect, 2, 1000)).toEqual({ x: 20, y: 1000 - 400, width: 640, height: 360 });
    expect(toGlRect({ x: 0.3, y: 0.3, width: 10.4, height: 10.4 }, 1, 100)).toEqual({ x: 0, y: 89, width: 11, height: 11 });
  });

  it('fits a rectangle of an aspect inside another, centred', () => {
    expect(containRect({ x: 0, y: 0, width: 400, height: 100 }, 2)).toEqual({ x: 100, y: 0, width: 200, height: 100 });
    expect(containRect({ x: 0, y: 0, width: 100, height: 400 }, 2)).toEqual({ x: 0, y: 175, width: 100, height: 50 });
    expect(containRect({ x: 0, y: 0, width: 100, height: 100 }, 0)).toEqual({ x: 0, y: 0, width: 100, height: 100 });
  });

  it('letterboxes plain tiles to the frame, fills the tile for perspective, fits panoramas to their ratio', () => {
    const plain: TileSpec = { id: 'a', rect, dewarp: { mode: 0 } };
    const square = planTile(plain, { width: 480, height: 480 }, 1, 1000);
    expect(square.viewport).toEqual({ x: 80, y: 1000 - 200, width: 180, height: 180 });
    expect(square.scissor).toEqual({ x: 10, y: 800, width: 320, height: 180 });
    expect(planTile(plain, null, 1, 1000).viewport).toEqual(square.scissor);

    const perspective = planTile(
      { id: 'b', rect, dewarp: { mode: 1, orientation: 'ceiling', view: { pan: 0, tilt: 45, zoom: 0.5 }, depth: 1 } },
      { width: 480, height: 480 },
      1,
      1000,
    );
    expect(perspective.viewport).toEqual(perspective.scissor);
    expect(perspective.aspect).toBeCloseTo(16 / 9);

    const panorama = planTile(
      { id: 'c', rect, dewarp: { mode: 2, orientation: 'ceiling', aspectRatio: 4, shiftDeg: 0 } },
      { width: 480, height: 480 },
      1,
      1000,
    );
    expect(panorama.viewport).toEqual({ x: 10, y: 1000 - 150, width: 320, height: 80 });
    expect(panorama.aspect).toBe(4);
  });
});
