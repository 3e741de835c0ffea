/**
 * The playback timeline's fine window (spec 3 "fine time start and stop",
 * spec 4, 5): a span around the playhead marked on the coarse scale with a
 * handle at each end. It is the export selection (the timeline store keeps
 * it for the export dialog).
 *
 * Rules:
 * - It starts one coarse segment wide, centred on the playhead.
 * - It is never narrower than 17 px on screen, and its right handle stays
 *   at least about 10 s right of the left one (spec 5).
 * - Its right edge is never past now: nothing later can be selected.
 * - When the playhead leaves it, it is re-centred on the playhead, keeping
 *   its width.
 * - Resizing it drags one edge; the playhead, if left outside, is brought to
 *   the nearest edge (a "fine-resize" time change).
 *
 * Pure; allocations only when the window really changes.
 */
import { FINE_MIN_SPAN_MS, FINE_MIN_WIDTH_PX } from './timeline-constants';
import { SEGMENT_WIDTH_PX } from './timeline-scales';

export interface FineSpan {
  startMs: number;
  stopMs: number;
}

export type FineEdge = 'start' | 'stop';

/** The narrowest window allowed at `msPerPx`: 17 px or 10 s, whichever is longer. */
export function minFineSpanMs(msPerPx: number): number {
  return Math.max(FINE_MIN_SPAN_MS, Math.ceil(FINE_MIN_WIDTH_PX * msPerPx));
}

/** A window of `spanMs` (at least the minimum) centred on `timeMs`, moved back so it does not pass now. */
export function centredFine(timeMs: number, spanMs: number, msPerPx: number, nowMs: number): FineSpan {
  const span = Math.max(spanMs, minFineSpanMs(msPerPx));
  let startMs = Math.round(timeMs - span / 2);
  if (startMs + span > nowMs) startMs = nowMs - span;
  return { startMs, stopMs: startMs + span };
}

/** The first window of a playback session: one coarse segment around the playhead. */
export function defaultFine(timeMs: number, msPerPx: number, nowMs: number): FineSpan {
  return centredFine(timeMs, SEGMENT_WIDTH_PX * msPerPx, msPerPx, nowMs);
}

/** The same window when the playhead is inside it; otherwise the same width re-centred on the playhead. */
export function recentredFine(fine: FineSpan, timeMs: number, msPerPx: number, nowMs: number): FineSpan {
  if (timeMs >= fine.startMs && timeMs <= fine.stopMs) return fine;
  return centredFine(timeMs, fine.stopMs - fine.startMs, msPerPx, nowMs);
}

/** Moves one edge to `toMs`, keeping the minimum width and the right edge at or before now. */
export function resizedFine(fine: FineSpan, edge: FineEdge, toMs: number, msPerPx: number, nowMs: number): FineSpan {
  const min = minFineSpanMs(msPerPx);
  if (edge === 'start') {
    const startMs = Math.round(Math.min(toMs, fine.stopMs - min));
    return { startMs, stopMs: fine.stopMs };
  }
  const stopMs = Math.round(Math.min(nowMs, Math.max(toMs, fine.startMs + min)));
  // At now the left edge may have to give way so the minimum width still holds.
  return { startMs: Math.min(fine.startMs, stopMs - min), stopMs };
}

/** The playhead after a resize: unchanged inside the window, else the nearest edge. */
export function timeInsideFine(fine: FineSpan, timeMs: number): number {
  return Math.min(fine.stopMs, Math.max(fine.startMs, timeMs));
}

export function sameFine(a: FineSpan | null, b: FineSpan | null): boolean {
  return a === b || (a !== null && b !== null && a.startMs === b.startMs && a.stopMs === b.stopMs);
}
