/**
 * Stand-ins for what the stage tiles core takes from the browser: frames
 * that record being closed, a compositor that records what it was given,
 * message ports and bitmaprenderer contexts. Cast to the DOM types where
 * the core's signatures name them.
 */
import type { TileSpec } from '../../../../../workers/core/tile-compositor-plan';
import type { CompositorFrameMessage, HostedCompositor } from '../../../../../workers/core/stage-tiles/compositor-link';
import { PAGE_COMMITTED, type PageCommitMessage, type PageCommitPort } from '../../../../../workers/core/stage-tiles/page-commit';

export class FakeFrame {
  closed = false;
  constructor(readonly name = 'frame') {}
  close(): void {
    this.closed = true;
  }
}

export const asBitmap = (frame: FakeFrame) => frame as unknown as ImageBitmap;
export const asVideoFrame = (frame: FakeFrame) => frame as unknown as VideoFrame;

export class FakeCompositor implements HostedCompositor {
  readonly pushed: Array<{ tileId: string; frame: FakeFrame }> = [];
  readonly calls: string[] = [];
  specs: readonly TileSpec[] = [];
  destroyed = false;
  constructor(readonly canvas: OffscreenCanvas, private readonly webgl2 = true) {}
  init(cssWidth: number, cssHeight: number, pixelRatio: number): boolean {
    this.calls.push(`init ${cssWidth}x${cssHeight}@${pixelRatio}`);
    return this.webgl2;
  }
  resize(cssWidth: number, cssHeight: number, pixelRatio: number): void {
    this.calls.push(`resize ${cssWidth}x${cssHeight}@${pixelRatio}`);
  }
  setTiles(specs: readonly TileSpec[]): void {
    this.specs = specs;
  }
  pushFrame(tileId: string, frame: ImageBitmap | VideoFrame): void {
    this.pushed.push({ tileId, frame: frame as unknown as FakeFrame });
  }
  destroy(): void {
    this.destroyed = true;
  }
  get stats() {
    return { tiles: this.specs.length, draws: 0, tilesDrawn: 0, uploads: this.pushed.length, contextLost: false, pixelRatio: 1 };
  }
}

export class FakePort {
  readonly posted: Array<{ message: CompositorFrameMessage; transfer: unknown[] }> = [];
  closed = false;
  onmessage: ((event: MessageEvent<CompositorFrameMessage>) => void) | null = null;
  postMessage(message: CompositorFrameMessage, transfer: unknown[]): void {
    this.posted.push({ message, transfer });
  }
  close(): void {
    this.closed = true;
  }
  /** Delivers a message as the other side's postMessage would. */
  receive(message: CompositorFrameMessage): void {
    this.onmessage?.({ data: message } as MessageEvent<CompositorFrameMessage>);
  }
}

export const asPort = (port: FakePort) => port as unknown as MessagePort;

/** The worker's end of the page commit channel: records what was posted and transferred. */
export class FakePagePort implements PageCommitPort {
  readonly posted: Array<{ message: PageCommitMessage; transfer: unknown[] }> = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  postMessage(message: PageCommitMessage, transfer: Transferable[]): void {
    this.posted.push({ message, transfer });
  }
  /** The page's answer that it committed the batch in flight. */
  answer(): void {
    this.onmessage?.({ data: PAGE_COMMITTED } as MessageEvent);
  }
}

export class FakeRenderer {
  readonly shown: FakeFrame[] = [];
  transferFromImageBitmap(bitmap: ImageBitmap | null): void {
    if (bitmap) this.shown.push(bitmap as unknown as FakeFrame);
  }
}

export const fakeCanvas = (name: string) => ({ name }) as unknown as OffscreenCanvas;
