/**
 * Main-thread facade of the timeline worker (workers/timeline.worker.ts):
 * it creates the worker (its own chunk, with Pixi in it, so the main bundle
 * does not carry Pixi), transfers the timeline's canvas once, and from then
 * on forwards intents and data. It sends the playhead 24 times a second
 * (spec 9) from `playhead()` on its own timer, so nothing per frame goes
 * through React or valtio; while the playhead is still (paused) nothing is
 * sent. Outcomes of gestures come back to `onOutcomes`.
 *
 * Cost: one worker and its WebGL context; 24 small messages a second, plus
 * one per pointer move while dragging. Limits: `canvas` must never have had
 * a context of its own (transferControlToOffscreen refuses then).
 */
import { proxy, transfer } from 'comlink';
import { endpointSymbol } from 'vite-plugin-comlink/symbol';
import { TIME_UPDATE_INTERVAL_MS } from '../../workers/core/timeline-view/timeline-constants';
import type { TimelineDataRange, TimelineDrawStats } from '../../workers/core/timeline-view/timeline-view';
import type { TimelineOutcome } from '../../workers/core/timeline-view/timeline-interaction';

export type { TimelineDataRange, TimelineDrawStats } from '../../workers/core/timeline-view/timeline-view';
export type { TimelineOutcome, TimeChangeSource } from '../../workers/core/timeline-view/timeline-interaction';
export type { TimelineScale } from '../../workers/core/timeline-view/timeline-scales';

export interface Playhead {
  timeMs: number;
  live: boolean;
}

export interface TimelineViewOptions {
  widthPx: number;
  heightPx: number;
  /** The playhead now (read 24 times a second). */
  playhead: () => Playhead;
  onOutcomes: (outcomes: TimelineOutcome[]) => void;
  /** Which Pixi renderer to ask for first (default WebGL, falling back to the 2D canvas renderer). */
  preference?: 'webgl' | 'canvas';
}

export interface TimelineTrackData {
  archives?: Float64Array;
  motion?: Float64Array;
}

export interface TimelineViewHandle {
  /** Resolves with the renderer that runs ('webgl' or 'canvas'); rejects when neither can start. */
  readonly ready: Promise<string>;
  resize(widthPx: number, heightPx: number): void;
  pointerDown(x: number): void;
  pointerMove(x: number): void;
  pointerUp(x: number): void;
  pointerCancel(): void;
  wheel(deltaY: number): void;
  pinchStart(): void;
  pinch(spread: number): void;
  /** Sends a camera's data; the arrays are transferred (unusable here afterwards). */
  setTrack(key: string, cameraId: string, data: TimelineTrackData): void;
  keepTracks(keys: readonly string[]): void;
  dataRange(): Promise<TimelineDataRange>;
  stats(): Promise<TimelineDrawStats>;
  destroy(): void;
}

/** Local time minus UTC, ms, as the worker's tick labels want it. */
export function localTimeZoneOffsetMs(atMs = Date.now()): number {
  return -new Date(atMs).getTimezoneOffset() * 60_000;
}

export function startTimelineView(canvas: HTMLCanvasElement, options: TimelineViewOptions): TimelineViewHandle {
  // The worker module's exports are its API (vite-plugin-comlink exposes them), as for the other workers.
  const api = new ComlinkWorker<typeof import('../../workers/timeline.worker')>(new URL('../../workers/timeline.worker', import.meta.url), {
    type: 'module',
    name: 'timeline',
  });
  const offscreen = canvas.transferControlToOffscreen();
  const resolution = () => globalThis.devicePixelRatio || 1;
  let stopped = false;
  const ready = api.init(
    transfer(offscreen, [offscreen]),
    { widthPx: options.widthPx, heightPx: options.heightPx, resolution: resolution() },
    proxy((outcomes: TimelineOutcome[]) => {
      if (!stopped) options.onOutcomes(outcomes);
    }),
    options.preference,
  );
  void api.setTimeZoneOffset(localTimeZoneOffsetMs());

  let lastTime = Number.NaN;
  let lastLive = false;
  const sendPlayhead = () => {
    const { timeMs, live } = options.playhead();
    // Live moves with now, so it is sent every time; a still playhead once.
    if (!live && !lastLive && timeMs === lastTime) return;
    lastTime = timeMs;
    lastLive = live;
    void api.setPlayhead(timeMs, live);
  };
  sendPlayhead();
  const timer = setInterval(sendPlayhead, TIME_UPDATE_INTERVAL_MS);

  return {
    ready,
    resize: (widthPx, heightPx) => void api.resize(widthPx, heightPx, resolution()),
    pointerDown: (x) => void api.pointerDown(x),
    pointerMove: (x) => void api.pointerMove(x),
    pointerUp: (x) => void api.pointerUp(x),
    pointerCancel: () => void api.pointerCancel(),
    wheel: (deltaY) => void api.wheel(deltaY),
    pinchStart: () => void api.pinchStart(),
    pinch: (spread) => void api.pinch(spread),
    setTrack(key, cameraId, data) {
      const buffers = [data.archives?.buffer, data.motion?.buffer].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
      void api.setTrack(key, cameraId, transfer(data, buffers));
    },
    keepTracks: (keys) => void api.keepTracks([...keys]),
    dataRange: () => api.dataRange(),
    stats: () => api.stats(),
    destroy() {
      stopped = true;
      clearInterval(timer);
      // The plugin's Remote carries its Worker under endpointSymbol: Comlink's releaseProxy would leave it running.
      void api.destroy().finally(() => api[endpointSymbol].terminate());
    },
  };
}
