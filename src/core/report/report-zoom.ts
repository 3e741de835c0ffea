/**
 * The events chart's zoom and selection (spec 2, 8, 9): a drag across the
 * buckets selects a span, whose events the table shows; Zoom in makes the
 * selection the chart's whole range, which needs more than 60 s of span,
 * otherwise it answers 'cannotZoomInFurther'; Reset zoom returns to the
 * report's range. Pure state transitions; the view holds the state.
 */
import type { TimeSpan } from './event-buckets';

/** Spec 9: zooming needs a span over 60 s. */
export const MIN_ZOOM_SPAN_MS = 60_000;

export interface ZoomState {
  /** The loaded report's range. */
  report: TimeSpan;
  /** What the chart shows: the report's range or a part of it. */
  view: TimeSpan;
  /** The dragged span, or null when nothing is selected. */
  selection: TimeSpan | null;
}

export type ZoomError = 'cannotZoomInFurther';

export function initialZoom(report: TimeSpan): ZoomState {
  return { report, view: report, selection: null };
}

/** The state with a span selected, clipped to what the chart shows; an empty span clears it. */
export function select(state: ZoomState, span: TimeSpan | null): ZoomState {
  if (!span) return { ...state, selection: null };
  const startMs = Math.max(span.startMs, state.view.startMs);
  const stopMs = Math.min(span.stopMs, state.view.stopMs);
  return { ...state, selection: stopMs > startMs ? { startMs, stopMs } : null };
}

/** Whether Zoom in can do anything (a span is selected). */
export function canZoomIn(state: ZoomState): boolean {
  return state.selection !== null;
}

/** Zooms to the selection; a selection of 60 s or less cannot be zoomed to. */
export function zoomIn(state: ZoomState): { state: ZoomState; error: ZoomError | null } {
  const selection = state.selection;
  if (!selection || selection.stopMs - selection.startMs <= MIN_ZOOM_SPAN_MS) return { state, error: 'cannotZoomInFurther' };
  return { state: { ...state, view: selection, selection: null }, error: null };
}

/** Back to the report's whole range, nothing selected. */
export function resetZoom(state: ZoomState): ZoomState {
  return initialZoom(state.report);
}

export function isZoomed(state: ZoomState): boolean {
  return state.view.startMs !== state.report.startMs || state.view.stopMs !== state.report.stopMs;
}

/** The span whose events the table lists: the selection, else all the chart shows. */
export function listedSpan(state: ZoomState): TimeSpan {
  return state.selection ?? state.view;
}
