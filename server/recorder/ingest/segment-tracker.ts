/**
 * Keeps the archive index in step with one ffmpeg run: a segment is indexed
 * (active) the moment ffmpeg opens its file, its end and size follow the
 * progress reports every few seconds, and it is closed with the exact times
 * of the segment list when ffmpeg finishes it. Segments still open when the
 * run ends (ffmpeg killed) are closed at their real length.
 *
 * Times: output seconds are mapped to wall-clock ms through the run's
 * ClockAnchor. A segment opened before the anchor is known gets the arrival
 * time and is corrected at the first progress report; while open, its start
 * follows the anchor as the estimate improves.
 *
 * Cost: one SQLite update per active segment every `updateEveryMs`, one stat
 * per update.
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeInterrupted, declareDuration, probeSegmentSeconds, type ArchiveIndex, type SegmentProber } from '../archive';
import type { ClockAnchor } from './clock-anchor';
import type { SegmentListEntry } from './ffmpeg-output';

export const ACTIVE_UPDATE_EVERY_MS = 2_000;

interface OpenSegment {
  id: number;
  file: string;
  startOutS: number;
  anchored: boolean;
}

export interface SegmentTrackerOptions {
  index: ArchiveIndex;
  streamId: string;
  cameraId: string;
  folder: string;
  anchor: ClockAnchor;
  now?: () => number;
  probe?: SegmentProber;
  updateEveryMs?: number;
  /** Called with the end (epoch ms) of the newest recorded video whenever it moves. */
  onWritten?: (endMs: number) => void;
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

export class SegmentTracker {
  private readonly open = new Map<string, OpenSegment>();
  private lastOutS = 0;
  private lastUpdateMs = 0;
  private segmentsSeen = 0;
  /** End of the last segment closed in this run: a later segment never starts before it. */
  private closedEndMs = -Infinity;
  private readonly now: () => number;

  constructor(private readonly options: SegmentTrackerOptions) {
    this.now = options.now ?? Date.now;
  }

  get openSegments(): number {
    return this.open.size;
  }

  /** ffmpeg opened a segment file (stderr "Opening '<file>' for writing"). */
  onOpened(file: string): void {
    const name = path.basename(file);
    if (this.open.has(name)) return;
    const absolute = path.join(this.options.folder, name);
    // The first segment of a run starts at output time 0; later ones where the newest packet is now.
    const startOutS = this.segmentsSeen === 0 ? 0 : this.lastOutS;
    this.segmentsSeen++;
    const anchored = this.options.anchor.known;
    const startMs = this.options.anchor.wallMs(startOutS) ?? this.now();
    const id = this.options.index.open({
      streamId: this.options.streamId,
      cameraId: this.options.cameraId,
      path: absolute,
      startMs,
    });
    this.open.set(name, { id, file: absolute, startOutS, anchored });
  }

  /**
   * A progress report: the newest packet is at output time `outTimeS` (the
   * anchor was already sampled). Every `updateEveryMs` the open segments get
   * their start from the current anchor (it only gets better as samples
   * come in) and the newest its end and size.
   */
  onProgress(outTimeS: number): void {
    this.lastOutS = Math.max(this.lastOutS, outTimeS);
    const { anchor, index } = this.options;
    const nowMs = this.now();
    const due = nowMs - this.lastUpdateMs >= (this.options.updateEveryMs ?? ACTIVE_UPDATE_EVERY_MS);
    const firstAnchor = [...this.open.values()].some((s) => !s.anchored) && anchor.known;
    if (!due && !firstAnchor) return;
    this.lastUpdateMs = nowMs;
    const endMs = anchor.wallMs(this.lastOutS);
    if (endMs === undefined) return;
    const newest = [...this.open.values()].at(-1);
    for (const segment of this.open.values()) {
      segment.anchored = true;
      const startMs = Math.max(anchor.wallMs(segment.startOutS)!, this.closedEndMs);
      index.update(segment.id, segment === newest ? { startMs, endMs, sizeBytes: sizeOf(segment.file) } : { startMs });
    }
    if (newest) this.options.onWritten?.(endMs);
  }

  /** A segment-list line: ffmpeg finished a segment. */
  onListed(entry: SegmentListEntry): void {
    const name = path.basename(entry.file);
    if (!this.open.has(name)) this.onOpened(name);
    const segment = this.open.get(name)!;
    const { anchor, index } = this.options;
    const startMs = anchor.wallMs(entry.startS);
    const endMs = anchor.wallMs(entry.endS) ?? this.now();
    index.close(segment.id, { ...(startMs === undefined ? {} : { startMs }), endMs, sizeBytes: sizeOf(segment.file) });
    this.open.delete(name);
    this.closedEndMs = Math.max(this.closedEndMs, endMs);
    // The segment opened after this one starts where this one ended (more exact than when its opening was seen).
    const next = [...this.open.values()].find((s) => s.startOutS >= segment.startOutS);
    if (next) {
      next.startOutS = entry.endS;
      const nextStartMs = anchor.wallMs(entry.endS);
      if (nextStartMs !== undefined) index.update(next.id, { startMs: Math.max(nextStartMs, this.closedEndMs) });
    }
    this.options.onWritten?.(endMs);
  }

  /** The run ended: segments ffmpeg did not finish are closed at their real length (or removed when empty). */
  async finish(): Promise<void> {
    const lastKnownEndMs = this.options.anchor.wallMs(this.lastOutS);
    for (const segment of [...this.open.values()]) {
      const row = this.options.index.get(segment.id);
      this.open.delete(path.basename(segment.file));
      if (!row) continue;
      const kept = await closeInterrupted(this.options.index, row, lastKnownEndMs, this.options.probe ?? probeSegmentSeconds);
      if (kept) {
        const closed = this.options.index.get(segment.id);
        if (closed) this.options.onWritten?.(closed.endMs);
        // In the background: the next ffmpeg of this stream need not wait for the old file's header.
        void declareDuration(this.options.index, segment.id, row.path).catch(() => undefined);
      }
    }
  }
}
