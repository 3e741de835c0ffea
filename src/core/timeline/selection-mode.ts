/**
 * Selection mode (spec 4): on while the playhead is outside the live
 * window (the playback timeline shows a fine window to select), off within
 * it. Derived from the context, never stored, so it cannot disagree with
 * the playhead. Pure.
 */
import { isLiveAt, type TimelineContext } from './timeline-context';

export function selectionModeAt(context: TimelineContext, nowMs: number): boolean {
  return !isLiveAt(context, nowMs);
}
