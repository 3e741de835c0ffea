/**
 * Where things are on the timeline: the visible time range for a scale, a
 * playhead and a width (live: now in the middle, the half-window either
 * side; playback: the playhead in the middle), pixel and time conversions,
 * the histogram's minSegment for that range, the tick plan and the narrow
 * layout (spec 9: below 425 px).
 *
 * Pure and allocation-free on the per-frame paths (`viewInto` fills a
 * caller's object). Ticks are aligned to local time through a time-zone
 * offset the main thread passes in, so the worker needs no Date per frame.
 * Limits: one offset for the whole view, so the hour a daylight-saving
 * change moves is labelled an hour off until the offset is sent again.
 */
import { HISTOGRAM_BUCKET_PX, NARROW_WIDTH_PX } from './timeline-constants';
import { msPerPx, type TimelineScale } from './timeline-scales';

export interface TimelineViewRange {
  startMs: number;
  endMs: number;
  msPerPx: number;
}

export function emptyRange(): TimelineViewRange {
  return { startMs: 0, endMs: 0, msPerPx: 1 };
}

/** Fills `out` with the range shown: centred on now (live) or on the playhead (playback). */
export function viewInto(out: TimelineViewRange, scale: TimelineScale, playheadMs: number, nowMs: number, widthPx: number): TimelineViewRange {
  const perPx = msPerPx(scale, widthPx);
  const centre = scale.mode === 'live' ? nowMs : playheadMs;
  out.msPerPx = perPx;
  out.startMs = centre - (widthPx / 2) * perPx;
  out.endMs = centre + (widthPx / 2) * perPx;
  return out;
}

export function xOf(range: TimelineViewRange, timeMs: number): number {
  return (timeMs - range.startMs) / range.msPerPx;
}

export function timeAt(range: TimelineViewRange, x: number): number {
  return range.startMs + x * range.msPerPx;
}

/** The histogram's minSegment: buckets narrower than HISTOGRAM_BUCKET_PX pixels could not be told apart. */
export function minSegmentMs(range: Pick<TimelineViewRange, 'msPerPx'>): number {
  return Math.max(1, Math.ceil(range.msPerPx * HISTOGRAM_BUCKET_PX));
}

export interface TimelineLayout {
  narrow: boolean;
  /** Labelled ticks are at least this far apart. */
  minLabelGapPx: number;
}

export function layoutFor(widthPx: number): TimelineLayout {
  const narrow = widthPx < NARROW_WIDTH_PX;
  return { narrow, minLabelGapPx: narrow ? 64 : 84 };
}

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
/** Tick steps that read well on a clock, finest first. */
export const TICK_STEPS_MS: readonly number[] = [
  S, 2 * S, 5 * S, 10 * S, 15 * S, 30 * S,
  M, 2 * M, 5 * M, 10 * M, 15 * M, 30 * M,
  H, 2 * H, 3 * H, 6 * H, 12 * H,
  D, 2 * D, 7 * D, 14 * D, 30 * D,
];

/** The finest tick step whose labels stay `gapPx` apart at `perPx` ms per pixel. */
export function tickStepMs(perPx: number, gapPx: number): number {
  for (const step of TICK_STEPS_MS) if (step / perPx >= gapPx) return step;
  return TICK_STEPS_MS[TICK_STEPS_MS.length - 1]!;
}

/**
 * The first tick at or after `startMs` on local time: `tzOffsetMs` is local
 * minus UTC (e.g. +3600000 in Paris in winter), so ticks of 1 h fall on
 * local hours and ticks of a day on local midnight.
 */
export function firstTickMs(startMs: number, stepMs: number, tzOffsetMs: number): number {
  const local = startMs + tzOffsetMs;
  return Math.ceil(local / stepMs) * stepMs - tzOffsetMs;
}

/** The scale's rows: tick labels on top, then the camera tracks, with a margin below the last (CSS px). */
export const LABEL_ROW_PX = 15;
export const TRACK_TOP_PX = LABEL_ROW_PX + 6;
const TRACK_BOTTOM_MARGIN_PX = 3;

/**
 * Where track `index` of `count` lies on a scale `heightPx` tall (CSS px):
 * the tracks share the height below the label row, 1 px apart up to six of
 * them, at least 2 px each. The renderer draws them there; the e2e pages
 * read a camera's track from a screenshot there.
 */
export function trackBand(heightPx: number, index: number, count: number): { top: number; height: number } {
  const tracks = Math.max(1, count);
  const gap = tracks > 6 ? 0 : 1;
  const height = Math.max(2, Math.floor((heightPx - TRACK_TOP_PX - TRACK_BOTTOM_MARGIN_PX - gap * (tracks - 1)) / tracks));
  return { top: TRACK_TOP_PX + index * (height + gap), height };
}
