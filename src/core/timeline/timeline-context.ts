/**
 * A timeline context (spec 3 "Timeline state", spec 4 "Timeline", spec 9):
 * where a player's playhead is, how fast it moves and whether it is paused.
 * The stage has one master context; an unlinked player has its own.
 *
 * A context holds an anchor, not a running clock: `timeMs` is the playhead
 * at wall-clock `anchorMs`, and the playhead at any later moment is derived
 * (`currentTimeAt`). So nothing has to tick per frame: a change is a new
 * anchor, and whoever shows a running time computes it on its own timer.
 *
 * Rules:
 * - Live is time 0, or a forward speed with the playhead within the live
 *   window (secondsPlaybackFromLive, 5 s) of now. Live plays at speed 1.
 * - A seek is capped at now and clears pause; landing within the live
 *   window goes live, which brings the speed back to 1.
 * - Speeds are the spec's steps, forward or reverse. A forward speed cannot
 *   run ahead of live, so at live only a reverse speed starts playing back
 *   (from now); a forward one leaves the context live at speed 1.
 * - Pause keeps the playhead where it is; resume plays on from there.
 *
 * Pure: no DOM, the clock is passed in (`nowMs`). The players follow every
 * speed: forward over WebRTC (the recorder paces and thins the recording),
 * reverse as low-bandwidth pictures.
 */
import type { PlayRequest } from '../player/player-state';

/** secondsPlaybackFromLive (spec 9: configured, 5 s cited). */
export const LIVE_WINDOW_MS = 5_000;
/** Spec 9: a change of speed reaches the players after 200 ms of quiet... */
export const SPEED_DEBOUNCE_MS = 200;
/** ...a change of time after 50 ms. */
export const TIME_CHANGE_DEBOUNCE_MS = 50;

/** Spec 9: 1/4, 1/2, 1, 4, 16, 32, 64, forward or reverse; slowest reverse to fastest forward. */
export const SPEED_STEPS: readonly number[] = (() => {
  const forward = [0.25, 0.5, 1, 4, 16, 32, 64];
  return [...forward.map((speed) => -speed).reverse(), ...forward];
})();

export interface TimelineContext {
  /** The playhead at `anchorMs`, epoch ms; 0 means live. */
  timeMs: number;
  /** The wall-clock moment (epoch ms) the playhead was at `timeMs`. */
  anchorMs: number;
  /** A step of SPEED_STEPS; negative rewinds. */
  speed: number;
  paused: boolean;
}

export function liveContext(nowMs: number): TimelineContext {
  return { timeMs: 0, anchorMs: nowMs, speed: 1, paused: false };
}

export function isSpeedStep(speed: number): boolean {
  return SPEED_STEPS.includes(speed);
}

/** The playhead at `nowMs`: now when live, never past now. */
export function currentTimeAt(context: TimelineContext, nowMs: number): number {
  if (context.timeMs === 0) return nowMs;
  if (context.paused) return Math.min(context.timeMs, nowMs);
  const moved = context.timeMs + (nowMs - context.anchorMs) * context.speed;
  return Math.min(Math.max(0, moved), nowMs);
}

export function isLiveAt(context: TimelineContext, nowMs: number): boolean {
  if (context.timeMs === 0) return true;
  if (context.paused || context.speed <= 0) return false;
  return nowMs - currentTimeAt(context, nowMs) <= LIVE_WINDOW_MS;
}

/** What a player is asked to play for this context (live: time 0 at speed 1). */
export function playRequestAt(context: TimelineContext, nowMs: number): PlayRequest {
  if (isLiveAt(context, nowMs)) return { timeMs: 0, speed: 1 };
  return { timeMs: Math.round(currentTimeAt(context, nowMs)), speed: context.speed };
}

/** Moves the playhead to `targetMs` (capped at now); pause is cleared; within the live window it goes live. */
export function seek(context: TimelineContext, targetMs: number, nowMs: number): TimelineContext {
  const timeMs = Math.min(targetMs, nowMs);
  if (nowMs - timeMs <= LIVE_WINDOW_MS) return liveContext(nowMs);
  return { timeMs, anchorMs: nowMs, speed: context.speed, paused: false };
}

export function goLive(nowMs: number): TimelineContext {
  return liveContext(nowMs);
}

/** Changes the speed from the playhead's current place; throws RangeError for a speed that is not a step. */
export function setSpeed(context: TimelineContext, speed: number, nowMs: number): TimelineContext {
  if (!isSpeedStep(speed)) throw new RangeError(`speed must be one of ${SPEED_STEPS.join(', ')}`);
  const live = isLiveAt(context, nowMs);
  if (live && speed > 0) return liveContext(nowMs);
  const timeMs = live ? nowMs : currentTimeAt(context, nowMs);
  return { timeMs, anchorMs: nowMs, speed, paused: context.paused };
}

/** Holds the playhead where it is now (live holds at now). */
export function pause(context: TimelineContext, nowMs: number): TimelineContext {
  if (context.paused) return context;
  return { timeMs: currentTimeAt(context, nowMs), anchorMs: nowMs, speed: context.speed, paused: true };
}

/** Holds the playhead at `timeMs` (a stepped frame's time), paused, at the same speed; capped at now. */
export function holdAt(context: TimelineContext, timeMs: number, nowMs: number): TimelineContext {
  return { timeMs: Math.min(timeMs, nowMs), anchorMs: nowMs, speed: context.speed, paused: true };
}

/** Plays on from where the playhead was held; within the live window that is live again. */
export function resume(context: TimelineContext, nowMs: number): TimelineContext {
  if (!context.paused) return context;
  const resumed = { timeMs: context.timeMs, anchorMs: nowMs, speed: context.speed, paused: false };
  return isLiveAt(resumed, nowMs) ? liveContext(nowMs) : resumed;
}

/** The speed step `steps` away from `speed` (clamped to the slowest and fastest). */
export function stepSpeed(speed: number, steps: number): number {
  const index = SPEED_STEPS.indexOf(speed);
  const from = index < 0 ? SPEED_STEPS.indexOf(1) : index;
  return SPEED_STEPS[Math.min(SPEED_STEPS.length - 1, Math.max(0, from + steps))]!;
}

/**
 * How long a player waits before asking for `next` after `previous`: a
 * speed change waits the speed debounce, any other change the time-change
 * debounce; the first request goes at once.
 */
export function requestDelayMs(previous: PlayRequest | null, next: PlayRequest): number {
  if (!previous) return 0;
  return previous.speed !== next.speed ? SPEED_DEBOUNCE_MS : TIME_CHANGE_DEBOUNCE_MS;
}

export function sameContext(a: TimelineContext, b: TimelineContext): boolean {
  return a.timeMs === b.timeMs && a.anchorMs === b.anchorMs && a.speed === b.speed && a.paused === b.paused;
}
