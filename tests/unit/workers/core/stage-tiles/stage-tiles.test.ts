import { describe, expect, it, vi } from 'vitest';
import { REQUEST_FRAME_MESSAGE, type ChannelEvent, type ChannelSocketHandlers } from '../../../../../workers/core/low-bandwidth-player';
import type { ImageDecoderConstructor } from '../../../../../workers/core/stage-tiles/picture-decoder';
import { createStageTiles } from '../../../../../workers/core/stage-tiles/stage-tiles';
import { BATCH_LATEST_MS } from '../../../../../workers/core/stage-tiles/page-commit';
import { VIDEO_DRAIN_MS } from '../../../../../workers/core/stage-tiles/video-frame-pump';
import { FakeClock, flushPromises } from '../../../helpers/fake-clock';
import { FakeCompositor, FakeFrame, FakePagePort, FakePort, FakeRenderer, asBitmap, asPort, fakeCanvas } from './fakes';

interface OpenSocket {
  url: string;
  handlers: ChannelSocketHandlers;
  sent: string[];
  closed: boolean;
}

function rig() {
  const clock = new FakeClock();
  const sockets: OpenSocket[] = [];
  const renderers = new Map<string, FakeRenderer>();
  const compositors: FakeCompositor[] = [];
  const pictures: FakeFrame[] = [];
  const fits: Array<ImageBitmapOptions | undefined> = [];
  /** Animation frame callbacks asked and not run yet. */
  const frames: Array<() => void> = [];
  const ImageDecoder = class {
    async decode() {
      return { image: { displayWidth: 1280, displayHeight: 720, close: () => undefined } as unknown as VideoFrame };
    }
    close() {}
  } as unknown as ImageDecoderConstructor;
  const tiles = createStageTiles({
    openSocket: (url, handlers) => {
      const socket: OpenSocket = { url, handlers, sent: [], closed: false };
      sockets.push(socket);
      return { send: (text) => socket.sent.push(text), close: () => (socket.closed = true) };
    },
    timers: clock,
    now: clock.now,
    decodePlatform: {
      createImageBitmap: async (_source, options) => {
        fits.push(options);
        const picture = new FakeFrame(`picture ${pictures.length + 1}`);
        pictures.push(picture);
        return asBitmap(picture);
      },
      ImageDecoder,
    },
    bitmapRenderer: (canvas) => {
      const renderer = new FakeRenderer();
      renderers.set((canvas as unknown as { name: string }).name, renderer);
      return renderer;
    },
    createCompositor: (canvas) => {
      const compositor = new FakeCompositor(canvas);
      compositors.push(compositor);
      return compositor;
    },
    requestFrame: (callback) => frames.push(callback),
  });
  const runFrame = () => frames.splice(0).forEach((callback) => callback());
  return { tiles, clock, sockets, renderers, compositors, pictures, fits, runFrame };
}

/** Opens the socket and answers its first request with one picture. */
async function firstPicture(socket: OpenSocket): Promise<void> {
  socket.handlers.onOpen();
  socket.handlers.onMessage('AAEC');
  await flushPromises();
}

/** A page-committed tile that has decoded its first picture, and the port to the page. */
async function pageTileWithPicture() {
  const r = rig();
  const page = new FakePagePort();
  r.tiles.commitToPage(page as unknown as MessagePort);
  r.tiles.openTile('tile-1', 'page');
  r.tiles.play('tile-1', 'ws://recorder/pictures', () => undefined);
  await firstPicture(r.sockets[0]!);
  return { r, page };
}

