/**
 * Frame-rate benchmark of a video wall (design card: "automated frame-rate
 * benchmarks in CI"). A real recorder with four simulated cameras serves a
 * page (bench/frame-rate/) in headless Chromium; walls of 1, 16, 36 and 64
 * low-bandwidth tiles (cameras repeat) play at 10 and 25 pictures per
 * second requested, each for a bounded window after a warm-up, with
 * - worker: the product's stage media (media workers, bitmaprenderer tiles,
 *   shared recorder sessions), and at 64 tiles the same with the other
 *   commit of plain tiles (src/media/tile-commit.ts: worker-committed
 *   OffscreenCanvases or page-committed ImageBitmaps), so every full run
 *   measures that choice again, and
 * - naive: a main-thread player feeding <img> data URLs, as the baseline.
 * Per run: pictures drawn per tile per second (each player counts a picture
 * when it is painted: the worker player at the page's commit, the naive one
 * at the animation frame after its decode), the share of requested pictures
 * shown, the slowest and fastest tile, main-thread long tasks, and the
 * page's rAF frame rate, the browser's CPU per picture drawn and the
 * recorder's CPU (read from /proc at the window's edges); then the
 * worker/naive ratio. Prints a table and
 * writes bench/results/frame-rate.json.
 *
 * `FRAME_RATE_WINDOW_MS` (default 10000) bounds each window; FRAME_RATE_WALLS,
 * FRAME_RATE_RATES and FRAME_RATE_MODES (comma lists) pick a subset for a
 * quick look; at 64 tiles (FRAME_RATE_VARIANT_WALLS) the worker player also runs with
 * FRAME_RATE_ALT_WORKERS (default 1,4) other worker counts, the other
 * picture decoder (FRAME_RATE_ALT_DECODERS, default blob), the other tile
 * commit (FRAME_RATE_ALT_COMMITS, default the one the product does not use), and
 * FRAME_RATE_ALT_PATHS (default decode,receive): pictures dropped after
 * decoding or on arrival, for cost attribution. FRAME_RATE_RESULTS_NAME
 * (default frame-rate) names the results file (bench/wall-check.ts writes
 * its short run beside the full one).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { Camera, CamerasResponse } from '../server/shared/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium';
import { TILE_COMMIT, type TileCommit } from '../src/media/tile-commit';
import { call, signIn, startRecorder } from '../tests/integration/helpers/recorder-process';
import type { WallResult, WallRun } from './frame-rate/bench-page';
import { higher, type Figures } from './lib/figures';
import { buildBenchPage } from './lib/page-build';
import { clockTicksPerSecond, descendants, treeTicks } from './lib/proc-cpu';
import { printTable, RESULTS_DIR, writeResults } from './lib/report';

const WALLS = (process.env.FRAME_RATE_WALLS ?? '1,16,36,64').split(',').filter(Boolean).map(Number);
const RATES = (process.env.FRAME_RATE_RATES ?? '10,25').split(',').map(Number);
const MODES = (process.env.FRAME_RATE_MODES ?? 'worker,naive').split(',') as Array<WallRun['mode']>;
const ALT_WORKERS = (process.env.FRAME_RATE_ALT_WORKERS ?? '1,4').split(',').filter(Boolean).map(Number);
const ALT_DECODERS = (process.env.FRAME_RATE_ALT_DECODERS ?? 'blob').split(',').filter(Boolean) as Array<NonNullable<WallRun['decoder']>>;
const ALT_COMMITS = (process.env.FRAME_RATE_ALT_COMMITS ?? (TILE_COMMIT === 'page' ? 'worker' : 'page')).split(',').filter(Boolean) as TileCommit[];
const RESULTS_NAME = process.env.FRAME_RATE_RESULTS_NAME ?? 'frame-rate';
const ALT_PATHS = (process.env.FRAME_RATE_ALT_PATHS ?? 'decode,receive').split(',').filter(Boolean) as Array<NonNullable<WallRun['picturePath']>>;
const WINDOW_MS = Number(process.env.FRAME_RATE_WINDOW_MS ?? 10_000);
/** The wall sizes that also run the variants above (FRAME_RATE_VARIANT_WALLS, default 64). */
const VARIANT_WALLS = (process.env.FRAME_RATE_VARIANT_WALLS ?? '64').split(',').filter(Boolean).map(Number);
/**
 * The throttled page (a low-powered client): Chromium's CPU throttling of the
 * page by these factors (FRAME_RATE_THROTTLE, a comma list; '' skips it), a
 * wall of FRAME_RATE_THROTTLE_TILES at 10 fps, the worker player with the
 * load governor off and on, and the naive player. 4x is the client meant: a
 * low-end laptop is about 4-6 times slower than a core of this machine.
 * 20x is kept to show the harsh end, where the page's main thread is
 * starved. Measured (2026-11-28, load average 12-38): at 4x the page keeps
 * 30-45 fps, so the monitor stays 'normal' and the governor rightly does
 * nothing, while the wall shows 13-22 % of what it asks; at 20x the page
 * keeps 15-27 fps once the wall is playing, and only on a heavily loaded
 * machine does the monitor reach 'critical' (then the governor steps,
 * src/core/wall-load.ts). Either way the wall delivers about 25 pictures a
 * second in all, less than even the last step asks (36 x 2.5), so fewer
 * pictures asked cannot show as more drawn per tile: the page's frame rate
 * is not what limits the wall here, decoding and committing are.
 * FRAME_RATE_WALLS='' runs only this part.
 */
