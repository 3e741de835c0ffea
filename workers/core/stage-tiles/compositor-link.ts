/**
 * Where a stage's shader tiles (digital zoom, dewarp) send their frames:
 * the one tile compositor of the stage, hosted by the pool's first media
 * worker. In that worker frames go straight in; every other worker holds
 * a MessagePort to it (`link`) and transfers each frame over it, so
 * frames travel worker to worker and never through the main thread. The
 * host side listens on one port per other worker (`accept`).
 *
 * The compositor is made by an injected factory (the WebGL2 TileCompositor
 * in the worker, a fake in tests). Cost: one postMessage per frame from a
 * non-host worker. Limits: a frame with nowhere to go (no compositor, no
 * link, or WebGL2 missing on the host) is closed and dropped.
 */
import type { TileCompositor, TileFrame } from '../tile-compositor';

/** What the link needs of a compositor. */
export type HostedCompositor = Pick<TileCompositor, 'init' | 'resize' | 'setTiles' | 'pushFrame' | 'destroy' | 'stats'>;

export interface CompositorFrameMessage {
  tileId: string;
  frame: TileFrame;
}

export class CompositorLink {
  private compositor: HostedCompositor | null = null;
  /** Set in workers that do not host the compositor: where their shader tiles' frames go. */
  private outbound: MessagePort | null = null;
  private readonly inbound = new Set<MessagePort>();

  constructor(private readonly createCompositor: (canvas: OffscreenCanvas) => HostedCompositor) {}

  /** Makes this worker the compositor host; false without WebGL2. */
  host(canvas: OffscreenCanvas, cssWidth: number, cssHeight: number, pixelRatio: number): boolean {
    this.compositor?.destroy();
    this.compositor = this.createCompositor(canvas);
    if (!this.compositor.init(cssWidth, cssHeight, pixelRatio)) this.compositor = null;
    return this.compositor !== null;
  }

  get hosted(): HostedCompositor | null {
    return this.compositor;
  }

  /** Host side of a link: frames of another worker's shader tiles arrive on `port`. */
  accept(port: MessagePort): void {
    this.inbound.add(port);
    port.onmessage = (event: MessageEvent<CompositorFrameMessage>) => {
      const { tileId, frame } = event.data;
      if (this.compositor) this.compositor.pushFrame(tileId, frame);
      else frame.close();
    };
  }

  /** Sender side of a link. */
  link(port: MessagePort): void {
    this.outbound?.close();
    this.outbound = port;
  }

  /** Takes ownership of the frame: to the compositor here, over the link, or closed. */
  send(tileId: string, frame: TileFrame): void {
    if (this.compositor) this.compositor.pushFrame(tileId, frame);
    else if (this.outbound) this.outbound.postMessage({ tileId, frame } satisfies CompositorFrameMessage, [frame]);
    else frame.close();
  }

  destroy(): void {
    this.compositor?.destroy();
    this.compositor = null;
    this.outbound?.close();
    this.outbound = null;
    for (const port of this.inbound) port.close();
    this.inbound.clear();
  }
}
