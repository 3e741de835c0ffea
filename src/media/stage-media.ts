/**
 * The stage's media facade, the one thing stage views and player components
 * call: it owns the media workers, the shared low-bandwidth sessions and the
 * stage compositor, and makes one StagePlayer per tile.
 *
 * Rendering design (workers/core/tile-renderer-design.md, measured by
 * bench/frame-rate.bench.ts): tiles that need no shader show pictures with
 * `bitmaprenderer` in their own canvas (no WebGL context at all, so 64
 * tiles never meet Chrome's context limits and software GL costs nothing);
 * only digitally zoomed or dewarped tiles go to the one WebGL2 compositor
 * of the stage, a worker canvas laid under the tiles. WebRTC tiles play in
 * a <video> unless they need the shader.
 *
 * Who commits a plain tile's picture is tile-commit.ts's switch. The
 * product ('page'): the workers receive and decode every picture and post
 * each tile's newest ImageBitmap to the page once per worker frame, in one
 * transferred message; the page keeps the tile canvases and hands the
 * bitmaps to them (page-commit.ts), so the wall changes in the page's one
 * compositor frame. This departs from "frames never cross the main
 * thread" (ARCHITECTURE.md) on purpose: receiving, decoding and drawing
 * stay in the workers; the page only passes a finished bitmap on, a few
 * microseconds a tile. Measured at 64 tiles x 10 fps it drew 1.3-2.7 times
 * what worker-committed OffscreenCanvases drew (each its own compositor
 * frame, CPU work under software compositing), with the page at 54-59 fps.
 *
 * Measured before the page commit (worker commits; tile-renderer-design.md,
 * "The 64-tile wall"): the page kept 55-60 fps and no long tasks at every
 * wall size, where the naive main-thread <img> player drops to 45-48 fps
 * with long tasks; at 64 tiles received-only and decoded-only runs showed
 * 100 % and 93 % but drawn ones about 67 %, the loss being the per-tile
 * commits. A WebGL compositor for every tile would add about 5 ms of
 * software GL per picture, so it stays reserved for shader tiles.
 *
 * A tile canvas is adopted once (kept here, or transferred to a worker with
 * worker commits); React's development double mount re-adopts the same
 * canvas. Cost: two workers per stage view; REST per session, not per frame.
 */
import { transfer } from 'comlink';
import { browserTimers } from '../../workers/core/browser-timers';
import type { PictureDecoder, PicturePath } from '../../workers/core/stage-tiles/picture-decoder';
import { availabilityAt, REVERSE_LOOKBACK_MS, type PlayerType, type PlayRequest } from '../core/player';
import { liveApi } from '../api/live-api';
import { LowBandwidthSessionPool } from './low-bandwidth/session-pool';
import { LOW_BANDWIDTH_RATE_FPS, LowBandwidthSource } from './low-bandwidth/low-bandwidth-source';
import { StageWorkerPool } from './stage-worker-pool';
import { StagePlayer } from './stage-player';
import { StageCompositor } from './stage-compositor';
import { PageCommit } from './page-commit';
import { TILE_COMMIT, type TileCommit } from './tile-commit';
import { WebRtcSource } from './webrtc/webrtc-source';
import { segmentsOnPageClock, sourceOnServerClock } from './server-clock-source';
import { toServerTime } from '../core/clock/server-clock-offsets';
import type { WallLoadStep } from '../core/wall-load';
import { WallPacing } from './wall-pacing';
import type { FrameRateLevel } from '../../workers/core/frame-rate-monitor';

export type { StagePlayer, StagePlayerView, PlayerSurface, ShaderRequest } from './stage-player';
export type { SourceStats } from './player-source';
export type { TileSpec } from '../../workers/core/tile-compositor-plan';
// What player components need of the digital zoom (workers/core, out of UI code's reach) and of the player core (src/core), through this facade.
export {
  IDENTITY_VIEW,
  nextZoomStep,
  panBy,
  pinchSteps,
  pinchZoom,
  zoomAt,
  zoomPercent,
  type DigitalView,
} from '../../workers/core/digital-zoom';
export {
  canDewarp,
  errorIcon,
  maxDewarpedPlayers,
  playerModeOptions,
  type DefaultPlayerMode,
  type PlayerErrorInfo,
  type PlayerOverlay,
  type PlayerType,
} from '../core/player';

