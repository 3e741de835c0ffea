/**
 * The stage's one WebGL2 compositor, for the tiles that need a shader
 * (digital zoom, dewarp): a worker canvas laid under the tiles. The canvas
 * is transferred and given a context only when a first tile needs it, so a
 * wall of plain tiles never creates a GL context. If it cannot start (no
 * WebGL2, or its shaders do not build), shader tiles go back to plain
 * pictures and stay so on this stage (spec 8 dewarpIncompatibleError).
 *
 * Cost: one layout message per burst of tile changes (a resize moves every
 * tile at once), none per frame.
 */
import { transfer } from 'comlink';
import type { TileSpec } from '../../workers/core/tile-compositor-plan';
import type { MediaWorker } from './stage-worker-pool';
import { compositorTileSpec } from './compositor-tile-spec';
import type { ShaderRequest } from './stage-player';

export interface StageCompositorEvents {
  /** The compositor could not start: these tiles lost their shader. */
  failed: (tileIds: string[]) => void;
}

export class StageCompositor {
  private canvas: HTMLCanvasElement | null = null;
  private size = { width: 1, height: 1 };
  private ready: Promise<boolean> | null = null;
  private readonly tiles = new Map<string, TileSpec>();
  /** Tiles that dewarp now (their pictures are asked larger). */
  private readonly dewarping = new Set<string>();
  private flushPending = false;
  private closed = false;
  /** True once the compositor failed: shader requests are refused from then on. */
  unavailable = false;

  constructor(
    private readonly host: () => MediaWorker,
    private readonly events: StageCompositorEvents,
  ) {}

  /** The canvas laid under the tiles, and its size in CSS pixels. */
  setCanvas(canvas: HTMLCanvasElement, cssWidth: number, cssHeight: number): void {
    this.size = { width: Math.max(1, cssWidth), height: Math.max(1, cssHeight) };
    if (this.canvas !== canvas) {
      this.canvas = canvas;
      this.ready = null;
    }
    if (this.ready) void this.host().resizeCompositor(this.size.width, this.size.height, globalThis.devicePixelRatio || 1);
    if (this.tiles.size > 0) this.ensureStarted();
  }

  isDewarping(tileId: string): boolean {
    return this.dewarping.has(tileId);
  }

  /** A tile's shader request (null: it plays plain again). */
  update(tileId: string, request: ShaderRequest | null): void {
    if (request && request.dewarpMode !== 0 && request.dewarp?.enable) this.dewarping.add(tileId);
    else this.dewarping.delete(tileId);
    if (request) this.tiles.set(tileId, compositorTileSpec(tileId, request));
    else if (!this.tiles.delete(tileId)) return;
    if (this.tiles.size > 0) this.ensureStarted();
    if (this.flushPending) return;
    this.flushPending = true;
    queueMicrotask(() => {
      this.flushPending = false;
      if (!this.closed && this.ready) void this.host().setCompositorTiles([...this.tiles.values()]);
    });
  }

  close(): void {
    this.closed = true;
  }

  private ensureStarted(): void {
    const canvas = this.canvas;
    if (this.ready || !canvas) return;
    const offscreen = canvas.transferControlToOffscreen();
    const { width, height } = this.size;
    this.ready = this.host()
      .initCompositor(transfer(offscreen, [offscreen]), width, height, globalThis.devicePixelRatio || 1)
      .catch(() => false)
      .then((ready) => {
        if (!ready && !this.closed) this.fail();
        return ready;
      });
  }

  private fail(): void {
    if (this.unavailable) return;
    this.unavailable = true;
    const tileIds = [...this.tiles.keys()];
    this.tiles.clear();
    this.dewarping.clear();
    this.events.failed(tileIds);
  }
}
