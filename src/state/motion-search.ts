/**
 * Finds the next or previous motion event over the given streams (spec 2,
 * 9; the merging rules are src/core/timeline/motion-search.ts) and answers
 * the local time to seek to, or null when there is none. Each stream is
 * asked on its own server's clock. Each stream's failed query counts as no
 * event there (spec 8: ignored).
 */
import type { StreamRef } from '../api/server-scope';
import { timelineApi } from '../api/timeline-api';
import { motionQuery, pickMotionStart, type MotionDirection } from '../core/timeline';
import { serverOffsetMs as offsetOfServer } from './server-offsets';

export async function findMotionStart(
  direction: MotionDirection,
  streams: readonly StreamRef[],
  playheadMs: number,
  serverOffsetMs: (server?: string) => number = offsetOfServer,
  api: Pick<typeof timelineApi, 'motionEvents'> = timelineApi,
): Promise<number | null> {
  const answers = await Promise.all(
    streams.map(async (stream) => {
      const offsetMs = serverOffsetMs(stream.server);
      const query = motionQuery(direction, playheadMs, offsetMs);
      const events = await api.motionEvents(stream, query.startMs, query.count, query.fromEnd).catch(() => []);
      return { events, query, serverOffsetMs: offsetMs };
    }),
  );
  return pickMotionStart(direction, answers);
}