/**
 * Media workers per stage. Decoding is the limit of a big low-bandwidth
 * wall, and the browser decodes off the workers' threads: one, two and four
 * workers drew about the same at 64 tiles in the benchmark (the order
 * changed from run to run on the shared 2-core machine), so two, as
 * FIELD-NOTES measured for bitmaprenderer walls.
 */
export const STAGE_MEDIA_WORKERS = 2;
/**
 * A dewarped tile asks its low-bandwidth pictures at this many times its
 * size: the dewarped view stretches part of the fisheye picture.
 */
export const DEWARP_PICTURE_DETAIL = 2;
/** A released tile's worker registration waits this long for the same canvas to come back (re-mount). */
const CANVAS_RELEASE_MS = 1000;

export interface StageMediaOptions {
  getToken: () => string | null;
  workers?: number;
  /** Pictures per second asked of low-bandwidth sessions at speed 1. */
  rateFps?: number;
  /** How media workers decode pictures (the benchmark compares them). */
  decoder?: PictureDecoder;
  /** Benchmark only: stop pictures after decoding or on arrival, to attribute the cost of drawing. */
  picturePath?: PicturePath;
  /** Who commits plain tiles' pictures (tile-commit.ts; the benchmark runs the other one beside the product). */
  tileCommit?: TileCommit;
  log?: (message: string, detail?: unknown) => void;
  /**
   * The stage's WebGL compositor could not start (no WebGL2, or its shaders
   * do not build): zoomed and dewarped tiles play plain, and the stage turns
   * dewarp off and says so (spec 8 dewarpIncompatibleError).
   */
  onShaderUnavailable?: () => void;
  /**
   * The clock of a camera's server (its orchidId) minus this page's, ms
   * (src/state/server-offsets.ts): play, seek and archive-check times are
   * sent on the server's clock. Absent: the clocks agree.
   */
  serverOffsetMs?: (server?: string) => number;
  /** The wall's load governor took a step (0: every tile asks its full rate). */
  onLoadStep?: (step: WallLoadStep) => void;
}

export interface PlayerElements {
  canvas: HTMLCanvasElement;
  video: HTMLVideoElement;
  /** Where a WebRTC tile's sound plays (none: silent). */
  audio?: HTMLAudioElement;
}

export interface CreatePlayerOptions {
  streamId: string;
  /** The stream's server, its camera's orchidId: in multi-server mode every call of the player goes there. */
  server?: string;
  type: PlayerType;
  availableTypes: readonly PlayerType[];
  /** The tile's size in CSS pixels, read when a source starts. */
  size: () => { width: number; height: number };
  /** Where the tile's timeline is now; restarts after an error resume there. */
  currentRequest?: () => PlayRequest;
}

interface Surface {
  tileId: string;
  releaseTimer: ReturnType<typeof setTimeout> | undefined;
}

let nextTileId = 1;

export class StageMedia {
  private readonly pool: StageWorkerPool;
  private readonly tileCommit: TileCommit;
  /** The page's tile canvases and their bitmaprenderer contexts, with page commits. */
  private readonly pageCommit = new PageCommit();
  private readonly sessions: LowBandwidthSessionPool;
  private readonly surfaces = new WeakMap<HTMLCanvasElement, Surface>();
  private readonly compositor: StageCompositor;
  private readonly pacing: WallPacing;
  private readonly players = new Map<string, StagePlayer>();
  private destroyed = false;

