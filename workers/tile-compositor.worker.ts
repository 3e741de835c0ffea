/**
 * Stage compositor worker: a thin Comlink adapter over
 * core/tile-compositor.ts. The main thread transfers the stage's
 * OffscreenCanvas once (`init`), sends the tile layout when it changes, and
 * transfers each frame (`Comlink.transfer(frame, [frame])`); the worker owns
 * and closes the frames.
 */
import { expose } from 'comlink';
import { TileCompositor, type CompositorStats, type TileFrame } from './core/tile-compositor';
import type { TileSpec } from './core/tile-compositor-plan';

let compositor: TileCompositor | null = null;

const api = {
  /** Answers false when this browser has no WebGL2 (the stage then uses bitmaprenderer tiles). */
  init(canvas: OffscreenCanvas, cssWidth: number, cssHeight: number, pixelRatio: number): boolean {
    compositor?.destroy();
    compositor = new TileCompositor(canvas);
    const ok = compositor.init(cssWidth, cssHeight, pixelRatio);
    if (!ok) compositor = null;
    return ok;
  },
  resize(cssWidth: number, cssHeight: number, pixelRatio: number): void {
    compositor?.resize(cssWidth, cssHeight, pixelRatio);
  },
  setTiles(tiles: TileSpec[]): void {
    compositor?.setTiles(tiles);
  },
  pushFrame(tileId: string, frame: TileFrame): void {
    if (compositor) compositor.pushFrame(tileId, frame);
    else frame.close();
  },
  stats(): CompositorStats | null {
    return compositor?.stats ?? null;
  },
  destroy(): void {
    compositor?.destroy();
    compositor = null;
  },
};

expose(api);
export type TileCompositorApi = typeof api;
