/**
 * Whether the application is still alive (spec 7 and 8): the ping monitor or
 * a lost event socket marks it dead, and the shell then shows the
 * application-unresponsive page. The cause decides the page's icon.
 */
import { proxy } from 'valtio/vanilla';
import { PING_INTERVAL_MS, PING_TIMEOUT_MS, PingMonitor } from '../api/ping-monitor';
import { systemApi } from '../api/system-api';

export type DeathCause = 'ping' | 'ws';

export interface HealthState {
  dead: { cause: DeathCause; sinceMs: number } | null;
}

export const healthState = proxy<HealthState>({ dead: null });

/** Set while the controlled-shutdown page waits on a restart the user asked for: the recorder going away is expected then. */
let restartExpected = false;

export function expectRestart(expected: boolean): void {
  restartExpected = expected;
}

export function markDead(cause: DeathCause): void {
  if (healthState.dead || restartExpected) return;
  healthState.dead = { cause, sinceMs: Date.now() };
}

const monitor = new PingMonitor(() => systemApi.ping(PING_TIMEOUT_MS), () => markDead('ping'), PING_INTERVAL_MS);

export function startPing(): void {
  monitor.start();
}

export function stopPing(): void {
  monitor.stop();
}
