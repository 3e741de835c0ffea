/**
 * What each stream recorded in a range, for the System report's stream stats
 * (spec 2, 3): bytes of archive, seconds of video and seconds of motion, each
 * clipped to [startMs, stopMs). A segment half inside the range counts half
 * its seconds and, prorated by that fraction of its duration, half its
 * bytes; a segment without duration (just opened) counts whole when its
 * start is inside. Motion events are clipped the same way (an active event's
 * stop is its newest motion).
 *
 * Segments of one stream do not overlap (by more than a frame), nor do its
 * motion events, so the rows overlapping the range are those starting inside
 * it plus at most the last one starting before it. Each sum is therefore one
 * index range scan of (stream_id, start_ms) summed inside SQLite, plus one
 * index seek for the row straddling the start: cost is linear in the rows
 * starting in the range (a year of 60 s segments is ~525,000 rows per stream,
 * summed without making a JavaScript object per row), per stream.
 */
import type { Db } from '../core/db/database';

/** What one stream recorded in a range. */
export interface RecordedInRange {
  bytesRecorded: number;
  secondsRecorded: number;
  secondsOfMotion: number;
}

/** An archive segment or motion event as the sums see it. */
export interface TimedRow {
  startMs: number;
  endMs: number;
  sizeBytes?: number;
}

/** Milliseconds of [row.startMs, row.endMs) inside [startMs, stopMs). */
export function overlapMs(row: TimedRow, startMs: number, stopMs: number): number {
  return Math.max(0, Math.min(row.endMs, stopMs) - Math.max(row.startMs, startMs));
}

/** A segment's bytes inside the range: prorated by the overlapped fraction of its duration. */
export function proratedBytes(row: TimedRow, startMs: number, stopMs: number): number {
  const size = row.sizeBytes ?? 0;
  const durationMs = row.endMs - row.startMs;
  if (durationMs <= 0) return row.startMs >= startMs && row.startMs < stopMs ? size : 0;
  return (size * overlapMs(row, startMs, stopMs)) / durationMs;
}

export class ReportStats {
  private readonly archivesInside;
  private readonly archiveBefore;
  private readonly motionInside;
  private readonly motionBefore;

  constructor(db: Db) {
    // Rows starting inside the range: their start is already clipped, only the end needs it.
    // The CASE is proratedBytes in SQL.
    this.archivesInside = db.prepare(
      `SELECT
         COALESCE(SUM(CASE WHEN end_ms > start_ms
                      THEN size_bytes * (MIN(end_ms, @stop) - start_ms) * 1.0 / (end_ms - start_ms)
                      ELSE size_bytes END), 0) AS bytes,
         COALESCE(SUM(MAX(0, MIN(end_ms, @stop) - start_ms)), 0) AS ms
       FROM archives WHERE stream_id = @streamId AND start_ms >= @start AND start_ms < @stop`,
    );
    this.archiveBefore = db.prepare(
      'SELECT start_ms, end_ms, size_bytes FROM archives WHERE stream_id = ? AND start_ms < ? ORDER BY start_ms DESC, id DESC LIMIT 1',
    );
    this.motionInside = db.prepare(
      `SELECT COALESCE(SUM(MAX(0, MIN(stop_ms, @stop) - start_ms)), 0) AS ms
       FROM motion_events WHERE stream_id = @streamId AND start_ms >= @start AND start_ms < @stop`,
    );
    this.motionBefore = db.prepare('SELECT start_ms, stop_ms FROM motion_events WHERE stream_id = ? AND start_ms < ? ORDER BY start_ms DESC LIMIT 1');
  }

  /** What the stream recorded in [startMs, stopMs); zeros for a stream with nothing there. */
  recorded(streamId: string, startMs: number, stopMs: number): RecordedInRange {
    if (stopMs <= startMs) return { bytesRecorded: 0, secondsRecorded: 0, secondsOfMotion: 0 };
    const inside = this.archivesInside.get({ streamId, start: startMs, stop: stopMs }) as { bytes: number; ms: number };
    let bytes = inside.bytes;
    let archiveMs = inside.ms;
    const before = this.archiveBefore.get(streamId, startMs) as { start_ms: number; end_ms: number; size_bytes: number } | undefined;
    if (before) {
      const row = { startMs: before.start_ms, endMs: before.end_ms, sizeBytes: before.size_bytes };
      bytes += proratedBytes(row, startMs, stopMs);
      archiveMs += overlapMs(row, startMs, stopMs);
    }
    let motionMs = (this.motionInside.get({ streamId, start: startMs, stop: stopMs }) as { ms: number }).ms;
    const motion = this.motionBefore.get(streamId, startMs) as { start_ms: number; stop_ms: number } | undefined;
    if (motion) motionMs += overlapMs({ startMs: motion.start_ms, endMs: motion.stop_ms }, startMs, stopMs);
    return {
      bytesRecorded: Math.round(bytes),
      secondsRecorded: Math.round(archiveMs) / 1000,
      secondsOfMotion: Math.round(motionMs) / 1000,
    };
  }
}