describe('stage tiles', () => {
  it("plays a tile's pictures into its own canvas, fitted to its draw size", async () => {
    const r = rig();
    r.tiles.openTile('tile-1', fakeCanvas('canvas-1'));
    r.tiles.setDrawSize('tile-1', { width: 320.2, height: 180 });
    const events: ChannelEvent[] = [];
    r.tiles.play('tile-1', 'ws://recorder/pictures', (event) => events.push(event));
    expect(r.sockets.map((socket) => socket.url)).toEqual(['ws://recorder/pictures']);
    await firstPicture(r.sockets[0]!);
    expect(r.sockets[0]!.sent).toEqual([REQUEST_FRAME_MESSAGE, REQUEST_FRAME_MESSAGE]);
    expect(r.renderers.get('canvas-1')!.shown).toEqual(r.pictures);
    expect(r.fits[0]).toMatchObject({ resizeWidth: 320, resizeHeight: 180 });
    expect(events).toEqual([{ type: 'playing' }]);
    expect(r.tiles.stats().tiles['tile-1']).toMatchObject({ state: 'playing', framesDrawn: 1 });
  });

  it('sends shader tiles to the compositor at full size once routed there', async () => {
    const r = rig();
    expect(r.tiles.initCompositor(fakeCanvas('stage'), 800, 450, 1)).toBe(true);
    r.tiles.openTile('tile-1', fakeCanvas('canvas-1'));
    r.tiles.setDrawSize('tile-1', { width: 320, height: 180 });
    r.tiles.setRoute('tile-1', 'compositor');
    r.tiles.play('tile-1', 'ws://recorder/pictures', () => undefined);
    await firstPicture(r.sockets[0]!);
    expect(r.compositors[0]!.pushed.map((entry) => entry.tileId)).toEqual(['tile-1']);
    expect(r.renderers.get('canvas-1')!.shown).toEqual([]);
    expect(r.fits[0]).not.toHaveProperty('resizeWidth');
  });

  it('hears only the current channel of a tile', async () => {
    const r = rig();
    r.tiles.openTile('tile-1', fakeCanvas('canvas-1'));
    const events: string[] = [];
    r.tiles.play('tile-1', 'ws://one', (event) => events.push(`one ${event.type}`));
    r.tiles.play('tile-1', 'ws://two', (event) => events.push(`two ${event.type}`));
    expect(r.sockets[0]!.closed).toBe(true);
    r.sockets[0]!.handlers.onClose(1011, 'gone');
    await firstPicture(r.sockets[1]!);
    expect(events).toEqual(['two playing']);
  });

  it('plays nothing for an unknown tile', () => {
    const r = rig();
    r.tiles.play('tile-9', 'ws://recorder/pictures', () => undefined);
    expect(r.sockets).toEqual([]);
  });

  it('paces a tile given a pace before it plays, and again for its next channel', async () => {
    const r = rig();
    r.tiles.openTile('tile-1', fakeCanvas('canvas-1'));
    r.tiles.setPace('tile-1', 500);
    r.tiles.play('tile-1', 'ws://recorder/pictures', () => undefined);
    await firstPicture(r.sockets[0]!);
    expect(r.sockets[0]!.sent).toEqual([REQUEST_FRAME_MESSAGE]);
    r.clock.advance(500);
    expect(r.sockets[0]!.sent).toHaveLength(2);
    // A new channel of the same tile keeps the pace; lifting it asks at once.
    r.tiles.play('tile-1', 'ws://recorder/pictures-2', () => undefined);
    await firstPicture(r.sockets[1]!);
    expect(r.sockets[1]!.sent).toHaveLength(1);
    r.tiles.setPace('tile-1', 0);
    expect(r.sockets[1]!.sent).toHaveLength(2);
  });

  it('pauses, resumes and stops a channel', async () => {
    const r = rig();
    r.tiles.openTile('tile-1', fakeCanvas('canvas-1'));
    r.tiles.play('tile-1', 'ws://recorder/pictures', () => undefined);
    r.tiles.pause('tile-1');
    await firstPicture(r.sockets[0]!);
    expect(r.sockets[0]!.sent).toHaveLength(0);
    r.tiles.resume('tile-1');
    r.sockets[0]!.handlers.onOpen();
    expect(r.sockets[0]!.sent.length).toBeGreaterThan(0);
    expect(r.tiles.stats().tiles['tile-1']!.paused).toBe(false);
    r.tiles.stop('tile-1');
    expect(r.sockets[0]!.closed).toBe(true);
    expect(r.tiles.stats().tiles).toEqual({});
  });

  it('closes a tile: its socket and its video stream end', async () => {
    const r = rig();
    r.tiles.openTile('tile-1', fakeCanvas('canvas-1'));
    r.tiles.play('tile-1', 'ws://recorder/pictures', () => undefined);
    let cancelled = false;
    r.tiles.attachVideo('tile-1', new ReadableStream<VideoFrame>({ cancel: () => void (cancelled = true) }));
    vi.useFakeTimers();
    try {
      r.tiles.closeTile('tile-1');
      await vi.advanceTimersByTimeAsync(VIDEO_DRAIN_MS);
    } finally {
      vi.useRealTimers();
    }
    expect(r.sockets[0]!.closed).toBe(true);
    // The stream never ended by itself here, so it was cancelled after the drain time.
    expect(cancelled).toBe(true);
    expect(r.tiles.stats().tiles).toEqual({});
  });

  it("pumps a WebRTC tile's video frames into the compositor until detached", async () => {
    const r = rig();
    r.tiles.initCompositor(fakeCanvas('stage'), 800, 450, 1);
    let controller!: ReadableStreamDefaultController<VideoFrame>;
    r.tiles.attachVideo('tile-5', new ReadableStream<VideoFrame>({ start: (c) => void (controller = c) }));
    const frame = new FakeFrame('video 1');
    controller.enqueue(frame as unknown as VideoFrame);
    await flushPromises();
    expect(r.compositors[0]!.pushed).toEqual([{ tileId: 'tile-5', frame }]);
    r.tiles.setRoute('tile-5', 'bitmap');
    const off = new FakeFrame('video 2');
    controller.enqueue(off as unknown as VideoFrame);
    await flushPromises();
    expect(off.closed).toBe(true);
    r.tiles.detachVideo('tile-5');
    await flushPromises();
    expect(r.compositors[0]!.pushed).toHaveLength(1);
  });

  it('forwards compositor layout and size to the hosted compositor, and links workers', () => {
    const r = rig();
    r.tiles.resizeCompositor(10, 10, 1); // nothing hosted yet: ignored
    r.tiles.initCompositor(fakeCanvas('stage'), 800, 450, 1);
    r.tiles.resizeCompositor(1024, 576, 2);
    r.tiles.setCompositorTiles([]);
    expect(r.compositors[0]!.calls).toEqual(['init 800x450@1', 'resize 1024x576@2']);
    expect(r.tiles.stats().compositor).toMatchObject({ tiles: 0 });

    const other = rig();
    const port = new FakePort();
    other.tiles.linkCompositor(asPort(port));
    other.tiles.openTile('tile-2', null);
    other.tiles.setRoute('tile-2', 'compositor');
    const inbound = new FakePort();
    r.tiles.acceptCompositorLink(asPort(inbound));
    inbound.receive({ tileId: 'tile-2', frame: asBitmap(new FakeFrame()) });
    expect(r.compositors[0]!.pushed.map((entry) => entry.tileId)).toEqual(['tile-2']);
  });

  it("decodes a page tile's next picture only once the page has its last one, so none is decoded to be replaced", async () => {
    const { r, page } = await pageTileWithPicture();
    // The second picture arrives while the first still waits for the frame: it is not decoded yet, and nothing more is asked.
    r.sockets[0]!.handlers.onMessage('AAEC');
    await flushPromises();
    expect(r.pictures).toHaveLength(1);
    expect(r.sockets[0]!.sent).toEqual([REQUEST_FRAME_MESSAGE, REQUEST_FRAME_MESSAGE]);
    r.runFrame();
    expect(page.posted.map((post) => post.message.pictures)).toEqual([[{ tileId: 'tile-1', picture: r.pictures[0] }]]);
    expect(page.posted[0]!.transfer).toEqual([r.pictures[0]]);
    // Posted: the waiting picture is decoded now and goes with the frame after the page's answer; the next is asked.
    await flushPromises();
    expect(r.pictures).toHaveLength(2);
    expect(r.sockets[0]!.sent).toHaveLength(3);
    page.answer();
    r.runFrame();
    expect(page.posted.map((post) => post.message.pictures)).toEqual([
      [{ tileId: 'tile-1', picture: r.pictures[0] }],
      [{ tileId: 'tile-1', picture: r.pictures[1] }],
    ]);
    expect(r.pictures.some((picture) => picture.closed)).toBe(false);
    expect(r.tiles.stats().tiles['tile-1']).toMatchObject({ framesDrawn: 2, framesDropped: 0, framesReceived: 2 });
  });

  it("posts a page tile's picture after BATCH_LATEST_MS when no animation frame comes, and once only", async () => {
    const { r, page } = await pageTileWithPicture();
    r.clock.advance(BATCH_LATEST_MS - 1);
    expect(page.posted).toEqual([]);
    r.clock.advance(1);
    expect(page.posted.map((post) => post.message.pictures)).toEqual([[{ tileId: 'tile-1', picture: r.pictures[0] }]]);
    // The late animation frame finds nothing left to post.
    r.runFrame();
    expect(page.posted).toHaveLength(1);
    expect(r.tiles.stats().tiles['tile-1']).toMatchObject({ framesDrawn: 1, framesDropped: 0 });
  });

  it('destroys every tile, the compositor and the links', async () => {
    const r = rig();
    r.tiles.initCompositor(fakeCanvas('stage'), 800, 450, 1);
    const port = new FakePort();
    r.tiles.acceptCompositorLink(asPort(port));
    r.tiles.openTile('tile-1', fakeCanvas('canvas-1'));
    r.tiles.play('tile-1', 'ws://recorder/pictures', () => undefined);
    r.tiles.destroy();
    expect(r.sockets[0]!.closed).toBe(true);
    expect(r.compositors[0]!.destroyed).toBe(true);
    expect(port.closed).toBe(true);
    expect(r.tiles.stats()).toEqual({ tiles: {}, compositor: null });
  });
});
