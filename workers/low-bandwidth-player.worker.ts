/**
 * Stage media worker: a thin Comlink adapter that runs low-bandwidth player
 * channels (core/low-bandwidth-player.ts) and, in the pool's first worker,
 * the stage's tile compositor (core/tile-compositor.ts).
 *
 * Each tile's <canvas> is transferred here once (`openTile`). The worker
 * owns the picture socket, turns base64 into bytes (Uint8Array.fromBase64
 * where present), decodes them (WebCodecs' ImageDecoder where present, else
 * createImageBitmap of a Blob) into an ImageBitmap and draws:
 * - plain tiles: `transferFromImageBitmap` into the tile's bitmaprenderer
 *   canvas (no GL, nothing to lose; the browser composites the bitmap);
 * - tiles that need a shader (digital zoom, dewarp): into the compositor,
 *   directly when this worker hosts it, else through a MessagePort to the
 *   worker that does (`linkCompositor`), transferring the ImageBitmap.
 * WebRTC tiles that need a shader hand their VideoFrame stream to the host
 * (`attachVideo`). Frames never pass through the main thread.
 *
 * Events reach the main thread only on changes (playing, stalled, closed),
 * through the Comlink-proxied listener given to `play`; figures are pulled
 * with `stats` (once a second, or by the benchmark).
 */
import { expose } from 'comlink';
import { LowBandwidthChannel, type ChannelEvent, type ChannelSocket, type ChannelSocketHandlers, type ChannelStats } from './core/low-bandwidth-player';
import { TileCompositor, type CompositorStats, type TileFrame } from './core/tile-compositor';
import type { TileSpec } from './core/tile-compositor-plan';

type Route = 'bitmap' | 'compositor';

interface Tile {
  id: string;
  renderer: ImageBitmapRenderingContext | null;
  /** Device pixels of the tile's canvas: plain tiles decode straight to it. */
  drawSize: { width: number; height: number } | null;
  route: Route;
  channel: LowBandwidthChannel<ImageBitmap> | null;
  video: ReadableStreamDefaultReader<VideoFrame> | null;
}

interface CompositorFrameMessage {
  tileId: string;
  frame: TileFrame;
}

const tiles = new Map<string, Tile>();
let compositor: TileCompositor | null = null;
/** Set in workers that do not host the compositor: where their shader tiles' frames go. */
let compositorPort: MessagePort | null = null;
const inboundPorts = new Set<MessagePort>();

const fromBase64 = (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array }).fromBase64;

