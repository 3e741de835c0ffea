/**
 * Restart delays for a failing child process: exponential from 1 s, capped
 * at 30 s, back to the start once a run has stayed up long enough to count
 * as healthy. Pure; the supervisor owns the timers.
 */
export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_CAP_MS = 30_000;
/** A run that stayed up this long resets the backoff. */
export const HEALTHY_RUN_MS = 30_000;

/** Delay before restart number `attempt` (1 = the first restart). */
export function backoffDelayMs(attempt: number, firstMs = BACKOFF_FIRST_MS, capMs = BACKOFF_CAP_MS): number {
  if (attempt <= 1) return firstMs;
  return Math.min(capMs, firstMs * 2 ** Math.min(attempt - 1, 30));
}
