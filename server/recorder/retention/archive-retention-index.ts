/**
 * RetentionArchiveIndex over the archive index (archive/archive-index.ts) and
 * its `archives` table: the totals, oldest-first selections and file list the
 * cleaner, the reconcile and the disk figures need, plus adoption of a
 * segment file found on disk without a row (a crash between ffmpeg opening
 * the file and the index insert, or files restored from a backup): its
 * stream is its folder name, its end the file's modification time, its
 * start that minus the video it holds (ffprobe).
 *
 * Cost: each query is one index range scan or one GROUP BY over the table
 * (about 10 ms per 100 000 rows).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../core/db/database';
import { probeSegmentSeconds, type ArchiveIndex, type ArchiveRow } from '../archive';
import type { ArchiveSegment } from '../core/media-contracts';
import type { RetentionArchiveIndex, StreamArchiveTotals } from './retention-contracts';

export class ArchiveRetentionIndex implements RetentionArchiveIndex {
  readonly archiveRoot: string;

  constructor(
    private readonly db: Db,
    private readonly index: Pick<ArchiveIndex, 'archiveRoot' | 'dataDir' | 'remove' | 'open' | 'close' | 'segmentFromRow'>,
    /** The camera of a stream, from the cameras store (undefined for a stream that is gone). */
    private readonly cameraOf: (streamId: string) => string | undefined,
    private readonly probe: (file: string) => Promise<number | undefined> = probeSegmentSeconds,
  ) {
    this.archiveRoot = index.archiveRoot;
  }

  streamTotals(): StreamArchiveTotals[] {
    const rows = this.db
      .prepare(
        `SELECT stream_id, SUM(size_bytes) AS bytes, SUM(end_ms - start_ms) AS ms, MIN(start_ms) AS oldest, MAX(end_ms) AS newest
         FROM archives GROUP BY stream_id`,
      )
      .all() as Array<{ stream_id: string; bytes: number; ms: number; oldest: number; newest: number }>;
    return rows.map((r) => ({
      streamId: r.stream_id,
      bytes: r.bytes ?? 0,
      seconds: (r.ms ?? 0) / 1000,
      oldestStartMs: r.oldest ?? null,
      newestEndMs: r.newest ?? null,
    }));
  }

  oldestClosedSegments(options: { limit: number; streamIds?: readonly string[]; endBeforeMs?: number }): ArchiveSegment[] {
    const where = ['active = 0'];
    const params: Array<string | number> = [];
    if (options.streamIds) {
      if (options.streamIds.length === 0) return [];
      where.push(`stream_id IN (${options.streamIds.map(() => '?').join(', ')})`);
      params.push(...options.streamIds);
    }
    if (options.endBeforeMs !== undefined) {
      where.push('end_ms < ?');
      params.push(options.endBeforeMs);
    }
    params.push(Math.max(1, Math.floor(options.limit)));
    const rows = this.db
      .prepare(`SELECT * FROM archives WHERE ${where.join(' AND ')} ORDER BY start_ms, id LIMIT ?`)
      .all(...params) as ArchiveRow[];
    return rows.map((r) => this.index.segmentFromRow(r));
  }

  removeSegments(ids: readonly number[]): void {
    this.index.remove(ids);
  }

  allSegments(): Array<Pick<ArchiveSegment, 'id' | 'path' | 'active'>> {
    const rows = this.db.prepare('SELECT id, path, active FROM archives').all() as Array<{ id: number; path: string; active: number }>;
    return rows.map((r) => ({ id: r.id, path: path.join(this.index.dataDir, r.path), active: r.active === 1 }));
  }

  async adoptFile(file: string): Promise<boolean> {
    const relative = path.relative(this.archiveRoot, file);
    const [streamId, name, ...rest] = relative.split(path.sep);
    if (!streamId || !name || rest.length > 0 || !/^[\w-]+$/.test(streamId)) return false;
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat || stat.size === 0) return false;
    const seconds = await this.probe(file).catch(() => undefined);
    if (seconds === undefined || seconds <= 0) return false;
    const endMs = Math.round(stat.mtimeMs);
    const startMs = endMs - Math.round(seconds * 1000);
    // A stream deleted with its camera keeps its archives under an empty camera id (counted as a deleted camera's bytes).
    const id = this.index.open({ streamId, cameraId: this.cameraOf(streamId) ?? '', path: file, startMs });
    this.index.close(id, { startMs, endMs, sizeBytes: stat.size });
    return true;
  }
}
