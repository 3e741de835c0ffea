/**
 * The browser half of bench/frame-rate.bench.ts: lays out a wall of N tiles
 * and plays low-bandwidth video in them either with the product's stage
 * media (workers, bitmaprenderer, shared sessions: src/media/stage-media.ts)
 * or with the naive main-thread player, then measures a window: pictures
 * drawn per tile, main-thread long tasks and the page's own frame rate.
 */
import { configureHttp } from '../../src/api/http';
import { liveApi } from '../../src/api/live-api';
import { LowBandwidthSessionPool } from '../../src/media/low-bandwidth/session-pool';
import { createStageMedia, type StageMedia, type StagePlayer } from '../../src/media/stage-media';
import { lowBandwidthResolution } from '../../src/core/low-bandwidth-session';
import type { PictureDecoder, PicturePath } from '../../workers/core/stage-tiles/picture-decoder';
import type { TileCommit } from '../../src/media/tile-commit';
import { browserTimers } from '../../workers/core/browser-timers';
import { startNaiveTile, type NaiveTile } from './naive-player';
import { TileCounters } from './tile-counters';
import { startFrameRateMonitor } from '../../src/media/frame-rate-monitor';

export interface WallRun {
  mode: 'worker' | 'naive';
  tiles: number;
  fps: number;
  durationMs: number;
  warmupMs: number;
  streamIds: string[];
  token: string;
  workers?: number;
  decoder?: PictureDecoder;
  /** Worker player: who commits plain tiles' pictures (src/media/tile-commit.ts); the product's choice when absent. */
  commit?: TileCommit;
  /**
   * Worker player: the wall's load governor hears the page's frame-rate
   * monitor, and the first tile is in focus; 'off' runs the monitor alone.
   */
  governor?: 'on' | 'off';
  /** Governor runs: log once a second (page console) the page's frame rate, the monitor's level, the step and the pictures decoded, posted and committed. */
  trace?: boolean;
  /** Pictures stopped after decoding (worker player) or on arrival (both players), for cost attribution; drawn when absent. */
  picturePath?: Exclude<PicturePath, 'draw'>;
}

export interface WallResult {
  playingTiles: number;
  framesDrawn: number;
  seconds: number;
  longTasks: number;
  longTaskMs: number;
  pageFps: number;
  /** Worker player: mean ms from a picture's arrival to its draw (decoding) in the window. */
  decodeMs: number | null;
  /**
   * Worker player: pictures decoded but replaced by a newer one of the same tile before the page's next commit
   * (page-commit.ts), per tile per second; not in framesDrawn. The naive player counts a picture only if it is still shown at the animation frame after its decode.
   */
  replacedPerTilePerSecond?: number;
  /** Worker player: pictures that arrived, and those that waited behind another's decode, per tile per second. */
  receivedPerTilePerSecond?: number;
  waitedPerTilePerSecond?: number;
  /** Governor runs: the first (focused) tile's pictures per second, and the step reached at the end. */
  focusedTileFps?: number;
  loadStep?: number;
  /** Pictures per second of the slowest and the fastest tile in the window: how evenly a saturated wall shares. */
  slowestTileFps: number;
  fastestTileFps: number;
}

