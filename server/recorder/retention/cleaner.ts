/**
 * The retention cleaner (spec 3, 4, 9). Two rules, oldest first:
 *
 * 1. Age: a camera with a retention override loses closed segments that
 *    ended more than its override ago.
 * 2. Space: when the volume is fuller than the threshold (default 90 %),
 *    the oldest closed segments of any stream go until the volume is under
 *    the threshold by a headroom (1 % of the volume, at most 1 GiB), so
 *    recording always has room and the cleaner does not run per segment.
 *    A licensed retention cap (archiveCapBytes) frees the same way, oldest
 *    first, whatever is above the cap.
 *
 * The segment being written (active) is never removed, so recording goes on
 * even when nothing else is left to free. The index row goes first, then the
 * file: a reader never gets a row whose file is already gone, and a crash in
 * between leaves an unindexed file, which the start-up reconcile finds. A
 * file already missing is fine (its row is gone too).
 *
 * Runs every `intervalMs` (age and space), and checks space every
 * `pressureCheckMs` (a statfs, microseconds) so a filling disk is caught
 * quickly. One pass at a time. Cost: an index query and an unlink per
 * segment removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../core/db/database';
import { bytesToFree, cleanerHeadroomBytes, type VolumeFigures } from './disk-utilization';
import type { ArchiveSegment } from '../core/media-contracts';
import type { RetentionArchiveIndex, RetentionCameraDirectory } from './retention-contracts';

export const CLEANER_INTERVAL_MS = 60_000;
export const PRESSURE_CHECK_MS = 5_000;
const BATCH = 200;

export interface CleanerReport {
  removedForAge: number;
  removedForSpace: number;
  bytesRemoved: number;
  /** True when over the threshold and no closed segment was left to remove. */
  stillOverThreshold: boolean;
}

export interface CleanerDeps {
  index: RetentionArchiveIndex;
  cameras: RetentionCameraDirectory;
  overrides: { all(): Map<string, number> };
  dataDir: string;
  thresholdPercent: number;
  statVolume: (folder: string) => Promise<VolumeFigures>;
  db?: Db;
  now?: () => number;
  intervalMs?: number;
  pressureCheckMs?: number;
  /**
   * Most archive bytes the license allows (null: unlimited). A pass removes
   * the oldest closed segments until the archives fit, as it does for disk
   * space; checked at each full pass, so archives may exceed it by up to an
   * interval's recording.
   */
  archiveCapBytes?: () => number | null;
  log?: { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };
  /** Told of each rule's removals in a pass that removed something (System report 'cleaner-run'). */
  onRemoved?: (run: { reason: 'age' | 'disk'; segments: number; bytes: number }) => void;
  /**
   * Told when a pass finds the volume over the threshold after the one before did not (System report
   * 'disk-threshold'), once per crossing rather than every pressure check.
   */
  onOverThreshold?: (details: { thresholdPercent: number; nothingLeftToRemove: boolean }) => void;
}

export class RetentionCleaner {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<CleanerReport> | undefined;
  private warnedFull = false;
  private wasOverThreshold = false;

  constructor(private readonly deps: CleanerDeps) {}

