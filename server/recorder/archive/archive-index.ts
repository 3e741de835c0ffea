/**
 * The archive index: one SQLite row per segment file ("orchive"), written as
 * segments open (active), grow and close, and read by playback, export and
 * the archives API. Implements ArchiveLookup.
 *
 * Paths are stored relative to the data folder and answered absolute; every
 * file lives under `<dataDir>/orchives/<streamId>/`.
 *
 * Cost: indexed by (stream_id, start_ms) and (stream_id, end_ms); a lookup
 * is one index range scan. Writes: one insert per segment, one update every
 * few seconds per active segment.
 *
 * Limits: times are the recorder's wall clock (see ingest/clock-anchor.ts);
 * segments of one stream do not overlap by more than a frame.
 *
 * Archive gaps (System report 'archive-gap'): segments of one ffmpeg run
 * follow each other without a hole, so a gap can only open where a segment
 * starts, and `open` is where to see it: the new segment's start against the
 * end of the stream's segment before it (one index seek). Only gaps of at
 * least `gapAtLeastMs` count: at open a run's first segment has its arrival
 * time as start (refined a moment later), a little later than its video, and
 * a restart of ffmpeg takes a few seconds that are not worth an event. A
 * stream's first segment ever has nothing before it, so no gap.
 */
import path from 'node:path';
import type { Db } from '../core/db/database';
import type { ArchiveLookup, ArchiveSegment } from '../core/media-contracts';

export const ARCHIVE_FOLDER = 'orchives';

/** A row of the archives table as SQLite returns it; `segmentFromRow` is the one mapping to a segment. */
export interface ArchiveRow {
  id: number;
  stream_id: string;
  camera_id: string;
  start_ms: number;
  end_ms: number;
  path: string;
  size_bytes: number;
  active: number;
}

export interface NewSegment {
  streamId: string;
  cameraId: string;
  /** Absolute path inside the archive folder. */
  path: string;
  startMs: number;
}

/** A hole in a stream's archive, seen as the segment after it opens. */
export interface ArchiveGap {
  streamId: string;
  cameraId: string;
  /** End of the segment before the gap. */
  fromMs: number;
  /** Start of the segment after it. */
  toMs: number;
}

export const ARCHIVE_GAP_AT_LEAST_MS = 10_000;

export interface ArchiveIndexOptions {
  gapAtLeastMs?: number;
  /** Told of every gap; a listener that throws does not stop the segment being indexed. */
  onGap?: (gap: ArchiveGap) => void;
}

export class ArchiveIndex implements ArchiveLookup {
  readonly archiveRoot: string;

  constructor(
    private readonly db: Db,
    readonly dataDir: string,
    private readonly options: ArchiveIndexOptions = {},
  ) {
    this.archiveRoot = path.join(dataDir, ARCHIVE_FOLDER);
  }

  /** The folder of one stream's segments. Stream ids are generated UUIDs, so they are safe as folder names. */
  streamFolder(streamId: string): string {
    if (!/^[\w-]+$/.test(streamId)) throw new Error(`unsafe stream id for a folder: ${streamId}`);
    return path.join(this.archiveRoot, streamId);
  }

  /** The one mapping from a row of the archives table (read here or by retention's queries) to a segment. */
  segmentFromRow(row: ArchiveRow): ArchiveSegment {
    return {
      id: row.id,
      streamId: row.stream_id,
      startMs: row.start_ms,
      endMs: row.end_ms,
      path: path.join(this.dataDir, row.path),
      sizeBytes: row.size_bytes,
      active: row.active === 1,
    };
  }