const THROTTLES = (process.env.FRAME_RATE_THROTTLE ?? '4,20').split(',').filter(Boolean).map(Number).filter((rate) => rate > 1);
const THROTTLE_TILES = Number(process.env.FRAME_RATE_THROTTLE_TILES ?? 36);
/**
 * FRAME_RATE_CHROME_TRACE=<folder>: each wall run is also recorded as a
 * Chrome trace (<tiles>x<fps>-<mode>.json there, loadable in Perfetto), with
 * each task's wall and thread time: it tells a main thread that works from
 * one that waits (on the compositor's commit, on the GPU process, for a
 * core). A run's trace is a few hundred MB and the tracing itself costs CPU,
 * so its figures are not comparable with an untraced run.
 */
const CHROME_TRACE_DIR = process.env.FRAME_RATE_CHROME_TRACE;
/**
 * Chromium's own log (--enable-logging to a file: renderer crashes and their
 * reason, out-of-memory kills, GPU process restarts), written beside the
 * results as <results name>-chromium.log. Its tail is printed when the
 * page crashes or cannot be reloaded.
 */
const CHROMIUM_LOG_TAIL_LINES = 40;
/** FRAME_RATE_TRACE=1: the throttled runs log, once a second, the page's frame rate, the monitor's level, the step and the pictures (with FRAME_RATE_DEBUG to see them). */
const TRACE = Boolean(process.env.FRAME_RATE_TRACE);
/**
 * Warm-up before a window: 6 s, plus 100 ms a tile because the browser opens
 * WebSockets to one host one handshake at a time (RFC 6455 4.1), which on
 * this loaded machine takes about 130 ms each: a 64-tile wall needs ~8 s to
 * have every socket open, and the window should measure the steady state.
 */
const warmupMs = (tiles: number) => 6_000 + 100 * tiles;

/** CPU used over one measured window, ms: the browser's processes, and the recorder's with its ffmpegs. */
interface WindowCpu {
  browserMs: number;
  recorderMs: number;
}

