/**
 * Camera-stream events: motion events and their histogram (spec 3, 7). The
 * queries are TypeBox schemas: the recorder's event routes validate (and
 * coerce) with them and the query types are derived from them. Ranges and
 * the event type are checked by the recorder (events/events-query.ts), so a
 * refusal names the rule.
 */
import { Type, type Static } from 'typebox';

/** Event types of GET /service/events/camera-stream[/histogram] (spec 7): motion is the one the recorder stores. */
export const EVENT_TYPES = ['motion'] as const;
export type CameraStreamEventType = (typeof EVENT_TYPES)[number];

const eventType = Type.String({ maxLength: 32 });
const streamId = Type.String({ maxLength: 64 });

/** GET /service/events/camera-stream/histogram: [start, stop) in epoch ms, buckets at least minSegment ms wide. */
export const HistogramQuery = Type.Object({
  eventType,
  id: streamId,
  start: Type.Number(),
  stop: Type.Number(),
  minSegment: Type.Optional(Type.Number()),
});
export type HistogramQuery = Static<typeof HistogramQuery>;

/** GET /service/events/camera-stream: `count` events from `start` on, or before it with from_end. */
export const EventListQuery = Type.Object({
  eventType,
  id: streamId,
  start: Type.Number(),
  count: Type.Optional(Type.Integer()),
  from_end: Type.Optional(Type.Boolean()),
});
export type EventListQuery = Static<typeof EventListQuery>;

/**
 * A motion event (spec 3: start, stop), epoch ms. While the motion goes on
 * the event is `active` and `stop` is the newest motion seen so far (it is
 * updated every few seconds), like an active archive's `end`.
 */
export interface MotionEvent {
  start: number;
  stop: number;
  active: boolean;
}

/** GET /service/events/camera-stream?eventType=motion&id=&start=&count=&from_end= : oldest first. */
export interface MotionEventsResponse {
  data: { events: MotionEvent[] };
}

/**
 * One bucket of GET /service/events/camera-stream/histogram: [start, stop)
 * in epoch ms, aligned to whole multiples of its width (UTC). `count` is the
 * number of events starting in it; `motionMs` how much of it has motion
 * (events that started earlier included), so a long event shows in every
 * bucket it covers.
 */
export interface EventsHistogramBucket {
  start: number;
  stop: number;
  count: number;
  motionMs: number;
}

/** Only buckets with events or motion are listed, oldest first; `bucketMs` is the width used (at least minSegment). */
export interface EventsHistogramResponse {
  data: { histogram: EventsHistogramBucket[]; bucketMs: number };
}

/** PUT /service/cameras/{id}/streams/{streamId}/motion/mask (body: the PNG or JPEG): where GET serves it back. */
export interface MotionMaskResponse {
  motionMask: { href: string };
}
