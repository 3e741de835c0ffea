/**
 * What the user's gestures on the timeline mean (spec 4, 5, 9), as a pure
 * state machine the worker feeds with pointer, wheel, pinch and resize
 * intents and with the playhead the main thread sends 24 times a second.
 * It answers with outcomes for the main thread: seek (with the spec's
 * source: fine, fine-click, needle, coarse, fine-resize), live, the fine
 * window (the export selection) and scale changes.
 *
 * Rules:
 * - Live mode (the playhead is live): the view is a half-window either side
 *   of now. Playback: the view is the coarse scale centred on the playhead,
 *   with the fine window around it. The first playhead that is not live
 *   switches to playback at the coarse scale nearest the live zoom, and back.
 * - Dragging outside the fine window is a coarse drag: the scale moves under
 *   the needle, one pixel is one pixel of time. Dragging inside it is a fine
 *   drag, FINE_DRAG_RATIO times slower. Dragging a handle resizes it.
 * - A click inside the fine window seeks there (fine-click); elsewhere left
 *   of now it moves the needle there (needle); on the live label or right of
 *   now it goes live.
 * - Every time is capped at now: dragging toward the future stops at now.
 * - When the playhead leaves the fine window, the window re-centres on it.
 * - The wheel zooms one step per 400 ms at most; a pinch one step per
 *   350 ms once its spread changed by PINCH_STEP_RATIO.
 *
 * Pure: every call takes `nowMs`; outcomes are returned, not sent.
 */
import {
  CLICK_SLOP_PX,
  FINE_DRAG_RATIO,
  PINCH_STEP_RATIO,
  PINCH_THROTTLE_MS,
  WHEEL_ZOOM_INTERVAL_MS,
} from './timeline-constants';
import { defaultFine, recentredFine, resizedFine, sameFine, timeInsideFine, type FineEdge, type FineSpan } from './fine-window';
import { emptyRange, timeAt, viewInto, xOf, type TimelineViewRange } from './timeline-geometry';
import { closestScale, DEFAULT_LIVE_SCALE, zoomScale, type TimelineScale } from './timeline-scales';

export type TimeChangeSource = 'fine' | 'fine-click' | 'needle' | 'coarse' | 'fine-resize';

export type TimelineOutcome =
  | { type: 'seek'; timeMs: number; source: TimeChangeSource }
  | { type: 'live' }
  | { type: 'fine'; fine: FineSpan | null }
  | { type: 'scale'; scale: TimelineScale };

export type HitTarget = 'live' | 'start-handle' | 'stop-handle' | 'fine' | 'coarse';

/** How close (px) to a fine edge a press grabs the handle. */
export const HANDLE_GRAB_PX = 7;
/** The live label's width at the right end of the scale. */
export const LIVE_LABEL_WIDTH_PX = 44;

interface Drag {
  target: HitTarget;
  downX: number;
  moved: boolean;
  /** The playhead when the press started. */
  fromMs: number;
  /** The scale's ms per pixel when the press started: a drag out of live changes the scale, not the feel of the drag. */
  perPx: number;
}

export interface TimelineSnapshot {
  scale: TimelineScale;
  widthPx: number;
  /** What the needle shows: the dragged time during a drag, else the last playhead sent. */
  playheadMs: number;
  live: boolean;
  fine: FineSpan | null;
}

export class TimelineInteraction {
  scale: TimelineScale = DEFAULT_LIVE_SCALE;
  widthPx = 1;
  playheadMs = 0;
  live = true;
  fine: FineSpan | null = null;
  private drag: Drag | null = null;
  private lastWheelMs = Number.NEGATIVE_INFINITY;
  private lastPinchMs = Number.NEGATIVE_INFINITY;
  private pinchFrom = 1;
  private readonly range = emptyRange();

  /** The range shown at `nowMs` (the object is reused: copy what you keep). */
  view(nowMs: number): TimelineViewRange {
    return viewInto(this.range, this.scale, this.playheadMs, nowMs, this.widthPx);
  }

  get dragging(): boolean {
    return this.drag?.moved ?? false;
  }

  resize(widthPx: number): void {
    this.widthPx = Math.max(1, widthPx);
  }

  /** The playhead from the main thread (24 a second). While the user drags, the drag wins. */
  setPlayhead(timeMs: number, live: boolean, nowMs: number): TimelineOutcome[] {
    if (this.drag?.moved) return [];
    this.playheadMs = live ? nowMs : Math.min(timeMs, nowMs);
    return this.enterMode(live, nowMs);
  }

  private enterMode(live: boolean, nowMs: number): TimelineOutcome[] {
    const out: TimelineOutcome[] = [];
    const mode = live ? 'live' : 'playback';
    this.live = live;
    if (this.scale.mode !== mode) {
      this.scale = closestScale(this.scale, mode, this.widthPx);
      out.push({ type: 'scale', scale: this.scale });
    }
    this.updateFine(out, nowMs);
    return out;
  }

  private updateFine(out: TimelineOutcome[], nowMs: number): void {
    const perPx = this.view(nowMs).msPerPx;
    const next = this.live
      ? null
      : this.fine
        ? recentredFine(this.fine, this.playheadMs, perPx, nowMs)
        : defaultFine(this.playheadMs, perPx, nowMs);
    if (sameFine(next, this.fine)) return;
    this.fine = next;
    out.push({ type: 'fine', fine: next });
  }

