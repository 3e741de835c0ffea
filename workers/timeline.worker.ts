/**
 * Timeline worker: a thin adapter over core/timeline-view. Its exports are
 * its API: vite-plugin-comlink's worker entry exposes this module with
 * Comlink, and src/media/timeline-view.ts reaches it through
 * `new ComlinkWorker<typeof import('...timeline.worker')>`. The main
 * thread transfers the timeline's OffscreenCanvas once with `init`, then
 * sends only intents (pointer, wheel, pinch, resize), the playhead (24 a
 * second) and data (packed spans, transferred); gestures' outcomes come
 * back through the `onOutcomes` Comlink proxy. Pixi draws here, off the
 * main thread, at most once per animation frame and only after a change.
 */
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

/** Takes the canvas (transferred) and starts drawing; answers which Pixi renderer runs ('webgl' or 'canvas'). */
export async function init(
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
}

export function resize(widthPx: number, heightPx: number, resolution: number): void {
  view.resize(widthPx, heightPx, resolution);
}

export function setPlayhead(timeMs: number, live: boolean): void {
  view.setPlayhead(timeMs, live);
}

export function setTimeZoneOffset(tzOffsetMs: number): void {
  view.setTimeZoneOffset(tzOffsetMs);
}

export function setTrack(key: string, cameraId: string, data: { archives?: Float64Array; motion?: Float64Array }): void {
  view.setTrack(key, cameraId, data);
}

export function keepTracks(keys: string[]): void {
  view.keepTracks(keys);
}

export const pointerDown = (x: number): void => view.pointerDown(x);
export const pointerMove = (x: number): void => view.pointerMove(x);
export const pointerUp = (x: number): void => view.pointerUp(x);
export const pointerCancel = (): void => view.pointerCancel();
export const wheel = (deltaY: number): void => view.wheel(deltaY);
export const pinchStart = (): void => view.pinchStart();
export const pinch = (spread: number): void => view.pinch(spread);
export const dataRange = () => view.dataRange();
export const stats = () => view.stats();

export function destroy(): void {
  listener = null;
  view.destroy();
}