function base64Bytes(text: string): Uint8Array<ArrayBuffer> {
  if (fromBase64) return fromBase64(text) as Uint8Array<ArrayBuffer>;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** JPEGs from the recorder are opaque sRGB: skipping alpha and colour-space work makes each decode cheaper. */
const DECODE_OPTIONS: ImageBitmapOptions = { premultiplyAlpha: 'none', colorSpaceConversion: 'none', imageOrientation: 'none' };

interface ImageDecoderLike {
  decode(): Promise<{ image: VideoFrame }>;
  close(): void;
}
type ImageDecoderConstructor = new (init: { data: BufferSource; type: string }) => ImageDecoderLike;
/** WebCodecs' ImageDecoder (secure contexts): decodes from bytes without creating a Blob. */
const ImageDecoderClass = (globalThis as { ImageDecoder?: ImageDecoderConstructor }).ImageDecoder;

async function decodeWithImageDecoder(bytes: Uint8Array<ArrayBuffer>, fitInside: { width: number; height: number } | null): Promise<ImageBitmap> {
  const decoder = new ImageDecoderClass!({ data: bytes, type: 'image/jpeg' });
  try {
    const { image } = await decoder.decode();
    try {
      return await createImageBitmap(image, fittedOptions(image.displayWidth, image.displayHeight, fitInside));
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
}

export type PictureDecoder = 'blob' | 'image-decoder';
/**
 * ImageDecoder where the browser has it (secure contexts): it decodes from
 * the bytes with no Blob round trip, and in the benchmark a picture waited
 * markedly less between arrival and draw (16-48 ms against 45-100 ms at 64
 * tiles). Elsewhere (plain http on a LAN address) createImageBitmap of a
 * Blob, which also decodes off this thread.
 */
let decoder: PictureDecoder = 'image-decoder';

/**
 * How far each picture goes. The product draws ('draw'); the frame-rate
 * benchmark also stops pictures after decoding ('decode') or on arrival
 * ('receive') to tell the cost of receiving, decoding and drawing apart.
 */
export type PicturePath = 'draw' | 'decode' | 'receive';
let picturePath: PicturePath = 'draw';
/** What 'receive' hands on instead of a picture. */
const UNDECODED = { close: () => undefined } as ImageBitmap;

/**
 * A plain tile's picture is made no larger than the tile's device size,
 * keeping its shape: the recorder's sizes come in steps, and a smaller
 * bitmap is cheaper for the browser to commit and composite, which is what
 * limits a big wall. Never enlarged.
 */
function fittedOptions(width: number, height: number, fitInside: { width: number; height: number } | null): ImageBitmapOptions {
  const scale = fitInside && width > 0 && height > 0 ? Math.min(fitInside.width / width, fitInside.height / height) : 1;
  if (scale >= 1) return DECODE_OPTIONS;
  return { ...DECODE_OPTIONS, resizeWidth: Math.max(1, Math.round(width * scale)), resizeHeight: Math.max(1, Math.round(height * scale)), resizeQuality: 'low' };
}

function decode(tile: Tile, text: string): Promise<ImageBitmap> {
  if (picturePath === 'receive') return Promise.resolve(UNDECODED);
  const bytes = base64Bytes(text);
  // Shader tiles keep every pixel for zoom and dewarp.
  if (decoder === 'image-decoder' && ImageDecoderClass) return decodeWithImageDecoder(bytes, tile.route === 'bitmap' ? tile.drawSize : null);
  return createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }), DECODE_OPTIONS);
}

function toCompositor(tileId: string, frame: TileFrame): void {
  if (compositor) compositor.pushFrame(tileId, frame);
  else if (compositorPort) compositorPort.postMessage({ tileId, frame } satisfies CompositorFrameMessage, [frame]);
  else frame.close();
}

function draw(tile: Tile, frame: ImageBitmap): void {
  if (picturePath !== 'draw') return frame.close();
  if (tile.route === 'compositor') return toCompositor(tile.id, frame);
  if (tile.renderer) tile.renderer.transferFromImageBitmap(frame);
  else frame.close();
}

function openSocket(url: string, handlers: ChannelSocketHandlers): ChannelSocket {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.onOpen();
  socket.onmessage = (event: MessageEvent) => {
    if (typeof event.data === 'string') handlers.onMessage(event.data);
  };
  socket.onclose = (event) => handlers.onClose(event.code, event.reason);
  return {
    send: (text) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
    },
    close: () => socket.close(1000),
  };
}

const timers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function stopVideo(tile: Tile): void {
  const reader = tile.video;
  tile.video = null;
  // Cancelling ends the transferred stream; its source (the track processor) stops with it.
  reader?.cancel().catch(() => undefined);
}

async function pumpVideo(tile: Tile, reader: ReadableStreamDefaultReader<VideoFrame>): Promise<void> {
  for (;;) {
    let result: ReadableStreamReadResult<VideoFrame>;
    try {
      result = await reader.read();
    } catch {
      return; // the stream was cancelled or its track ended
    }
    if (result.done) return;
    if (tile.video !== reader || tile.route !== 'compositor') result.value.close();
    else toCompositor(tile.id, result.value);
  }
}

