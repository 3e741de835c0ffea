import { describe, expect, it } from 'vitest';
import { StageCompositor } from '../../../../src/media/stage-compositor';
import type { ShaderRequest } from '../../../../src/media/stage-player';
import type { MediaWorker } from '../../../../src/media/stage-worker-pool';
import { flushPromises } from '../../helpers/fake-clock';

const zoomed: ShaderRequest = { rect: { x: 0, y: 0, width: 320, height: 180 }, dewarpMode: 1, dewarp: null, view: null, zoom: { scale: 2, centerX: 0.5, centerY: 0.5 } };
const dewarped: ShaderRequest = { ...zoomed, zoom: { scale: 1, centerX: 0.5, centerY: 0.5 }, dewarp: { enable: true } };

function rig(starts: boolean) {
  const calls = { init: 0, layouts: [] as string[][], transfers: 0 };
  const host = {
    initCompositor: async () => {
      calls.init++;
      return starts;
    },
    setCompositorTiles: async (tiles: Array<{ id: string }>) => void calls.layouts.push(tiles.map((tile) => tile.id)),
    resizeCompositor: async () => undefined,
  } as unknown as MediaWorker;
  const canvas = {
    transferControlToOffscreen: () => {
      calls.transfers++;
      return {};
    },
  } as unknown as HTMLCanvasElement;
  const failed: string[][] = [];
  const compositor = new StageCompositor(() => host, { failed: (tileIds) => failed.push(tileIds) });
  return { compositor, calls, canvas, failed };
}

describe('stage compositor', () => {
  it('starts only when a first tile needs a shader, and sends one layout per burst of changes', async () => {
    const r = rig(true);
    r.compositor.setCanvas(r.canvas, 800, 600);
    expect(r.calls.transfers).toBe(0);
    r.compositor.update('a', zoomed);
    r.compositor.update('b', dewarped);
    expect(r.calls.transfers).toBe(1);
    await flushPromises();
    r.compositor.update('a', { ...zoomed, rect: { x: 10, y: 0, width: 320, height: 180 } });
    r.compositor.update('b', { ...dewarped, rect: { x: 330, y: 0, width: 320, height: 180 } });
    await flushPromises();
    // Four changes in two bursts: two layouts.
    expect(r.calls.layouts).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(r.calls.init).toBe(1);
  });

  it('knows which tiles dewarp (their pictures are asked larger)', () => {
    const r = rig(true);
    r.compositor.update('a', zoomed);
    r.compositor.update('b', dewarped);
    expect([r.compositor.isDewarping('a'), r.compositor.isDewarping('b')]).toEqual([false, true]);
    r.compositor.update('b', null);
    expect(r.compositor.isDewarping('b')).toBe(false);
  });

  it('hands the shader tiles back once when WebGL2 cannot start, and refuses shaders from then on', async () => {
    const r = rig(false);
    r.compositor.setCanvas(r.canvas, 800, 600);
    r.compositor.update('a', zoomed);
    r.compositor.update('b', dewarped);
    await flushPromises();
    expect(r.failed).toEqual([['a', 'b']]);
    expect(r.compositor.unavailable).toBe(true);
    expect(r.compositor.isDewarping('b')).toBe(false);
  });
});
