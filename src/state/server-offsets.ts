/**
 * How far a camera's server's clock is from this page's, for everything
 * that sends a time to a server or shows one from it (timeline tracks,
 * export ranges, motion search, player start, seek and archive checks,
 * frame steps): `serverOffsetMs(camera.orchidId)`. The arithmetic and its
 * signs are src/core/clock/server-clock-offsets.ts; the clocks are read by
 * clock.store.ts. In single-server mode every server id answers the
 * serving server's offset.
 *
 * Cost: a few property reads per call; callers read it when they send,
 * never per frame.
 */
import { subscribe } from 'valtio/vanilla';
import { knownServerOffsetMs, serverOffsetOf } from '../core/clock/server-clock-offsets';
import { clockOffsets, clockState } from './clock.store';

/** The clock of `serverId` (a camera's orchidId; none: the serving server) minus this page's, ms; 0 while nothing is known. */
export function serverOffsetMs(serverId?: string | null): number {
  return serverOffsetOf(clockOffsets(), serverId);
}

/** The same, or null while that clock has not been read. */
export function knownOffsetMs(serverId?: string | null): number | null {
  return knownServerOffsetMs(clockOffsets(), serverId);
}

/**
 * Calls `listener(beforeMs, afterMs)` each time the known offset of
 * `serverId` changes (null: not known); answers the function that stops it.
 */
export function watchServerOffset(serverId: string | null | undefined, listener: (beforeMs: number | null, afterMs: number | null) => void): () => void {
  let last = knownOffsetMs(serverId);
  return subscribe(clockState, () => {
    const next = knownOffsetMs(serverId);
    if (next === last) return;
    const before = last;
    last = next;
    listener(before, next);
  });
}
