/**
 * When a bag preview refreshes (spec 8, 9): 2500 ms after its first
 * picture, then every 60000 ms plus up to 30000 ms at random (so a long
 * camera list does not refresh all at once), only while it is visible; a
 * preview that comes back into view refreshes at once if it was due, or if
 * its picture is older than 600000 ms. A failed load shows the unavailable
 * placeholder after 5000 ms (at once when the server is unavailable) and is
 * retried every 5000 ms while the server is available. Pure.
 */
export const PREVIEW_FIRST_REFRESH_MS = 2500;
export const PREVIEW_REFRESH_MS = 60_000;
export const PREVIEW_REFRESH_JITTER_MS = 30_000;
export const PREVIEW_STALE_MS = 600_000;
export const PREVIEW_ERROR_MS = 5000;

/** Delay before the next refresh after `loads` successful loads (1 = the first picture). */
export function nextRefreshDelayMs(loads: number, random: () => number = Math.random): number {
  if (loads <= 1) return PREVIEW_FIRST_REFRESH_MS;
  return PREVIEW_REFRESH_MS + Math.floor(random() * PREVIEW_REFRESH_JITTER_MS);
}

export interface PreviewTimes {
  visible: boolean;
  /** A refresh came due while the preview was hidden. */
  due: boolean;
  lastLoadedMs: number | null;
  nowMs: number;
}

/** Whether to load a new picture now. */
export function shouldRefresh({ visible, due, lastLoadedMs, nowMs }: PreviewTimes): boolean {
  if (!visible) return false;
  if (lastLoadedMs === null || due) return true;
  return nowMs - lastLoadedMs > PREVIEW_STALE_MS;
}

/** How long a failed preview keeps its old picture before the placeholder shows. */
export function unavailableAfterMs(serverAvailable: boolean): number {
  return serverAvailable ? PREVIEW_ERROR_MS : 0;
}
