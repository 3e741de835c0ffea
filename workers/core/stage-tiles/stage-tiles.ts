/**
 * The tiles one stage media worker hosts (workers/stage-tiles.worker.ts
 * exports this object's methods as its API): every tile of the stage, low-bandwidth or
 * WebRTC, registered under the tile id the main thread gave it.
 *
 * A tile is opened (`openTile`) with its <canvas> transferred here, or
 * with 'page' when the page keeps the canvas (src/media/tile-commit.ts). A
 * low-bandwidth tile runs a pull loop (core/low-bandwidth-player.ts) whose
 * pictures are decoded (picture-decoder.ts) at the tile's device size
 * (picture-fit.ts) and routed (tile-routing.ts): plain tiles into their own
 * `bitmaprenderer` canvas here, or batched once a frame to the page's
 * (page-commit.ts); shader tiles (digital zoom, dewarp) to the stage
 * compositor (compositor-link.ts), here or in the worker hosting it.
 * WebRTC tiles that need a shader hand their VideoFrame stream to the host
 * (`attachVideo`, video-frame-pump.ts). Receiving and decoding stay here;
 * the page at most hands a finished bitmap to its compositor.
 *
 * Events reach the main thread only on changes (playing, stalled, closed),
 * through the listener given to `play`; figures are pulled with `stats`
 * (once a second, or by the benchmark). Everything of the browser is
 * injected, so the whole host runs in unit tests. Cost: a map lookup per
 * call; nothing per frame beyond decoding and routing.
 */
import { LowBandwidthChannel, type ChannelEvent, type ChannelSocket, type ChannelSocketHandlers, type ChannelStats } from '../low-bandwidth-player';
import type { Timers } from '../browser-timers';
import type { CompositorStats, TileFrame } from '../tile-compositor';
import type { TileSpec } from '../tile-compositor-plan';
import { CompositorLink, type HostedCompositor } from './compositor-link';
import { frameOrTimeout, PageCommitBatch } from './page-commit';
import { PictureDecoding, type DecodePlatform, type PictureDecoder, type PicturePath } from './picture-decoder';
import { drawSizeOf, type PixelSize } from './picture-fit';
import { routePicture, type BitmapRenderer, type TileRoute } from './tile-routing';
import { drainVideo, pumpVideoFrames } from './video-frame-pump';

export interface StageTilesDeps {
  openSocket(url: string, handlers: ChannelSocketHandlers): ChannelSocket;
  timers: Timers;
  /** Epoch ms. */
  now(): number;
  decodePlatform: DecodePlatform;
  /** A tile canvas's `bitmaprenderer` context. */
  bitmapRenderer(canvas: OffscreenCanvas): BitmapRenderer | null;
  createCompositor(canvas: OffscreenCanvas): HostedCompositor;
  /** Calls back once at this thread's next animation frame (page commits go out then). */
  requestFrame(callback: () => void): void;
}

/** A tile's figures: its channel's, with pictures replaced before reaching the page not counted as drawn. */
export interface TileStats extends ChannelStats {
  framesDropped: number;
}

interface Tile {
  id: string;
  renderer: BitmapRenderer | null;
  /** Device pixels of the tile's canvas: plain tiles decode straight to it. */
  drawSize: PixelSize | null;
  route: TileRoute;
  channel: LowBandwidthChannel<ImageBitmap> | null;
  video: ReadableStreamDefaultReader<VideoFrame> | null;
  /** Least ms between picture requests (the wall's load governor); 0: none. */
  paceMs: number;
}

