/**
 * Brings the archive index back in line with the disk at start, before any
 * ingest runs: rows whose file is gone are removed, and a row still marked
 * active (the recorder or machine died while ffmpeg wrote it) is closed at
 * the file's real length (time of its last packet, read by ffprobe) or, when
 * the file cannot be read, at its modification time. A file with no packets
 * at all is removed with its row.
 *
 * Also used when one ffmpeg dies without closing its segment (kill -9): see
 * `closeInterrupted`.
 *
 * Cost: one readdir per stream folder and one ffprobe per active row (at
 * most one per stream).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ArchiveSegment } from './contracts';
import type { ArchiveIndex } from './archive-index';
import { probeSegmentSeconds } from './ingest/ffprobe';

export interface RecoveryReport {
  removedRows: number;
  closedRows: number;
}

export type SegmentProber = (file: string) => Promise<number | undefined>;

function listFolder(folder: string): Set<string> {
  try {
    return new Set(fs.readdirSync(folder));
  } catch {
    return new Set();
  }
}

/**
 * Closes one active segment whose writer is gone. `lastKnownEndMs` is the
 * end the ingest had seen, used when the file cannot be probed. Answers
 * false when the segment was removed (no video in it).
 */
export async function closeInterrupted(
  index: ArchiveIndex,
  segment: ArchiveSegment,
  lastKnownEndMs: number | undefined,
  probe: SegmentProber = probeSegmentSeconds,
): Promise<boolean> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(segment.path);
  } catch {
    index.remove([segment.id]);
    return false;
  }
  let seconds: number | undefined;
  try {
    seconds = await probe(segment.path);
  } catch {
    // ffprobe could not run; fall back to what the ingest or the file system knows.
    seconds = undefined;
  }
  if (seconds === undefined && stat.size === 0) {
    index.remove([segment.id]);
    fs.rmSync(segment.path, { force: true });
    return false;
  }
  const endMs =
    seconds !== undefined
      ? segment.startMs + Math.round(seconds * 1000)
      : Math.max(segment.endMs, lastKnownEndMs ?? Math.round(stat.mtimeMs));
  index.close(segment.id, { endMs, sizeBytes: stat.size });
  return true;
}

export async function recoverArchives(index: ArchiveIndex, probe: SegmentProber = probeSegmentSeconds): Promise<RecoveryReport> {
  let removedRows = 0;
  let closedRows = 0;
  for (const streamId of index.streamIds()) {
    let folder: string;
    try {
      folder = index.streamFolder(streamId);
    } catch {
      continue; // not a folder-safe id, so no files of ours; leave its rows for retention
    }
    const present = listFolder(folder);
    const exists = (file: string) => (path.dirname(file) === folder ? present.has(path.basename(file)) : fs.existsSync(file));
    const missing = index.files(streamId).filter((f) => !exists(f.path));
    if (missing.length > 0) {
      index.remove(missing.map((f) => f.id));
      removedRows += missing.length;
    }
  }
  for (const segment of index.active()) {
    if (await closeInterrupted(index, segment, undefined, probe)) closedRows++;
    else removedRows++;
  }
  return { removedRows, closedRows };
}