  private relative(absolute: string): string {
    const rel = path.relative(this.dataDir, absolute);
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`segment outside the data folder: ${absolute}`);
    return rel;
  }

  /** Indexes a segment that ffmpeg has just opened; answers its id. */
  open(segment: NewSegment): number {
    const relativePath = this.relative(segment.path);
    const gap = this.options.onGap ? this.gapBefore(segment, relativePath) : undefined;
    this.db
      .prepare(
        `INSERT INTO archives (stream_id, camera_id, start_ms, end_ms, path, size_bytes, active)
         VALUES (?, ?, ?, ?, ?, 0, 1)
         ON CONFLICT(path) DO UPDATE SET start_ms = excluded.start_ms, end_ms = excluded.end_ms, active = 1`,
      )
      .run(segment.streamId, segment.cameraId, segment.startMs, segment.startMs, relativePath);
    const row = this.db.prepare('SELECT id FROM archives WHERE path = ?').get(relativePath) as { id: number };
    if (gap) {
      try {
        this.options.onGap?.(gap);
      } catch {
        // The gap is a report's side note; indexing the segment is what matters.
      }
    }
    return row.id;
  }

  /** The gap between the stream's previous segment and this new one, when it is long enough to count. */
  private gapBefore(segment: NewSegment, relativePath: string): ArchiveGap | undefined {
    const previous = this.db
      .prepare('SELECT end_ms FROM archives WHERE stream_id = ? AND start_ms <= ? AND path <> ? ORDER BY start_ms DESC, id DESC LIMIT 1')
      .get(segment.streamId, segment.startMs, relativePath) as { end_ms: number } | undefined;
    if (!previous || segment.startMs - previous.end_ms < (this.options.gapAtLeastMs ?? ARCHIVE_GAP_AT_LEAST_MS)) return undefined;
    return { streamId: segment.streamId, cameraId: segment.cameraId, fromMs: previous.end_ms, toMs: segment.startMs };
  }

  /** Moves an active segment's times (start refined, end grown) and size. */
  update(id: number, change: { startMs?: number; endMs?: number; sizeBytes?: number }): void {
    const row = this.db.prepare('SELECT start_ms, end_ms, size_bytes FROM archives WHERE id = ?').get(id) as
      | { start_ms: number; end_ms: number; size_bytes: number }
      | undefined;
    if (!row) return;
    const startMs = change.startMs ?? row.start_ms;
    const endMs = Math.max(startMs, change.endMs ?? row.end_ms);
    this.db
      .prepare('UPDATE archives SET start_ms = ?, end_ms = ?, size_bytes = ? WHERE id = ?')
      .run(startMs, endMs, change.sizeBytes ?? row.size_bytes, id);
  }

  /** Marks a segment finished with its final times and size. */
  close(id: number, final: { startMs?: number; endMs: number; sizeBytes: number }): void {
    this.update(id, final);
    this.db.prepare('UPDATE archives SET active = 0 WHERE id = ?').run(id);
  }

  remove(ids: readonly number[]): void {
    const del = this.db.prepare('DELETE FROM archives WHERE id = ?');
    this.db.transaction(() => {
      for (const id of ids) del.run(id);
    })();
  }

  get(id: number): ArchiveSegment | undefined {
    const row = this.db.prepare('SELECT * FROM archives WHERE id = ?').get(id) as ArchiveRow | undefined;
    return row && this.segmentFromRow(row);
  }

  segmentsBetween(streamId: string, startMs: number, endMs: number): ArchiveSegment[] {
    const rows = this.db
      .prepare('SELECT * FROM archives WHERE stream_id = ? AND end_ms >= ? AND start_ms <= ? ORDER BY start_ms, id')
      .all(streamId, startMs, endMs) as ArchiveRow[];
    return rows.map((row) => this.segmentFromRow(row));
  }

  segmentAtOrAfter(streamId: string, timeMs: number): ArchiveSegment | undefined {
    const row = this.db
      .prepare('SELECT * FROM archives WHERE stream_id = ? AND end_ms > ? ORDER BY start_ms, id LIMIT 1')
      .get(streamId, timeMs) as ArchiveRow | undefined;
    return row && this.segmentFromRow(row);
  }

  /** Segments of a stream ending at or after `startMs`, oldest first (GET /service/archives). */
  list(streamId: string, startMs: number, take: number): ArchiveSegment[] {
    const rows = this.db
      .prepare('SELECT * FROM archives WHERE stream_id = ? AND end_ms >= ? ORDER BY start_ms, id LIMIT ?')
      .all(streamId, startMs, take) as ArchiveRow[];
    return rows.map((row) => this.segmentFromRow(row));
  }

  active(): ArchiveSegment[] {
    return (this.db.prepare('SELECT * FROM archives WHERE active = 1').all() as ArchiveRow[]).map((r) => this.segmentFromRow(r));
  }

  /** Every stream id that has index rows (recovery walks them). */
  streamIds(): string[] {
    return (this.db.prepare('SELECT DISTINCT stream_id FROM archives').all() as Array<{ stream_id: string }>).map((r) => r.stream_id);
  }

  /** id and absolute path of every segment of a stream. */
  files(streamId: string): Array<{ id: number; path: string }> {
    return (this.db.prepare('SELECT id, path FROM archives WHERE stream_id = ?').all(streamId) as Array<{ id: number; path: string }>).map(
      (r) => ({ id: r.id, path: path.join(this.dataDir, r.path) }),
    );
  }

  /** Epoch ms of the newest recorded video per stream. */
  lastWritten(streamIds: readonly string[]): Map<string, number> {
    const out = new Map<string, number>();
    const stmt = this.db.prepare('SELECT MAX(end_ms) AS end_ms FROM archives WHERE stream_id = ?');
    for (const id of streamIds) {
      const row = stmt.get(id) as { end_ms: number | null };
      if (row.end_ms !== null) out.set(id, row.end_ms);
    }
    return out;
  }

  /**
   * Minutes of video per local day ('YYYY-MM-DD', the server's time zone)
   * over the given streams, each stream counting at most 1440 a day. A
   * segment counts on the day it starts.
   */
  minutesPerDay(streamIds: readonly string[], fromMs = 0, toMs = Number.MAX_SAFE_INTEGER): Record<string, number> {
    const stmt = this.db.prepare(
      `SELECT date(start_ms / 1000, 'unixepoch', 'localtime') AS day, SUM(end_ms - start_ms) AS ms
       FROM archives WHERE stream_id = ? AND end_ms >= ? AND start_ms <= ? GROUP BY day`,
    );
    const totals: Record<string, number> = {};
    for (const id of new Set(streamIds)) {
      for (const row of stmt.all(id, fromMs, toMs) as Array<{ day: string; ms: number }>) {
        const minutes = Math.min(1440, row.ms / 60_000);
        totals[row.day] = (totals[row.day] ?? 0) + minutes;
      }
    }
    for (const day of Object.keys(totals)) totals[day] = Math.round(totals[day]! * 10) / 10;
    return totals;
  }
}
