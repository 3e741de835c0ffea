/**
 * Makes the archive index and the files agree, once at start (before
 * ingest writes anything): a row whose file is gone is removed; a segment
 * file with no row is handed to the index to adopt (or, without adoptFile,
 * counted and reported). Together with the cleaner's order (row first, then
 * file) this keeps "what the index lists exists" true across crashes.
 *
 * Cost: one stat per indexed segment and one directory walk of the archive
 * folder — about a second per 100 000 segments on a local disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../core/db/database';
import type { RetentionArchiveIndex } from './retention-contracts';

/** Files the archive writes: Matroska, MP4 and fragments, MPEG-TS. */
export const SEGMENT_FILE = /\.(mkv|mka|mp4|m4s|mov|ts)$/i;
const MAX_DEPTH = 6;

export interface ReconcileReport {
  missingFilesRemoved: number;
  orphanFilesFound: number;
  orphanFilesAdopted: number;
}

async function walk(folder: string, depth: number, found: (file: string) => Promise<void>): Promise<void> {
  if (depth > MAX_DEPTH) return;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(folder, { withFileTypes: true });
  } catch {
    return; // the archive folder does not exist yet: nothing to find
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) await walk(full, depth + 1, found);
    else if (entry.isFile() && SEGMENT_FILE.test(entry.name)) await found(full);
  }
}

export async function reconcileArchives(
  index: RetentionArchiveIndex,
  options: { db?: Db; now?: () => number; log?: { info: (details: object, message: string) => void } } = {},
): Promise<ReconcileReport> {
  const report: ReconcileReport = { missingFilesRemoved: 0, orphanFilesFound: 0, orphanFilesAdopted: 0 };
  const known = new Set<string>();
  const missing: number[] = [];
  for (const segment of index.allSegments()) {
    const resolved = path.resolve(segment.path);
    known.add(resolved);
    if (!segment.active && !fs.existsSync(resolved)) missing.push(segment.id);
  }
  if (missing.length > 0) {
    index.removeSegments(missing);
    report.missingFilesRemoved = missing.length;
    options.db
      ?.prepare('INSERT INTO retention_cleanings (at_ms, reason, segments_removed, bytes_removed) VALUES (?, ?, ?, 0)')
      .run((options.now ?? Date.now)(), 'missing-file', missing.length);
  }
  await walk(path.resolve(index.archiveRoot), 0, async (file) => {
    if (known.has(file)) return;
    report.orphanFilesFound++;
    if (index.adoptFile && (await index.adoptFile(file).catch(() => false))) report.orphanFilesAdopted++;
  });
  if (report.missingFilesRemoved + report.orphanFilesFound > 0) {
    options.log?.info({ ...report }, 'archive index and files reconciled');
  }
  return report;
}
