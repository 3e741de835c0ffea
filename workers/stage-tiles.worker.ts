/**
 * Stage media worker: hosts stage tiles (low-bandwidth pictures into each
 * tile's canvas, shader tiles into the stage compositor), a thin Comlink
 * adapter over core/stage-tiles/stage-tiles.ts. This file only wires the
 * core to the worker's browser: WebSocket, timers, the decoders,
 * `bitmaprenderer` contexts and the WebGL2 tile compositor. The main
 * thread's pool (src/media/stage-worker-pool.ts) starts two of these; the
 * first hosts the compositor.
 */
import { expose } from 'comlink';
import { webSocketChannel } from './core/stage-tiles/channel-socket';
import { browserDecodePlatform } from './core/stage-tiles/picture-decoder';
import { createStageTiles } from './core/stage-tiles/stage-tiles';
import { TileCompositor } from './core/tile-compositor';

const api = createStageTiles({
  openSocket: (url, handlers) => webSocketChannel(new WebSocket(url), handlers),
  timers: {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  now: () => performance.timeOrigin + performance.now(),
  decodePlatform: browserDecodePlatform(),
  bitmapRenderer: (canvas) => canvas.getContext('bitmaprenderer'),
  createCompositor: (canvas) => new TileCompositor(canvas),
});

expose(api);
export type StageTilesApi = typeof api;
