/**
 * GET /service/server/report (spec 2, 3, 7): the System report of a range.
 * `start` and `stop` are epoch ms (stop after start, at most REPORT_MAX_SPAN_MS
 * apart). The answer holds every server event and stream event recorded in
 * [start, stop), oldest first, and per camera per stream what was recorded in
 * that range: bytes, seconds of video and seconds of motion (each clipped to
 * the range, so a segment half inside counts half).
 *
 * Events are recorded by the recorder as they happen (system/system-events.ts)
 * and kept for REPORT_EVENTS_KEPT_DAYS. Each list holds at most the newest
 * 10,000 events of the range (still oldest first), and the recorder writes
 * at most 30 events a minute of one type (per stream for stream events): a
 * minute that had more ends with one event of that type counting the rest.
 * Every camera is listed, with zeros when it recorded nothing in the range. `type` is one of the kinds below;
 * `message` is a readable sentence in English that the client shows as it is
 * when it has no wording of its own for the type.
 */
import { Type, type Static } from 'typebox';

/** Server-wide happenings. */
export const ORCHID_EVENT_TYPES = [
  'server-started',
  'server-stopped',
  'cleaner-run',
  'disk-threshold',
  'license-changed',
  'license-degraded',
  'sign-in',
  'sign-in-failed',
] as const;
export type OrchidEventType = (typeof ORCHID_EVENT_TYPES)[number];

/** Happenings of one stream. */
export const STREAM_EVENT_TYPES = ['stream-up', 'stream-down', 'stream-restarted', 'archive-gap'] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

export interface OrchidEvent {
  type: OrchidEventType;
  message: string;
  /** Epoch ms. */
  when: number;
}

export interface StreamEvent {
  type: StreamEventType;
  message: string;
  streamId: string;
  /** Epoch ms. */
  when: number;
}

export interface ReportStream {
  id: string;
  name: string;
  /** Bytes of archive recorded in the range. */
  bytesRecorded: number;
  /** Seconds of video recorded in the range. */
  secondsRecorded: number;
  /** Seconds of motion detected in the range. */
  secondsOfMotion: number;
}

export interface ReportCamera {
  id: string;
  name: string;
  streams: ReportStream[];
}

export interface ServerReport {
  cameras: ReportCamera[];
  orchidEvents: OrchidEvent[];
  streamEvents: StreamEvent[];
}

export { REPORT_EVENTS_KEPT_DAYS, REPORT_MAX_SPAN_MS } from '../report-constants';

export const ServerReportQuery = Type.Object({
  start: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }),
  stop: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }),
});
export type ServerReportQuery = Static<typeof ServerReportQuery>;
