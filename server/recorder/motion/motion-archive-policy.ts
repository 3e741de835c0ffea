/**
 * What happens to a closed archive segment of a stream that detects motion
 * (spec 4 recording styles), as one pure decision:
 *
 *   motion-only                  keep it when motion is near, else delete it
 *   continuous-motion-adaptive   keep it when motion is near, else keep only its keyframes
 *   continuous-motion            keep it
 *
 * "Near" is [event.start - PRE_ROLL_MS, event.stop + POST_ROLL_MS]
 * touching the segment. A segment the detector did not watch from its
 * start to its end is always kept whole: missing evidence of motion is not
 * evidence of none. Thinning also needs a stream whose keyframes make a
 * frame rate within spec 5's 1-30 (motion-settings.ts reducedFrameRate).
 */
import type { MotionBehaviour } from '../core/motion-settings';
import { POST_ROLL_MS, PRE_ROLL_MS } from '../core/motion-settings';

export type SegmentDecision = 'keep' | 'delete' | 'keyframes-only';

export interface SegmentFacts {
  /** The detector watched all of the segment. */
  watched: boolean;
  /** An event is near the segment (see motionWindow). */
  motionNear: boolean;
  /** A keyframes-only copy keeps a frame rate within 1-30. */
  reducible: boolean;
}

export function segmentDecision(behaviour: Pick<MotionBehaviour, 'recordOnlyMotion' | 'reduceWithoutMotion'>, facts: SegmentFacts): SegmentDecision {
  if (!facts.watched || facts.motionNear) return 'keep';
  if (behaviour.recordOnlyMotion) return 'delete';
  if (behaviour.reduceWithoutMotion && facts.reducible) return 'keyframes-only';
  return 'keep';
}

/** The event range that counts as near a segment [startMs, endMs]: events overlapping it. */
export function motionWindow(startMs: number, endMs: number): { fromMs: number; toMs: number } {
  return { fromMs: startMs - POST_ROLL_MS, toMs: endMs + PRE_ROLL_MS };
}

/** How long after a segment's end it can be judged: an event starting within the pre-roll must have been seen. */
export const DECISION_DELAY_MS = PRE_ROLL_MS + 5_000;
