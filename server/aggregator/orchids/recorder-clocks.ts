/**
 * Each recorder's clock against the aggregator's (spec 3 'time info per
 * server': offset, tz, tzOffset; spec 7 GET /service/orchids/time), from the
 * readings the health check takes around the recorder's GET
 * /service/time-extended alone. The readings are filtered and the offset
 * kept steady by shared/clock-samples.ts: the smallest round trip of the
 * recent readings, and no change while that reading allows the offset in
 * use, so a recorder answering slowly under load does not move its cameras
 * on the page's timeline.
 *
 * Cost: a few numbers per recorder. Limits: in memory; a restarted
 * aggregator knows no clock until its first round of checks.
 */
import { followClock, type ClockSample, type FollowedClock } from '../../shared/clock-samples';
import type { OrchidTime } from '../../shared/api';

interface RecorderClock {
  followed: FollowedClock;
  /** The recorder's clock in its last answer, epoch ms. */
  timeMs: number;
  tz: string;
  tzOffset: number;
}

export class RecorderClocks {
  private readonly clocks = new Map<string, RecorderClock>();

  /** One reading of recorder `id`'s clock (`answer` is its GET /service/time-extended). */
  record(id: string, sample: ClockSample, answer: { time: number; tz: string; tzOffset: number }): void {
    const followed = followClock(this.clocks.get(id)?.followed, sample);
    this.clocks.set(id, { followed, timeMs: answer.time, tz: answer.tz, tzOffset: answer.tzOffset });
  }

  /** What GET /service/orchids/time answers for recorder `id`; nulls before its first reading. */
  timeOf(id: string): OrchidTime {
    const clock = this.clocks.get(id);
    if (!clock) return { id, offset: null, roundTripMs: null, tz: null, tzOffset: null, time: null, measuredAt: null };
    const { followed } = clock;
    return {
      id,
      offset: followed.offsetMs,
      roundTripMs: followed.roundTripMs,
      tz: clock.tz,
      tzOffset: clock.tzOffset,
      time: clock.timeMs,
      measuredAt: followed.samples.at(-1)?.atMs ?? null,
    };
  }

  forget(id: string): void {
    this.clocks.delete(id);
  }
}
