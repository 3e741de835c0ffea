import { describe, expect, it } from 'vitest';
import { PREVIEW_TILE_ID, createDewarpPreview, tileDewarpOf } from '../../../../workers/core/dewarp-preview';
import type { HostedCompositor } from '../../../../workers/core/stage-tiles/compositor-link';
import type { TileSpec } from '../../../../workers/core/tile-compositor-plan';

function fakeCompositor(initOk = true) {
  const calls = { tiles: [] as TileSpec[][], frames: [] as unknown[], destroyed: 0, resized: [] as number[][] };
  const compositor: HostedCompositor = {
    init: () => initOk,
    resize: (w, h, r) => void calls.resized.push([w, h, r]),
    setTiles: (specs) => void calls.tiles.push(specs.map((s) => structuredClone(s))),
    pushFrame: (_id, frame) => void calls.frames.push(frame),
    destroy: () => void calls.destroyed++,
    stats: { tiles: 0, draws: 0, tilesDrawn: 0, uploads: 0, contextLost: false, pixelRatio: 1 },
  };
  return { compositor, calls };
}

const bitmap = (n: number) => ({ n, close: () => undefined }) as unknown as ImageBitmap;
const canvas = {} as OffscreenCanvas;
const perspective = { mode: 'perspective' as const, orientation: 'ceiling' as const, view: { pan: 10, tilt: 45, zoom: 0.5 }, depth: 1 };

describe('dewarp preview', () => {
  it('maps the form view to the stage compositor modes 1 and 2', () => {
    expect(tileDewarpOf(perspective)).toEqual({ mode: 1, orientation: 'ceiling', view: { pan: 10, tilt: 45, zoom: 0.5 }, depth: 1 });
    expect(tileDewarpOf({ mode: 'panorama', orientation: 'wall', aspectRatio: 4, shiftDeg: -20 })).toEqual({
      mode: 2,
      orientation: 'wall',
      aspectRatio: 4,
      shiftDeg: -20,
    });
  });

  it('draws one tile over the whole canvas and redraws the last picture on a settings change', () => {
    const { compositor, calls } = fakeCompositor();
    const copies: number[] = [];
    const preview = createDewarpPreview({ createCompositor: () => compositor, cloneFrame: (f) => (copies.push((f as unknown as { n: number }).n), f) });
    expect(preview.init(canvas, 640, 360, 1)).toBe(true);
    preview.setView(perspective);
    expect(calls.tiles.at(-1)).toEqual([{ id: PREVIEW_TILE_ID, rect: { x: 0, y: 0, width: 640, height: 360 }, dewarp: tileDewarpOf(perspective) }]);
    expect(calls.frames).toHaveLength(0);
    preview.showPicture(bitmap(1));
    preview.setView({ ...perspective, view: { pan: 20, tilt: 30, zoom: 2 } });
    expect(copies).toEqual([1, 1]);
    expect(calls.tiles.at(-1)![0]!.dewarp).toMatchObject({ mode: 1, view: { pan: 20, tilt: 30, zoom: 2 } });
    preview.resize(320, 180, 2);
    expect(calls.tiles.at(-1)![0]!.rect).toEqual({ x: 0, y: 0, width: 320, height: 180 });
    preview.destroy();
    expect(calls.destroyed).toBe(1);
  });

  it('answers false without WebGL2 (failed to initialise) and then draws nothing', () => {
    const { compositor, calls } = fakeCompositor(false);
    const preview = createDewarpPreview({ createCompositor: () => compositor, cloneFrame: (f) => f });
    expect(preview.init(canvas, 640, 360, 1)).toBe(false);
    preview.setView(perspective);
    preview.showPicture(bitmap(1));
    expect(calls.tiles).toHaveLength(0);
    expect(calls.frames).toHaveLength(0);
  });
});
