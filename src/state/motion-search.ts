/**
 * Finds the next or previous motion event over the given streams (spec 2,
 * 9; the merging rules are src/core/timeline/motion-search.ts) and answers
 * the local time to seek to, or null when there is none. Each stream's
 * failed query counts as no event there (spec 8: ignored).
 */
import type { StreamRef } from '../api/server-scope';
import { timelineApi } from '../api/timeline-api';
import { motionQuery, pickMotionStart, type MotionDirection } from '../core/timeline';
import { clockState } from './clock.store';

export async function findMotionStart(
  direction: MotionDirection,
  streams: readonly StreamRef[],
  playheadMs: number,
  serverOffsetMs: number = clockState.probe?.offsetMs ?? 0,
  api: Pick<typeof timelineApi, 'motionEvents'> = timelineApi,
): Promise<number | null> {
  const query = motionQuery(direction, playheadMs, serverOffsetMs);
  const answers = await Promise.all(
    streams.map((stream) => api.motionEvents(stream, query.startMs, query.count, query.fromEnd).catch(() => [])),
  );
  return pickMotionStart(direction, answers, query, serverOffsetMs);
}
