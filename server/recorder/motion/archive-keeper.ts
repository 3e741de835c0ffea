/**
 * Applies the motion recording styles to closed archive segments (spec 4):
 * every few seconds, for each watched stream that records only motion or
 * thins video without motion, the segments closed since the last pass are
 * judged (motion/motion-archive-policy.ts) once DECISION_DELAY_MS has
 * passed after their end, oldest first:
 *
 *  - delete: the index row goes first through the retention index, then
 *    the file (the cleaner's order: a reader never gets a row without its
 *    file; a crash in between leaves a file the start-up reconcile finds);
 *  - keyframes-only: a copy replaces the file atomically and the index
 *    gets its new size, unless the row went away (retention) meanwhile.
 *
 * Only segments that start after the current policy began and that the
 * detector watched entirely are judged; the rest are kept as they are.
 *
 * Cost: one indexed archive query and one or two event lookups per stream
 * and pass; a keyframes-only copy per thinned segment (segment-reducer.ts).
 * Limits: the cleaner could remove a row between the check and the rename
 * (a window of microseconds); the file left then is adopted at next start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DECISION_DELAY_MS, motionWindow, segmentDecision } from './motion-archive-policy';
import { reducedFrameRate } from '../core/motion-settings';
import type { ArchiveSegment } from '../core/media-contracts';
import type { ArchiveIndex } from '../archive';
import type { StreamMotion, MotionLog } from './stream-motion';

export const KEEPER_INTERVAL_MS = 5_000;

export interface ArchiveKeeperDeps {
  watched: () => StreamMotion[];
  archives: Pick<ArchiveIndex, 'segmentsBetween' | 'get' | 'update' | 'archiveRoot'>;
  /** Removes index rows (the retention index, so retention's figures follow). */
  removeSegments: (ids: readonly number[]) => void;
  motionNear: (streamId: string, fromMs: number, toMs: number) => boolean;
  keyframesOnlyCopy: (segmentPath: string) => Promise<{ tempPath: string; sizeBytes: number } | undefined>;
  log: MotionLog;
  now?: () => number;
  intervalMs?: number;
}

export interface KeeperReport {
  deleted: number;
  thinned: number;
  kept: number;
}

export class ArchiveKeeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<KeeperReport> | undefined;
  /** Per stream: segments ending at or before this were judged. */
  private readonly judgedUntil = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly deps: ArchiveKeeperDeps) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    this.timer ??= setInterval(() => {
      void this.runOnce().catch((error: unknown) => this.deps.log.warn(`motion archive pass failed: ${String(error)}`));
    }, this.deps.intervalMs ?? KEEPER_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass over every watched stream; concurrent callers share it. */
  runOnce(): Promise<KeeperReport> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<KeeperReport> {
    const report: KeeperReport = { deleted: 0, thinned: 0, kept: 0 };
    const untilMs = this.now() - DECISION_DELAY_MS;
    for (const motion of this.deps.watched()) {
      const settings = motion.current;
      if (!settings.recordOnlyMotion && !settings.reduceWithoutMotion) continue;
      const since = Math.max(motion.policySinceMs, this.judgedUntil.get(motion.streamId) ?? 0);
      const segments = this.deps.archives
        .segmentsBetween(motion.streamId, since, untilMs)
        .filter((s) => !s.active && s.endMs > since && s.endMs <= untilMs);
      for (const segment of segments) {
        await this.judge(motion, segment, report);
        this.judgedUntil.set(motion.streamId, Math.max(this.judgedUntil.get(motion.streamId) ?? 0, segment.endMs));
      }
    }
    return report;
  }

  private async judge(motion: StreamMotion, segment: ArchiveSegment, report: KeeperReport): Promise<void> {
    const window = motionWindow(segment.startMs, segment.endMs);
    const fps = motion.rate.fps();
    const keyframeMs = motion.rate.keyframeIntervalMs();
    const decision = segmentDecision(motion.current, {
      watched: segment.startMs >= motion.policySinceMs && motion.coverage.covers(segment.startMs, segment.endMs),
      motionNear: this.deps.motionNear(motion.streamId, window.fromMs, window.toMs),
      reducible: fps !== undefined && keyframeMs !== undefined && reducedFrameRate(fps, keyframeMs) !== undefined,
    });
    if (decision === 'delete') {
      this.deps.removeSegments([segment.id]);
      if (this.insideArchive(segment.path)) await fs.promises.rm(segment.path, { force: true });
      this.deps.log.info(`stream ${motion.streamId}: segment ${segment.id} had no motion near it and was removed (motion-only recording)`);
      report.deleted++;
    } else if (decision === 'keyframes-only') {
      const sizeBytes = await this.thin(segment);
      if (sizeBytes === undefined) {
        report.kept++;
        return;
      }
      this.deps.log.info(`stream ${motion.streamId}: segment ${segment.id} had no motion near it; kept its keyframes (${segment.sizeBytes} → ${sizeBytes} bytes)`);
      report.thinned++;
    } else {
      report.kept++;
    }
  }

  /** Replaces the segment by its keyframes; answers the new size, undefined when it stayed as it was. */
  private async thin(segment: ArchiveSegment): Promise<number | undefined> {
    if (!this.insideArchive(segment.path)) return undefined;
    const copy = await this.deps.keyframesOnlyCopy(segment.path);
    if (!copy) return undefined;
    const row = this.deps.archives.get(segment.id);
    if (!row || row.active || row.path !== segment.path) {
      await fs.promises.rm(copy.tempPath, { force: true });
      return undefined;
    }
    await fs.promises.rename(copy.tempPath, segment.path);
    this.deps.archives.update(segment.id, { sizeBytes: copy.sizeBytes });
    return copy.sizeBytes;
  }

  private insideArchive(file: string): boolean {
    const root = path.resolve(this.deps.archives.archiveRoot) + path.sep;
    return path.resolve(file).startsWith(root);
  }
}
