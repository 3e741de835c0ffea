/**
 * The one place the page's clock offsets are added up and their signs fixed
 * (spec 3 'time info per server', spec 7 times "adjusted by server time
 * offset", spec 2 clock-skew warning).
 *
 * Sign convention, everywhere: "A minus B" is how much A's clock reads more
 * than B's at the same instant; positive means A is ahead. So
 *
 *   recorder minus page = (recorder minus aggregator) + (aggregator minus page)
 *   server time         = page time + (server minus page)
 *   page time           = server time - (server minus page)
 *
 * The aggregator measures each recorder against itself (GET
 * /service/orchids/time); the page measures the server that serves it. In
 * single-server mode the serving recorder is every camera's server. A
 * recorder whose clock the aggregator has not read yet is taken to agree
 * with the aggregator (the best guess, and what a federation's NTP
 * normally gives), and is reported as unknown.
 *
 * Pure. Limits: offsets are whole milliseconds, as steady as the readings
 * they rest on make them (server/shared/clock-samples.ts).
 */
import type { ServerMode } from '../../../server/shared/api';

/** Spec 2 and 9: clocks further apart than this raise the clock-skew warning. */
export const CLOCK_SKEW_WARNING_MS = 5000;

export interface ServerClockOffsets {
  mode: ServerMode;
  /** The serving server's clock minus this page's, ms; null before the first reading. */
  servingMinusPageMs: number | null;
  /** Multi-server mode: each recorder's clock minus the aggregator's, ms, by server id (absent or null: not read yet). */
  recorderMinusAggregatorMs: Readonly<Record<string, number | null | undefined>>;
}

/**
 * The clock of `serverId` minus this page's, ms, or null when it is not
 * known. No server id (or single-server mode): the serving server's.
 */
export function knownServerOffsetMs(offsets: ServerClockOffsets, serverId?: string | null): number | null {
  if (offsets.mode !== 'multi-server' || !serverId) return offsets.servingMinusPageMs;
  const recorderMinusAggregator = offsets.recorderMinusAggregatorMs[serverId];
  if (recorderMinusAggregator === null || recorderMinusAggregator === undefined) return null;
  return recorderMinusAggregator + (offsets.servingMinusPageMs ?? 0);
}

/** The clock of `serverId` minus this page's, ms; what is not known yet counts as agreeing with the serving server. */
export function serverOffsetOf(offsets: ServerClockOffsets, serverId?: string | null): number {
  return knownServerOffsetMs(offsets, serverId) ?? offsets.servingMinusPageMs ?? 0;
}

/** A page time (epoch ms) as the server's clock reads it. */
export function toServerTime(pageTimeMs: number, serverMinusPageMs: number): number {
  return pageTimeMs + serverMinusPageMs;
}

/** A server's time (epoch ms) as this page's clock reads it. */
export function toPageTime(serverTimeMs: number, serverMinusPageMs: number): number {
  return serverTimeMs - serverMinusPageMs;
}

/** A clock further than the warning from another: whose, and by how much. */
export interface ClockSkew {
  /** null: the serving server against this computer; else a recorder against the aggregator. */
  serverId: string | null;
  /** Its clock minus the other's, ms. */
  offsetMs: number;
}

/**
 * Spec 2's clock-skew warning: the serving server against this computer,
 * and in multi-server mode each recorder against the aggregator (a recorder
 * whose own clock is off is named, even when this computer agrees with it).
 */
export function clockSkews(offsets: ServerClockOffsets): ClockSkew[] {
  const skews: ClockSkew[] = [];
  if (offsets.servingMinusPageMs !== null && Math.abs(offsets.servingMinusPageMs) > CLOCK_SKEW_WARNING_MS) {
    skews.push({ serverId: null, offsetMs: offsets.servingMinusPageMs });
  }
  if (offsets.mode === 'multi-server') {
    for (const [serverId, offsetMs] of Object.entries(offsets.recorderMinusAggregatorMs)) {
      if (offsetMs !== null && offsetMs !== undefined && Math.abs(offsetMs) > CLOCK_SKEW_WARNING_MS) skews.push({ serverId, offsetMs });
    }
  }
  return skews;
}