  start(): void {
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => void work().catch((err: unknown) => this.deps.log?.warn({ err }, 'retention cleaner failed')), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.deps.intervalMs ?? CLEANER_INTERVAL_MS, () => this.runOnce());
    every(this.deps.pressureCheckMs ?? PRESSURE_CHECK_MS, async () => {
      if (this.running) return;
      const volume = await this.deps.statVolume(this.deps.dataDir);
      if (bytesToFree(volume, this.deps.thresholdPercent, 0) > 0) await this.runOnce();
    });
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.running?.catch(() => undefined);
  }

  /** One pass (age, then space); concurrent callers share the pass in progress. */
  runOnce(): Promise<CleanerReport> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<CleanerReport> {
    const report: CleanerReport = { removedForAge: 0, removedForSpace: 0, bytesRemoved: 0, stillOverThreshold: false };
    const now = (this.deps.now ?? Date.now)();
    const overrides = this.deps.overrides.all();

    for (const camera of this.deps.cameras.cameras()) {
      const keepMs = overrides.get(camera.id) ?? 0;
      if (keepMs <= 0 || camera.streams.length === 0) continue;
      const streamIds = camera.streams.map((s) => s.id);
      for (;;) {
        const old = this.deps.index.oldestClosedSegments({ limit: BATCH, streamIds, endBeforeMs: now - keepMs });
        if (old.length === 0) break;
        report.bytesRemoved += await this.remove(old);
        report.removedForAge += old.length;
        if (old.length < BATCH) break;
      }
    }
    if (report.removedForAge > 0) {
      this.record(now, 'age', report.removedForAge, report.bytesRemoved);
      this.tell(() => this.deps.onRemoved?.({ reason: 'age', segments: report.removedForAge, bytes: report.bytesRemoved }));
    }

    const volume = await this.deps.statVolume(this.deps.dataDir);
    let toFree = Math.max(
      bytesToFree(volume, this.deps.thresholdPercent, cleanerHeadroomBytes(volume.capacityBytes)),
      this.overCapBytes(),
    );
    let spaceBytes = 0;
    const overThreshold = toFree > 0;
    let crossed = overThreshold && !this.wasOverThreshold;
    this.wasOverThreshold = overThreshold;
    while (toFree > 0) {
      const oldest = this.deps.index.oldestClosedSegments({ limit: BATCH });
      if (oldest.length === 0) {
        report.stillOverThreshold = true;
        break;
      }
      if (crossed) {
        crossed = false;
        this.tell(() => this.deps.onOverThreshold?.({ thresholdPercent: this.deps.thresholdPercent, nothingLeftToRemove: false }));
      }
      const chosen: ArchiveSegment[] = [];
      let planned = 0;
      for (const segment of oldest) {
        if (planned >= toFree) break;
        chosen.push(segment);
        planned += Math.max(segment.sizeBytes, 1);
      }
      const freed = await this.remove(chosen);
      spaceBytes += freed;
      report.removedForSpace += chosen.length;
      toFree -= planned;
    }
    report.bytesRemoved += spaceBytes;
    if (report.removedForSpace > 0) {
      this.record(now, 'disk', report.removedForSpace, spaceBytes);
      this.tell(() => this.deps.onRemoved?.({ reason: 'disk', segments: report.removedForSpace, bytes: spaceBytes }));
      this.deps.log?.info({ segments: report.removedForSpace, bytes: spaceBytes }, 'removed the oldest archives to stay under the disk threshold');
    }
    if (crossed) this.tell(() => this.deps.onOverThreshold?.({ thresholdPercent: this.deps.thresholdPercent, nothingLeftToRemove: true }));
    if (report.stillOverThreshold && !this.warnedFull) {
      this.deps.log?.warn({ thresholdPercent: this.deps.thresholdPercent }, 'over the disk threshold with no closed archives left to remove');
    }
    this.warnedFull = report.stillOverThreshold;
    return report;
  }

  /** Archive bytes above the licensed cap; 0 without a cap. */
  private overCapBytes(): number {
    const cap = this.deps.archiveCapBytes?.() ?? null;
    if (cap === null) return 0;
    const total = this.deps.index.streamTotals().reduce((sum, stream) => sum + stream.bytes, 0);
    return Math.max(0, total - cap);
  }

  /**
   * Index rows first, then files; answers the bytes the index listed. On a
   * disk so full that the database cannot even record a deletion
   * (SQLITE_FULL), the files go first to make that room, then the rows: for
   * that moment a reader may find a row whose file is gone, which it reports
   * as a missing archive, and the start-up scan would drop the row anyway.
   */
  private async remove(segments: readonly ArchiveSegment[]): Promise<number> {
    const closed = segments.filter((s) => !s.active);
    if (closed.length === 0) return 0;
    const ids = closed.map((s) => s.id);
    let rowsRemoved = true;
    try {
      this.deps.index.removeSegments(ids);
    } catch (err) {
      this.deps.log?.warn({ err }, 'the archive index could not record a removal; deleting the files first to make room');
      rowsRemoved = false;
    }
    let bytes = 0;
    const root = path.resolve(this.deps.index.archiveRoot) + path.sep;
    for (const segment of closed) {
      bytes += segment.sizeBytes;
      if (!path.resolve(segment.path).startsWith(root)) {
        this.deps.log?.warn({ path: segment.path }, 'an indexed archive lies outside the archive folder; its row is removed, the file kept');
        continue;
      }
      await fs.promises.rm(segment.path, { force: true }).catch((err: unknown) => {
        this.deps.log?.warn({ err, path: segment.path }, 'could not delete an archive file; the start-up scan will find it');
      });
    }
    if (!rowsRemoved) this.deps.index.removeSegments(ids);
    return bytes;
  }

  /** A listener that fails does not fail the pass. */
  private tell(notify: () => void): void {
    try {
      notify();
    } catch (err) {
      this.deps.log?.warn({ err }, 'a cleaner listener failed');
    }
  }

  /** Bookkeeping for the system report; a failure to write it (a full disk) must not undo a pass that freed space. */
  private record(atMs: number, reason: 'age' | 'disk', segments: number, bytes: number): void {
    try {
      this.deps.db
        ?.prepare('INSERT INTO retention_cleanings (at_ms, reason, segments_removed, bytes_removed) VALUES (?, ?, ?, ?)')
        .run(atMs, reason, segments, bytes);
    } catch (err) {
      this.deps.log?.warn({ err }, 'could not record a cleaner run');
    }
  }
}