  constructor(private readonly options: StageMediaOptions) {
    this.tileCommit = options.tileCommit ?? TILE_COMMIT;
    this.pool = new StageWorkerPool(options.workers ?? STAGE_MEDIA_WORKERS, {
      ...(options.decoder ? { decoder: options.decoder } : {}),
      ...(options.picturePath ? { picturePath: options.picturePath } : {}),
      ...(this.tileCommit === 'page' ? { pageCommit: this.pageCommit } : {}),
    });
    const log = options.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
    this.compositor = new StageCompositor(() => this.pool.host, {
      failed: (tileIds) => {
        for (const tileId of tileIds) this.players.get(tileId)?.setShader(false);
        this.options.log?.('The stage compositor could not start (WebGL2); zoom and dewarp are off');
        this.options.onShaderUnavailable?.();
      },
    });
    this.pacing = new WallPacing(
      {
        tileIds: () => this.pool.tileIds(),
        setPace: (tileId, paceMs) => void this.pool.workerFor(tileId).setPace(tileId, paceMs),
        // A low-bandwidth tile whose size step changes plays again (StagePlayer.resized), from where it is now.
        setPictureScale: (tileId) => this.players.get(tileId)?.resized(),
      },
      options.rateFps ?? LOW_BANDWIDTH_RATE_FPS,
      options.onLoadStep,
    );
    this.sessions = new LowBandwidthSessionPool(
      {
        create: (request) =>
          liveApi.createLowBandwidthStream(
            {
              streamId: request.streamId,
              resolution: request.resolution,
              startTime: request.startTime,
              rate: request.rate,
              // Spec 9: the wait threshold is 2000 ms times the speed; it is also the widest gap bridged.
              waitThres: 2000 * Math.max(1, Math.abs(request.speed ?? 1)),
              ...(request.speed !== undefined && request.speed !== 1 ? { speed: request.speed } : {}),
              transport: 'websocket-base64',
            },
            request.server,
          ),
        describe: async (id, server) => (await liveApi.lowBandwidthStream(id, server)).state,
        remove: (id, server) => liveApi.deleteLowBandwidthStream(id, server),
      },
      browserTimers,
      log,
    );
  }

  /** A player for one tile; its canvas is adopted on first use (kept, or transferred to a media worker). */
  createPlayer(elements: PlayerElements, options: CreatePlayerOptions): StagePlayer {
    const surface = this.adoptCanvas(elements.canvas);
    const tileId = surface.tileId;
    const worker = this.pool.workerFor(tileId);
    const pixelRatio = () => globalThis.devicePixelRatio || 1;
    const { server } = options;
    const offsetMs = () => this.options.serverOffsetMs?.(server) ?? 0;
    const lowBandwidth = new LowBandwidthSource({
      tileId,
      streamId: options.streamId,
      ...(server ? { server } : {}),
      worker,
      sessions: this.sessions,
      socketUrl: async (id) => (this.options.getToken() ? liveApi.lowBandwidthSocketUrl(id, server) : null),
      ...(this.options.rateFps ? { rateFps: this.options.rateFps } : {}),
      size: () => ({
        ...options.size(),
        pixelRatio: pixelRatio() * (this.compositor.isDewarping(tileId) ? DEWARP_PICTURE_DETAIL : 1) * this.pacing.pictureScale(tileId),
      }),
    });
    const webrtc = new WebRtcSource({
      tileId,
      streamId: options.streamId,
      video: elements.video,
      ...(elements.audio ? { audio: elements.audio } : {}),
      host: this.pool.host,
      socketUrl: async () => (this.options.getToken() ? liveApi.webRtcSocketUrl(server) : null),
    });
    const player = new StagePlayer({
      sources: { lowbandwidth: sourceOnServerClock(lowBandwidth, offsetMs), webrtc: sourceOnServerClock(webrtc, offsetMs) },
      timers: browserTimers,
      type: options.type,
      availableTypes: options.availableTypes,
      // A failed archive check counts as 'no video yet' in the player core and is asked again. The server is
      // asked on its clock; its spans are compared on the page's, where the player's times are.
      probeArchive: async (timeMs, speed) => {
        const offset = offsetMs();
        const serverTimeMs = toServerTime(timeMs, offset);
        const segments =
          speed < 0
            ? // Backwards: the segments of the last hour before the time (about one a minute).
              await liveApi.archivesFrom(options.streamId, serverTimeMs - REVERSE_LOOKBACK_MS, 100, server)
            : await liveApi.archivesFrom(options.streamId, serverTimeMs, 1, server);
        return availabilityAt(segmentsOnPageClock(segments, offset), timeMs, speed);
      },
      ...(options.currentRequest ? { currentRequest: options.currentRequest } : {}),
      onShader: (request) => this.compositor.update(tileId, request),
      shaderAvailable: () => !this.compositor.unavailable,
      onFocus: (focused) => this.pacing.setFocused(tileId, focused),
      onDestroy: () => {
        if (this.players.get(tileId) === player) this.players.delete(tileId);
        this.releaseCanvas(elements.canvas);
      },
    });
    this.players.set(tileId, player);
    return player;
  }

