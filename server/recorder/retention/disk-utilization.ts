/**
 * Disk utilization of the archive volume (spec 3 "Disk utilization"), from
 * the volume's size and free space (statfs of the data folder) and the bytes
 * the archive index holds. Pure arithmetic, bytes throughout:
 *
 *   unavailable            = capacity - free - archivesSize   (other data; never below 0)
 *   maxUsage               = capacity x threshold             (the volume may fill to this)
 *   availableUpToThreshold = maxUsage - unavailable           (what archives may use; never below 0)
 *
 * The cleaner keeps capacity - free at or under maxUsage, so recording
 * always has the rest of the volume (10 % by default) as headroom.
 */
import type { DiskUtilization } from '../../shared/api';

export const DEFAULT_CLEANER_THRESHOLD_PERCENT = 90;

export interface VolumeFigures {
  capacityBytes: number;
  freeBytes: number;
}

export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

export function diskUtilization(
  volume: VolumeFigures,
  archivesBytes: number,
  deletedCamerasBytes: number,
  thresholdPercent: number,
): DiskUtilization {
  const capacity = Math.max(0, volume.capacityBytes);
  const free = Math.min(capacity, Math.max(0, volume.freeBytes));
  const unavailable = Math.max(0, capacity - free - archivesBytes);
  const threshold = Math.min(100, Math.max(0, thresholdPercent)) / 100;
  const maxUsage = Math.floor(capacity * threshold);
  return {
    storage: { capacity, free, unavailable },
    unavailablePercentage: percent(unavailable, capacity),
    cleanerThreshold: threshold,
    thresholdPercentage: Math.round(threshold * 1000) / 10,
    maxUsage,
    availableUpToThreshold: Math.max(0, maxUsage - unavailable),
    archivesSize: archivesBytes,
    bytesFromDeletedCameras: deletedCamerasBytes,
  };
}

/**
 * Bytes the cleaner must free now so the volume is back under the threshold
 * with `headroomBytes` to spare; 0 while under the threshold.
 */
export function bytesToFree(volume: VolumeFigures, thresholdPercent: number, headroomBytes: number): number {
  const used = volume.capacityBytes - volume.freeBytes;
  const maxUsage = Math.floor((volume.capacityBytes * Math.min(100, Math.max(0, thresholdPercent))) / 100);
  if (used <= maxUsage) return 0;
  return used - Math.max(0, maxUsage - headroomBytes);
}

/**
 * Headroom below the threshold the cleaner aims for once it has to clean, so
 * it does not run again after every segment: 1 % of the volume, at most
 * 1 GiB.
 */
export function cleanerHeadroomBytes(capacityBytes: number): number {
  return Math.min(Math.floor(capacityBytes * 0.01), 1024 ** 3);
}
