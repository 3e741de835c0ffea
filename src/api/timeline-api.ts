/**
 * The timeline's REST calls (spec 7): recorded spans (GET /service/archives,
 * through the archives queue: 2 at once), the motion histogram of a range
 * (GET /service/events/camera-stream/histogram), motion events after or
 * before a time (GET /service/events/camera-stream) and minutes recorded
 * per day (GET /service/archives/per-day, for the date picker). Times here
 * are the server's: callers shift by the server's clock offset.
 */
import type {
  Archive,
  ArchivesPerDayResponse,
  ArchivesResponse,
  EventsHistogramBucket,
  EventsHistogramResponse,
  MotionEvent,
  MotionEventsResponse,
} from '../../server/shared/api';
import { http } from './http';

/** The most archives one call asks for (the recorder's MAX_TAKE). */
export const ARCHIVES_TAKE = 1000;

export const timelineApi = {
  /** Up to `take` archives of a stream ending at or after `startMs`. */
  archives: async (streamId: string, startMs: number, take = ARCHIVES_TAKE, signal?: AbortSignal): Promise<Archive[]> =>
    (
      await http.get<ArchivesResponse>('/service/archives', {
        queue: 'archives',
        signal,
        query: { streamId, start: Math.max(0, Math.floor(startMs)), take },
      })
    ).data.archives,

  motionHistogram: async (streamId: string, startMs: number, stopMs: number, minSegmentMs: number): Promise<EventsHistogramBucket[]> =>
    (
      await http.get<EventsHistogramResponse>('/service/events/camera-stream/histogram', {
        query: { eventType: 'motion', id: streamId, start: Math.max(0, Math.floor(startMs)), stop: Math.ceil(stopMs), minSegment: Math.ceil(minSegmentMs) },
      })
    ).data.histogram,

  /** `count` motion events from `startMs` on, or (fromEnd) the last `count` before it; oldest first. */
  motionEvents: async (streamId: string, startMs: number, count: number, fromEnd: boolean): Promise<MotionEvent[]> =>
    (
      await http.get<MotionEventsResponse>('/service/events/camera-stream', {
        query: { eventType: 'motion', id: streamId, start: Math.max(0, Math.floor(startMs)), count, from_end: fromEnd || undefined },
      })
    ).data.events,

  perDay: (streamIds: readonly string[], startMs?: number, stopMs?: number): Promise<ArchivesPerDayResponse> =>
    http.get<ArchivesPerDayResponse>('/service/archives/per-day', { query: { ids: streamIds.join(','), start: startMs, stop: stopMs } }),
};
