/**
 * The figures behind GET /service/server/utilization/disk and
 * GET /service/cameras/disk-usage: the volume (statfs of the data folder),
 * the archive index totals per stream, the camera list and the retention
 * overrides, turned into the spec's shapes by the pure functions of
 * disk-utilization.ts and retention-estimate.ts. Archives of streams no
 * camera owns any more are counted as bytesFromDeletedCameras.
 */
import type { CamerasDiskUsageResponse, DiskUtilization } from '../../shared/api';
import type { RetentionArchiveIndex, RetentionCameraDirectory, StreamArchiveTotals } from './retention-contracts';
import { diskUtilization, type VolumeFigures } from './disk-utilization';
import { estimateRetention, type CameraRecordingTotals } from './retention-estimate';

export interface DiskServiceDeps {
  dataDir: string;
  thresholdPercent: number;
  index: Pick<RetentionArchiveIndex, 'streamTotals'>;
  cameras: RetentionCameraDirectory;
  overrides: { all(): Map<string, number> };
  statVolume: (folder: string) => Promise<VolumeFigures>;
  now?: () => number;
}

/** One camera's totals over its streams: bytes add up; recorded time is its longest-recorded stream's (streams record side by side). */
export function cameraTotals(
  camera: { id: string; name: string; streams: Array<{ id: string; motionOnly: boolean }> },
  byStream: ReadonlyMap<string, StreamArchiveTotals>,
  overrideMs: number,
): CameraRecordingTotals {
  let bytes = 0;
  let seconds = 0;
  let oldest: number | null = null;
  for (const stream of camera.streams) {
    const totals = byStream.get(stream.id);
    if (!totals) continue;
    bytes += totals.bytes;
    seconds = Math.max(seconds, totals.seconds);
    if (totals.oldestStartMs !== null) oldest = oldest === null ? totals.oldestStartMs : Math.min(oldest, totals.oldestStartMs);
  }
  return {
    cameraId: camera.id,
    cameraName: camera.name,
    bytesRecorded: bytes,
    secondsRecorded: seconds,
    oldestStartMs: oldest,
    isMotionOnly: camera.streams.length > 0 && camera.streams.every((s) => s.motionOnly),
    overrideMs,
  };
}

export class DiskService {
  constructor(private readonly deps: DiskServiceDeps) {}

  private totals(): { byStream: Map<string, StreamArchiveTotals>; archives: number; deleted: number } {
    const byStream = new Map(this.deps.index.streamTotals().map((t) => [t.streamId, t]));
    const owned = new Set(this.deps.cameras.cameras().flatMap((c) => c.streams.map((s) => s.id)));
    let archives = 0;
    let deleted = 0;
    for (const totals of byStream.values()) {
      archives += totals.bytes;
      if (!owned.has(totals.streamId)) deleted += totals.bytes;
    }
    return { byStream, archives, deleted };
  }

  async utilization(): Promise<DiskUtilization> {
    const { archives, deleted } = this.totals();
    return diskUtilization(await this.deps.statVolume(this.deps.dataDir), archives, deleted, this.deps.thresholdPercent);
  }

  async camerasUsage(): Promise<CamerasDiskUsageResponse> {
    const { byStream, archives, deleted } = this.totals();
    const disk = diskUtilization(await this.deps.statVolume(this.deps.dataDir), archives, deleted, this.deps.thresholdPercent);
    const overrides = this.deps.overrides.all();
    const cameras = this.deps.cameras.cameras().map((c) => cameraTotals(c, byStream, overrides.get(c.id) ?? 0));
    // Archives of deleted cameras also take budget until the cleaner removes them.
    const budget = Math.max(0, disk.availableUpToThreshold - deleted);
    return estimateRetention(cameras, budget, (this.deps.now ?? Date.now)());
  }
}
