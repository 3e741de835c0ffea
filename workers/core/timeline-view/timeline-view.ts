/**
 * The timeline worker's core: it owns the gesture state machine
 * (timeline-interaction.ts), the cameras' tracks and one reusable frame,
 * and draws through a TimelineDrawer (the Pixi renderer in the worker, a
 * fake in tests) at most once per animation frame, only when something
 * changed: a gesture, a playhead (24 a second from the main thread), new
 * data or a resize. Outcomes of gestures (seek, live, fine window, scale)
 * go to the `onOutcomes` listener: in the worker, a Comlink proxy of the
 * main thread's facade.
 *
 * Runs on any thread: the clock and the frame scheduler are injected.
 * Cost per frame: the drawer's; this adds no allocation. The last
 * DRAW_SAMPLES draw times are kept for the benchmark.
 */
import { cameraColour } from './camera-colours';
import type { FineSpan } from './fine-window';
import type { TimelineDrawer, TimelineFrame, TimelineTrack } from './timeline-frame';
import { emptyRange, layoutFor, minSegmentMs } from './timeline-geometry';
import { TimelineInteraction, type TimelineOutcome } from './timeline-interaction';
import type { TimelineScale } from './timeline-scales';

export const DRAW_SAMPLES = 1024;

export interface TimelineViewDeps {
  now: () => number;
  /** Calls back before the next frame (requestAnimationFrame, or a timer where there is none). */
  schedule: (callback: () => void) => void;
  onOutcomes: (outcomes: TimelineOutcome[]) => void;
  /** A clock for measuring draw time (performance.now). */
  tick?: () => number;
}

/** What the data feed asks for: the view's range and the histogram's minSegment. */
export interface TimelineDataRange {
  startMs: number;
  endMs: number;
  minSegmentMs: number;
  scale: TimelineScale;
}

export interface TimelineDrawStats {
  frames: number;
  /** Draw times of the last frames, ms, oldest first. */
  drawMs: number[];
  /** Time between the starts of consecutive draws, ms, oldest first: the frame time while something changes every frame. */
  intervalMs: number[];
  /** When (the tick clock: epoch ms in the worker) the last scale change came, and when the first frame after it was drawn. */
  scaleChangedAt: number;
  firstFrameAfterScaleAt: number;
}

const EMPTY = new Float64Array(0);

export class TimelineView {
  readonly interaction = new TimelineInteraction();
  private drawer: TimelineDrawer | null = null;
  private readonly tracks: TimelineTrack[] = [];
  private readonly frame: TimelineFrame;
  private scheduled = false;
  private dirty = false;
  private readonly drawTimes = new Float64Array(DRAW_SAMPLES);
  private readonly drawStarts = new Float64Array(DRAW_SAMPLES);
  private frames = 0;
  private scaleChangedAt = Number.NaN;
  private firstFrameAfterScaleAt = Number.NaN;

  constructor(private readonly deps: TimelineViewDeps) {
    this.frame = {
      widthPx: 1,
      heightPx: 1,
      nowMs: 0,
      playheadMs: 0,
      live: true,
      range: emptyRange(),
      layout: layoutFor(1),
      fine: null,
      tzOffsetMs: 0,
      tracks: this.tracks,
    };
  }

  attach(drawer: TimelineDrawer): void {
    this.drawer = drawer;
    this.invalidate();
  }

  resize(widthPx: number, heightPx: number, resolution: number): void {
    this.interaction.resize(widthPx);
    this.frame.widthPx = Math.max(1, widthPx);
    this.frame.heightPx = Math.max(1, heightPx);
    this.frame.layout = layoutFor(widthPx);
    this.drawer?.resize(this.frame.widthPx, this.frame.heightPx, resolution);
    this.invalidate();
  }

  setTimeZoneOffset(tzOffsetMs: number): void {
    this.frame.tzOffsetMs = tzOffsetMs;
    this.invalidate();
  }

  setPlayhead(timeMs: number, live: boolean): void {
    this.emit(this.interaction.setPlayhead(timeMs, live, this.deps.now()));
    this.invalidate();
  }

