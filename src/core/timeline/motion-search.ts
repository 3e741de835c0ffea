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
 * Times in the queries are the server's (playhead plus the server's clock
 * offset); answers are turned back to local time. Pure.
 */
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
  const server = Math.floor(playheadMs + serverOffsetMs);
  if (direction === 'next') return { startMs: server + 1, count: NEXT_MOTION_COUNT, fromEnd: false };
  return { startMs: Math.max(0, server - PREVIOUS_MOTION_LOOK_BACK_MS), count: PREVIOUS_MOTION_COUNT, fromEnd: true };
}

/** The local time to seek to from every stream's answer (server times), or null when none has an event there. */
export function pickMotionStart(
  direction: MotionDirection,
  answers: readonly (readonly { start: number }[])[],
  query: MotionQuery,
  serverOffsetMs: number,
): number | null {
  let best: number | null = null;
  for (const events of answers) {
    for (const event of events) {
      const fits = direction === 'next' ? event.start >= query.startMs : event.start < query.startMs;
      if (!fits) continue;
      if (best === null || (direction === 'next' ? event.start < best : event.start > best)) best = event.start;
    }
  }
  return best === null ? null : best - serverOffsetMs;
}
