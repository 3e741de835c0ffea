/** Size and free space of the volume holding a folder (statfs: one syscall, no disk reads). */
import fs from 'node:fs';
import type { VolumeFigures } from './disk-utilization';

export async function statVolume(folder: string): Promise<VolumeFigures> {
  const stats = await fs.promises.statfs(folder);
  return { capacityBytes: stats.blocks * stats.bsize, freeBytes: stats.bavail * stats.bsize };
}
