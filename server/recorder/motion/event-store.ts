/**
 * Writes motion events (migration 005): an event is inserted `active` when
 * motion starts, its stop follows the motion every few seconds while it
 * lasts (so a crash loses at most those seconds), and closing it adds it to
 * the per-minute and per-hour rollups in the same transaction, so an event
 * is in the rollups exactly when it is closed.
 *
 * At start, events a crash left active are closed at their last stop.
 *
 * Cost: one insert per event, one update per extension, and at close one
 * upsert per minute and hour touched.
 */
import type { Db } from '../core/db/database';
import { HOUR_MS, MINUTE_MS } from '../events';
import { rollupRows } from './rollup';

export interface EventSink {
  open(streamId: string, startMs: number, stopMs: number): number;
  extend(id: number, stopMs: number): void;
  close(id: number, stopMs: number): void;
}

export class MotionEventStore implements EventSink {
  private readonly insert;
  private readonly setStop;
  private readonly setClosed;
  private readonly byId;
  private readonly minute;
  private readonly hour;
  private readonly closeTx;

  constructor(private readonly db: Db) {
    this.insert = db.prepare('INSERT INTO motion_events (stream_id, start_ms, stop_ms, active) VALUES (?, ?, ?, 1)');
    this.setStop = db.prepare('UPDATE motion_events SET stop_ms = MAX(start_ms, ?) WHERE id = ? AND active = 1');
    this.setClosed = db.prepare('UPDATE motion_events SET stop_ms = MAX(start_ms, ?), active = 0 WHERE id = ? AND active = 1');
    this.byId = db.prepare('SELECT stream_id, start_ms, stop_ms, active FROM motion_events WHERE id = ?');
    const upsert = (table: string) =>
      db.prepare(
        `INSERT INTO ${table} (stream_id, bucket_ms, starts, motion_ms) VALUES (?, ?, ?, ?)
         ON CONFLICT(stream_id, bucket_ms) DO UPDATE SET starts = starts + excluded.starts, motion_ms = motion_ms + excluded.motion_ms`,
      );
    this.minute = upsert('motion_minutes');
    this.hour = upsert('motion_hours');
    this.closeTx = db.transaction((id: number, stopMs: number | undefined) => {
      const row = this.byId.get(id) as { stream_id: string; start_ms: number; stop_ms: number; active: number } | undefined;
      if (!row || row.active !== 1) return;
      const stop = Math.max(row.start_ms, stopMs ?? row.stop_ms);
      this.setClosed.run(stop, id);
      this.addToRollups(row.stream_id, row.start_ms, stop);
    });
  }

  /** Adds a closed event to both rollups (also used to seed data for benchmarks). */
  addToRollups(streamId: string, startMs: number, stopMs: number): void {
    for (const r of rollupRows(startMs, stopMs, MINUTE_MS)) this.minute.run(streamId, r.bucketMs, r.starts, r.motionMs);
    for (const r of rollupRows(startMs, stopMs, HOUR_MS)) this.hour.run(streamId, r.bucketMs, r.starts, r.motionMs);
  }

  open(streamId: string, startMs: number, stopMs: number): number {
    return Number(this.insert.run(streamId, startMs, Math.max(startMs, stopMs)).lastInsertRowid);
  }

  extend(id: number, stopMs: number): void {
    this.setStop.run(stopMs, id);
  }

  close(id: number, stopMs: number): void {
    this.closeTx(id, stopMs);
  }

  /** Closes every event left active (a crash); answers how many. */
  closeInterrupted(): number {
    const ids = (this.db.prepare('SELECT id FROM motion_events WHERE active = 1').all() as Array<{ id: number }>).map((r) => r.id);
    for (const id of ids) this.closeTx(id, undefined);
    return ids.length;
  }
}
