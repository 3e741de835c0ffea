/**
 * Brings the archive index back in line with the disk at start, before any
 * ingest runs: rows whose file is gone are removed, and a row still marked
 * active (the recorder or machine died while ffmpeg wrote it) is closed at
 * the file's real length (time of its last packet, read by ffprobe) or, when
 * the file cannot be probed, at its modification time. A file that ffprobe
 * reads to the end and finds no packet in (empty, or cut inside its header
 * by a kill moments after it opened) holds no video and is removed with its
 * row.
 *
 * Also used when one ffmpeg dies without closing its segment (kill -9): see
 * `closeInterrupted`. Such a file has no duration in its header (it still
 * plays); `declareDuration` rewrites it so every archive declares its length.
 *
 * Cost: one readdir per stream folder, and per active row one ffprobe and
 * one stream-copy remux (at most one per stream; ~0.2 s for a minute of
 * 1080p).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ArchiveSegment } from '../core/media-contracts';
import type { ArchiveIndex } from './archive-index';
import { FFMPEG_PATH, runToCompletion, type RunResult } from '../../processes';
import { probeSegmentSeconds } from './segment-probe';

export interface RecoveryReport {
  removedRows: number;
  closedRows: number;
}

/** Suffix of the temporary file a rewrite writes beside its segment. */
const REMUX_SUFFIX = '.remux.tmp';

/** Seconds of video in a file, undefined when it holds none; rejects when the file could not be probed at all. */
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
  let probed = true;
  try {
    seconds = await probe(segment.path);
  } catch {
    // ffprobe could not run or timed out; fall back to what the ingest or the file system knows.
    probed = false;
  }
  if (seconds === undefined && (probed || stat.size === 0)) {
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

/**
 * Rewrites a closed segment that its ffmpeg never finished (kill -9, a
 * crash) so that its header declares its length, as every finished segment
 * does: a stream copy into a temporary file beside it, renamed over it in
 * one step. Readers that have the old file open keep reading it; a segment
 * the retention cleaner removed meanwhile is not brought back. Answers
 * false when the file could not be rewritten (it stays playable as it was).
 */
export async function declareDuration(index: ArchiveIndex, segmentId: number, file: string, timeoutMs = 60_000): Promise<boolean> {
  const temporary = `${file}${REMUX_SUFFIX}`;
  let result: RunResult | undefined;
  try {
    result = await runToCompletion({
      name: 'segment remux',
      command: FFMPEG_PATH,
      args: ['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', file, '-map', '0', '-c', 'copy', '-f', 'matroska', temporary],
      timeoutMs,
    });
  } catch {
    result = undefined; // ffmpeg could not be started
  }
  // The row is checked and the file renamed in one turn of the event loop, so the cleaner cannot come between.
  if (!result || result.code !== 0 || result.timedOut || !index.get(segmentId) || !fs.existsSync(file)) {
    fs.rmSync(temporary, { force: true });
    return false;
  }
  fs.renameSync(temporary, file);
  index.update(segmentId, { sizeBytes: fs.statSync(file).size });
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
    // A rewrite the recorder died in the middle of leaves its temporary file; the segment itself is intact.
    for (const name of present) if (name.endsWith(REMUX_SUFFIX)) fs.rmSync(path.join(folder, name), { force: true });
    const exists = (file: string) => (path.dirname(file) === folder ? present.has(path.basename(file)) : fs.existsSync(file));
    const missing = index.files(streamId).filter((f) => !exists(f.path));
    if (missing.length > 0) {
      index.remove(missing.map((f) => f.id));
      removedRows += missing.length;
    }
  }
  for (const segment of index.active()) {
    if (await closeInterrupted(index, segment, undefined, probe)) {
      closedRows++;
      await declareDuration(index, segment.id, segment.path);
    } else {
      removedRows++;
    }
  }
  return { removedRows, closedRows };
}