const api = {
  /** How pictures are decoded: WebCodecs' ImageDecoder where present (default), or createImageBitmap of a Blob. */
  setDecoder(value: PictureDecoder): void {
    decoder = value;
  },

  /** How far pictures go: the benchmark's cost attribution; the product keeps 'draw'. */
  setPicturePath(value: PicturePath): void {
    picturePath = value;
  },

  /** Registers a tile; `canvas` (transferred) is its bitmaprenderer surface. */
  openTile(tileId: string, canvas: OffscreenCanvas | null): void {
    api.closeTile(tileId);
    const renderer = canvas ? canvas.getContext('bitmaprenderer') : null;
    tiles.set(tileId, { id: tileId, renderer, drawSize: null, route: 'bitmap', channel: null, video: null });
  },

  closeTile(tileId: string): void {
    const tile = tiles.get(tileId);
    if (!tile) return;
    tile.channel?.stop();
    stopVideo(tile);
    tiles.delete(tileId);
  },

  /** The tile's size in device pixels (null: the picture's own size); its next pictures are made at it. */
  setDrawSize(tileId: string, size: { width: number; height: number } | null): void {
    const tile = tiles.get(tileId);
    if (tile) tile.drawSize = size && size.width >= 1 && size.height >= 1 ? { width: Math.round(size.width), height: Math.round(size.height) } : null;
  },

  /** Where the tile's pictures go: its own canvas, or the compositor (digital zoom, dewarp). */
  setRoute(tileId: string, route: Route): void {
    const tile = tiles.get(tileId);
    if (tile) tile.route = route;
  },

  /** Starts pulling pictures from a low-bandwidth socket URL; `onEvent` hears changes only. */
  play(tileId: string, url: string, onEvent: (event: ChannelEvent) => void, waitThresholdMs?: number): void {
    const tile = tiles.get(tileId);
    if (!tile) return;
    tile.channel?.stop();
    const channel = new LowBandwidthChannel<ImageBitmap>(
      { openSocket, decode: (text) => decode(tile, text), draw: (frame) => draw(tile, frame), timers, now: () => performance.timeOrigin + performance.now(), ...(waitThresholdMs ? { waitThresholdMs } : {}) },
      (event) => {
        if (tile.channel === channel) void onEvent(event);
      },
    );
    tile.channel = channel;
    channel.start(url);
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
      tile = { id: tileId, renderer: null, drawSize: null, route: 'compositor', channel: null, video: null };
      tiles.set(tileId, tile);
    }
    stopVideo(tile);
    tile.route = 'compositor';
    const reader = frames.getReader();
    tile.video = reader;
    void pumpVideo(tile, reader);
  },

  detachVideo(tileId: string): void {
    const tile = tiles.get(tileId);
    if (tile) stopVideo(tile);
  },

  /** Makes this worker the compositor host; false without WebGL2. */
  initCompositor(canvas: OffscreenCanvas, cssWidth: number, cssHeight: number, pixelRatio: number): boolean {
    compositor?.destroy();
    compositor = new TileCompositor(canvas);
    if (!compositor.init(cssWidth, cssHeight, pixelRatio)) compositor = null;
    return compositor !== null;
  },

  resizeCompositor(cssWidth: number, cssHeight: number, pixelRatio: number): void {
    compositor?.resize(cssWidth, cssHeight, pixelRatio);
  },

  setCompositorTiles(specs: TileSpec[]): void {
    compositor?.setTiles(specs);
  },

  /** Host side of a link: frames of another worker's shader tiles arrive on `port`. */
  acceptCompositorLink(port: MessagePort): void {
    inboundPorts.add(port);
    port.onmessage = (event: MessageEvent<CompositorFrameMessage>) => {
      const { tileId, frame } = event.data;
      if (compositor) compositor.pushFrame(tileId, frame);
      else frame.close();
    };
  },

  /** Sender side of a link. */
  linkCompositor(port: MessagePort): void {
    compositorPort?.close();
    compositorPort = port;
  },

  stats(): { tiles: Record<string, ChannelStats>; compositor: CompositorStats | null } {
    const out: Record<string, ChannelStats> = {};
    for (const [id, tile] of tiles) if (tile.channel) out[id] = tile.channel.stats;
    return { tiles: out, compositor: compositor?.stats ?? null };
  },

  destroy(): void {
    for (const id of [...tiles.keys()]) api.closeTile(id);
    compositor?.destroy();
    compositor = null;
    compositorPort?.close();
    compositorPort = null;
    for (const port of inboundPorts) port.close();
    inboundPorts.clear();
  },
};

expose(api);
export type LowBandwidthPlayerApi = typeof api;