function spread(before: number[], after: number[], seconds: number): { slowestTileFps: number; fastestTileFps: number } {
  const rates = after.map((count, i) => (count - (before[i] ?? 0)) / seconds);
  return { slowestTileFps: Math.min(...rates), fastestTileFps: Math.max(...rates) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The worker player's tile counters, and how often they are read in a window (tile-counters.ts). */
const COUNTED = ['framesDrawn', 'framesDropped', 'framesReceived', 'framesWaited', 'decodeMsTotal'] as const;
const COUNTER_READ_MS = 250;

/**
 * After the fixed warm-up, waits until every tile has shown a picture, up to
 * this much longer: a loaded machine starts workers and sessions slowly,
 * and a window that opens on tiles still starting measures the start, not
 * the steady state both players are compared in.
 */
const MAX_EXTRA_WARMUP_MS = 20_000;

async function warmUp(run: WallRun, playing: () => number): Promise<void> {
  await sleep(run.warmupMs);
  const deadline = performance.now() + MAX_EXTRA_WARMUP_MS;
  while (playing() < run.tiles && performance.now() < deadline) await sleep(250);
}

function layout(count: number): Array<{ x: number; y: number; width: number; height: number }> {
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const width = Math.floor((window.innerWidth - (columns - 1) * 3) / columns);
  const height = Math.min(Math.floor((window.innerHeight - (rows - 1) * 3) / rows), Math.floor((width * 9) / 16));
  return Array.from({ length: count }, (_, i) => ({ x: (i % columns) * (width + 3), y: Math.floor(i / columns) * (height + 3), width, height }));
}

/** Counts the page's animation frames until stopped. */
function countAnimationFrames(): { frames(): number; stop(): void } {
  let frames = 0;
  let running = true;
  const tick = () => {
    frames++;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    frames: () => frames,
    stop: () => {
      running = false;
    },
  };
}

async function measure(count: () => Promise<number>, durationMs: number) {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const pageFrames = countAnimationFrames();
  const before = await count();
  // The bench reads the processes' CPU time at the window's edges (bench/frame-rate.bench.ts).
  await window.benchWindowEdge?.('start');
  const start = performance.now();
  await sleep(durationMs);
  await window.benchWindowEdge?.('end');
  const after = await count();
  const seconds = (performance.now() - start) / 1000;
  pageFrames.stop();
  observer.disconnect();
  return {
    framesDrawn: after - before,
    seconds,
    longTasks: longTasks.length,
    longTaskMs: Math.round(longTasks.reduce((sum, ms) => sum + ms, 0)),
    pageFps: pageFrames.frames() / seconds,
  };
}

/**
 * Once a second, on the page's console: where a throttled wall's pictures go (bench/frame-rate.bench.ts
 * FRAME_RATE_TRACE). `counted` is the run's tile counters (tile-counters.ts), so a restarted tile keeps its count.
 */
function traceWall(media: StageMedia, level: () => string, counted: () => { framesDrawn: number; framesDropped: number }): () => void {
  const pageFrames = countAnimationFrames();
  let last = { ms: performance.now(), frames: 0, posted: 0, dropped: 0, committed: 0 };
  const timer = setInterval(() => {
    const totals = counted();
    const now = {
      ms: performance.now(),
      frames: pageFrames.frames(),
      posted: totals.framesDrawn,
      dropped: totals.framesDropped,
      committed: media.picturesCommitted,
    };
    const seconds = (now.ms - last.ms) / 1000;
    const rate = (key: 'frames' | 'posted' | 'dropped' | 'committed') => ((now[key] - last[key]) / seconds).toFixed(1);
    console.log(
      `trace: ${seconds.toFixed(1)} s, page ${rate('frames')} fps, ${level()}, step ${media.loadStep}, ` +
        `posted ${rate('posted')}/s, replaced ${rate('dropped')}/s, committed ${rate('committed')}/s`,
    );
    last = now;
  }, 1000);
  return () => {
    pageFrames.stop();
    clearInterval(timer);
  };
}

async function runWorker(run: WallRun, wall: HTMLElement): Promise<WallResult> {
  const media = createStageMedia({
    getToken: () => run.token,
    rateFps: run.fps,
    ...(run.workers ? { workers: run.workers } : {}),
    ...(run.decoder ? { decoder: run.decoder } : {}),
    ...(run.picturePath ? { picturePath: run.picturePath } : {}),
    ...(run.commit ? { tileCommit: run.commit } : {}),
  });
  const players: StagePlayer[] = [];
  const canvases: HTMLCanvasElement[] = [];
  for (const [i, rect] of layout(run.tiles).entries()) {
    const tile = document.createElement('div');
    tile.className = 'tile';
    Object.assign(tile.style, { left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.width}px`, height: `${rect.height}px` });
    const canvas = document.createElement('canvas');
    const video = document.createElement('video');
    tile.append(canvas, video);
    wall.append(tile);
    canvases.push(canvas);
    const player = media.createPlayer(
      { canvas, video },
      { streamId: run.streamIds[i % run.streamIds.length]!, type: 'lowbandwidth', availableTypes: ['lowbandwidth'], size: () => rect },
    );
    players.push(player);
    player.play();
  }
  // The tiles' counters, read four times a second from here to the window's end and summed across each tile's
  // channels, so a tile the governor restarts (its channel counts from zero again) keeps what it drew
  // (tile-counters.ts). Readings go one at a time.
  const counters = new TileCounters(COUNTED, 'framesReceived');
  let reading = Promise.resolve();
  const read = () =>
    (reading = reading.then(async () => {
      const stats = await media.workerStats();
      counters.add(Object.fromEntries(stats.flatMap((worker) => Object.entries(worker.tiles))));
    }));
  let counting = true;
  const sampling = (async () => {
    while (counting) {
      await read();
      await sleep(COUNTER_READ_MS);
    }
  })();
  const perTile = () =>
    canvases.map((canvas) => {
      const id = media.tileIdOf(canvas);
      return id ? counters.of(id).framesDrawn : 0;
    });
  let stopMonitor = () => undefined as void;
  let stopTrace = () => undefined as void;
  if (run.governor) {
    players[0]?.setFocused(true);
    let level = 'normal';
    stopMonitor = startFrameRateMonitor((state) => {
      level = `${state.level} (${state.averageFps.toFixed(1)} fps)`;
      if (run.trace) console.log(`monitor: ${level}`);
      if (run.governor === 'on') media.setFrameRateLevel(state.level);
    });
    if (run.trace) stopTrace = traceWall(media, () => level, () => counters.total());
  }
  const playing = () => players.filter((player) => player.view.snapshot.source === 'playing').length;
  await warmUp(run, playing);
  const playingTiles = playing();
  // The window's edges: measure() counts once as it opens and once as it closes.
  type Edge = { totals: ReturnType<typeof counters.total>; perTile: number[] };
  const edges: Edge[] = [];
  const result = await measure(async () => {
    await read();
    edges.push({ totals: counters.total(), perTile: perTile() });
    return edges.at(-1)!.totals.framesDrawn;
  }, run.durationMs);
  counting = false;
  await sampling;
  const [start, end] = edges as [Edge, Edge];
  const drawn = end.totals.framesDrawn - start.totals.framesDrawn;
  const decodeMs = drawn > 0 ? (end.totals.decodeMsTotal - start.totals.decodeMsTotal) / drawn : null;
  const loadStep = media.loadStep;
  stopTrace();
  stopMonitor();
  for (const player of players) player.destroy();
  media.destroy();
  wall.replaceChildren();
  const focusedTileFps = ((end.perTile[0] ?? 0) - (start.perTile[0] ?? 0)) / result.seconds;
  const perTileSecond = (key: (typeof COUNTED)[number]) => (end.totals[key] - start.totals[key]) / run.tiles / result.seconds;
  return {
    playingTiles,
    ...result,
    decodeMs,
    replacedPerTilePerSecond: perTileSecond('framesDropped'),
    receivedPerTilePerSecond: perTileSecond('framesReceived'),
    waitedPerTilePerSecond: perTileSecond('framesWaited'),
    ...spread(start.perTile, end.perTile, result.seconds),
    ...(run.governor ? { focusedTileFps, loadStep } : {}),
  };
}

async function runNaive(run: WallRun, wall: HTMLElement): Promise<WallResult> {
  const sessions = new LowBandwidthSessionPool(
    {
      create: (request) => liveApi.createLowBandwidthStream({ ...request, waitThres: 2000, transport: 'websocket-base64' }),
      describe: async (id) => (await liveApi.lowBandwidthStream(id)).state,
      remove: (id) => liveApi.deleteLowBandwidthStream(id),
    },
    browserTimers,
  );
  const tiles: NaiveTile[] = [];
  const leases = await Promise.all(
    layout(run.tiles).map(async (rect, i) => {
      const tile = document.createElement('div');
      tile.className = 'tile';
      Object.assign(tile.style, { left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.width}px`, height: `${rect.height}px` });
      const img = document.createElement('img');
      img.alt = '';
      tile.append(img);
      wall.append(tile);
      const lease = await sessions
        .acquire({
          streamId: run.streamIds[i % run.streamIds.length]!,
          resolution: lowBandwidthResolution(rect.width, rect.height, devicePixelRatio || 1),
          startTime: 0,
          rate: run.fps,
        })
        .catch(() => null); // a session the recorder could not start leaves its tiles blank, as it would for a user
      if (lease) tiles.push(startNaiveTile(img, await liveApi.lowBandwidthSocketUrl(lease.id), run.picturePath === 'receive' ? 'receive' : 'draw'));
      return lease;
    }),
  );
  const playing = () => tiles.filter((tile) => tile.frames > 0).length;
  await warmUp(run, playing);
  const playingTiles = playing();
  const counts = () => tiles.map((tile) => tile.frames);
  const before = counts();
  const result = await measure(async () => tiles.reduce((sum, tile) => sum + tile.frames, 0), run.durationMs);
  const after = counts();
  for (const tile of tiles) tile.stop();
  for (const lease of leases) lease?.release();
  sessions.flush();
  wall.replaceChildren();
  return { playingTiles, ...result, decodeMs: null, ...spread(before, after, result.seconds) };
}

declare global {
  interface Window {
    runWall(run: WallRun): Promise<WallResult>;
    /** Exposed by the bench: marks the start and end of a measured window. */
    benchWindowEdge?: (edge: 'start' | 'end') => Promise<void>;
  }
}

window.runWall = async (run) => {
  configureHttp({ getToken: () => run.token, onUnauthorized: () => undefined });
  const wall = document.getElementById('wall')!;
  return run.mode === 'worker' ? runWorker(run, wall) : runNaive(run, wall);
};
