/**
 * The difference between the server's clock and this computer's (spec 2's
 * clock-skew warning). Probed when the shell opens and every minute while
 * signed in; a failed probe keeps the last answer (the ping decides whether
 * the server is gone).
 */
import { proxy } from 'valtio/vanilla';
import { isClockSkewed, probeClock, type ClockProbe } from '../api/time-probe';
import { systemApi } from '../api/system-api';
import { startRefreshTimer } from './refresh-timers';

export const CLOCK_PROBE_INTERVAL_MS = 60_000;

export interface ClockState {
  probe: ClockProbe | null;
  skewed: boolean;
}

export const clockState = proxy<ClockState>({ probe: null, skewed: false });

export async function probeServerClock(): Promise<void> {
  try {
    const probe = await probeClock(() => systemApi.time());
    clockState.probe = probe;
    clockState.skewed = isClockSkewed(probe.offsetMs);
  } catch {
    // Time-out or no answer: keep the previous reading; liveness is the ping's job.
  }
}

/** Starts the periodic probe; sign-out stops it with the other refresh timers. */
export function startClockProbe(): () => void {
  return startRefreshTimer(() => void probeServerClock(), CLOCK_PROBE_INTERVAL_MS);
}
