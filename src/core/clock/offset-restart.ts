/**
 * Spec 9: "time offset change over 5 s restarts playback". A tile playing
 * recorded video asked its server for a time on that server's clock; when
 * the page learns the server's clock moved by more than 5 s against its
 * own, the tile plays again at its current (page) time, which is then
 * asked at the new server time. Live tiles ask no time and go on.
 *
 * Not a move: the first reading of a clock (unknown to known), and changes
 * of 5 s or less (measurement noise is kept far below that by
 * server/shared/clock-samples.ts; a small real change is not worth a
 * restart's pause). Pure.
 */
export const OFFSET_RESTART_THRESHOLD_MS = 5000;

/** Whether a tile that `live` or not plays again when its server's offset goes from `beforeMs` to `afterMs` (null: unknown). */
export function restartsForOffsetChange(beforeMs: number | null, afterMs: number | null, live: boolean): boolean {
  if (live || beforeMs === null || afterMs === null) return false;
  return Math.abs(afterMs - beforeMs) > OFFSET_RESTART_THRESHOLD_MS;
}
