/**
 * Motion events for the timeline and for next/previous search (spec 7, 9):
 * the histogram of a range and the events after (or, from_end, before) a
 * time. Reads through EventReader (motion/event-queries.ts), which
 * answers from the (stream_id, start_ms) index and the per-minute and
 * per-hour rollups, so both calls stay fast with a year of events.
 *
 * Closed events are in the rollups; the active one (at most one per
 * stream) is not yet, so a rollup histogram adds it here.
 *
 * Cost: a list is one index range scan of `count` rows; a histogram one
 * grouped range scan (raw events under a minute per bucket, rollup rows
 * otherwise) plus one indexed lookup.
 */
import type { EventsHistogramResponse, MotionEvent, MotionEventsResponse } from '../../shared/api';
import { notFound } from '../../common/api-error';
import { HistogramAccumulator, planHistogram, type HistogramSource } from './events-histogram';
import type { EventListQuery, HistogramQuery } from '../../shared/api';
import { checkEventListQuery, checkHistogramQuery } from './events-query';

export interface StoredEvent {
  startMs: number;
  stopMs: number;
  active: boolean;
}

export interface RollupSums {
  /** Bucket index in the plan. */
  index: number;
  starts: number;
  motionMs: number;
}

export interface EventReader {
  /** Up to `count` events starting after `startMs` (or, fromEnd, before it), oldest first. */
  list(streamId: string, startMs: number, count: number, fromEnd: boolean): StoredEvent[];
  /** Every event overlapping [fromMs, toMs). */
  overlapping(streamId: string, fromMs: number, toMs: number): StoredEvent[];
  /** Closed events' sums grouped into buckets of `bucketMs` from `firstMs`, up to `toMs`. */
  rollup(streamId: string, source: Exclude<HistogramSource, 'events'>, firstMs: number, bucketMs: number, toMs: number): RollupSums[];
  /** The stream's active events (at most one). */
  active(streamId: string): StoredEvent[];
}

export interface EventsServiceDeps {
  reader: EventReader;
  /** Whether a stream exists (events of unknown ids are a 404, not an empty answer). */
  streamExists: (streamId: string) => boolean;
}

const toApi = (event: StoredEvent): MotionEvent => ({ start: event.startMs, stop: event.stopMs, active: event.active });

export class EventsService {
  constructor(private readonly deps: EventsServiceDeps) {}

  private checkStream(streamId: string): void {
    if (!this.deps.streamExists(streamId)) throw notFound(`Stream '${streamId}' does not exist.`, 'stream-not-found');
  }

  histogram(query: HistogramQuery): EventsHistogramResponse {
    const q = checkHistogramQuery(query);
    this.checkStream(q.streamId);
    const plan = planHistogram(q.startMs, q.stopMs, q.minSegmentMs);
    const sums = new HistogramAccumulator(plan);
    const endMs = plan.firstMs + plan.count * plan.bucketMs;
    if (plan.source === 'events') {
      for (const event of this.deps.reader.overlapping(q.streamId, plan.firstMs, endMs)) sums.addEvent(event.startMs, event.stopMs);
    } else {
      for (const row of this.deps.reader.rollup(q.streamId, plan.source, plan.firstMs, plan.bucketMs, endMs)) {
        sums.addSums(row.index, row.starts, row.motionMs);
      }
      for (const event of this.deps.reader.active(q.streamId)) sums.addEvent(event.startMs, event.stopMs);
    }
    return { data: { histogram: sums.buckets(), bucketMs: plan.bucketMs } };
  }

  list(query: EventListQuery): MotionEventsResponse {
    const q = checkEventListQuery(query);
    this.checkStream(q.streamId);
    return { data: { events: this.deps.reader.list(q.streamId, q.startMs, q.count, q.fromEnd).map(toApi) } };
  }
}
