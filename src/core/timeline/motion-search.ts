/**
 * Next and previous motion event (spec 2 control bar, spec 9): where the
 * linked players go when the operator asks for the next or the previous
 * motion. Each linked camera's stream is asked (GET /service/events/
 * camera-stream) and the answers are merged here:
 *
 * - next: the earliest event starting after the playhead, one per stream;
 * - previous: looks back 5000 ms first (so the event playing now, which
 *   started a moment ago, is not found again), fetches the last 5 events of
 *   each stream before that, and takes the latest start.
 *
 * Times in each stream's query are its server's (the playhead plus that
 * server's clock offset: in multi-server mode servers differ); answers are
 * turned back to local time before they are compared. Pure.
 */
import { toPageTime, toServerTime } from '../clock/server-clock-offsets';

export const PREVIOUS_MOTION_LOOK_BACK_MS = 5_000;
export const PREVIOUS_MOTION_COUNT = 5;
export const NEXT_MOTION_COUNT = 1;

export type MotionDirection = 'next' | 'previous';

export interface MotionQuery {
  /** Server time to search from. */
  startMs: number;
  count: number;
  fromEnd: boolean;
}

/** The events query for a direction from the local playhead `playheadMs`. */
export function motionQuery(direction: MotionDirection, playheadMs: number, serverOffsetMs: number): MotionQuery {
  const server = Math.floor(toServerTime(playheadMs, serverOffsetMs));
  if (direction === 'next') return { startMs: server + 1, count: NEXT_MOTION_COUNT, fromEnd: false };
  return { startMs: Math.max(0, server - PREVIOUS_MOTION_LOOK_BACK_MS), count: PREVIOUS_MOTION_COUNT, fromEnd: true };
}

/** One stream's answer: its events (its server's times), the query it answered and its server's offset. */
export interface MotionAnswer {
  events: readonly { start: number }[];
  query: MotionQuery;
  serverOffsetMs: number;
}

/** The local time to seek to from every stream's answer, or null when none has an event there. */
export function pickMotionStart(direction: MotionDirection, answers: readonly MotionAnswer[]): number | null {
  let best: number | null = null;
  for (const { events, query, serverOffsetMs } of answers) {
    for (const event of events) {
      const fits = direction === 'next' ? event.start >= query.startMs : event.start < query.startMs;
      if (!fits) continue;
      const local = toPageTime(event.start, serverOffsetMs);
      if (best === null || (direction === 'next' ? local < best : local > best)) best = local;
    }
  }
  return best;
}
