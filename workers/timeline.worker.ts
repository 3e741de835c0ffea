/**
 * Timeline worker: a thin Comlink adapter over core/timeline-view. The main
 * thread transfers the timeline's OffscreenCanvas once with `init`, then
 * sends only intents (pointer, wheel, pinch, resize), the playhead (24 a
 * second) and data (packed spans, transferred); gestures' outcomes come
 * back through the `onOutcomes` Comlink proxy. Pixi draws here, off the
 * main thread, at most once per animation frame and only after a change.
 */
import { expose } from 'comlink';
import { createTimelineRenderer } from './core/timeline-view/timeline-renderer';
import type { TimelineOutcome } from './core/timeline-view/timeline-interaction';
import { TimelineView } from './core/timeline-view/timeline-view';

type OutcomeListener = (outcomes: TimelineOutcome[]) => void;

let listener: OutcomeListener | null = null;
const schedule = (callback: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};
const view = new TimelineView({
  now: () => Date.now(),
  schedule,
  // Epoch-based, so the main thread (with another time origin) can compare its own moments with the worker's.
  tick: () => performance.timeOrigin + performance.now(),
  onOutcomes: (outcomes) => listener?.(outcomes),
});

const api = {
  /** Takes the canvas (transferred) and starts drawing; answers which Pixi renderer runs ('webgl' or 'canvas'). */
  async init(
    canvas: OffscreenCanvas,
    size: { widthPx: number; heightPx: number; resolution: number },
    onOutcomes: OutcomeListener,
    preference?: 'webgl' | 'canvas',
  ): Promise<string> {
    listener = onOutcomes;
    const renderer = await createTimelineRenderer({ canvas, ...size, preference });
    view.attach(renderer);
    view.resize(size.widthPx, size.heightPx, size.resolution);
    return renderer.kind;
  },
  resize(widthPx: number, heightPx: number, resolution: number): void {
    view.resize(widthPx, heightPx, resolution);
  },
  setPlayhead(timeMs: number, live: boolean): void {
    view.setPlayhead(timeMs, live);
  },
  setTimeZoneOffset(tzOffsetMs: number): void {
    view.setTimeZoneOffset(tzOffsetMs);
  },
  setTrack(key: string, cameraId: string, data: { archives?: Float64Array; motion?: Float64Array }): void {
    view.setTrack(key, cameraId, data);
  },
  keepTracks(keys: string[]): void {
    view.keepTracks(keys);
  },
  pointerDown: (x: number) => view.pointerDown(x),
  pointerMove: (x: number) => view.pointerMove(x),
  pointerUp: (x: number) => view.pointerUp(x),
  pointerCancel: () => view.pointerCancel(),
  wheel: (deltaY: number) => view.wheel(deltaY),
  pinchStart: () => view.pinchStart(),
  pinch: (spread: number) => view.pinch(spread),
  dataRange: () => view.dataRange(),
  stats: () => view.stats(),
  destroy(): void {
    listener = null;
    view.destroy();
  },
};

expose(api);
export type TimelineApi = typeof api;