/** Chromium's log file beside the results (emptied for this run), and its last lines for the bench's own report. */
function chromiumLogFile(): { file: string; tail(lines: number): string } {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${RESULTS_NAME}-chromium.log`);
  fs.writeFileSync(file, '');
  const tail = (lines: number) => {
    // Chromium says, again and again, that this machine has no D-Bus: not news.
    const said = fs.readFileSync(file, 'utf8').split('\n').filter((line) => line && !line.includes('dbus/bus.cc'));
    return said.slice(-lines).join('\n');
  };
  return { file, tail };
}

async function runningCameras(baseUrl: string, token: string, wanted: number): Promise<Camera[]> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const reply = await call<CamerasResponse>(baseUrl, 'GET', '/service/cameras', { token });
    const cameras = reply.status === 200 ? reply.body.data.cameras.filter((c) => c.primaryStream?.status.streamState === 'running') : [];
    if (cameras.length >= wanted) return cameras;
    if (Date.now() > deadline) throw new Error(`only ${cameras.length} of ${wanted} cameras are running`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * `npm run bench` (run-all.ts) stops a bench past its time-out with SIGTERM,
 * on which Playwright closes the browser, and the runs under way then fail
 * as if the page were lost. That is what "lost" the page at the end of full
 * runs for days, when the runs outgrew a 15 minute time-out: the bench says
 * so now, and a run cut short exits non-zero after writing what it measured.
 */
let stoppedBySignal = false;
process.once('SIGTERM', () => {
  stoppedBySignal = true;
  console.error('frame-rate: SIGTERM (the bench run\'s time-out?): the browser closes, and the runs under way fail');
});

async function main(): Promise<void> {
  const pageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-bench-page-'));
  await buildBenchPage('frame-rate', pageDir);
  if (CHROME_TRACE_DIR) fs.mkdirSync(CHROME_TRACE_DIR, { recursive: true });
  const recorder = await startRecorder({ demoCameras: 4, extraArgs: ['--client-dir', pageDir] });
  const chromiumLog = chromiumLogFile();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--enable-logging', '--v=0', `--log-file=${chromiumLog.file}`],
  });
  const rows: Array<Record<string, string | number>> = [];
  const throttledRows: Array<Record<string, string | number>> = [];
  const results: Array<WallRun & WallResult & { drawnPerTilePerSecond: number; shareShown: number; throttle?: number; cpu?: WindowCpu }> = [];
  let windowCpu: WindowCpu | undefined;
  try {
    const token = await signIn(recorder.baseUrl, 'admin', recorder.adminPassword);
    const streamIds = (await runningCameras(recorder.baseUrl, token, 4)).map((camera) => camera.primaryStream!.id);
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    // CPU over each measured window, read from /proc at its edges: the browser (every process this bench
    // started other than the recorder) and the recorder with its ffmpegs. Both share the machine, so a
    // player that costs more CPU per picture also leaves the recorder less to make pictures with.
    const msPerTick = 1000 / clockTicksPerSecond();
    const browserRoots = () => descendants(process.pid).filter((stat) => stat.ppid === process.pid && stat.pid !== recorder.pid).map((stat) => stat.pid);
    const cpuNow = () => ({ browser: treeTicks(browserRoots()) * msPerTick, recorder: treeTicks([recorder.pid]) * msPerTick });
    let windowStart = cpuNow();
    await page.exposeFunction('benchWindowEdge', (edge: 'start' | 'end') => {
      const now = cpuNow();
      if (edge === 'start') windowStart = now;
      else windowCpu = { browserMs: now.browser - windowStart.browser, recorderMs: now.recorder - windowStart.recorder };
    });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    page.on('crash', () => {
      console.error(`the page crashed at ${new Date().toISOString()}; the last of Chromium's log (${chromiumLog.file}):`);
      console.error(chromiumLog.tail(CHROMIUM_LOG_TAIL_LINES));
    });
    if (process.env.FRAME_RATE_DEBUG) page.on('console', (message) => console.log(`page: ${message.text()}`));
    /** Runs `work`, recorded as a Chrome trace named after `name` when FRAME_RATE_CHROME_TRACE asks for it. */
    const traced = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      if (!CHROME_TRACE_DIR) return work();
      const file = path.join(CHROME_TRACE_DIR, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
      await browser.startTracing(page, { path: file, categories: ['toplevel', 'devtools.timeline', 'v8', 'blink', 'cc', 'gpu', 'viz'] });
      try {
        return await work();
      } finally {
        await browser.stopTracing();
      }
    };
    await page.goto(`${recorder.baseUrl}/index.html`);
    await page.waitForFunction(() => typeof window.runWall === 'function');
    walls: for (const tiles of WALLS) {
      for (const fps of RATES) {
        // At 64 tiles (VARIANT_WALLS) the worker player also runs with the other tile commit, other media-worker counts,
        // the other decoder, and with pictures stopped after decoding or on arrival, which tells apart
        // what receiving, decoding and drawing cost.
        const variants: Array<{
          mode: WallRun['mode'];
          commit?: TileCommit;
          workers?: number;
          decoder?: WallRun['decoder'];
          picturePath?: WallRun['picturePath'];
        }> = MODES.map((mode) => ({ mode }));
        if (VARIANT_WALLS.includes(tiles) && MODES.includes('worker')) {
          variants.splice(
            1,
            0,
            ...ALT_COMMITS.map((commit) => ({ mode: 'worker' as const, commit })),
            ...ALT_WORKERS.map((workers) => ({ mode: 'worker' as const, workers })),
            ...ALT_DECODERS.map((decoder) => ({ mode: 'worker' as const, decoder })),
            ...ALT_PATHS.map((picturePath) => ({ mode: 'worker' as const, picturePath })),
          );
          // The naive player's own receiving, so the worker's 'receive only' row has a baseline beside it.
          if (MODES.includes('naive') && ALT_PATHS.includes('receive')) variants.push({ mode: 'naive', picturePath: 'receive' });
        }
        for (const { mode, commit, workers, decoder, picturePath } of variants) {
          const player = commit
            ? `${mode} (${commit} commit)`
            : workers
              ? `${mode} (${workers} workers)`
              : decoder
                ? `${mode} (${decoder})`
                : picturePath
                  ? `${mode} (${picturePath} only)`
                  : mode === 'worker'
                    ? `worker (${TILE_COMMIT} commit)`
                    : mode;
          const run: WallRun = {
            mode,
            tiles,
            fps,
            durationMs: WINDOW_MS,
            warmupMs: warmupMs(tiles),
            streamIds,
            token,
            ...(commit ? { commit } : {}),
            ...(workers ? { workers } : {}),
            ...(decoder ? { decoder } : {}),
            ...(picturePath ? { picturePath } : {}),
          };
          let result: WallResult;
          windowCpu = undefined;
          try {
            result = await traced(`${tiles}x${fps}-${player}`, () => page.evaluate((r) => window.runWall(r), run));
          } catch (error) {
            // A run the recorder could not serve is reported, and the benchmark goes on.
            console.error(`${tiles} tiles at ${fps} fps (${mode}) failed: ${(error as Error).message.split('\n')[0]}`);
            rows.push({ tiles, 'fps asked': fps, player, playing: 'failed' });
            if (stoppedBySignal) break walls;
            await page.reload();
            await page.waitForFunction(() => typeof window.runWall === 'function');
            continue;
          }
          const drawnPerTilePerSecond = result.framesDrawn / tiles / result.seconds;
          const shareShown = drawnPerTilePerSecond / fps;
          // Set by the page through benchWindowEdge, which TypeScript cannot see from here.
          const cpu = windowCpu as WindowCpu | undefined;
          results.push({ ...run, token: '', ...result, drawnPerTilePerSecond, shareShown, ...(cpu ? { cpu } : {}) });
          rows.push({
            tiles,
            'fps asked': fps,
            player,
            playing: `${result.playingTiles}/${tiles}`,
            'drawn/tile/s': drawnPerTilePerSecond.toFixed(2),
            shown: `${Math.round(shareShown * 100)}%`,
            'long tasks': result.longTasks,
            'long task ms': result.longTaskMs,
            'page fps': result.pageFps.toFixed(1),
            'decode ms': result.decodeMs === null ? '-' : result.decodeMs.toFixed(1),
            'received/tile/s': result.receivedPerTilePerSecond === undefined ? '-' : result.receivedPerTilePerSecond.toFixed(2),
            'waited/tile/s': result.waitedPerTilePerSecond === undefined ? '-' : result.waitedPerTilePerSecond.toFixed(2),
            'replaced/tile/s': result.replacedPerTilePerSecond === undefined ? '-' : result.replacedPerTilePerSecond.toFixed(2),
            'tile min-max/s': `${result.slowestTileFps.toFixed(1)}-${result.fastestTileFps.toFixed(1)}`,
            'browser CPU ms/picture': cpu && result.framesDrawn > 0 ? (cpu.browserMs / result.framesDrawn).toFixed(2) : '-',
            'recorder CPU % core': cpu ? Math.round((cpu.recorderMs / (result.seconds * 1000)) * 100) : '-',
          });
          console.log(JSON.stringify(rows[rows.length - 1]));
          // Let the recorder end the previous run's sessions before the next one starts.
          await new Promise((resolve) => setTimeout(resolve, 4000));
        }
      }
    }
    const cdp = THROTTLES.length > 0 && !stoppedBySignal ? await page.context().newCDPSession(page) : null;
    throttled: for (const throttle of cdp ? THROTTLES : []) {
      await cdp!.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      // The naive player too: how much of what is asked a throttled page can draw at all.
      for (const governor of ['off', 'on', undefined] as const) {
        const base = { tiles: THROTTLE_TILES, fps: 10, durationMs: WINDOW_MS, warmupMs: warmupMs(THROTTLE_TILES) + 8_000, streamIds, token };
        const run: WallRun = governor ? { ...base, mode: 'worker', governor, trace: TRACE } : { ...base, mode: 'naive' };
        const player = governor ? `worker, page throttled ${throttle}x, governor ${governor}` : `naive, page throttled ${throttle}x`;
        try {
          const result = await traced(player, () => page.evaluate((r) => window.runWall(r), run));
          const drawnPerTilePerSecond = result.framesDrawn / run.tiles / result.seconds;
          results.push({ ...run, token: '', throttle, ...result, drawnPerTilePerSecond, shareShown: drawnPerTilePerSecond / run.fps });
          throttledRows.push({
            player,
            'page fps': result.pageFps.toFixed(1),
            'drawn/tile/s': drawnPerTilePerSecond.toFixed(2),
            shown: `${Math.round((drawnPerTilePerSecond / run.fps) * 100)}%`,
            'focused tile/s': result.focusedTileFps === undefined ? '-' : result.focusedTileFps.toFixed(2),
            'load step': result.loadStep ?? '-',
            'long task ms': result.longTaskMs,
          });
          console.log(JSON.stringify(throttledRows.at(-1)));
        } catch (error) {
          console.error(`${player} failed: ${(error as Error).message.split('\n')[0]}`);
          throttledRows.push({ player, 'page fps': 'failed' });
          if (stoppedBySignal) break throttled;
          // Should the page be lost (a crash), the throttled runs end here, and what was measured is still
          // printed and written below.
          const recovered = await page
            .reload()
            .then(() => page.waitForFunction(() => typeof window.runWall === 'function'))
            .then(
              () => true,
              () => false,
            );
          if (!recovered) {
            console.error(`the page could not be reloaded; the remaining throttled runs are skipped. The last of Chromium's log (${chromiumLog.file}):`);
            console.error(chromiumLog.tail(CHROMIUM_LOG_TAIL_LINES));
            break throttled;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 4000));
      }
      // The page may have been lost after its last run here too: what was measured is still printed and written below.
      const reset = await cdp!.send('Emulation.setCPUThrottlingRate', { rate: 1 }).then(
        () => true,
        (error: Error) => {
          console.error(`the page was lost after the ${throttle}x runs (${error.message.split('\n')[0]}); the remaining throttled runs are skipped`);
          console.error(chromiumLog.tail(CHROMIUM_LOG_TAIL_LINES));
          return false;
        },
      );
      if (!reset) break;
    }
  } finally {
    await browser.close().catch(() => undefined);
    await recorder.stop();
    fs.rmSync(pageDir, { recursive: true, force: true });
  }
  const ratios = WALLS.flatMap((tiles) =>
    RATES.map((fps): Record<string, string | number> => {
      const worker = results.find((r) => r.tiles === tiles && r.fps === fps && r.mode === 'worker' && !r.commit && !r.workers && !r.decoder && !r.picturePath && !r.throttle);
      const naive = results.find((r) => r.tiles === tiles && r.fps === fps && r.mode === 'naive' && !r.picturePath && !r.throttle);
      if (!worker || !naive) return { tiles, 'fps asked': fps };
      return {
        tiles,
        'fps asked': fps,
        'drawn ratio worker/naive': (worker.drawnPerTilePerSecond / Math.max(0.001, naive.drawnPerTilePerSecond)).toFixed(2),
        'page fps worker': worker.pageFps.toFixed(1),
        'page fps naive': naive.pageFps.toFixed(1),
        'long task ms worker': worker.longTaskMs,
        'long task ms naive': naive.longTaskMs,
      };
    }),
  );
  printTable('Low-bandwidth wall: worker player vs naive main-thread player', rows);
  printTable('Ratios', ratios);
  if (throttledRows.length > 0) printTable('Throttled page: the load governor off and on', throttledRows);
  // The worker player against the naive one in the same run is the figure to compare; its own rate moves with the machine.
  const figures: Figures = {};
  for (const tiles of WALLS) {
    for (const fps of RATES) {
      const worker = results.find((r) => r.tiles === tiles && r.fps === fps && r.mode === 'worker' && !r.commit && !r.workers && !r.decoder && !r.picturePath && !r.throttle);
      const naive = results.find((r) => r.tiles === tiles && r.fps === fps && r.mode === 'naive' && !r.picturePath && !r.throttle);
      if (worker) figures[`${tiles} tiles at ${fps} fps: worker drawn/tile/s`] = higher(worker.drawnPerTilePerSecond);
      if (worker && naive) figures[`${tiles} tiles at ${fps} fps: worker x naive drawn`] = higher(worker.drawnPerTilePerSecond / Math.max(0.001, naive.drawnPerTilePerSecond), 'ratio');
    }
  }
  const file = writeResults(RESULTS_NAME, { windowMs: WINDOW_MS, runs: results, ratios }, figures);
  console.log(`results: ${file}`);
  if (stoppedBySignal) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
