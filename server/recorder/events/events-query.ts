/**
 * Checks of the events queries (spec 7 GET /service/events/camera-stream
 * and .../histogram): the event type is one the recorder stores, times are
 * epoch ms inside the Date range, stop after start, counts bounded. The
 * route schema has already made numbers of the text; these are the rules
 * a schema cannot say. Each failure is a 400 with a sentence a person can
 * act on. Pure.
 */
import type { EventListQuery, HistogramQuery } from '../../shared/api';
import { EVENT_TYPES } from '../../shared/api/events';
import { badRequest } from '../../common/api-error';

/** The largest epoch ms a Date holds. */
export const MAX_TIME_MS = 8_640_000_000_000_000;
export const DEFAULT_EVENT_COUNT = 10;
export const MAX_EVENT_COUNT = 1000;
export const STREAM_ID_MAX_LENGTH = 64;

export interface CheckedHistogramQuery {
  streamId: string;
  startMs: number;
  stopMs: number;
  minSegmentMs: number;
}

export interface CheckedEventListQuery {
  streamId: string;
  startMs: number;
  count: number;
  fromEnd: boolean;
}

function checkEventType(value: string): void {
  if (!(EVENT_TYPES as readonly string[]).includes(value)) {
    throw badRequest(`Unknown event type '${value}'; the recorder stores: ${EVENT_TYPES.join(', ')}.`, 'unknown-event-type');
  }
}

function checkStreamId(value: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > STREAM_ID_MAX_LENGTH || !/^[\w-]+$/.test(value)) {
    throw badRequest("'id' must be a stream id.", 'invalid-stream-id');
  }
  return value;
}

function checkTime(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > MAX_TIME_MS) {
    throw badRequest(`'${name}' must be a time in epoch milliseconds from 0 to ${MAX_TIME_MS}.`, 'invalid-time');
  }
  return Math.floor(value);
}

export function checkHistogramQuery(query: HistogramQuery): CheckedHistogramQuery {
  checkEventType(query.eventType);
  const streamId = checkStreamId(query.id);
  const startMs = checkTime('start', query.start);
  const stopMs = checkTime('stop', query.stop);
  if (stopMs <= startMs) throw badRequest("'stop' must be later than 'start'.", 'invalid-time-range');
  const minSegment = query.minSegment ?? 1;
  if (!Number.isFinite(minSegment) || minSegment < 1 || minSegment > MAX_TIME_MS) {
    throw badRequest("'minSegment' must be a duration in milliseconds of at least 1.", 'invalid-min-segment');
  }
  return { streamId, startMs, stopMs, minSegmentMs: Math.ceil(minSegment) };
}

export function checkEventListQuery(query: EventListQuery): CheckedEventListQuery {
  checkEventType(query.eventType);
  const streamId = checkStreamId(query.id);
  const startMs = checkTime('start', query.start);
  const count = query.count ?? DEFAULT_EVENT_COUNT;
  if (!Number.isInteger(count) || count < 1 || count > MAX_EVENT_COUNT) {
    throw badRequest(`'count' must be a whole number from 1 to ${MAX_EVENT_COUNT}.`, 'invalid-count');
  }
  return { streamId, startMs, count, fromEnd: query.from_end === true };
}
