/**
 * The timeline's timing and layout constants (spec 4, 5 and 9) in one
 * place, so the worker core, the main-thread facade and the tests agree.
 * Scales live in timeline-scales.ts.
 */

/** Spec 9: the playhead is sent to the timeline 24 times a second. */
export const TIME_UPDATES_PER_SECOND = 24;
export const TIME_UPDATE_INTERVAL_MS = Math.round(1000 / TIME_UPDATES_PER_SECOND);
/** Spec 9: a scale change is settled (and its data asked for) after 333 ms of quiet: the scale lock. */
export const SCALE_CHANGE_DEBOUNCE_MS = 333;
/** Spec 9: at most one zoom step per 400 ms of wheel turning. */
export const WHEEL_ZOOM_INTERVAL_MS = 400;
/** Spec 9: at most one zoom step per 350 ms of pinching. */
export const PINCH_THROTTLE_MS = 350;
/** Spec 9: motion events are asked for again every 1500 ms. */
export const MOTION_POLL_MS = 1_500;
/** Spec 9: below this width the timeline uses its narrow layout. */
export const NARROW_WIDTH_PX = 425;
/** Spec 5: the fine window is never narrower than this on screen... */
export const FINE_MIN_WIDTH_PX = 17;
/** ...and its right handle stays at least about 10 s right of the left one. */
export const FINE_MIN_SPAN_MS = 10_000;
/** A pointer that moves less than this between down and up is a click, not a drag. */
export const CLICK_SLOP_PX = 4;
/** A fine drag moves the playhead this many times slower than a coarse drag: it is for the last seconds. */
export const FINE_DRAG_RATIO = 10;
/** A pinch changes scale once its spread changed by this factor. */
export const PINCH_STEP_RATIO = 1.25;
/** Histogram buckets are at least this many pixels wide: finer detail cannot be seen. */
export const HISTOGRAM_BUCKET_PX = 2;
