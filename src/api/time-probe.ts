/**
 * Clock-difference probe (spec 2 and 9): GET /service/time with a 2000 ms
 * time-out, compared with the local clock corrected by half the round trip
 * (the server read its clock about half-way through the exchange). A
 * difference over 5000 ms raises the clock-skew warning. The arithmetic is
 * pure; `probeClock` only adds the timing around one call.
 */
export const CLOCK_SKEW_WARNING_MS = 5000;

export interface ClockProbe {
  /** Server clock minus local clock, ms (positive: the server is ahead). */
  offsetMs: number;
  serverTimeMs: number;
  /** The local time the server time corresponds to. */
  localTimeMs: number;
  roundTripMs: number;
}

export function measureClock(sentAtMs: number, receivedAtMs: number, serverTimeMs: number): ClockProbe {
  const roundTripMs = Math.max(0, receivedAtMs - sentAtMs);
  const localTimeMs = sentAtMs + roundTripMs / 2;
  return { offsetMs: serverTimeMs - localTimeMs, serverTimeMs, localTimeMs, roundTripMs };
}

export function isClockSkewed(offsetMs: number): boolean {
  return Math.abs(offsetMs) > CLOCK_SKEW_WARNING_MS;
}

export async function probeClock(fetchServerTime: () => Promise<{ time: number }>, now: () => number = Date.now): Promise<ClockProbe> {
  const sentAtMs = now();
  const { time } = await fetchServerTime();
  return measureClock(sentAtMs, now(), time);
}