  /** The compositor canvas laid under the tiles (stage-compositor.ts: started when a first tile needs a shader). */
  setCompositorCanvas(canvas: HTMLCanvasElement, cssWidth: number, cssHeight: number): void {
    this.compositor.setCanvas(canvas, cssWidth, cssHeight);
  }

  /**
   * The page's frame-rate level (the monitor's changes): at 'critical' the
   * governor (src/core/wall-load.ts) lowers what tiles out of focus ask, in
   * steps, and gives it back once the page has recovered.
   */
  setFrameRateLevel(level: FrameRateLevel): void {
    if (!this.destroyed) this.pacing.setLevel(level);
  }

  /** The governor's step now (0: every tile asks its full rate). */
  get loadStep(): WallLoadStep {
    return this.pacing.step;
  }

  /** Every worker's channel figures (the benchmark reads them). */
  async workerStats() {
    return Promise.all(this.pool.all().map((worker) => worker.stats()));
  }

  /** Pictures the page has committed to tile canvases so far (page commits; the benchmark reads it). */
  get picturesCommitted(): number {
    return this.pageCommit.committed;
  }

  /** The media-worker tile id a canvas was given (the benchmark matches figures to tiles with it). */
  tileIdOf(canvas: HTMLCanvasElement): string | undefined {
    return this.surfaces.get(canvas)?.tileId;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.pacing.close();
    this.compositor.close();
    this.sessions.flush();
    this.pool.destroy();
  }

  private adoptCanvas(canvas: HTMLCanvasElement): Surface {
    let surface = this.surfaces.get(canvas);
    if (surface) {
      if (surface.releaseTimer !== undefined) clearTimeout(surface.releaseTimer);
      surface.releaseTimer = undefined;
      return surface;
    }
    surface = { tileId: `tile-${nextTileId++}`, releaseTimer: undefined };
    this.surfaces.set(canvas, surface);
    const worker = this.pool.workerFor(surface.tileId);
    if (this.tileCommit === 'page') {
      this.pageCommit.attach(surface.tileId, canvas);
      void worker.openTile(surface.tileId, 'page');
    } else {
      const offscreen = canvas.transferControlToOffscreen();
      void worker.openTile(surface.tileId, transfer(offscreen, [offscreen]));
    }
    return surface;
  }

  private releaseCanvas(canvas: HTMLCanvasElement): void {
    const surface = this.surfaces.get(canvas);
    if (!surface || this.destroyed) return;
    surface.releaseTimer = setTimeout(() => {
      surface.releaseTimer = undefined;
      if (this.destroyed) return;
      // A later adopt of the same element gets a fresh registration (a transferred canvas stays transferred).
      this.surfaces.delete(canvas);
      this.pageCommit.detach(surface.tileId);
      this.pacing.forget(surface.tileId);
      void this.pool.workerFor(surface.tileId).closeTile(surface.tileId);
      this.pool.release(surface.tileId);
    }, CANVAS_RELEASE_MS);
  }
}

export function createStageMedia(options: StageMediaOptions): StageMedia {
  return new StageMedia(options);
}
