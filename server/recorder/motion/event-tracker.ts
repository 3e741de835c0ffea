/**
 * Turns per-picture motion (yes/no at a time) into events: one movement is
 * one event.
 *
 *  - An event starts when two analysed pictures in a row show motion (at
 *    the first of them): a change seen in one picture only (a clock digit
 *    flipping, a compression glitch, the picture switching source) is not
 *    a movement.
 *  - While it is open, any picture with motion extends it; its stop is the
 *    newest picture with motion.
 *  - It closes once no motion was seen for `holdMs` (2 s): short pauses
 *    inside one movement do not split it.
 *  - Pictures further apart than `maxGapMs` are not "in a row" (the stream
 *    stalled), and `tick` closes an event when pictures stop coming.
 *
 * Emits messages; the caller stores them. `event.extended` is sent at most
 * every `extendEveryMs` so an open event's stop is never far behind in the
 * store. Pure.
 */

export const HOLD_MS = 2_000;
export const EXTEND_EVERY_MS = 2_000;
export const MAX_FRAME_GAP_MS = 5_000;

export type TrackerMessage =
  | { type: 'event.opened'; startMs: number; stopMs: number }
  | { type: 'event.extended'; startMs: number; stopMs: number }
  | { type: 'event.closed'; startMs: number; stopMs: number };

export interface TrackerOptions {
  holdMs?: number;
  extendEveryMs?: number;
  maxGapMs?: number;
}

export class MotionEventTracker {
  private readonly holdMs: number;
  private readonly extendEveryMs: number;
  private readonly maxGapMs: number;
  private lastFrameMs: number | undefined;
  /** Time of the previous picture when it showed motion (a possible start). */
  private candidateMs: number | undefined;
  private open: { startMs: number; stopMs: number; reportedStopMs: number } | undefined;

  constructor(options: TrackerOptions = {}) {
    this.holdMs = options.holdMs ?? HOLD_MS;
    this.extendEveryMs = options.extendEveryMs ?? EXTEND_EVERY_MS;
    this.maxGapMs = options.maxGapMs ?? MAX_FRAME_GAP_MS;
  }

  get isOpen(): boolean {
    return this.open !== undefined;
  }

  /** One analysed picture at `timeMs`. */
  frame(timeMs: number, motion: boolean): TrackerMessage[] {
    const out: TrackerMessage[] = [];
    const inRow = this.lastFrameMs !== undefined && timeMs - this.lastFrameMs <= this.maxGapMs;
    this.lastFrameMs = timeMs;
    if (!inRow) this.candidateMs = undefined;
    out.push(...this.tick(timeMs));
    if (!motion) {
      this.candidateMs = undefined;
      return out;
    }
    if (this.open) {
      this.open.stopMs = timeMs;
      if (timeMs - this.open.reportedStopMs >= this.extendEveryMs) {
        this.open.reportedStopMs = timeMs;
        out.push({ type: 'event.extended', startMs: this.open.startMs, stopMs: timeMs });
      }
      return out;
    }
    if (this.candidateMs === undefined) {
      this.candidateMs = timeMs;
      return out;
    }
    this.open = { startMs: this.candidateMs, stopMs: timeMs, reportedStopMs: timeMs };
    this.candidateMs = undefined;
    out.push({ type: 'event.opened', startMs: this.open.startMs, stopMs: timeMs });
    return out;
  }

  /** Closes the open event when no motion was seen for the hold time (call also when no pictures come). */
  tick(nowMs: number): TrackerMessage[] {
    if (!this.open || nowMs - this.open.stopMs <= this.holdMs) return [];
    return this.flush();
  }

  /** Closes the open event now (the stream or the detector stops). */
  flush(): TrackerMessage[] {
    const open = this.open;
    this.open = undefined;
    this.candidateMs = undefined;
    return open ? [{ type: 'event.closed', startMs: open.startMs, stopMs: open.stopMs }] : [];
  }
}
