/**
 * A counter that moves whenever a row the camera list is made of changes,
 * so GET /service/cameras can name its answer (an ETag) and answer 304
 * without building the list (camera-list-tag.ts). The aggregator asks every
 * recorder for this list on every list of its own; most of those answers
 * are the same bytes as the last one.
 *
 * Why triggers and not a count kept by each writer: the list reads four
 * tables (cameras, streams, camera_retention, and archives for each
 * stream's lastArchiveWritten) written from several modules (the cameras
 * service, retention overrides, the ingest's segment tracker, the cleaner,
 * recovery and reconcile). TEMP triggers on this connection see every one of
 * those writes, whoever makes it, so a writer added later cannot forget to
 * count. The recorder has one connection (core/db/database.ts); TEMP triggers
 * live with it and are never written to the file.
 *
 * What does not count: an archive row whose end did not move (its size,
 * its start refined, closed at the same end), since the list shows only the
 * newest end per stream. A write rolled back still counts: one needless
 * rebuild, never a stale answer.
 *
 * Limits: a recording stream moves its newest end every few seconds
 * (segment-tracker.ts ACTIVE_UPDATE_EVERY_MS), so a recorder that records
 * has a new revision about that often; the 304 then saves the work only
 * between those moves. What the ingest shows (state, retry count) is in
 * memory, not here: camera-list-tag.ts reads it on every request.
 *
 * Cost: one call into JavaScript per counted row written.
 */
import type { Db } from '../core/db/database';

const FUNCTION = 'argus_camera_list_changed';

export class CameraListRevision {
  private count = 0;

  constructor(db: Db) {
    db.function(FUNCTION, { deterministic: false, varargs: false }, () => {
      this.count++;
      return null;
    });
    const watched: Array<[name: string, when: string]> = [
      ...['cameras', 'streams', 'camera_retention'].flatMap((table) =>
        ['INSERT', 'UPDATE', 'DELETE'].map((event): [string, string] => [`${table}_${event.toLowerCase()}`, `${event} ON main.${table}`]),
      ),
      ['archives_insert', 'INSERT ON main.archives'],
      ['archives_delete', 'DELETE ON main.archives'],
      ['archives_end', 'UPDATE OF end_ms, stream_id ON main.archives WHEN OLD.end_ms IS NOT NEW.end_ms OR OLD.stream_id IS NOT NEW.stream_id'],
    ];
    for (const [name, when] of watched) db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS camera_list_${name} AFTER ${when} BEGIN SELECT ${FUNCTION}(); END`);
  }

  /** Moves on every counted write; starts at 0 with the process (camera-list-tag.ts adds what tells processes apart). */
  get value(): number {
    return this.count;
  }
}