  /** Replaces a camera's recorded spans and/or motion (packed arrays, track-spans.ts). */
  setTrack(key: string, cameraId: string, data: { archives?: Float64Array; motion?: Float64Array }): void {
    let track = this.tracks.find((entry) => entry.key === key);
    if (!track) {
      track = { key, colour: cameraColour(cameraId), archives: EMPTY, motion: EMPTY };
      this.tracks.push(track);
    }
    if (data.archives) track.archives = data.archives;
    if (data.motion) track.motion = data.motion;
    this.invalidate();
  }

  /** Keeps only the tracks of these keys, in this order (the linked cameras, as the stage orders them). */
  keepTracks(keys: readonly string[]): void {
    const kept = keys.map((key) => this.tracks.find((track) => track.key === key)).filter((track): track is TimelineTrack => !!track);
    this.tracks.length = 0;
    this.tracks.push(...kept);
    this.invalidate();
  }

  pointerDown(x: number): void {
    this.interaction.pointerDown(x, this.deps.now());
  }

  pointerMove(x: number): void {
    this.emit(this.interaction.pointerMove(x, this.deps.now()));
  }

  pointerUp(x: number): void {
    this.emit(this.interaction.pointerUp(x, this.deps.now()));
  }

  pointerCancel(): void {
    this.interaction.pointerCancel();
  }

  wheel(deltaY: number): void {
    this.emit(this.interaction.wheel(deltaY, this.deps.now()));
  }

  pinchStart(): void {
    this.interaction.pinchStart();
  }

  pinch(spread: number): void {
    this.emit(this.interaction.pinch(spread, this.deps.now()));
  }

  dataRange(): TimelineDataRange {
    const range = this.interaction.view(this.deps.now());
    return { startMs: range.startMs, endMs: range.endMs, minSegmentMs: minSegmentMs(range), scale: this.interaction.scale };
  }

  get fine(): FineSpan | null {
    return this.interaction.fine;
  }

  stats(): TimelineDrawStats {
    const count = Math.min(this.frames, DRAW_SAMPLES);
    const drawMs: number[] = [];
    const intervalMs: number[] = [];
    for (let i = this.frames - count; i < this.frames; i++) {
      drawMs.push(this.drawTimes[i % DRAW_SAMPLES]!);
      if (i > this.frames - count) intervalMs.push(this.drawStarts[i % DRAW_SAMPLES]! - this.drawStarts[(i - 1) % DRAW_SAMPLES]!);
    }
    return { frames: this.frames, drawMs, intervalMs, scaleChangedAt: this.scaleChangedAt, firstFrameAfterScaleAt: this.firstFrameAfterScaleAt };
  }

  private emit(outcomes: TimelineOutcome[]): void {
    if (outcomes.length === 0) return;
    if (outcomes.some((outcome) => outcome.type === 'scale')) {
      this.scaleChangedAt = this.deps.tick?.() ?? Number.NaN;
      this.firstFrameAfterScaleAt = Number.NaN;
    }
    this.invalidate();
    this.deps.onOutcomes(outcomes);
  }

  private invalidate(): void {
    this.dirty = true;
    if (this.scheduled) return;
    this.scheduled = true;
    this.deps.schedule(this.drawNow);
  }

  private readonly drawNow = (): void => {
    this.scheduled = false;
    if (!this.dirty || !this.drawer) return;
    const started = this.deps.tick?.() ?? 0;
    const frame = this.frame;
    const nowMs = this.deps.now();
    const snapshot = this.interaction;
    frame.nowMs = nowMs;
    frame.playheadMs = snapshot.playheadMs;
    frame.live = snapshot.live;
    frame.fine = snapshot.fine;
    const range = snapshot.view(nowMs);
    frame.range.startMs = range.startMs;
    frame.range.endMs = range.endMs;
    frame.range.msPerPx = range.msPerPx;
    if (!this.drawer.draw(frame)) {
      this.invalidate(); // context lost or not ready: try again next frame
      return;
    }
    this.dirty = false;
    if (this.deps.tick) {
      const ended = this.deps.tick();
      this.drawTimes[this.frames % DRAW_SAMPLES] = ended - started;
      this.drawStarts[this.frames % DRAW_SAMPLES] = started;
      if (Number.isNaN(this.firstFrameAfterScaleAt) && !Number.isNaN(this.scaleChangedAt)) this.firstFrameAfterScaleAt = ended;
    }
    this.frames++;
  };

  destroy(): void {
    this.drawer?.destroy();
    this.drawer = null;
  }
}