  hit(x: number, nowMs: number): HitTarget {
    const range = this.view(nowMs);
    if (x >= this.widthPx - LIVE_LABEL_WIDTH_PX || timeAt(range, x) > nowMs) return 'live';
    if (!this.live && this.fine) {
      const startX = xOf(range, this.fine.startMs);
      const stopX = xOf(range, this.fine.stopMs);
      if (Math.abs(x - stopX) <= HANDLE_GRAB_PX) return 'stop-handle';
      if (Math.abs(x - startX) <= HANDLE_GRAB_PX) return 'start-handle';
      if (x > startX && x < stopX) return 'fine';
    }
    return 'coarse';
  }

  pointerDown(x: number, nowMs: number): void {
    const perPx = this.view(nowMs).msPerPx;
    this.drag = { target: this.hit(x, nowMs), downX: x, moved: false, fromMs: this.live ? nowMs : this.playheadMs, perPx };
  }

  pointerMove(x: number, nowMs: number): TimelineOutcome[] {
    const drag = this.drag;
    if (!drag) return [];
    if (!drag.moved && Math.abs(x - drag.downX) < CLICK_SLOP_PX) return [];
    drag.moved = true;
    const dx = x - drag.downX;
    if (drag.target === 'start-handle' || drag.target === 'stop-handle') return this.resizeFine(drag.target === 'start-handle' ? 'start' : 'stop', x, nowMs);
    const perPx = drag.perPx;
    const fine = drag.target === 'fine';
    // Dragging right pulls the past under the needle: the playhead goes back.
    const timeMs = Math.min(nowMs, drag.fromMs - (dx * perPx) / (fine ? FINE_DRAG_RATIO : 1));
    return this.moveTo(timeMs, fine ? 'fine' : 'coarse', nowMs);
  }

  pointerUp(x: number, nowMs: number): TimelineOutcome[] {
    const drag = this.drag;
    this.drag = null;
    if (!drag || drag.moved) return [];
    const target = this.hit(x, nowMs);
    if (target === 'live') return this.goLive(nowMs);
    const timeMs = Math.min(nowMs, timeAt(this.view(nowMs), x));
    return this.moveTo(timeMs, target === 'fine' ? 'fine-click' : 'needle', nowMs);
  }

  pointerCancel(): void {
    this.drag = null;
  }

  /** One zoom step per WHEEL_ZOOM_INTERVAL_MS; scrolling up (negative delta) zooms in. */
  wheel(deltaY: number, nowMs: number): TimelineOutcome[] {
    if (deltaY === 0 || nowMs - this.lastWheelMs < WHEEL_ZOOM_INTERVAL_MS) return [];
    this.lastWheelMs = nowMs;
    return this.zoom(deltaY < 0 ? 1 : -1);
  }

  pinchStart(): void {
    this.pinchFrom = 1;
  }

  /** `spread` is the fingers' distance relative to where the pinch started. */
  pinch(spread: number, nowMs: number): TimelineOutcome[] {
    if (nowMs - this.lastPinchMs < PINCH_THROTTLE_MS) return [];
    const ratio = spread / this.pinchFrom;
    if (ratio < PINCH_STEP_RATIO && ratio > 1 / PINCH_STEP_RATIO) return [];
    this.lastPinchMs = nowMs;
    this.pinchFrom = spread;
    return this.zoom(ratio > 1 ? 1 : -1);
  }

  private zoom(delta: number): TimelineOutcome[] {
    const next = zoomScale(this.scale, delta);
    if (next === this.scale) return [];
    this.scale = next;
    return [{ type: 'scale', scale: next }];
  }

  private goLive(nowMs: number): TimelineOutcome[] {
    this.playheadMs = nowMs;
    return [{ type: 'live' }, ...this.enterMode(true, nowMs)];
  }

  private moveTo(timeMs: number, source: TimeChangeSource, nowMs: number): TimelineOutcome[] {
    const capped = Math.round(Math.min(nowMs, timeMs));
    this.playheadMs = capped;
    const out: TimelineOutcome[] = [{ type: 'seek', timeMs: capped, source }];
    if (this.live) out.push(...this.enterMode(false, nowMs));
    else this.updateFine(out, nowMs);
    return out;
  }

  private resizeFine(edge: FineEdge, x: number, nowMs: number): TimelineOutcome[] {
    if (!this.fine) return [];
    const range = this.view(nowMs);
    const next = resizedFine(this.fine, edge, timeAt(range, x), range.msPerPx, nowMs);
    if (sameFine(next, this.fine)) return [];
    this.fine = next;
    const out: TimelineOutcome[] = [{ type: 'fine', fine: next }];
    const inside = timeInsideFine(next, this.playheadMs);
    if (inside !== this.playheadMs) {
      this.playheadMs = inside;
      out.unshift({ type: 'seek', timeMs: inside, source: 'fine-resize' });
    }
    return out;
  }

  snapshot(): TimelineSnapshot {
    return { scale: this.scale, widthPx: this.widthPx, playheadMs: this.playheadMs, live: this.live, fine: this.fine };
  }
}