export function createStageTiles(deps: StageTilesDeps) {
  const tiles = new Map<string, Tile>();
  const decoding = new PictureDecoding(deps.decodePlatform);
  const compositor = new CompositorLink(deps.createCompositor);
  const pageCommit = new PageCommitBatch(frameOrTimeout(deps.requestFrame, deps.timers));

  const stopVideo = (tile: Tile) => {
    const reader = tile.video;
    tile.video = null;
    // Its pump stops wanting frames at once (tile.video no longer names it) and closes the rest.
    drainVideo(reader);
  };

  const stageTiles = {
    /** How pictures are decoded: WebCodecs' ImageDecoder where present (default), or createImageBitmap of a Blob. */
    setDecoder(value: PictureDecoder): void {
      decoding.decoder = value;
    },

    /** How far pictures go: the benchmark's cost attribution; the product keeps 'draw'. */
    setPicturePath(value: PicturePath): void {
      decoding.path = value;
    },

    /** Registers a tile; `surface` is its bitmaprenderer canvas (transferred), or 'page' to post its pictures to the page. */
    openTile(tileId: string, surface: OffscreenCanvas | 'page' | null): void {
      stageTiles.closeTile(tileId);
      const renderer = surface === 'page' ? pageCommit.rendererFor(tileId) : surface ? deps.bitmapRenderer(surface) : null;
      tiles.set(tileId, { id: tileId, renderer, drawSize: null, route: 'bitmap', channel: null, video: null, paceMs: 0 });
    },

    closeTile(tileId: string): void {
      const tile = tiles.get(tileId);
      if (!tile) return;
      tile.channel?.stop();
      stopVideo(tile);
      pageCommit.forget(tileId);
      tiles.delete(tileId);
    },

    /** The tile's size in device pixels (null: the picture's own size); its next pictures are made at it. */
    setDrawSize(tileId: string, size: PixelSize | null): void {
      const tile = tiles.get(tileId);
      if (tile) tile.drawSize = drawSizeOf(size);
    },

    /** Where the tile's pictures go: its own canvas, or the compositor (digital zoom, dewarp). */
    setRoute(tileId: string, route: TileRoute): void {
      const tile = tiles.get(tileId);
      if (tile) tile.route = route;
    },

    /** Starts pulling pictures from a low-bandwidth socket URL; `onEvent` hears changes only. */
    play(tileId: string, url: string, onEvent: (event: ChannelEvent) => void, waitThresholdMs?: number): void {
      const tile = tiles.get(tileId);
      if (!tile) return;
      tile.channel?.stop();
      // A new channel counts from zero: its drops too.
      pageCommit.forget(tileId);
      const channel = new LowBandwidthChannel<ImageBitmap>(
        {
          openSocket: deps.openSocket,
          // Shader tiles keep every pixel for zoom and dewarp.
          decode: (text) => decoding.decode(text, tile.route === 'bitmap' ? tile.drawSize : null),
          draw: (picture) => routePicture(tile, picture, decoding.path, compositor),
          timers: deps.timers,
          now: deps.now,
          ...(waitThresholdMs ? { waitThresholdMs } : {}),
        },
        (event) => {
          if (tile.channel === channel) void onEvent(event);
        },
      );
      tile.channel = channel;
      channel.setMinInterval(tile.paceMs);
      channel.start(url);
    },

    /** The least time between the tile's picture requests, now and for later channels (0: none). */
    setPace(tileId: string, ms: number): void {
      const tile = tiles.get(tileId);
      if (!tile) return;
      tile.paceMs = ms;
      tile.channel?.setMinInterval(ms);
    },

    stop(tileId: string): void {
      const tile = tiles.get(tileId);
      tile?.channel?.stop();
      if (tile) tile.channel = null;
    },

    pause(tileId: string): void {
      tiles.get(tileId)?.channel?.pause();
    },

    resume(tileId: string): void {
      tiles.get(tileId)?.channel?.resume();
    },

    /** A WebRTC tile that needs a shader: its VideoFrames (transferred stream) go to the compositor. */
    attachVideo(tileId: string, frames: ReadableStream<VideoFrame>): void {
      let tile = tiles.get(tileId);
      if (!tile) {
        tile = { id: tileId, renderer: null, drawSize: null, route: 'compositor', channel: null, video: null, paceMs: 0 };
        tiles.set(tileId, tile);
      }
      stopVideo(tile);
      tile.route = 'compositor';
      const reader = frames.getReader();
      tile.video = reader;
      const pumped = tile;
      void pumpVideoFrames(
        reader,
        () => pumped.video === reader && pumped.route === 'compositor',
        (frame: TileFrame) => compositor.send(pumped.id, frame),
      );
    },

    detachVideo(tileId: string): void {
      const tile = tiles.get(tileId);
      if (tile) stopVideo(tile);
    },

    /** Makes this worker the compositor host; false without WebGL2. */
    initCompositor(canvas: OffscreenCanvas, cssWidth: number, cssHeight: number, pixelRatio: number): boolean {
      return compositor.host(canvas, cssWidth, cssHeight, pixelRatio);
    },

    resizeCompositor(cssWidth: number, cssHeight: number, pixelRatio: number): void {
      compositor.hosted?.resize(cssWidth, cssHeight, pixelRatio);
    },

    setCompositorTiles(specs: TileSpec[]): void {
      compositor.hosted?.setTiles(specs);
    },

    /** Host side of a link: frames of another worker's shader tiles arrive on `port`. */
    acceptCompositorLink(port: MessagePort): void {
      compositor.accept(port);
    },

    /** Sender side of a link. */
    linkCompositor(port: MessagePort): void {
      compositor.link(port);
    },

    /** Where page-committed tiles' pictures go: one message per frame on `port` (src/media/page-commit.ts listens). */
    commitToPage(port: MessagePort): void {
      pageCommit.connect(port);
    },

    stats(): { tiles: Record<string, TileStats>; compositor: CompositorStats | null } {
      const out: Record<string, TileStats> = {};
      for (const [id, tile] of tiles) {
        if (!tile.channel) continue;
        const stats = tile.channel.stats;
        const framesDropped = pageCommit.droppedOf(id);
        out[id] = { ...stats, framesDrawn: stats.framesDrawn - framesDropped, framesDropped };
      }
      return { tiles: out, compositor: compositor.hosted?.stats ?? null };
    },

    destroy(): void {
      for (const id of [...tiles.keys()]) stageTiles.closeTile(id);
      compositor.destroy();
      pageCommit.destroy();
    },
  };
  return stageTiles;
}

export type StageTiles = ReturnType<typeof createStageTiles>;
