/**
 * What the fault tests read back from a recorder: every stream's archives,
 * the gap a fault left in each stream's recording, and whether every closed
 * segment decodes and declares its length.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import type { ArchivesResponse, Archive, StreamsResponse } from '../../../server/shared/api';
import { declaredSeconds, decodeAll } from '../recorder/helpers/frames';
import type { MediaRecorder } from '../recorder/helpers/media-recorder';

export async function streamIds(recorder: MediaRecorder): Promise<string[]> {
  const reply = await recorder.call<StreamsResponse>('GET', '/service/streams');
  return reply.status === 200 ? reply.body.data.streams.map((s) => s.id) : [];
}

export async function archivesOf(recorder: MediaRecorder, streamId: string): Promise<Archive[]> {
  const reply = await recorder.call<ArchivesResponse>('GET', `/service/archives?streamId=${streamId}&take=1000`);
  if (reply.status !== 200) throw new Error(`archives of ${streamId}: ${reply.status}`);
  return [...reply.body.data.archives].sort((a, b) => a.start - b.start);
}

/**
 * The hole in a stream's recording around `atMs`: from the end of the last
 * segment that started before it to the start of the first one after it.
 * Undefined while nothing has been recorded after it yet.
 */
export function gapAround(archives: Archive[], atMs: number): { beforeEndMs: number; afterStartMs: number } | undefined {
  const before = archives.filter((a) => a.start < atMs).at(-1);
  const after = archives.find((a) => a.start >= (before?.end ?? atMs) && a.start > (before?.start ?? 0) && a.end - a.start > 500);
  if (!before || !after) return undefined;
  return { beforeEndMs: before.end, afterStartMs: after.start };
}

/** Closed segments of the given files that do not decode or declare no length (empty when all is well). */
export async function damagedSegments(files: string[]): Promise<string[]> {
  const damaged: string[] = [];
  for (const file of files) {
    // A segment cut by a kill is rewritten in the background: until then ffprobe may stop at its
    // end with an error. That is a damaged segment for now (the caller waits and asks again), not a
    // failure of the check itself.
    const probed = await Promise.all([decodeAll(file), declaredSeconds(file)]).catch((error: unknown) => error);
    if (!Array.isArray(probed)) {
      const said = (probed as { stderr?: string }).stderr?.trim() || String(probed instanceof Error ? probed.message : probed);
      damaged.push(`${file}: unreadable, ${sizeOf(file)} bytes (${said.slice(-200)})`);
      continue;
    }
    const [decoded, declared] = probed as [Awaited<ReturnType<typeof decodeAll>>, number | undefined];
    if (decoded.frames === 0) damaged.push(`${file}: no frames (${decoded.errors.slice(0, 120)})`);
    if (declared === undefined) damaged.push(`${file}: declares no duration`);
  }
  return damaged;
}

function sizeOf(file: string): number | string {
  try {
    return fs.statSync(file).size;
  } catch {
    return 'no file,';
  }
}

/** The files of every closed segment the recorder's index holds. */
export function closedSegmentFiles(dataDir: string): string[] {
  const db = new Database(path.join(dataDir, 'recorder.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT path FROM archives WHERE active = 0 ORDER BY start_ms').all() as Array<{ path: string }>).map((r) => path.join(dataDir, r.path));
  } finally {
    db.close();
  }
}
