/**
 * Clock-difference probe (spec 2 and 9): a time call (GET /service/time, or
 * the aggregator's GET /service/orchids/time) with a 2000 ms time-out,
 * compared with the local clock half-way through the round trip (the
 * server read its clock somewhere in it: server/shared/clock-samples.ts
 * holds that rule and how readings are kept steady). `probeClock` only adds
 * the timing around one call.
 */
import { clockSample } from '../../server/shared/clock-samples';
import { CLOCK_SKEW_WARNING_MS } from '../core/clock/server-clock-offsets';

export { CLOCK_SKEW_WARNING_MS };

export interface ClockProbe {
  /** Server clock minus local clock, ms (positive: the server is ahead). */
  offsetMs: number;
  serverTimeMs: number;
  /** The local time the server time corresponds to. */
  localTimeMs: number;
  roundTripMs: number;
}

export function measureClock(sentAtMs: number, receivedAtMs: number, serverTimeMs: number): ClockProbe {
  const { offsetMs, roundTripMs } = clockSample(sentAtMs, receivedAtMs, serverTimeMs);
  return { offsetMs, serverTimeMs, localTimeMs: serverTimeMs - offsetMs, roundTripMs };
}

export function isClockSkewed(offsetMs: number): boolean {
  return Math.abs(offsetMs) > CLOCK_SKEW_WARNING_MS;
}

/** Times one call answering the server's `time`; resolves with the reading and the whole answer. */
export async function probeClock<T extends { time: number }>(
  fetchServerTime: () => Promise<T>,
  now: () => number = Date.now,
): Promise<ClockProbe & { answer: T }> {
  const sentAtMs = now();
  const answer = await fetchServerTime();
  return { ...measureClock(sentAtMs, now(), answer.time), answer };
}
