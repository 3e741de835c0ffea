/** Camera-stream events: motion events and their histogram (spec 3, 7). */

/** Event types of GET /service/events/camera-stream[/histogram] (spec 7): motion is the one the recorder stores. */
export type CameraStreamEventType = 'motion';

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
