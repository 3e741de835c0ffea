/**
 * The timeline benchmark's page (bench/timeline.bench.ts drives it): a year
 * of motion events for one camera, drawn by the product's Pixi timeline in
 * its worker (src/media/timeline-view.ts) and, for comparison, by
 * vis-timeline on the main thread fed the same events (a sample of them at
 * growing counts). Both are panned and zoomed along the same scripted path.
 *
 * Frame time: the interval between frames on the thread that draws, while
 * the view changes every frame: ours, between the worker's draws (and the
 * draw's own cost); vis-timeline, which redraws in the page's animation
 * frame, between the page's frames. The page's frame intervals are kept for
 * ours too: the main thread stays free while the worker draws.
 */
import { DataSet } from 'vis-data/peer';
import { Timeline, type DataItem } from 'vis-timeline/peer';
import 'vis-timeline/styles/vis-timeline-graph2d.min.css';
import { startTimelineView, type TimelineOutcome } from '../../src/media/timeline-view';

const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const WIDTH = 1200;

/** `count` events over the year before `endMs`, sorted, 2-30 s long, never overlapping (deterministic). */
function yearOfEvents(count: number, endMs: number): Float64Array {
  let seed = 12345;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const out = new Float64Array(count * 2);
  const gap = YEAR_MS / count;
  const startMs = endMs - YEAR_MS;
  for (let i = 0; i < count; i++) {
    const start = startMs + i * gap + random() * gap * 0.4;
    out[i * 2] = start;
    out[i * 2 + 1] = start + Math.min(gap * 0.5, 2_000 + random() * 28_000);
  }
  return out;
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface OurRun {
  events: number;
  frames: number;
  /** Pixi's 2D canvas renderer instead of WebGL (what a browser without WebGL gets). */
  preference?: 'webgl' | 'canvas';
}

export interface OurResult {
  renderer: string;
  drawMs: number[];
  intervalMs: number[];
  pageFrameMs: number[];
  firstFrameAfterScaleMs: number[];
  framesDrawn: number;
  seconds: number;
}

async function runOurs(run: OurRun): Promise<OurResult> {
  const host = document.getElementById('ours')!;
  const canvas = document.createElement('canvas');
  host.append(canvas);
  const nowMs = Date.now();
  let playheadMs = nowMs - YEAR_MS / 2;
  const view = startTimelineView(canvas, {
    widthPx: WIDTH,
    heightPx: 52,
    playhead: () => ({ timeMs: playheadMs, live: false }),
    preference: run.preference,
    onOutcomes: (outcomes: TimelineOutcome[]) => {
      for (const outcome of outcomes) if (outcome.type === 'seek') playheadMs = outcome.timeMs;
    },
  });
  const renderer = await view.ready;
  view.setTrack('bench/camera', 'camera-1', { motion: yearOfEvents(run.events, nowMs) });
  await sleep(500);

  // Pan and zoom: drag at 12 px a frame, and every 30 frames turn the wheel
  // (out through every scale, then back in). The pointer moves every 4 ms,
  // as a mouse reports (125-1000 Hz), not once per page frame: the worker's
  // frames are not in phase with the page's, so one move per page frame
  // leaves some worker frames with nothing new to draw, and the interval
  // between draws would then count an idle frame as a slow one.
  const pageFrameMs: number[] = [];
  const started = performance.now();
  const before = (await view.stats()).frames;
  let last = await nextFrame();
  let x = 100;
  view.pointerDown(x);
  const mover = setInterval(() => {
    x += 3;
    view.pointerMove(x);
    if (x > 1000) {
      view.pointerUp(x);
      x = 100;
      view.pointerDown(x);
    }
  }, 4);
  for (let frame = 0; frame < run.frames; frame++) {
    if (frame % 30 === 29) view.wheel(Math.floor(frame / 270) % 2 === 0 ? 1 : -1);
    const now = await nextFrame();
    pageFrameMs.push(now - last);
    last = now;
  }
  clearInterval(mover);
  view.pointerUp(x);
  await sleep(200);
  const stats = await view.stats();
  const seconds = (performance.now() - started) / 1000;

  // Time from the wheel turn to the first frame drawn at the new scale, 12 times.
  const firstFrameAfterScaleMs: number[] = [];
  for (let i = 0; i < 12; i++) {
    await sleep(450); // past the wheel's 400 ms throttle
    const sentAt = performance.timeOrigin + performance.now();
    view.wheel(i % 2 === 0 ? 1 : -1);
    for (let tries = 0; tries < 100; tries++) {
      await nextFrame();
      const after = await view.stats();
      if (after.firstFrameAfterScaleAt >= sentAt) {
        firstFrameAfterScaleMs.push(after.firstFrameAfterScaleAt - sentAt);
        break;
      }
    }
  }
  view.destroy();
  canvas.remove();
  // The worker keeps its last frames' samples, which may reach back before
  // the pan (the first draw of a million events, the pause before the
  // pan): keep only the frames drawn during it, and the intervals between them.
  const framesDrawn = stats.frames - before;
  const drawMs = stats.drawMs.slice(-framesDrawn);
  const intervalMs = stats.intervalMs.slice(-(framesDrawn - 1));
  return { renderer, drawMs, intervalMs, pageFrameMs, firstFrameAfterScaleMs, framesDrawn, seconds };
}

export interface VisRun {
  items: number;
  frames: number;
}

export interface VisResult {
  createMs: number;
  frameMs: number[];
  pageFrameMs: number[];
  firstFrameAfterScaleMs: number[];
  /** Range items vis-timeline had in the DOM at the end of the pan (a run that draws nothing is no comparison). */
  itemsInDom: number;
  /** Events inside the final window: what it should have drawn. */
  itemsInWindow: number;
}

async function runVis(run: VisRun): Promise<VisResult> {
  const container = document.getElementById('vis')!;
  const nowMs = Date.now();
  const events = yearOfEvents(run.items, nowMs);
  const items = new DataSet<DataItem>();
  const rows: DataItem[] = [];
  for (let i = 0; i < run.items; i++) rows.push({ id: i, content: '', start: events[i * 2]!, end: events[i * 2 + 1]!, type: 'range' });
  const createdAt = performance.now();
  items.add(rows);
  let centre = nowMs - YEAR_MS / 2;
  // The same zoom path as ours: from 1 min per 100 px (12 min on 1200 px) widening to 1 day per 100 px.
  const spans = [12 * 60_000, 60 * 60_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 36 * 3_600_000, 3 * DAY_MS, 6 * DAY_MS, 12 * DAY_MS];
  let zoom = 0;
  const timeline = new Timeline(container, items, {
    start: centre - spans[0]! / 2,
    end: centre + spans[0]! / 2,
    stack: false,
    showCurrentTime: false,
    height: '120px',
    width: `${WIDTH}px`,
  });
  await nextFrame();
  const createMs = performance.now() - createdAt;
  const frameMs: number[] = [];
  const pageFrameMs: number[] = [];
  let last = await nextFrame();
  for (let frame = 0; frame < run.frames; frame++) {
    if (frame % 30 === 29) zoom = Math.floor(frame / 270) % 2 === 0 ? Math.min(spans.length - 1, zoom + 1) : Math.max(0, zoom - 1);
    const span = spans[zoom]!;
    centre -= (12 * span) / WIDTH;
    const t0 = performance.now();
    timeline.setWindow(centre - span / 2, centre + span / 2, { animation: false });
    // vis-timeline may defer its redraw to a later frame and skip some when
    // asked faster than it draws; redraw() makes every frame draw the window
    // it was given, as ours does.
    timeline.redraw();
    void container.offsetHeight; // force the layout the change causes, so it is counted in this frame
    frameMs.push(performance.now() - t0);
    const now = await nextFrame();
    pageFrameMs.push(now - last);
    last = now;
  }
  const itemsInDom = container.querySelectorAll('.vis-item.vis-range').length;
  const windowSpan = spans[zoom]!;
  let itemsInWindow = 0;
  for (let i = 0; i < run.items; i++) if (events[i * 2 + 1]! >= centre - windowSpan / 2 && events[i * 2]! <= centre + windowSpan / 2) itemsInWindow++;
  const firstFrameAfterScaleMs: number[] = [];
  for (let i = 0; i < 6; i++) {
    zoom = i % 2 === 0 ? Math.min(spans.length - 1, zoom + 1) : Math.max(0, zoom - 1);
    const t0 = performance.now();
    timeline.setWindow(centre - spans[zoom]! / 2, centre + spans[zoom]! / 2, { animation: false });
    await nextFrame();
    firstFrameAfterScaleMs.push(performance.now() - t0);
  }
  timeline.destroy();
  items.clear();
  return { createMs, frameMs, pageFrameMs, firstFrameAfterScaleMs, itemsInDom, itemsInWindow };
}

declare global {
  interface Window {
    runOurs: typeof runOurs;
    runVis: typeof runVis;
  }
}

window.runOurs = runOurs;
window.runVis = runVis;
