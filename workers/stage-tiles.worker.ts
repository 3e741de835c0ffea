/**
 * Stage media worker: hosts stage tiles (low-bandwidth pictures into each
 * tile's canvas, shader tiles into the stage compositor), a thin adapter
 * over core/stage-tiles/stage-tiles.ts. This file only wires the core to
 * the worker's browser: WebSocket, timers, the decoders, `bitmaprenderer`
 * contexts, animation frames (page commits) and the WebGL2 tile compositor. The main thread's pool
 * (src/media/stage-worker-pool.ts) starts two of these; the first hosts the
 * compositor.
 *
 * Its exports are its API: vite-plugin-comlink's worker entry exposes this
 * module with Comlink, so the core's methods are exported one by one (they
 * do not use `this`). A method left out here is a type error where the
 * main thread calls it, through `typeof import('...stage-tiles.worker')`.
 */
import { browserTimers } from './core/browser-timers';
import { webSocketChannel } from './core/stage-tiles/channel-socket';
import { browserDecodePlatform } from './core/stage-tiles/picture-decoder';
import { createStageTiles } from './core/stage-tiles/stage-tiles';
import { TileCompositor } from './core/tile-compositor';

export const {
  setDecoder,
  setPicturePath,
  openTile,
  closeTile,
  setDrawSize,
  setRoute,
  setPace,
  play,
  stop,
  pause,
  resume,
  attachVideo,
  detachVideo,
  initCompositor,
  resizeCompositor,
  setCompositorTiles,
  acceptCompositorLink,
  linkCompositor,
  commitToPage,
  stats,
  destroy,
} = createStageTiles({
  openSocket: (url, handlers) => webSocketChannel(new WebSocket(url), handlers),
  timers: browserTimers,
  now: () => performance.timeOrigin + performance.now(),
  decodePlatform: browserDecodePlatform(),
  bitmapRenderer: (canvas) => canvas.getContext('bitmaprenderer'),
  createCompositor: (canvas) => new TileCompositor(canvas),
  // Dedicated workers have animation frames in Chromium and Firefox; elsewhere about one a display frame.
  requestFrame: (callback) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : setTimeout(callback, 16)),
});
