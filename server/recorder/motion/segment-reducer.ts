/**
 * Rewrites a closed archive segment with its keyframes only (stream copy,
 * see motion-ffmpeg-args.ts), for motion-adaptive recording. The copy is
 * written beside the segment as `<name>.reduce-tmp` (an extension the
 * archive reconcile does not adopt), then renamed over it: a reader sees
 * the old file or the new one, never half of one. A failed copy is
 * removed and the segment stays as it was.
 *
 * Cost: reading and writing the segment once (a minute at 2 Mbit/s is
 * 15 MB; tens of ms). Limits: the copy ends at the segment's last keyframe
 * (up to one GOP shorter than the index says).
 */
import fs from 'node:fs';
import path from 'node:path';
import { FFMPEG_PATH, runToCompletion } from '../../processes';
import { keyframesOnlyCopyArgs } from './motion-ffmpeg-args';

export const TEMP_SUFFIX = '.reduce-tmp';
const COPY_TIMEOUT_MS = 60_000;

/** Writes the keyframes-only copy; answers its path and size, or undefined when it failed. */
export async function keyframesOnlyCopy(segmentPath: string): Promise<{ tempPath: string; sizeBytes: number } | undefined> {
  const tempPath = `${segmentPath}${TEMP_SUFFIX}`;
  const result = await runToCompletion({
    name: 'keyframes-only copy',
    command: FFMPEG_PATH,
    args: keyframesOnlyCopyArgs(segmentPath, tempPath),
    timeoutMs: COPY_TIMEOUT_MS,
  }).catch(() => undefined);
  const sizeBytes = await fs.promises.stat(tempPath).then((s) => s.size, () => 0);
  if (!result || result.code !== 0 || sizeBytes === 0) {
    await fs.promises.rm(tempPath, { force: true });
    return undefined;
  }
  return { tempPath, sizeBytes };
}

/** Removes copies a crash left behind (one readdir per stream folder). */
export async function removeStaleCopies(archiveRoot: string): Promise<number> {
  let removed = 0;
  const folders = await fs.promises.readdir(archiveRoot, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const dir = path.join(archiveRoot, folder.name);
    for (const name of await fs.promises.readdir(dir).catch(() => [])) {
      if (!name.endsWith(TEMP_SUFFIX)) continue;
      await fs.promises.rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
