/**
 * Readings of another machine's clock, NTP style, and how a steady offset is
 * kept from them. Shared by the aggregator (each recorder's clock against
 * its own) and the page (the serving server's clock against this computer's).
 *
 * A reading: our clock when the request went (sent) and when the answer came
 * (received), and their clock in the answer. They read their clock somewhere
 * between the two, so offset = theirs - (sent + received) / 2, right to
 * within half the round trip: the true offset lies in offset ± roundTrip/2
 * (plus a millisecond, as both clocks are read in whole ms). Load only ever
 * widens that interval; it never moves it off the truth.
 *
 * Hence two rules, so that estimates do not jump when a machine is loaded:
 * - the best of the recent readings is the one with the smallest round trip
 *   (NTP's clock filter); a reading whose interval does not meet the best's
 *   means the clock itself moved (set by hand, or by NTP), and the older
 *   readings are dropped;
 * - the offset in use changes only when the best reading says it is wrong:
 *   a value still inside the best reading's interval stays. Before any
 *   reading the value in use is 0 (clocks agree until shown otherwise), so
 *   a first reading under load, whose wide interval holds 0, changes nothing.
 *
 * Pure; cost O(RECENT_CLOCK_SAMPLES) per reading. Limits: the drift of a
 * clock between readings is not modelled (it shows as a move once it leaves
 * the interval).
 */

export interface ClockSample {
  /** Their clock minus ours, ms (positive: theirs is ahead). */
  offsetMs: number;
  roundTripMs: number;
  /** Our clock when the answer came, epoch ms. */
  atMs: number;
}

/** Both clocks are read in whole milliseconds. */
export const CLOCK_READ_SLACK_MS = 1;
/** Readings kept per clock (NTP's clock filter keeps 8). */
export const RECENT_CLOCK_SAMPLES = 8;

/** The reading of one request sent at `sentAtMs` and answered at `receivedAtMs` (ours) with their time `theirTimeMs`. */
export function clockSample(sentAtMs: number, receivedAtMs: number, theirTimeMs: number): ClockSample {
  const roundTripMs = Math.max(0, receivedAtMs - sentAtMs);
  return { offsetMs: Math.round(theirTimeMs - (sentAtMs + roundTripMs / 2)), roundTripMs, atMs: sentAtMs + roundTripMs };
}

/** How far the true offset may be from the reading's, ms. */
export function uncertaintyMs(sample: Pick<ClockSample, 'roundTripMs'>): number {
  return sample.roundTripMs / 2 + CLOCK_READ_SLACK_MS;
}

/** Whether two readings can describe the same clock (their intervals meet). */
export function samplesAgree(a: ClockSample, b: ClockSample): boolean {
  return Math.abs(a.offsetMs - b.offsetMs) <= uncertaintyMs(a) + uncertaintyMs(b);
}

/** The reading with the smallest round trip; the newest of equals. */
export function bestSample(samples: readonly ClockSample[]): ClockSample | undefined {
  let best: ClockSample | undefined;
  for (const sample of samples) if (!best || sample.roundTripMs <= best.roundTripMs) best = sample;
  return best;
}

/** The recent readings with `sample` added: only it when it shows the clock moved, else the last RECENT_CLOCK_SAMPLES. */
export function keepSample(samples: readonly ClockSample[], sample: ClockSample, count = RECENT_CLOCK_SAMPLES): ClockSample[] {
  const best = bestSample(samples);
  if (best && !samplesAgree(best, sample)) return [sample];
  return [...samples, sample].slice(-count);
}

/** The offset to use: `currentMs` (0 when none yet) while the best reading allows it, else the best reading's. */
export function settleOffset(currentMs: number | null, best: ClockSample): number {
  const current = currentMs ?? 0;
  return Math.abs(current - best.offsetMs) <= uncertaintyMs(best) ? current : best.offsetMs;
}

/** One clock followed over time: its recent readings and the offset in use. */
export interface FollowedClock {
  samples: ClockSample[];
  offsetMs: number;
  /** The best reading's round trip, ms. */
  roundTripMs: number;
}

/** The clock after one more reading (`followed` undefined: the first). */
export function followClock(followed: FollowedClock | undefined, sample: ClockSample): FollowedClock {
  const samples = keepSample(followed?.samples ?? [], sample);
  const best = bestSample(samples)!;
  return { samples, offsetMs: settleOffset(followed?.offsetMs ?? null, best), roundTripMs: best.roundTripMs };
}
