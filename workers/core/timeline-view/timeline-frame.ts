/**
 * What one drawn frame of the timeline needs, as plain data the view core
 * fills and a drawer (the Pixi renderer, or a fake in tests) draws. The
 * object is reused frame after frame: nothing is allocated to draw.
 */
import type { FineSpan } from './fine-window';
import type { TimelineLayout, TimelineViewRange } from './timeline-geometry';

export interface TimelineTrack {
  /** The tile key of the camera ('orchidId/cameraId'). */
  key: string;
  /** 0xRRGGBB, the camera's colour. */
  colour: number;
  /** Recorded spans, packed [start, stop, ...] local ms (track-spans.ts). */
  archives: Float64Array;
  /** Motion, packed the same way (histogram buckets with motion, or events). */
  motion: Float64Array;
}

export interface TimelineFrame {
  widthPx: number;
  heightPx: number;
  nowMs: number;
  playheadMs: number;
  live: boolean;
  range: TimelineViewRange;
  layout: TimelineLayout;
  fine: FineSpan | null;
  /** Local time minus UTC, ms, for tick alignment and labels. */
  tzOffsetMs: number;
  tracks: readonly TimelineTrack[];
}

export interface TimelineDrawer {
  /** Draws the frame; false when it could not (context lost, not ready), so the caller draws again later. */
  draw(frame: TimelineFrame): boolean;
  resize(widthPx: number, heightPx: number, resolution: number): void;
  destroy(): void;
}
