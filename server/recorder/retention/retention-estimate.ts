/**
 * Retention arithmetic of the retention page (spec 3 "Retention per camera",
 * spec 4, spec 9). Pure functions over per-camera recording totals:
 *
 * - A day is 86 400 s. Days are shown to 0.1.
 * - bytesEstimatedPerDay = bytes recorded per second of recording x 86 400;
 *   for a motion-only camera per second of calendar span instead (it records
 *   only part of each day). Zero while under 60 s has been recorded: too
 *   little to extrapolate.
 * - A camera with an override wants its override days. The archive budget
 *   (disk availableUpToThreshold) minus what the overrides need is shared by
 *   the automatic cameras so that all keep the same number of days — which
 *   is what the cleaner's oldest-first deletion produces.
 * - bytesEstimated is what the desired days need (daysDesired x per day);
 *   daysEstimated is what the camera will really keep: its desired days, or
 *   less for every override camera alike when the overrides do not fit.
 * - The plan is possible when the total estimate fits the budget within a
 *   0.1 % tolerance (spec 4: otherwise a red bar and 'not possible').
 */
import type { CameraDiskUsage, CamerasDiskUsageResponse } from '../../shared/api';
import { DAY_MS } from '../../shared/validation';

export const DAY_S = 86_400;
export const MIN_SECONDS_FOR_ESTIMATE = 60;
export const ESTIMATE_TOLERANCE = 0.001;

export interface CameraRecordingTotals {
  cameraId: string;
  cameraName: string;
  bytesRecorded: number;
  secondsRecorded: number;
  /** Start of the oldest archive, epoch ms; null when nothing is recorded. */
  oldestStartMs: number | null;
  isMotionOnly: boolean;
  /** Retention override in ms; 0 = automatic. */
  overrideMs: number;
}

export const roundDays = (days: number): number => Math.round(days * 10) / 10;

export function calendarDays(oldestStartMs: number | null, nowMs: number): number {
  return oldestStartMs === null ? 0 : Math.max(0, nowMs - oldestStartMs) / DAY_MS;
}

export function bytesPerDay(totals: Pick<CameraRecordingTotals, 'bytesRecorded' | 'secondsRecorded' | 'isMotionOnly' | 'oldestStartMs'>, nowMs: number): number {
  if (totals.secondsRecorded < MIN_SECONDS_FOR_ESTIMATE || totals.bytesRecorded <= 0) return 0;
  const spanS = totals.isMotionOnly && totals.oldestStartMs !== null ? Math.max(0, nowMs - totals.oldestStartMs) / 1000 : 0;
  const perSecondOver = Math.max(totals.secondsRecorded, spanS);
  return (totals.bytesRecorded / perSecondOver) * DAY_S;
}

export function withinBudget(estimatedBytes: number, budgetBytes: number): boolean {
  return estimatedBytes - budgetBytes <= budgetBytes * ESTIMATE_TOLERANCE;
}

/** The retention page's rows and whether the desired retention fits the archive budget. */
export function estimateRetention(cameras: readonly CameraRecordingTotals[], budgetBytes: number, nowMs: number): CamerasDiskUsageResponse {
  const perDay = cameras.map((c) => bytesPerDay(c, nowMs));
  let overrideBytes = 0;
  let automaticPerDay = 0;
  cameras.forEach((camera, i) => {
    if (camera.overrideMs > 0) overrideBytes += (camera.overrideMs / DAY_MS) * perDay[i]!;
    else automaticPerDay += perDay[i]!;
  });
  const automaticDays = automaticPerDay > 0 ? Math.max(0, budgetBytes - overrideBytes) / automaticPerDay : 0;
  // When the overrides alone do not fit, oldest-first cleaning shortens every override camera alike.
  const overrideScale = overrideBytes > budgetBytes && overrideBytes > 0 ? budgetBytes / overrideBytes : 1;

  const rows: CameraDiskUsage[] = cameras.map((camera, i) => {
    const override = camera.overrideMs > 0;
    const desiredDays = override ? camera.overrideMs / DAY_MS : automaticDays;
    const achievableDays = override ? desiredDays * overrideScale : automaticDays;
    return {
      cameraId: camera.cameraId,
      cameraName: camera.cameraName,
      daysEstimated: roundDays(achievableDays),
      bytesEstimated: Math.round(desiredDays * perDay[i]!),
      bytesEstimatedPerDay: Math.round(perDay[i]!),
      isMotionOnly: camera.isMotionOnly,
      override,
      daysDesired: roundDays(desiredDays),
      bytesRecorded: camera.bytesRecorded,
      daysRecorded: roundDays(camera.secondsRecorded / DAY_S),
      secondsRecorded: Math.round(camera.secondsRecorded),
      calendarDays: roundDays(calendarDays(camera.oldestStartMs, nowMs)),
    };
  });
  const total = rows.reduce((sum, row) => sum + row.bytesEstimated, 0);
  return { cameras: rows, bytesEstimatedTotal: total, availableUpToThreshold: budgetBytes, possible: withinBudget(total, budgetBytes) };
}
