/**
 * The clocks the page places recorded video by (spec 2 clock-skew warning,
 * 3 'time info per server', 7 times "adjusted by server time offset", 9).
 *
 * - The serving server against this computer: GET /service/time when the
 *   shell opens and every minute while signed in.
 * - Multi-server mode: each recorder against the aggregator, as the
 *   aggregator measured it (GET /service/orchids/time), read with the
 *   minute's probe and whenever a server list names a server whose clock
 *   is not known yet. That call is timed too: one more reading of the
 *   aggregator's clock.
 *
 * Readings of the serving server's clock are kept steady by
 * server/shared/clock-samples.ts (the smallest round trip of the recent
 * ones; no change while it allows the offset in use), so a slow answer
 * under load does not move every camera on the timeline. A failed probe
 * keeps the last answer (the ping decides whether the server is gone).
 * How the offsets add up per camera is src/core/clock/server-clock-offsets.ts;
 * consumers ask src/state/server-offsets.ts.
 */
import { proxy } from 'valtio/vanilla';
import type { OrchidTime } from '../../server/shared/api';
import { followClock, type FollowedClock } from '../../server/shared/clock-samples';
import { probeClock, type ClockProbe } from '../api/time-probe';
import { orchidsApi } from '../api/orchids-api';
import { systemApi } from '../api/system-api';
import { clockSkews, type ClockSkew, type ServerClockOffsets } from '../core/clock/server-clock-offsets';
import { startRefreshTimer } from './refresh-timers';
import { serverMode } from './server.store';

export const CLOCK_PROBE_INTERVAL_MS = 60_000;
/** A server list naming an unknown clock asks the aggregator again, at most this often (it may not have read it yet). */
export const UNKNOWN_CLOCK_RETRY_MS = 5_000;

/** A recorder's clock as the aggregator measured it (spec 3: offset, tz, tzOffset). */
export interface ServerClock {
  /** The recorder's clock minus the aggregator's, ms; null before the aggregator has read it. */
  offsetMs: number | null;
  roundTripMs: number | null;
  tz: string | null;
  tzOffset: number | null;
}

export interface ClockState {
  /** The last reading of the serving server's clock (the warning shows its times). */
  probe: ClockProbe | null;
  /** The serving server's clock minus this computer's, ms, kept steady; null before the first reading. */
  servingOffsetMs: number | null;
  /** Multi-server mode: each recorder's clock, by server id. */
  servers: Record<string, ServerClock>;
  /** Server names, to name a recorder in the warning. */
  names: Record<string, string>;
  /** Clocks further apart than spec 2's 5000 ms. */
  skews: ClockSkew[];
  skewed: boolean;
}

export const clockState = proxy<ClockState>({ probe: null, servingOffsetMs: null, servers: {}, names: {}, skews: [], skewed: false });

let serving: FollowedClock | undefined;
let reading: Promise<void> | null = null;
let lastReadMs = Number.NEGATIVE_INFINITY;

/** The clocks known now, in the shape the offset arithmetic takes (server-clock-offsets.ts). */
export function clockOffsets(): ServerClockOffsets {
  const recorderMinusAggregatorMs: Record<string, number | null> = {};
  for (const [id, clock] of Object.entries(clockState.servers)) recorderMinusAggregatorMs[id] = clock.offsetMs;
  return { mode: serverMode(), servingMinusPageMs: clockState.servingOffsetMs, recorderMinusAggregatorMs };
}

function updateSkews(): void {
  const skews = clockSkews(clockOffsets());
  const same = skews.length === clockState.skews.length && skews.every((skew, i) => skew.serverId === clockState.skews[i]?.serverId && skew.offsetMs === clockState.skews[i]?.offsetMs);
  if (!same) clockState.skews = skews;
  clockState.skewed = skews.length > 0;
}

function recordServing(probe: ClockProbe, atMs: number): void {
  serving = followClock(serving, { offsetMs: probe.offsetMs, roundTripMs: probe.roundTripMs, atMs });
  clockState.probe = probe;
  if (clockState.servingOffsetMs !== serving.offsetMs) clockState.servingOffsetMs = serving.offsetMs;
}

function recordServers(orchids: readonly OrchidTime[]): void {
  for (const orchid of orchids) {
    const known = clockState.servers[orchid.id];
    const next: ServerClock = { offsetMs: orchid.offset, roundTripMs: orchid.roundTripMs, tz: orchid.tz, tzOffset: orchid.tzOffset };
    // Only real changes reach the store: tiles watch it for spec 9's restart.
    if (!known || known.offsetMs !== next.offsetMs || known.tz !== next.tz || known.tzOffset !== next.tzOffset) clockState.servers[orchid.id] = next;
    else known.roundTripMs = next.roundTripMs;
  }
}

/** Multi-server mode: every recorder's clock from the aggregator (one call at a time). */
export function readServerClocks(): Promise<void> {
  reading ??= (async () => {
    lastReadMs = Date.now();
    try {
      const probe = await probeClock(() => orchidsApi.time());
      recordServing(probe, Date.now());
      recordServers(probe.answer.orchids);
      updateSkews();
    } catch {
      // Time-out or no answer: keep what is known; the next minute asks again.
    } finally {
      reading = null;
    }
  })();
  return reading;
}

export async function probeServerClock(): Promise<void> {
  try {
    const probe = await probeClock(() => systemApi.time());
    recordServing(probe, Date.now());
    updateSkews();
  } catch {
    // Time-out or no answer: keep the previous reading; liveness is the ping's job.
  }
  if (serverMode() === 'multi-server') await readServerClocks();
}

/**
 * A server list arrived (the bag's cameras and servers, the servers
 * screen): remembers their names, and asks the aggregator for the clocks
 * of those not known yet.
 */
export function learnServerClocks(servers: readonly { id: string; name?: string }[]): void {
  if (serverMode() !== 'multi-server') return;
  let unknown = false;
  for (const server of servers) {
    if (server.name && clockState.names[server.id] !== server.name) clockState.names[server.id] = server.name;
    if ((clockState.servers[server.id]?.offsetMs ?? null) === null) unknown = true;
  }
  if (unknown && Date.now() - lastReadMs >= UNKNOWN_CLOCK_RETRY_MS) void readServerClocks();
}

/** Starts the periodic probe; sign-out stops it with the other refresh timers. */
export function startClockProbe(): () => void {
  return startRefreshTimer(() => void probeServerClock(), CLOCK_PROBE_INTERVAL_MS);
}

/** Forgets every clock (tests). */
export function resetClocks(): void {
  serving = undefined;
  reading = null;
  lastReadMs = Number.NEGATIVE_INFINITY;
  Object.assign(clockState, { probe: null, servingOffsetMs: null, servers: {}, names: {}, skews: [], skewed: false });
}
