/**
 * The timeline's REST calls (spec 7): recorded spans (GET /service/archives,
 * through the archives queue: 2 at once), the motion histogram of a range
 * (GET /service/events/camera-stream/histogram), motion events after or
 * before a time (GET /service/events/camera-stream) and minutes recorded
 * per day (GET /service/archives/per-day, for the date picker). Times here
 * are the server's: callers shift by the server's clock offset. Each call
 * goes to the stream's own server (multi-server mode: through the
 * aggregator's proxy, server-scope.ts).
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
import type { StreamRef } from './server-scope';

/** The most archives one call asks for (the recorder's MAX_TAKE). */
export const ARCHIVES_TAKE = 1000;

export const timelineApi = {
  /** Up to `take` archives of a stream ending at or after `startMs`. */
  archives: async ({ streamId, server }: StreamRef, startMs: number, take = ARCHIVES_TAKE, signal?: AbortSignal): Promise<Archive[]> =>
    (
      await http.get<ArchivesResponse>('/service/archives', {
        queue: 'archives',
        signal,
        server,
        query: { streamId, start: Math.max(0, Math.floor(startMs)), take },
      })
    ).data.archives,

  motionHistogram: async ({ streamId, server }: StreamRef, startMs: number, stopMs: number, minSegmentMs: number): Promise<EventsHistogramBucket[]> =>
    (
      await http.get<EventsHistogramResponse>('/service/events/camera-stream/histogram', {
        server,
        query: { eventType: 'motion', id: streamId, start: Math.max(0, Math.floor(startMs)), stop: Math.ceil(stopMs), minSegment: Math.ceil(minSegmentMs) },
      })
    ).data.histogram,

  /** `count` motion events from `startMs` on, or (fromEnd) the last `count` before it; oldest first. */
  motionEvents: async ({ streamId, server }: StreamRef, startMs: number, count: number, fromEnd: boolean): Promise<MotionEvent[]> =>
    (
      await http.get<MotionEventsResponse>('/service/events/camera-stream', {
        server,
        query: { eventType: 'motion', id: streamId, start: Math.max(0, Math.floor(startMs)), count, from_end: fromEnd || undefined },
      })
    ).data.events,

  /** Minutes recorded per day (the server's days) over some streams of one server, between two times of its clock. */
  perDay: async (server: string | undefined, streamIds: readonly string[], startMs: number, stopMs: number): Promise<ArchivesPerDayResponse> =>
    http.get<ArchivesPerDayResponse>('/service/archives/per-day', {
      server,
      query: { ids: streamIds.join(','), start: Math.max(0, Math.floor(startMs)), stop: Math.ceil(stopMs) },
    }),
};
