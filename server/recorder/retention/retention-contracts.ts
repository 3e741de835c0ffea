/**
 * What retention needs from the archive index and the camera list. The
 * archive index (media/archive-*) and the cameras service implement these;
 * the cleaner, the start-up reconcile and the disk-usage figures use only
 * them.
 */
import type { ArchiveSegment } from '../core/media-contracts';

export interface StreamArchiveTotals {
  streamId: string;
  /** Sum of segment sizes, the active one included. */
  bytes: number;
  /** Sum of segment durations (endMs - startMs) / 1000. */
  seconds: number;
  /** Start of the oldest segment, epoch ms; null when none. */
  oldestStartMs: number | null;
  /** End of the newest segment (the active one's last packet), epoch ms; null when none. */
  newestEndMs: number | null;
}

export interface RetentionArchiveIndex {
  /** Every folder segment files live in (for the start-up scan). */
  readonly archiveRoot: string;
  streamTotals(): StreamArchiveTotals[];
  /**
   * Closed (not active) segments, oldest start first, at most `limit`; only
   * of `streamIds` when given; only those ending before `endBeforeMs` when
   * given.
   */
  oldestClosedSegments(options: { limit: number; streamIds?: readonly string[]; endBeforeMs?: number }): ArchiveSegment[];
  /** Removes index rows only; the caller deletes the files. */
  removeSegments(ids: readonly number[]): void;
  /** All indexed segments (id, path, active), for the start-up reconcile. */
  allSegments(): Iterable<Pick<ArchiveSegment, 'id' | 'path' | 'active'>>;
  /**
   * Indexes a segment file found on disk that has no row (a crash between
   * writing and indexing, or a restored backup); answers true when adopted.
   * Optional: without it such files are only counted and reported.
   */
  adoptFile?(file: string): Promise<boolean>;
}

export interface RetentionCamera {
  id: string;
  name: string;
  streams: Array<{ id: string; name: string; motionOnly: boolean }>;
}

export interface RetentionCameraDirectory {
  cameras(): RetentionCamera[];
}
