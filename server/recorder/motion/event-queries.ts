/**
 * Reads motion events (migration 005) for the events API and the archive
 * keeper. Events of one stream never overlap, so "what covers time t" is
 * the last event starting at or before t: every read is a range scan of
 * the covering (stream_id, start_ms, stop_ms) index or of a rollup's
 * primary key, never a table scan.
 *
 * Cost (bench/events.bench.ts, 1,000,000 events on one stream): a list is
 * well under a millisecond; a histogram is bounded by the rows of its range
 * at the chosen resolution (raw events only below one minute per bucket).
 */
import type { Db } from '../core/db/database';
import type { EventReader, RollupSums, StoredEvent } from '../events';

interface EventRow {
  start_ms: number;
  stop_ms: number;
  active: number;
}

const toEvent = (row: EventRow): StoredEvent => ({ startMs: row.start_ms, stopMs: row.stop_ms, active: row.active === 1 });

export class MotionEventQueries implements EventReader {
  private readonly after;
  private readonly before;
  private readonly lastAtOrBefore;
  private readonly startingIn;
  private readonly activeOf;
  private readonly minutes;
  private readonly hours;
  private readonly anyActiveSince;

  constructor(db: Db) {
    const columns = 'start_ms, stop_ms, active';
    this.after = db.prepare(`SELECT ${columns} FROM motion_events WHERE stream_id = ? AND start_ms > ? ORDER BY start_ms LIMIT ?`);
    this.before = db.prepare(`SELECT ${columns} FROM motion_events WHERE stream_id = ? AND start_ms < ? ORDER BY start_ms DESC LIMIT ?`);
    this.lastAtOrBefore = db.prepare(`SELECT ${columns} FROM motion_events WHERE stream_id = ? AND start_ms <= ? ORDER BY start_ms DESC LIMIT 1`);
    this.startingIn = db.prepare(`SELECT ${columns} FROM motion_events WHERE stream_id = ? AND start_ms > ? AND start_ms < ? ORDER BY start_ms`);
    this.activeOf = db.prepare(`SELECT ${columns} FROM motion_events WHERE stream_id = ? AND active = 1`);
    // better-sqlite3 binds JS numbers as REAL, so the bucket index is cast back to a whole number.
    const grouped = (table: string) =>
      db.prepare(
        `SELECT CAST((bucket_ms - ?) / ? AS INTEGER) AS i, SUM(starts) AS starts, SUM(motion_ms) AS motion_ms
         FROM ${table} WHERE stream_id = ? AND bucket_ms >= ? AND bucket_ms < ? GROUP BY i`,
      );
    this.minutes = grouped('motion_minutes');
    this.hours = grouped('motion_hours');
    this.anyActiveSince = db.prepare('SELECT 1 FROM motion_events WHERE stream_id = ? AND active = 1 AND start_ms <= ? LIMIT 1');
  }

  list(streamId: string, startMs: number, count: number, fromEnd: boolean): StoredEvent[] {
    if (fromEnd) return (this.before.all(streamId, startMs, count) as EventRow[]).map(toEvent).reverse();
    return (this.after.all(streamId, startMs, count) as EventRow[]).map(toEvent);
  }

  overlapping(streamId: string, fromMs: number, toMs: number): StoredEvent[] {
    const out: StoredEvent[] = [];
    const first = this.lastAtOrBefore.get(streamId, fromMs) as EventRow | undefined;
    if (first && (first.stop_ms >= fromMs || first.active === 1)) out.push(toEvent(first));
    for (const row of this.startingIn.all(streamId, fromMs, toMs) as EventRow[]) out.push(toEvent(row));
    return out;
  }

  rollup(streamId: string, source: 'minutes' | 'hours', firstMs: number, bucketMs: number, toMs: number): RollupSums[] {
    const statement = source === 'minutes' ? this.minutes : this.hours;
    const rows = statement.all(firstMs, bucketMs, streamId, firstMs, toMs) as Array<{ i: number; starts: number; motion_ms: number }>;
    return rows.map((r) => ({ index: r.i, starts: r.starts, motionMs: r.motion_ms }));
  }

  active(streamId: string): StoredEvent[] {
    return (this.activeOf.all(streamId) as EventRow[]).map(toEvent);
  }

  /**
   * Whether motion was near [fromMs, toMs]: an event overlapping it, or an
   * active one that started before its end (its stored stop may lag the
   * motion by a few seconds).
   */
  motionNear(streamId: string, fromMs: number, toMs: number): boolean {
    if (this.overlapping(streamId, fromMs, toMs).length > 0) return true;
    return this.anyActiveSince.get(streamId, toMs) !== undefined;
  }
}
