/**
 * The decisions of the property editor for one server of the multi-server
 * edition (spec 2, 4, 9), where a save restarts a recorder, not the
 * aggregator serving the page: the page stays, a modal dialog waits for the
 * restart, and the editor watches the server until it can serve its
 * properties again.
 *
 * - The save wait checks the server every 1 s until it has been seen down
 *   and answers again. A server not answering at the first check is taken
 *   as already gone: the wait ends at once and the editor's own 10 s poll
 *   takes over. A restart quicker than one check is never seen, so the wait
 *   also ends after the controlled-shutdown safety time (90 s).
 * - The editor's load state after a check of the server: not available or
 *   defunct (offline, too old a version) keeps it checking, unconfirmed
 *   shows the confirm view, confirmed fetches; it checks again every 10 s
 *   until the server is available, not defunct and confirmed.
 *
 * Pure: the caller does the calls, time comes from injected timers and
 * elapsed time, so every path is unit-tested. Cost: one timer at a time.
 */
import { browserTimers, type Timers } from '../../../workers/core/browser-timers';
import type { Orchid } from '../../../server/shared/api';
import { CONTROLLED_SHUTDOWN_SAFETY_RELOAD_MS } from '../../../server/shared/properties';

/** Spec 9: the save wait checks the restarting server every second. */
export const SAVE_WAIT_CHECK_MS = 1000;
/** Spec 9: the editor checks an unavailable or unconfirmed server every 10 s. */
export const SERVER_PROPERTIES_POLL_MS = 10_000;

/** Spec 4 property load states. */
export type PropertiesLoadState = 'checking-confirmation' | 'need-confirmation' | 'fetching' | 'fetched' | 'fetch-error';

export interface SaveWait {
  checks: number;
  seenDown: boolean;
}

export const SAVE_WAIT_START: SaveWait = { checks: 0, seenDown: false };

/** The wait after one more check of the server (`alive`: it answered), and whether it is over. */
export function afterSaveCheck(wait: SaveWait, alive: boolean, elapsedMs: number): { wait: SaveWait; over: boolean } {
  const next = { checks: wait.checks + 1, seenDown: wait.seenDown || !alive };
  const goneAtOnce = wait.checks === 0 && !alive;
  return { wait: next, over: goneAtOnce || (next.seenDown && alive) || elapsedMs >= CONTROLLED_SHUTDOWN_SAFETY_RELOAD_MS };
}

/** Whether the aggregator can reach the server and use it: available and not defunct. */
export function serverUsable(orchid: Pick<Orchid, 'isAvailable' | 'health'>): boolean {
  return orchid.isAvailable && orchid.health !== 'offline' && orchid.health !== 'unsupported';
}

/** What a check of the server found: unusable, or usable with its confirmation. */
export type ServerCheck = { usable: false } | { usable: true; confirmed: boolean };

/** The load state a check leads to, and whether to check again in 10 s. */
export function afterServerCheck(check: ServerCheck): { state: PropertiesLoadState; pollAgain: boolean } {
  if (!check.usable) return { state: 'checking-confirmation', pollAgain: true };
  if (!check.confirmed) return { state: 'need-confirmation', pollAgain: true };
  return { state: 'fetching', pollAgain: false };
}

/**
 * Runs `step` after `firstDelayMs` (default `intervalMs`) and again
 * `intervalMs` after each one finishes while it resolves true; a step that
 * throws counts as true (the caller decides what a failure means inside
 * `step`). The returned function stops it: no step starts after it, and an
 * answer in flight schedules nothing.
 */
export function repeatEvery(
  intervalMs: number,
  step: () => Promise<boolean>,
  { timers = browserTimers, firstDelayMs = intervalMs }: { timers?: Timers; firstDelayMs?: number } = {},
): () => void {
  let stopped = false;
  let handle: unknown = null;
  const run = async () => {
    handle = null;
    const again = await step().catch(() => true);
    if (stopped || !again) return;
    handle = timers.setTimeout(() => void run(), intervalMs);
  };
  handle = timers.setTimeout(() => void run(), firstDelayMs);
  return () => {
    stopped = true;
    if (handle !== null) timers.clearTimeout(handle);
  };
}
