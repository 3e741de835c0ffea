/**
 * The retention page's estimate of the configuration being edited (spec 3
 * "Retention per camera", spec 4 "Retention form", spec 9), pure so it
 * follows every keystroke without a server round trip.
 *
 * Each camera records bytesEstimatedPerDay (the recorder's figure: zero while
 * under 60 s has been recorded). A camera with a manual override needs
 * perDay x its days; the automatic cameras share what is left of the budget
 * so that all keep the same number of days (what the cleaner's oldest-first
 * deletion produces). The estimate is the sum over cameras of perDay x the
 * days each would keep, compared with the budget within a 0.1 % tolerance.
 *
 * The budget is the disk's availableUpToThreshold less bytesFromDeletedCameras,
 * not maxUsage: maxUsage is how full the whole volume may get, and part of it
 * holds other data (storage.unavailable) that archives can never use, so
 * availableUpToThreshold (maxUsage - unavailable) is what archives may fill.
 * Archives of deleted cameras take part of that until the cleaner removes
 * them. The recorder's own `possible` (server/recorder/retention/
 * retention-estimate.ts) uses the same budget, so the page and the recorder
 * agree about the saved configuration.
 */
import type { DiskUtilization } from '../../../server/shared/api';

/** Spec 9: an estimate may exceed the budget by 0.1 % and still be possible. */
export const ESTIMATE_TOLERANCE = 0.001;

export interface EstimateCamera {
  bytesEstimatedPerDay: number;
  /** Days of a manual override; null for an automatic camera. */
  manualDays: number | null;
}

export interface RetentionEstimate {
  /** Bytes the archives may use. */
  budgetBytes: number;
  /** Sum over cameras of perDay x the days each would keep. */
  estimatedBytes: number;
  /** Days every automatic camera would keep. */
  automaticDays: number;
  /** Days each camera would keep, in input order (overrides shortened alike when they do not fit). */
  daysPerCamera: number[];
  possible: boolean;
}

export function archiveBudgetBytes(disk: Pick<DiskUtilization, 'availableUpToThreshold' | 'bytesFromDeletedCameras'>): number {
  return Math.max(0, disk.availableUpToThreshold - disk.bytesFromDeletedCameras);
}

export function withinBudget(estimatedBytes: number, budgetBytes: number): boolean {
  return estimatedBytes - budgetBytes <= budgetBytes * ESTIMATE_TOLERANCE;
}

export function estimateRetention(cameras: readonly EstimateCamera[], budgetBytes: number): RetentionEstimate {
  let overrideBytes = 0;
  let automaticPerDay = 0;
  for (const camera of cameras) {
    if (camera.manualDays !== null) overrideBytes += camera.manualDays * camera.bytesEstimatedPerDay;
    else automaticPerDay += camera.bytesEstimatedPerDay;
  }
  const automaticDays = automaticPerDay > 0 ? Math.max(0, budgetBytes - overrideBytes) / automaticPerDay : 0;
  // Overrides that do not fit are cut alike by oldest-first cleaning.
  const overrideScale = overrideBytes > budgetBytes && overrideBytes > 0 ? budgetBytes / overrideBytes : 1;
  const estimatedBytes = overrideBytes + automaticDays * automaticPerDay;
  return {
    budgetBytes,
    estimatedBytes,
    automaticDays,
    daysPerCamera: cameras.map((c) => (c.manualDays !== null ? c.manualDays * overrideScale : automaticDays)),
    possible: withinBudget(estimatedBytes, budgetBytes),
  };
}

/** Days shown to 0.1 (spec 9). */
export function formatDays(days: number): string {
  return (Math.round(days * 10) / 10).toFixed(1);
}
